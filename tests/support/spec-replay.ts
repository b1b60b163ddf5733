// The one model-test harness: a machine's model (its independent model's walks) and the target that
// meets the machine, replayed path by path, each path a test. A model test is then this call and
// whatever the model leaves to the machine's own words; the machine's listeners (the toasts, the
// session it tells) are the target's `listeners`, its held calls the target's `effects`.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import {
  replaySpecPath,
  specPaths,
  specStepLabel,
  type ReplayTarget,
  type SpecModel,
  type SpecPath,
} from './spec-model.ts';

export interface ModelFile {
  /** The machine's walks: one model, or one per concern or input, each with its label ('' for one). */
  walks: { label: string; model: SpecModel<never> }[];
  /** A fresh target for a walk: the machine, the calls the replay holds, what it observes. */
  target: (walk: string) => ReplayTarget;
  /**
   * Paths besides the model's tours, for a walk: sequences written out at an edge the tours pass
   * quickly (every sequence of four steps, a long run of failures), each replayed the same way.
   */
  paths?: (walk: string, model: SpecModel<never>) => SpecPath<never>[];
  /** Each tour as it is replayed, when it goes on past the model's last step (until a count settles). */
  tour?: (path: SpecPath<never>, model: SpecModel<never>) => SpecPath<never>;
}

/** Every path of every walk replayed on the machine, one test each. */
export function describeModel(file: ModelFile): void {
  for (const { label, model } of file.walks)
    describe(`${model.name}${label ? ` (${label})` : ''} against ${model.spec}`, () => {
      const tours = specPaths(model).map((path) => file.tour?.(path, model) ?? path);
      for (const path of [...tours, ...(file.paths?.(label, model) ?? [])])
        it(path.title, () => replaySpecPath(model, file.target(label), path));
    });
}

/** A model with any state type, as a walk lists it. */
export const walk = <S>(label: string, model: SpecModel<S>): { label: string; model: SpecModel<never> } => ({
  label,
  model: model as unknown as SpecModel<never>,
});

/** Every sequence of `length` steps the model allows from its start, each as a path with its states. */
export function sequences<S>(model: SpecModel<S>, length: number): SpecPath<S>[] {
  const label = model.label ?? ((s: S) => JSON.stringify(s));
  let paths: { state: S; steps: SpecPath<S>['steps'] }[] = [{ state: model.initial, steps: [] }];
  for (let i = 0; i < length; i++)
    paths = paths.flatMap(({ state, steps }) =>
      model.steps(state).map((step) => {
        const after = model.next(state, step);
        return { state: after, steps: [...steps, { step, state: after }] };
      }),
    );
  return paths.map(({ steps }) => ({
    title: steps.map(({ step, state }) => `${specStepLabel(step)} → ${label(state)}`).join(' · '),
    steps,
  }));
}

/** A path written out by its steps, with the states the model says they lead to. */
export function pathOf<S>(
  model: SpecModel<S>,
  title: string,
  steps: SpecPath<S>['steps'][number]['step'][],
): SpecPath<S> {
  let state = model.initial;
  return { title, steps: steps.map((step) => ({ step, state: (state = model.next(state, step)) })) };
}

/** Each call the machine leaves to src/ (its target's `effects`), unprovided, fails naming itself. */
export function describeUnprovided(file: ModelFile): void {
  const { machine, effects = [] } = file.target(file.walks[0]!.label);
  const actors = machine.implementations.actors as Record<string, AnyActorLogic>;
  describe(`${file.walks[0]!.model.name} leaves its calls to src/`, () => {
    for (const name of effects)
      it(`${name}, unprovided, fails saying it must be provided`, async () => {
        const actor = createActor(actors[name]!, { input: {} as never });
        const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
        actor.start();
        expect(String(await failed)).toContain(`${name} must be provided`);
      });
  });
}
