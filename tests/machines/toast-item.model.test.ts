// toastItem against its independent model (tests/models/spec/toast-item.ts): every path of the model
// replayed on the machine, run by a parent that records what the toast tells it
// (tests/support/toast-item-harness.ts, which `npm run replay -- toastItem <walk> <n>` replays the
// paths in too).
import { describe, it } from 'vitest';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { toastItemTarget } from '../support/toast-item-harness.ts';
import { toastItemSpec, TOAST_DURATION } from '../models/spec/toast-item.ts';

for (const [title, duration] of [
  ['default duration', undefined],
  ['a 4000 ms toast', 4000],
] as const) {
  const model = toastItemSpec(duration ?? TOAST_DURATION);
  describe(`toastItem (${title}) against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => replaySpecPath(model, toastItemTarget(duration), path));
    }
  });
}
