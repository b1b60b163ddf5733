// homeSections against its independent model (tests/models/spec/home-sections.ts): every path of the
// model, and two longer sequences, replayed on the machine by the shared harness
// (tests/support/spec-replay.ts), observed through its selectors (what the home page reads).
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { homeSectionsMachine } from '../../machines/catalog/home-sections.ts';
import * as view from '../../machines/catalog/home-sections.selectors.ts';
import { specStepLabel, type SpecStep } from '../support/spec-model.ts';
import { describeModel, pathOf, walk } from '../support/spec-replay.ts';
import { homeSectionsSpec, SHELVES } from '../models/spec/home-sections.ts';

const member = (viewer: string | null): SpecStep => ({ send: { type: 'viewer.changed', viewer } });
const shelves = (output: unknown): SpecStep => ({ settle: 'fetchHomeSections', output });
/** Longer than the model's paths: what the session said while the shelves were shown counts later. */
const SEQUENCES: SpecStep[][] = [
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
];

describeModel({
  walks: [walk('', homeSectionsSpec())],
  paths: (_, model) =>
    SEQUENCES.map((steps) => pathOf(model, `sequence: ${steps.map(specStepLabel).join(' · ')}`, steps)),
  target: () => ({
    machine: homeSectionsMachine,
    effects: ['fetchHomeSections'],
    observe: ({ snapshot }) => {
      const s = snapshot as SnapshotFrom<typeof homeSectionsMachine>;
      return {
        sections: view.sections(s),
        failed: view.failed(s),
        loading: view.loading(s),
        wanted: view.wanted(s),
      };
    },
  }),
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
