// promptDetail against its independent model (tests/models/spec/prompt-detail.ts): every path of the
// model, and a longer sequence written out here, replayed on the machine by the shared harness, observed
// through its selectors as the detail page reads them (the prompt and its related shelf only where the
// page shows them; the reason only on the error view).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { promptDetailMachine, type PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import * as view from '../../machines/catalog/prompt-detail.selectors.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { writtenPaths } from '../support/model-targets.ts';
import { DETAIL_PROMPTS, promptDetailSpec } from '../models/spec/prompt-detail.ts';

type Snapshot = ReturnType<typeof promptDetailMachine.getInitialSnapshot>;

const open7: SpecStep = { send: { type: 'detail.load', id: 'misty-lake-7' } };
/** Longer than the model's paths: a prompt that went missing is not shown again while it reloads. */
const SEQUENCES: SpecStep[][] = [
  [
    open7,
    { settle: 'fetchPrompt', output: { found: true, prompt: DETAIL_PROMPTS['misty-lake-7'] } },
    open7,
    { settle: 'fetchPrompt', output: { found: false } },
    open7,
  ],
];

describeModel({
  walks: [walk('', promptDetailSpec())],
  paths: (_, model) => writtenPaths(model, SEQUENCES),
  target: () => ({
    machine: promptDetailMachine,
    effects: ['fetchPrompt', 'fetchRelated'],
    observe: ({ snapshot }) => {
      const s = snapshot as Snapshot;
      const status = view.status(s);
      const shows = (status === 'loading' || status === 'ready') && view.prompt(s) !== null;
      return {
        status,
        id: view.id(s),
        prompt: shows ? view.prompt(s) : null,
        error: status === 'error' ? view.error(s) : null,
        related: shows ? view.related(s) : [],
        relatedPhase: shows ? view.relatedPhase(s) : null,
      };
    },
  }),
});

describe('promptDetail without its effects provided', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  it('a prompt that cannot be loaded shows the error; related prompts that cannot be loaded offer a retry', async () => {
    const bare = createActor(promptDetailMachine).start();
    bare.send({ type: 'detail.load', id: 'misty-lake-7' });
    await flush();
    expect(view.status(bare.getSnapshot())).toBe('error');
    expect(view.error(bare.getSnapshot())).toBe('fetchPrompt must be provided');
    bare.stop();

    const prompt = DETAIL_PROMPTS['misty-lake-7'];
    const noRelated = createActor(
      promptDetailMachine.provide({
        actors: {
          fetchPrompt: fromPromise<PromptLookup, string>(async () => ({
            found: true,
            prompt: prompt as never,
          })),
        },
      }),
    ).start();
    noRelated.send({ type: 'detail.load', id: 'misty-lake-7' });
    await flush();
    await flush();
    expect(view.status(noRelated.getSnapshot())).toBe('ready');
    expect(view.relatedPhase(noRelated.getSnapshot())).toBe('failed');
    noRelated.stop();
  });
});
