// Mutation: promptDetail
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promptDetailMachine } from '../../machines/catalog/prompt-detail.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';

describe('promptDetail behaviour', () => {
  it('reloads the shown prompt when another viewer signs in, not on the first word from the session', async () => {
    const asked: string[] = [];
    const actor = createActor(
      promptDetailMachine.provide({
        actors: {
          fetchPrompt: fromPromise(async ({ input }) => {
            asked.push(input);
            return { found: true as const, prompt: fullFixture(1) };
          }),
          fetchRelated: fromPromise(async () => pageFixture(1).data),
        },
      }),
    ).start();
    actor.send({ type: 'detail.load', id: '1' });
    await waitFor(actor, (s) => s.matches({ ready: 'relatedShown' }));
    actor.send({ type: 'viewer.changed', viewer: null });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'viewer.changed', viewer: 'token-a' });
    // the prompt stays on screen while it reloads for the new viewer
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.prompt?.id).toBe(1);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'viewer.changed', viewer: 'token-a' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(asked).toEqual(['1', '1']);
    actor.stop();
  });
});
