// hoverMenu against its independent model (tests/models/spec/hover-menu.ts), for both header menus:
// every path of the model (the shortest way to each state, then each step from it), and every
// sequence of four steps, replayed on the machine, which must show the panel open exactly when the
// model says so after each step.
import { describe, it } from 'vitest';
import { hoverMenuMachine } from '../../machines/shell/hover-menu.ts';
import { open } from '../../machines/shell/hover-menu.selectors.ts';
import {
  replaySpecPath,
  specPaths,
  specStepLabel,
  type SpecModel,
  type SpecPath,
} from '../support/spec-model.ts';
import {
  ACCOUNT_MENU_CLOSE_DELAY,
  CATEGORY_MENU_CLOSE_DELAY,
  hoverMenuSpec,
  type HoverMenuState,
} from '../models/spec/hover-menu.ts';

/** Every sequence of `length` steps the model allows, each as a path with the states it expects. */
function sequences<S>(model: SpecModel<S>, length: number): SpecPath<S>[] {
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

const target = (closeDelay: number) => ({
  machine: hoverMenuMachine,
  input: { closeDelay },
  observe: ({ snapshot }: { snapshot: unknown }) => ({
    open: open(snapshot as Parameters<typeof open>[0]),
  }),
});

for (const [menu, closeDelay] of [
  ['category menu', CATEGORY_MENU_CLOSE_DELAY],
  ['account menu', ACCOUNT_MENU_CLOSE_DELAY],
] as const) {
  const model: SpecModel<HoverMenuState> = hoverMenuSpec(closeDelay);
  describe(`hoverMenu (${menu}) against ${model.spec}`, () => {
    for (const path of specPaths(model))
      it(path.title, () => replaySpecPath(model, target(closeDelay), path));
  });
  describe(`hoverMenu (${menu}): every sequence of four steps`, () => {
    for (const path of sequences(model, 4))
      it(path.title, () => replaySpecPath(model, target(closeDelay), path));
  });
}
