// homeSections against its independent model (tests/models/spec/home-sections.ts): every path of the
// model replayed on the machine, observed through its selectors (what the home page reads).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { homeSectionsMachine } from '../../machines/catalog/home-sections.ts';
import * as view from '../../machines/catalog/home-sections.selectors.ts';
import {
  replaySpecPath,
  specPaths,
  specStepLabel,
  type SpecPath,
  type SpecStep,
} from '../support/spec-model.ts';
import { homeSectionsSpec, SHELVES, type HomeSectionsState } from '../models/spec/home-sections.ts';

const model = homeSectionsSpec();
type Snapshot = ReturnType<typeof homeSectionsMachine.getInitialSnapshot>;

/** A sequence of steps as a path, each state what the model says it leads to. */
const sequence = (steps: SpecStep[]): SpecPath<HomeSectionsState> => {
  let state = model.initial;
  const taken = steps.map((step) => ({ step, state: (state = model.next(state, step)) }));
  return { title: `sequence: ${steps.map(specStepLabel).join(' · ')}`, steps: taken };
};
const member = (viewer: string | null): SpecStep => ({ send: { type: 'viewer.changed', viewer } });
const shelves = (output: unknown): SpecStep => ({ settle: 'fetchHomeSections', output });
/** Longer than the model's paths: what the session said while the shelves were shown counts later. */
const SEQUENCES = [
  [{ send: { type: 'home.load' } }, shelves(SHELVES.trending), member('token-b'), member(null)],
  [
    member('token-b'),
    { send: { type: 'home.load' } },
    shelves(SHELVES.trending),
    member(null),
    shelves(SHELVES.newest),
    member(null),
    member('token-b'),
  ],
].map(sequence);

describe(`homeSections against ${model.spec}`, () => {
  for (const path of [...specPaths(model), ...SEQUENCES]) {
    it(path.title, () =>
      replaySpecPath(
        model,
        {
          machine: homeSectionsMachine,
          effects: ['fetchHomeSections'],
          observe: ({ snapshot }) => {
            const s = snapshot as Snapshot;
            return {
              sections: view.sections(s),
              failed: view.failed(s),
              loading: view.loading(s),
              wanted: view.wanted(s),
            };
          },
        },
        path,
      ),
    );
  }
});

describe('homeSections without its fetch provided', () => {
  it('fails like any failed load: "Reload sections"', async () => {
    const actor = createActor(homeSectionsMachine).start();
    actor.send({ type: 'home.load' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.failed(actor.getSnapshot())).toBe(true);
    expect(view.sections(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});
