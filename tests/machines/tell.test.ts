import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type InspectionEvent } from 'xstate';
import { shareMachine } from '../../machines/catalog/share.ts';
import { tell } from '../../machines/system/tell.ts';

/** Every event an actor with this id received, in order, from the system's inspection stream. */
function received(events: InspectionEvent[], actor: unknown): string[] {
  return events.flatMap((e) => (e.type === '@xstate.event' && e.actorRef === actor ? [e.event.type] : []));
}

describe('tell: a message to another actor', () => {
  it('is not delivered back to its sender when the addressee does not run', async () => {
    // the share button alone: no toast actor in its system
    const inspected: InspectionEvent[] = [];
    const actor = createActor(
      shareMachine.provide({
        actors: {
          createShareLink: fromPromise(async () => ({ url: 'http://localhost/s/abc' })),
          copyText: fromPromise(async () => {}),
        },
      }),
      { inspect: (e) => inspected.push(e) },
    ).start();
    actor.send({ type: 'share.request', promptId: 3 });
    await waitFor(actor, (s) => s.matches('idle') && s.context.url !== null);
    // before tell, XState's `sendTo` with no target sent `toast.show` to the share machine itself
    expect(received(inspected, actor)).not.toContain('toast.show');
    expect(received(inspected, actor)).toContain('share.request');
  });

  it('reaches the addressee by its systemId when it runs', () => {
    const heard: string[] = [];
    const listener = setup({}).createMachine({
      on: { '*': { actions: ({ event }) => heard.push(event.type) } },
    });
    const sender = setup({
      actors: { listener },
      actions: { greet: tell('toast', { type: 'toast.show', kind: 'success', message: 'Hello' }) },
    }).createMachine({
      invoke: { src: 'listener', systemId: 'toast' },
      on: { go: { actions: 'greet' } },
    });
    const actor = createActor(sender).start();
    actor.send({ type: 'go' });
    expect(heard).toContain('toast.show');
  });

  it('accepts only the events its addressee takes (machines/system/events.ts)', () => {
    // compile-time checks: tsc fails this file if either line is accepted
    // @ts-expect-error the toast takes no cart event
    void tell('toast', { type: 'cart.load' });
    // @ts-expect-error nor a toast of an unknown kind
    void tell('toast', { type: 'toast.show', kind: 'loud', message: 'x' });
    expect(true).toBe(true);
  });
});
