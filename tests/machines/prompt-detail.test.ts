import { afterAll, describe, expect, it } from 'vitest';
import { promptDetailModel } from '../models/prompt-detail.ts';
import { pathsOf } from '../models/types.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promptDetailMachine } from '../../machines/catalog/prompt-detail.ts';
import { CoverageRecorder, controlledActors, replayOnActor } from '../support/model.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';

const recorder = new CoverageRecorder(promptDetailMachine);
afterAll(() => recorder.save());

describe('promptDetail model', () => {
  const paths = pathsOf(promptDetailModel);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(
        [
          'idle',
          'loading',
          { ready: 'relatedLoading' },
          { ready: 'relatedShown' },
          { ready: 'relatedFailed' },
        ]
          .concat(['notFound', 'error'])
          .map((v) => JSON.stringify(v)),
      ),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(['fetchPrompt', 'fetchRelated']);
      const actor = await replayOnActor(promptDetailMachine, path, {
        controlled,
        recorder,
        check: (actual, expected) => {
          expect(actual.context.prompt?.id).toEqual(expected.context.prompt?.id);
          expect(actual.context.error).toEqual(expected.context.error);
          expect(actual.context.related.length).toEqual(expected.context.related.length);
          expect(actual.context.viewer).toEqual(expected.context.viewer);
        },
      });
      for (const call of controlled.calls)
        expect(call.input).toBe(call.name === 'fetchRelated' ? 1 : 'misty-alpine-lake-1-1');
      actor.stop();
    });
  }
});

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
