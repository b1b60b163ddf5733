// Independent models (issue 17): what a machine should do, written from SPEC.md as plain data and a
// `next` function, never read off the machine. Paths are generated from the model (the shortest way
// to every state it can be in, then every step it allows from each), and each path is replayed on the
// real machine: after every step the machine's observation must equal what the model expects, and
// the effects it started must be the ones the model names, with the same input. A machine that does
// something the model does not also do fails the path that shows it, and the test is named after it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  createActor,
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
  /** The requirement it checks: the SPEC.md section(s). */
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
   * The requirement a step checks, as the SPEC.md section and a few words ("§9 toast duration");
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

/**
 * The model's paths: the shortest path to every state the model can be in, then each step it allows
 * from each of those states (so every expected transition is taken at least once), up to `maxDepth`.
 */
export function specPaths<S>(model: SpecModel<S>): SpecPath<S>[] {
  return specWalk(model).paths;
}

/** The model's paths (see `specPaths`), with how many states it reached and how many were cut. */
export function specWalk<S>(model: SpecModel<S>): SpecWalk<S> {
  const key = model.key ?? ((s: S) => JSON.stringify(s));
  const label = model.label ?? key;
  const maxDepth = model.maxDepth ?? 6;
  const shortest = new Map<string, { step: SpecStep; state: S }[]>([[key(model.initial), []]]);
  let frontier: { state: S; steps: { step: SpecStep; state: S }[] }[] = [{ state: model.initial, steps: [] }];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { state, steps } of frontier) {
      for (const step of model.steps(state)) {
        const after = model.next(state, step);
        const k = key(after);
        if (shortest.has(k)) continue;
        const path = [...steps, { step, state: after }];
        shortest.set(k, path);
        next.push({ state: after, steps: path });
      }
    }
    frontier = next;
  }
  const beyond = new Set<string>();
  for (const { state } of frontier)
    for (const step of model.steps(state)) {
      const k = key(model.next(state, step));
      if (!shortest.has(k)) beyond.add(k);
    }
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
  for (const steps of shortest.values()) {
    add(steps);
    if (steps.length >= maxDepth) continue;
    const from = steps.length ? steps[steps.length - 1]!.state : model.initial;
    for (const step of model.steps(from)) add([...steps, { step, state: model.next(from, step) }]);
  }
  return { paths, states: shortest.size, cut: beyond.size };
}

/** What the replay hands to the test's `observe`: the machine's snapshot and the effects it started. */
export interface Observation {
  snapshot: AnyMachineSnapshot;
  actor: AnyActorRef;
}

export interface ReplayTarget {
  /** The machine under test (effects that are not invoked promise actors already provided as fakes). */
  machine: AnyStateMachine;
  input?: unknown;
  /** Invoked promise actors the replay controls, by src name. */
  effects?: string[];
  /** The machine's answer to "what is observable now", in the model's terms. */
  observe: (o: Observation) => unknown;
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
  const logic = target.effects?.length ? target.machine.provide({ actors: actors as never }) : target.machine;
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
    const actual = JSON.stringify(target.observe({ snapshot: actor.getSnapshot(), actor }));
    const expected = JSON.stringify(model.expect(state));
    if (actual !== expected)
      throw new Error(`${where}: expected ${expected} but the machine shows ${actual}`);
    const a = JSON.stringify(started);
    const e = JSON.stringify(expectedCalls);
    if (a !== e) throw new Error(`${where}: expected the effects ${e} but the machine started ${a}`);
  };
  check(model.initial, 'At start', calls.splice(0), model.startCalls ?? []);
  let before = model.initial;
  for (const { step, state } of path.steps) {
    if ('send' in step) actor.send(step.send);
    else if ('wait' in step) clock.increment(step.wait);
    else {
      const name = 'settle' in step ? step.settle : step.fail;
      const queue = pending.get(name) ?? [];
      const call = queue.shift();
      pending.set(name, queue);
      if (!call) throw new Error(`After ${specStepLabel(step)}: the machine has no pending call of ${name}`);
      if ('settle' in step) call.resolve(step.output);
      else call.reject(step.error ?? new Error(`${name} failed`));
    }
    await flush();
    check(state, `After ${specStepLabel(step)}`, calls.splice(0), model.calls?.(before, step, state) ?? []);
    before = state;
  }
  actor.stop();
}
