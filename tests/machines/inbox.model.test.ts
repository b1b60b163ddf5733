// inbox against its independent model (tests/models/spec/inbox.ts): every path of the model replayed
// on the machine. The machine follows the session by systemId, so it runs with a stand-in session
// beside it: the machine's own chart and implementations, plus, at its root, a `session` actor that
// emits what the session would (the test's `session.*` events are handed to it).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  sendTo,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
} from 'xstate';
import { inboxMachine } from '../../machines/account/inbox.ts';
import { unread } from '../../machines/account/inbox.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { inboxSpec } from '../models/spec/inbox.ts';

/** The session as the inbox hears it: it emits each `session.*` event it is handed. */
const sessionStandIn = fromCallback(({ receive, emit }) => {
  receive((event) => emit(event));
});

/** The inbox's own chart and implementations, with the stand-in session in its system. */
const withSession = (): AnyStateMachine => {
  const { config } = inboxMachine;
  return createMachine(
    {
      ...config,
      invoke: [{ src: sessionStandIn, systemId: 'session' }, ...[config.invoke ?? []].flat()],
      on: {
        ...config.on,
        'session.*': {
          actions: sendTo(
            ({ system }) => system.get('session') as AnyActorRef,
            ({ event }) => event,
          ),
        },
      },
    } as never,
    inboxMachine.implementations as never,
  ) as AnyStateMachine;
};

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['fetchUnreadCount'];

const model = inboxSpec();
describe(`inbox against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () =>
      replaySpecPath(
        model,
        {
          machine: withSession(),
          effects: EFFECTS,
          observe: ({ snapshot }) => ({
            // the effects under way, by the name the machine gives them
            running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
              .filter(([, child]) => EFFECTS.includes(child.src as string))
              .map(([id]) => id)
              .sort(),
            unread: unread(snapshot as never),
            loading: snapshot.hasTag('loading'),
          }),
        },
        path,
      ),
    );
  }
});

describe('inbox without its effect provided', () => {
  it('an ask the app cannot make fails like any other: the count stays', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(inboxMachine, { clock }).start();
    actor.send({ type: 'inbox.load' });
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'inbox.set', unread: 3 });
    clock.increment(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect({ unread: unread(actor.getSnapshot()), loading: actor.getSnapshot().hasTag('loading') }).toEqual({
      unread: 3,
      loading: false,
    });
    actor.stop();
  });
});
