// The rendered-page side of the independent models (issue 17): a model's paths (tests/models/spec)
// replayed on the whole app in jsdom. Every step becomes what a person does (a click, typing, an
// address, found by role and accessible name), time passing, or the answer of a fake call; after
// every step what the page shows, read from the DOM, must equal what the model expects, in the
// model's own terms. A page that disagrees with its model fails the test named after the path.
import { describe, it } from 'vitest';
import {
  stateCoverPaths,
  specStepLabel,
  type SpecModel,
  type SpecPath,
  type SpecStep,
} from '../../support/spec-model.ts';

/** The (state, step) edges a path takes: the model state's key and the step's label. */
function stepEdges<S>(model: SpecModel<S>, path: SpecPath<S>): string[] {
  const key = model.key ?? ((s: S) => JSON.stringify(s));
  let before = model.initial;
  return path.steps.map(({ step, state }) => {
    const edge = `${key(before)} ${specStepLabel(step)}`;
    before = state;
    return edge;
  });
}

export interface PageReplay<S, App> {
  /** Renders the app where the flow starts, with the fakes the steps settle. */
  start(): Promise<App>;
  /** What a person (or the fake behind a call) does for this step. */
  perform(app: App, step: SpecStep, before: S, after: S): Promise<void>;
  /** What the page shows now, read from the DOM by role, accessible name and text. */
  observe(app: App): unknown | Promise<unknown>;
  /** The part of the model's expectation (`model.expect(state)`) the page shows, in `observe`'s shape. */
  shown(expected: unknown, state: S): unknown;
  stop?(app: App): void;
}

/**
 * The paths worth replaying on a page: of the model's paths whose every step a person can take on the
 * page (`canTake`), as few as take every step the model allows from every state it reaches, longest
 * first (a shorter path is checked step by step inside a longer one that starts the same way).
 */
export function pagePaths<S>(
  model: SpecModel<S>,
  canTake: (step: SpecStep, before: S, after: S) => boolean = () => true,
): SpecPath<S>[] {
  const edgesOf = (path: SpecPath<S>): string[] | null => {
    let before = model.initial;
    for (const { step, state } of path.steps) {
      if (!canTake(step, before, state)) return null;
      before = state;
    }
    return stepEdges(model, path);
  };
  const walkable = stateCoverPaths(model)
    .map((path) => ({ path, edges: edgesOf(path) }))
    .filter((p): p is { path: SpecPath<S>; edges: string[] } => p.edges !== null)
    .sort((a, b) => b.edges.length - a.edges.length);
  const taken = new Set<string>();
  const chosen: SpecPath<S>[] = [];
  for (const { path, edges } of walkable) {
    if (chosen.length && edges.every((e) => taken.has(e))) continue;
    for (const e of edges) taken.add(e);
    chosen.push(path);
  }
  return chosen;
}

/**
 * Replays one model path on the rendered page. Throws, naming the step, at the first step after which
 * the page shows something other than what the model expects.
 */
export async function replaySpecPathOnPage<S, App>(
  model: SpecModel<S>,
  replay: PageReplay<S, App>,
  path: SpecPath<S>,
): Promise<void> {
  const app = await replay.start();
  const check = async (state: S, where: string) => {
    const actual = JSON.stringify(await replay.observe(app));
    const expected = JSON.stringify(replay.shown(model.expect(state), state));
    if (actual !== expected)
      throw new Error(`${where}: expected the page to show ${expected} but it shows ${actual}`);
  };
  try {
    await check(model.initial, 'At start');
    let before = model.initial;
    for (const { step, state } of path.steps) {
      await replay.perform(app, step, before, state);
      await check(state, `After ${specStepLabel(step)}`);
      before = state;
    }
  } finally {
    replay.stop?.(app);
  }
}

/** One test a path, named after it, each replaying the path on a page started afresh by `replay`. */
export function describePagePaths<S, App>(
  title: string,
  model: SpecModel<S>,
  paths: SpecPath<S>[],
  replay: PageReplay<S, App>,
  timeout: number,
): void {
  describe(title, () => {
    for (const path of paths) it(path.title, () => replaySpecPathOnPage(model, replay, path), timeout);
  });
}

/**
 * A whole app per path is slow (about a second each on a busy machine): by default `n` paths of each
 * part, each in turn the one taking the most (state, step) edges the ones before it did not (of the
 * edges every page path takes); every page path with PAGE_PATHS=all.
 */
export function firstPaths<S>(model: SpecModel<S>, paths: SpecPath<S>[], n: number): SpecPath<S>[] {
  if (process.env.PAGE_PATHS === 'all') return paths;
  const taken = new Set<string>();
  const left = paths.map((path) => ({ path, edges: stepEdges(model, path) }));
  const chosen: SpecPath<S>[] = [];
  while (chosen.length < n && left.length) {
    const gain = (edges: string[]) => new Set(edges.filter((e) => !taken.has(e))).size;
    let best = 0;
    for (let i = 1; i < left.length; i++) if (gain(left[i]!.edges) > gain(left[best]!.edges)) best = i;
    const [{ path, edges }] = left.splice(best, 1) as [{ path: SpecPath<S>; edges: string[] }];
    for (const e of edges) taken.add(e);
    chosen.push(path);
  }
  return chosen;
}
