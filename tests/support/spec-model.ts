// Independent models (issue 17): what a machine should do, written from docs/requirements.md as plain data and a
// `next` function, never read off the machine. Paths are generated from the model as tours (issue
// 35): every step the model allows from every state it can be in within `maxDepth` steps is taken at
// least once, and each tour goes on from where its last step left it, so runs such as "fail, succeed,
// fail, fail" are walked and a counter that should start again shows. Each path is replayed on the
// real machine: after every step the machine's observation must equal what the model expects, and
// the effects it started must be the ones the model names, with the same input. A machine that does
// something the model does not also do fails the path that shows it, at the step named.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
} from 'xstate';
import { transitionKey } from './model.ts';

// ---------------------------------------------------------------------------------------------
// Coverage that means something: the states entered and transitions taken while replaying model
// paths, for every machine in the replayed system (the machine under test and any child it runs).
// Only these replays count toward `npm test`'s coverage gate (scripts/model-coverage.ts), because a
// replay fails when the machine disagrees with its model; paths generated from the machine itself
// would cover it by construction.

const taken = new Map<string, { states: Set<string>; transitions: Set<string> }>();
const coverageOf = (id: string) => {
  let entry = taken.get(id);
  if (!entry) taken.set(id, (entry = { states: new Set(), transitions: new Set() }));
  return entry;
};

const recordCoverage = (event: InspectionEvent): void => {
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  if (!logic?.root || typeof logic.id !== 'string') return;
  const entry = coverageOf(logic.id);
  if (event.type === '@xstate.microstep')
    for (const t of event._transitions) entry.transitions.add(transitionKey(t));
  for (const n of ((event.snapshot as AnyMachineSnapshot)._nodes ?? []) as AnyStateNode[])
    entry.states.add(n.id);
};

const recordStart = (snapshot: AnyMachineSnapshot): void => {
  const entry = coverageOf(snapshot.machine.id);
  for (const n of snapshot._nodes as AnyStateNode[]) entry.states.add(n.id);
};

export const SPEC_COVERAGE_DIR = join(process.cwd(), '.tmp', 'spec-coverage');

// Each test file that replays model paths merges what it took into .tmp/spec-coverage/<machine>.json
// (only under vitest: `npm run paths` reads the models without running them).
if (process.env.VITEST) afterAll(saveSpecCoverage);

function saveSpecCoverage(): void {
  if (!taken.size) return;
  mkdirSync(SPEC_COVERAGE_DIR, { recursive: true });
  for (const [id, { states, transitions }] of taken) {
    const file = join(SPEC_COVERAGE_DIR, `${id}.json`);
    const before = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { states: string[]; transitions: string[] })
      : { states: [], transitions: [] };
    writeFileSync(
      file,
      JSON.stringify({
        machine: id,
        states: [...new Set([...before.states, ...states])].sort(),
        transitions: [...new Set([...before.transitions, ...transitions])].sort(),
      }),
    );
  }
}

/** One thing that can happen to a running machine. */
export type SpecStep =
  /** An event is sent (by a person through the page, or by the app). */
  | { send: AnyEventObject }
  /** Time passes on the simulated clock. */
  | { wait: number }
  /** The pending call of an effect (an invoked promise actor, by its src name) answers. */
  | { settle: string; output?: unknown }
  /** The pending call of an effect fails. */
  | { fail: string; error?: unknown };

/** An effect the machine started: an invoked actor by src name, with its input. */
export interface EffectCall {
  actor: string;
  input: unknown;
}

export interface SpecModel<S> {
  /** The machine's name as in the registry and `npm run mutation` ("hoverMenu"). */
  name: string;
  /** The requirement it checks: the docs/requirements.md section(s). */
  spec: string;
  /** Where the model starts (what should hold right after the actor starts). */
  initial: S;
  /** What can happen in a state: the steps its paths try from there. */
  steps: (state: S) => SpecStep[];
  /** What should happen: the state a step leads to (the same state when the step changes nothing). */
  next: (state: S, step: SpecStep) => S;
  /** What should be observable in a state; compared with the machine's `observe`. */
  expect: (state: S) => unknown;
  /** The effects the machine should start as it starts (default: none). */
  startCalls?: EffectCall[];
  /** The effects a step should start, in order (default: none). */
  calls?: (before: S, step: SpecStep, after: S) => EffectCall[];
  /** How two model states are told apart (default: JSON). */
  key?: (state: S) => string;
  /** A short name of a state for path titles (default: the key). */
  label?: (state: S) => string;
  /** Paths longer than this are not generated (default 6). */
  maxDepth?: number;
  /**
   * The requirement a step checks, as the docs/requirements.md section and a few words ("§9 toast duration");
   * the catalogue groups paths by their last step's requirement. Default: `spec`.
   */
  requirement?: (before: S, step: SpecStep, after: S) => string;
}

export interface SpecPath<S> {
  title: string;
  steps: { step: SpecStep; state: S }[];
}

/** The model's paths and whether `maxDepth` cut some off. */
export interface SpecWalk<S> {
  paths: SpecPath<S>[];
  /** Model states the walk reached. */
  states: number;
  /** Model states one step past `maxDepth` that no path reaches (0: nothing was cut). */
  cut: number;
}

const brief = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
};

export const specStepLabel = (step: SpecStep): string => {
  if ('send' in step) {
    const { type, ...rest } = step.send;
    return Object.keys(rest).length ? `${type} ${brief(rest)}` : type;
  }
  if ('wait' in step) return `wait ${step.wait} ms`;
  if ('settle' in step)
    return `${step.settle} answers${step.output === undefined ? '' : ` ${brief(step.output)}`}`;
  return `${step.fail} fails`;
};

/** How the model tells its states apart (default: JSON). */
const keyOf =
  <S>(model: SpecModel<S>) =>
  (s: S): string =>
    model.key ? model.key(s) : JSON.stringify(s);

/** A state's short name in titles (default: its key). */
const labelOf = <S>(model: SpecModel<S>): ((s: S) => string) => model.label ?? keyOf(model);

/** Which steps a walk may take (a page replay takes only the steps a person can take on the page). */
export interface WalkOptions<S> {
  canTake?: (step: SpecStep, before: S, after: S) => boolean;
  /** The longest path a tour may grow to (default: the larger of 24 and `maxDepth` + 1). */
  tourLength?: number;
}

/**
 * The model's paths: tours that take every transition of the model at least once (every step it
 * allows from every state within `maxDepth` steps of the start), each tour going on from where its
 * last step left the model, so sequences such as "fail, succeed, fail, fail" are walked, not only
 * the shortest way to each state.
 */
export function specPaths<S>(model: SpecModel<S>, options: WalkOptions<S> = {}): SpecPath<S>[] {
  return specWalk(model, options).paths;
}

interface Edge {
  step: SpecStep;
  to: string;
}

interface Node<S> {
  /** The state as first reached, by `path` from the start (a state's key may stand for several). */
  state: S;
  path: SpecStep[];
  /** The steps from here, or null past `maxDepth` (not walked from). */
  edges: Edge[] | null;
  /** Which of `edges` no tour has taken yet. */
  untaken: boolean[];
}

/** The model as a graph: every state within `maxDepth` steps of the start, and its steps. */
function modelGraph<S>(model: SpecModel<S>, options: WalkOptions<S> = {}) {
  const key = keyOf(model);
  const maxDepth = model.maxDepth ?? 6;
  const start = key(model.initial);
  const nodes = new Map<string, Node<S>>([
    [start, { state: model.initial, path: [], edges: null, untaken: [] }],
  ]);
  let frontier = [start];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const k of frontier) {
      const node = nodes.get(k)!;
      node.edges = [];
      for (const step of model.steps(node.state)) {
        const after = model.next(node.state, step);
        if (options.canTake && !options.canTake(step, node.state, after)) continue;
        const to = key(after);
        node.edges.push({ step, to });
        if (!nodes.has(to)) {
          nodes.set(to, { state: after, path: [...node.path, step], edges: null, untaken: [] });
          next.push(to);
        }
      }
      node.untaken = node.edges.map(() => true);
    }
    frontier = next;
  }
  // the states one step past the depth limit that no walk reaches
  const beyond = new Set<string>();
  for (const k of frontier) {
    const { state } = nodes.get(k)!;
    for (const step of model.steps(state)) {
      const after = model.next(state, step);
      if (options.canTake && !options.canTake(step, state, after)) continue;
      if (!nodes.has(key(after))) beyond.add(key(after));
    }
  }
  return { key, nodes, cut: beyond.size, maxDepth };
}

/** The shortest run of steps from `from` to a state with a step no tour has taken (BFS). */
function routeToUntaken<S>(nodes: Map<string, Node<S>>, from: string): Edge[] | null {
  const via = new Map<string, { prev: string; edge: Edge } | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const k = queue[i]!;
    const node = nodes.get(k)!;
    if (node.untaken.includes(true)) {
      const route: Edge[] = [];
      for (let at = via.get(k); at; at = via.get(at.prev)) route.unshift(at.edge);
      return route;
    }
    for (const edge of node.edges ?? [])
      if (!via.has(edge.to)) {
        via.set(edge.to, { prev: k, edge });
        queue.push(edge.to);
      }
  }
  return null;
}

/**
 * The model's tours (see `specPaths`), with how many states they reach and how many were cut.
 * Each tour starts by the shortest way to the first state with a step not taken yet, then keeps
 * taking steps not taken yet, or the shortest way to the nearest state that has one, until it is
 * `tourLength` long. Its states are the model's own along its steps (a key may stand for several
 * states), and it only takes a step the model allows in the state it is really in.
 */
export function specWalk<S>(model: SpecModel<S>, options: WalkOptions<S> = {}): SpecWalk<S> {
  const label = labelOf(model);
  const { key, nodes, cut, maxDepth } = modelGraph(model, options);
  const limit = Math.max(options.tourLength ?? 24, maxDepth + 1);
  const order = [...nodes.values()];
  const paths: SpecPath<S>[] = [];
  const titled = new Set<string>();
  const add = (steps: { step: SpecStep; state: S }[]): void => {
    // a tour's title is its steps and where it ends (`npm run paths -- <machine>` lists every state)
    const title = steps.length
      ? `${steps.map(({ step }) => specStepLabel(step)).join(' · ')} → ${label(steps[steps.length - 1]!.state)}`
      : `starts ${label(model.initial)}`;
    if (titled.has(title)) return;
    titled.add(title);
    paths.push({ title, steps });
  };
  const same = (a: SpecStep, b: SpecStep) => JSON.stringify(a) === JSON.stringify(b);
  // a model with no step at all still has its start to check
  if (!order[0]!.edges?.length) add([]);
  for (;;) {
    const first = order.find((n) => n.untaken.includes(true));
    if (!first) break;
    const steps: { step: SpecStep; state: S }[] = [];
    let state = model.initial;
    const take = (step: SpecStep): void => {
      state = model.next(state, step);
      steps.push({ step, state });
    };
    // the first state's step not taken yet: its state is the one it was found with, so it is allowed
    for (const step of first.path) take(step);
    const i = first.untaken.indexOf(true);
    first.untaken[i] = false;
    take(first.edges![i]!.step);
    walk: while (steps.length < limit) {
      const node = nodes.get(key(state));
      if (!node?.edges) break;
      const allowed = model.steps(state);
      const i = node.edges.findIndex((e, j) => node.untaken[j] && allowed.some((a) => same(a, e.step)));
      if (i >= 0) {
        node.untaken[i] = false;
        take(node.edges[i]!.step);
        continue;
      }
      const route = routeToUntaken(nodes, key(state));
      if (!route?.length || steps.length + route.length + 1 > limit) break;
      for (const edge of route) {
        if (!model.steps(state).some((a) => same(a, edge.step))) break walk;
        take(edge.step);
      }
    }
    add(steps);
  }
  return { paths, states: nodes.size, cut };
}

/**
 * The model's older, state-by-state paths: the shortest path to every state it can be in, then each
 * step it allows from each of those states, up to `maxDepth`. A page replay picks the fewest of these
 * that take every step a person can take on the page (tests/views/support/spec-page.ts).
 */
export function stateCoverPaths<S>(model: SpecModel<S>): SpecPath<S>[] {
  const label = labelOf(model);
  const { nodes, maxDepth } = modelGraph(model);
  const title = (steps: { step: SpecStep; state: S }[]): string =>
    steps.length
      ? steps.map(({ step, state }) => `${specStepLabel(step)} → ${label(state)}`).join(' · ')
      : `starts ${label(model.initial)}`;
  const seen = new Set<string>();
  const paths: SpecPath<S>[] = [];
  const add = (steps: { step: SpecStep; state: S }[]): void => {
    const t = title(steps);
    if (seen.has(t)) return;
    seen.add(t);
    paths.push({ title: t, steps });
  };
  // the graph's states in the order the walk found them, each by the way it was found
  for (const node of nodes.values()) {
    let state = model.initial;
    const steps = node.path.map((step) => ({ step, state: (state = model.next(state, step)) }));
    add(steps);
    if (steps.length >= maxDepth) continue;
    for (const step of model.steps(node.state))
      add([...steps, { step, state: model.next(node.state, step) }]);
  }
  return paths;
}

/**
 * A path through the steps a title names, in order, each the step of that label the model allows
 * where the path stands ("step → state · step → state", or the steps alone): any run of steps the
 * model allows is a path of it, so a path named by its title need not be one of the tours.
 */
export function specPathOf<S>(model: SpecModel<S>, title: string): SpecPath<S> | null {
  const label = labelOf(model);
  const parts = title.split(' · ').map((p) => p.split(' → ')[0]!.trim());
  let state = model.initial;
  const steps: { step: SpecStep; state: S }[] = [];
  for (const part of parts) {
    const step = model.steps(state).find((s) => specStepLabel(s) === part);
    if (!step) return null;
    state = model.next(state, step);
    steps.push({ step, state });
  }
  const named = steps.map(({ step, state: s }) => `${specStepLabel(step)} → ${label(s)}`).join(' · ');
  return { title: named, steps };
}

/** What the replay hands to the test's `observe`: the machine's snapshot and the effects it started. */
export interface Observation {
  snapshot: AnyMachineSnapshot;
  actor: AnyActorRef;
  /** What the listeners heard so far (`ReplayTarget.listeners`), in order. */
  heard: Heard[];
}

/** An event another actor of the system was told, by the systemId it was addressed to. */
export interface Heard {
  to: string;
  event: AnyEventObject;
}

export interface ReplayTarget {
  /** The machine under test (effects that are not invoked promise actors already provided as fakes). */
  machine: AnyStateMachine;
  input?: unknown;
  /** Invoked promise actors the replay controls, by src name. */
  effects?: string[];
  /**
   * The systemIds the machine tells (the toasts, the session, the account menu's count): each runs as a
   * listener beside the machine, at its root, and writes down what it hears (`Observation.heard`).
   */
  listeners?: string[];
  /** The machine's answer to "what is observable now", in the model's terms. */
  observe: (o: Observation) => unknown;
}

/** The machine's own chart and implementations, with a listener at its root for each systemId. */
export function withListeners(
  machine: AnyStateMachine,
  ids: readonly string[],
  heard: Heard[],
): AnyStateMachine {
  if (!ids.length) return machine;
  const listener = (to: string) =>
    fromCallback(({ receive }) => receive((event: AnyEventObject) => void heard.push({ to, event })));
  const invoke = ([] as unknown[]).concat(machine.config.invoke ?? []);
  return createMachine(
    {
      ...machine.config,
      invoke: [...invoke, ...ids.map((id) => ({ src: listener(id), systemId: id }))],
    } as never,
    machine.implementations as never,
  ) as AnyStateMachine;
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Replays a model path on the machine. Throws, naming the step, at the first step after which the
 * machine's observation or the effects it started differ from what the model expects.
 */
export async function replaySpecPath<S>(model: SpecModel<S>, target: ReplayTarget, path: SpecPath<S>) {
  const clock = new SimulatedClock();
  const calls: EffectCall[] = [];
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }[]>();
  const actors = Object.fromEntries(
    (target.effects ?? []).map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ actor: name, input });
            pending.set(name, [...(pending.get(name) ?? []), { resolve, reject }]);
          }),
      ),
    ]),
  );
  const heard: Heard[] = [];
  const provided = target.effects?.length
    ? target.machine.provide({ actors: actors as never })
    : target.machine;
  const logic = withListeners(provided, target.listeners ?? [], heard);
  const actor = createActor(logic, {
    clock,
    inspect: recordCoverage,
    ...(target.input !== undefined ? { input: target.input } : {}),
  });
  let failure: unknown;
  actor.subscribe({ error: (e) => (failure = e) });
  actor.start();
  recordStart(actor.getSnapshot() as AnyMachineSnapshot);
  await flush();
  const check = (state: S, where: string, started: EffectCall[], expectedCalls: EffectCall[]): void => {
    if (failure) throw new Error(`${where}: the machine failed: ${String(failure)}`);
    const actual = JSON.stringify(target.observe({ snapshot: actor.getSnapshot(), actor, heard }));
    const expected = JSON.stringify(model.expect(state));
    if (actual !== expected)
      throw new Error(`${where}: expected ${expected} but the machine shows ${actual}`);
    const a = JSON.stringify(started);
    const e = JSON.stringify(expectedCalls);
    if (a !== e) throw new Error(`${where}: expected the effects ${e} but the machine started ${a}`);
  };
  check(model.initial, 'At start', calls.splice(0), model.startCalls ?? []);
  let before = model.initial;
  for (const [i, { step, state }] of path.steps.entries()) {
    const where = `After step ${i + 1} of ${path.steps.length} (${specStepLabel(step)})`;
    if ('send' in step) actor.send(step.send);
    else if ('wait' in step) clock.increment(step.wait);
    else {
      const name = 'settle' in step ? step.settle : step.fail;
      const queue = pending.get(name) ?? [];
      const call = queue.shift();
      pending.set(name, queue);
      if (!call) throw new Error(`${where}: the machine has no pending call of ${name}`);
      if ('settle' in step) call.resolve(step.output);
      else call.reject(step.error ?? new Error(`${name} failed`));
    }
    await flush();
    check(state, where, calls.splice(0), model.calls?.(before, step, state) ?? []);
    before = state;
  }
  actor.stop();
}
