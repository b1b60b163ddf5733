// connection against its independent model (tests/models/spec/connection.ts): every path of the model
// replayed on the machine, and the whole back-off ladder (2, 4, 8, 16, 30, 30 s) as one long path.
// The probe (GET /api/health) is a controlled effect. The `watch` actor (the API client's and the
// browser's reports) is replaced by one that runs the page machines to retry: recorders registered
// under their systemIds that write down what they hear. What the banner shows is the `shown` selector;
// `connection.restored` is counted as the machine emits it (tests/support/connection-harness.ts, which
// `npm run replay -- connection <n>` replays the paths in too).
import { describe, it } from 'vitest';
import { connectionTarget } from '../support/connection-harness.ts';
import {
  replaySpecPath,
  specPaths,
  specStepLabel,
  type SpecPath,
  type SpecStep,
} from '../support/spec-model.ts';
import {
  BROWSER_ONLINE,
  connectionSpec,
  LOST,
  PROBE_ANSWERS,
  PROBE_FAILS,
  probeWait,
  RESTORED_NOTICE,
  type ConnectionState,
} from '../models/spec/connection.ts';

const model = connectionSpec();

/** A path of the given steps, with the states the model expects after each. */
const pathOf = (steps: SpecStep[]): SpecPath<ConnectionState> => {
  let state = model.initial;
  const taken = steps.map((step) => ({ step, state: (state = model.next(state, step)) }));
  return {
    title: taken.map(({ step, state }) => `${specStepLabel(step)} → ${model.label!(state)}`).join(' · '),
    steps: taken,
  };
};

/** Offline after `failed` failed probes: a moment before the probe, then the probe. */
const untilProbe = (failed: number): SpecStep[] => [{ wait: probeWait(failed) - 1 }, { wait: 1 }];

describe(`connection against ${model.spec}`, () => {
  for (const path of specPaths(model)) it(path.title, () => replaySpecPath(model, connectionTarget(), path));

  const ladder = [0, 1, 2, 3, 4, 5].flatMap((failed) => [...untilProbe(failed), PROBE_FAILS]);
  for (const path of [
    // the waits grow 2, 4, 8, 16 s, then stay at 30 s; the answer ends the outage; the next starts over
    pathOf([
      LOST,
      ...ladder,
      ...untilProbe(6),
      PROBE_ANSWERS,
      { wait: RESTORED_NOTICE - 1 },
      { wait: 1 },
      LOST,
      ...untilProbe(0),
    ]),
    // the browser's online event probes at once, whatever the wait
    pathOf([LOST, ...ladder.slice(0, 9), BROWSER_ONLINE, PROBE_FAILS, { wait: probeWait(4) - 1 }]),
  ])
    it(path.title, () => replaySpecPath(model, connectionTarget(), path));
});

describe('connection given no page machines to tell', () => {
  const bare = connectionSpec(false);
  bare.maxDepth = 4;
  for (const path of specPaths(bare))
    it(path.title, () => replaySpecPath(bare, { ...connectionTarget(), input: undefined }, path));
});
