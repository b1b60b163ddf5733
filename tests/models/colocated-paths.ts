// A machine whose model sits beside it (tests/support/colocated.ts) gets its graph walk from that model:
// the events its steps send and the answers its calls give become the samples xstate/graph walks the
// machine with, so the registry's checks (every state reached and described, every selector stable)
// hold for it without a second, hand-written list of samples.
import type { AnyEventObject } from 'xstate';
import type { ColocatedModel } from '../support/colocated.ts';
import type { Samples } from '../support/model.ts';
import { specPaths } from '../support/spec-model.ts';
import type { MachineModel } from './types.ts';

/** Each distinct event (by JSON) the model's paths send, and each answer or failure of its calls. */
function samplesOf(colocated: ColocatedModel): Samples {
  const samples: Samples = {};
  const seen = new Set<string>();
  const add = (event: AnyEventObject) => {
    const key = JSON.stringify(event, (_, v: unknown) => (v instanceof Error ? { error: v.message } : v));
    if (seen.has(key)) return;
    seen.add(key);
    (samples[event.type] ??= []).push(event);
  };
  for (const { model } of colocated.walks)
    for (const path of specPaths(model))
      for (const { step } of path.steps) {
        if ('send' in step) add(step.send);
        else if ('settle' in step) add({ type: `xstate.done.actor.${step.settle}`, output: step.output });
        else if ('fail' in step)
          add({
            type: `xstate.error.actor.${step.fail}`,
            error: step.error ?? new Error(`${step.fail} failed`),
          });
      }
  return samples;
}

export const machineModelOf = (colocated: ColocatedModel): MachineModel => ({
  machine: colocated.machine,
  actors: colocated.target(colocated.walks[0]!.label).effects ?? [],
  samples: samplesOf(colocated),
  sees: colocated.sees,
});
