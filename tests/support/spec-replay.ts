// The one model-test harness: a machine's model file (its independent model's walks and the target
// that meets the machine) replayed path by path, each path a test. A model test is then this call
// and whatever the model leaves to the machine's own words.
import { describe, it } from 'vitest';
import { replaySpecPath, specPaths, type ReplayTarget, type SpecModel } from './spec-model.ts';

export interface ModelFile {
  /** The machine's walks: one model, or one per concern or input, each with its label ('' for one). */
  walks: { label: string; model: SpecModel<never> }[];
  /** A fresh target for a walk: the machine, the calls the replay holds, what it observes. */
  target: (walk: string) => ReplayTarget;
}

/** Every path of every walk replayed on the machine, one test each. */
export function describeModel(file: ModelFile): void {
  for (const { label, model } of file.walks)
    describe(`${model.name}${label ? ` (${label})` : ''} against ${model.spec}`, () => {
      for (const path of specPaths(model))
        it(path.title, () => replaySpecPath(model, file.target(label), path));
    });
}
