import { afterAll, describe, expect, it } from 'vitest';
import { promptDetailMachine } from '../../machines/prompt-detail.ts';
import { CoverageRecorder, controlledActors, modelPaths, replayOnActor } from '../support/model.ts';
import { fullFixture } from '../support/fixtures.ts';

const recorder = new CoverageRecorder(promptDetailMachine);
afterAll(() => recorder.save());

describe('promptDetail model', () => {
  const paths = modelPaths(promptDetailMachine, {
    samples: {
      'detail.load': [{ type: 'detail.load', id: 'misty-alpine-lake-1-1' }],
      'xstate.done.actor.fetchPrompt': [
        { type: 'xstate.done.actor.fetchPrompt', output: { found: true, prompt: fullFixture(1) } },
        { type: 'xstate.done.actor.fetchPrompt', output: { found: false } },
      ],
      'xstate.error.actor.fetchPrompt': [
        { type: 'xstate.error.actor.fetchPrompt', error: new Error('offline') },
      ],
    },
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${s.context.prompt ? 'p' : ''}${s.context.error ? 'e' : ''}`,
  });

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['idle', 'loading', 'ready', 'notFound', 'error']),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const controlled = controlledActors(['fetchPrompt']);
      const actor = await replayOnActor(promptDetailMachine, path, {
        controlled,
        recorder,
        check: (actual, expected) => {
          expect(actual.context.prompt?.id).toEqual(expected.context.prompt?.id);
          expect(actual.context.error).toEqual(expected.context.error);
        },
      });
      for (const call of controlled.calls) expect(call.input).toBe('misty-alpine-lake-1-1');
      actor.stop();
    });
  }
});
