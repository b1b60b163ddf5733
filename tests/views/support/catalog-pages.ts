// What the catalog's page replays share (tests/views/catalog.model.test.tsx and
// template-filler.model.test.tsx): the app started where no catalog machine runs, reading the page by
// role and name, and the fake catalog calls checked and answered as the model's steps say.
import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SimulatedClock } from 'xstate';
import type { AppEffects } from '../../../src/app/app-system.ts';
import { fakeEffects } from '../../support/fake-effects.ts';
import { specStepLabel, type EffectCall, type SpecStep } from '../../support/spec-model.ts';
import { settle, type controllable } from './controllable.ts';
import { renderApp } from './render-app.tsx';

/** A replay renders the whole app; the first one also loads the pages' code (slow on a busy machine). */
export const REPLAY_TIMEOUT = 20_000;

/** Start somewhere with no list, prompt or template, so every path begins where its model does. */
export const START = '/terms';
export const START_TITLE = 'Terms of Service';

export async function startApp(effects: Partial<AppEffects>, clock?: SimulatedClock) {
  const app = await renderApp(
    START,
    {},
    // no shelves on the home page: the grid is what these replays read
    { effects: fakeEffects({ fetchHomeSections: async () => [], ...effects }), ...(clock ? { clock } : {}) },
  );
  await screen.findByRole('heading', { level: 1, name: START_TITLE });
  return Object.assign(app, { hands: hands() });
}
export type App = Awaited<ReturnType<typeof startApp>>;

/** Following a link to `href` (to the page shown, it loads that page again in its own entry). */
export async function follow(app: App, href: string): Promise<void> {
  await act(() => app.router.navigate({ href }));
  await settle();
}

// Reading the page by role and name. jsdom has no style sheets, so what a person cannot perceive is
// what `hidden` or `aria-hidden` takes away: checking that once per element (rather than Testing
// Library's style walk for every element of every query) keeps the replays fast.
export const perceivable = (el: Element): boolean => el.closest('[aria-hidden="true"], [hidden]') === null;
export type Name = string | RegExp;
export const all = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) =>
  within(container)
    .queryAllByRole(role, { ...options, hidden: true })
    .filter(perceivable);
export const one = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) =>
  all(container, role, options)[0] ?? null;
/** The element a person would reach for (it must be there). */
export const find = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) => {
  const found = one(container, role, options);
  if (!found) throw new Error(`The page has no ${role} named ${String(options.name ?? '')}`);
  return found;
};
export const text = (el: Element | null | undefined): string | null => el?.textContent ?? null;
export const main = (): HTMLElement => screen.getByRole('main');

/** The page's title: its level-1 heading, or the level-2 heading of a page that has none (an error view). */
export const pageHeading = (): string | null =>
  text(one(main(), 'heading', { level: 1 }) ?? one(main(), 'heading', { level: 2 }));

/** The elements of a role with their accessible names (Testing Library computes them). */
export function namesOf(container: HTMLElement, role: string): { element: HTMLElement; name: string }[] {
  const found: { element: HTMLElement; name: string }[] = [];
  within(container).queryAllByRole(role, {
    hidden: true,
    name: (name, element) => {
      if (perceivable(element)) found.push({ element: element as HTMLElement, name });
      return true;
    },
  });
  return found;
}

/** A person's hands, without the pauses and style checks a browser does not need here. */
export const hands = () =>
  userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Lets the app run until `done` holds (the router and the machines answer within a few turns). */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 50; turn++) {
    if (done()) return;
    await settle();
  }
  throw new Error(`The page never ${what}`);
}

/**
 * The calls of a fake made during a step, against the effects the model says the step starts (same
 * number, and each input found in what the page sent: the page adds what the model does not name,
 * such as the page size).
 */
export function checkCalls(
  step: SpecStep,
  made: unknown[],
  expected: EffectCall[],
  sent: (call: EffectCall) => unknown,
): void {
  const wanted = expected.map(sent);
  const agrees =
    made.length === wanted.length &&
    made.every((m, i) => {
      const w = wanted[i];
      if (typeof w !== 'object' || w === null) return m === w;
      return Object.entries(w).every(
        ([k, v]) => JSON.stringify((m as Record<string, unknown>)[k]) === JSON.stringify(v),
      );
    });
  if (!agrees)
    throw new Error(
      `After ${specStepLabel(step)}: expected the page to call ${JSON.stringify(wanted)} but it called ${JSON.stringify(made)}`,
    );
}

/** Answers and failures of a fake call, as the step says. */
export async function answer<A extends unknown[], R>(
  fake: ReturnType<typeof controllable<A, R>>,
  step: SpecStep,
  output: (value: unknown) => R,
): Promise<void> {
  if ('settle' in step) await fake.resolve(output(step.output));
  else if ('fail' in step) await fake.reject(step.error ?? new Error(`${step.fail} failed`));
}

// ---------------------------------------------------------------------------------------------
// promptList: home, the search page and Recommended
