// Model-based testing support: paths generated with xstate/graph from the real machine
// definitions, replayed against a live actor (SimulatedClock for delays, controllable fakes for
// invoked actors), with state and transition coverage recorded for the coverage table.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  __unsafe_getAllOwnEventDescriptors as eventDescriptors,
  createActor,
  fromPromise,
  getNextSnapshot,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

export type Samples = Record<string, AnyEventObject[]>;

export interface ModelOptions {
  /** Sample events by type; an event type without samples is sent as `{ type }`. */
  samples?: Samples;
  /** Machine input for the initial state. */
  input?: unknown;
  /** How a snapshot is told apart from another; default: state value + JSON of context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Also generate simple paths (every acyclic path), capped at `limit`. */
  simple?: boolean;
  limit?: number;
  /** Event types never generated (e.g. ones only a child sends). */
  skip?: string[];
}

export interface ModelPath {
  description: string;
  /** How the path was found: a shortest path to a state, a simple path, or one of those one step on. */
  kind: 'shortest' | 'simple' | 'one step on';
  steps: { event: AnyEventObject; state: AnyMachineSnapshot }[];
  state: AnyMachineSnapshot;
}

export const stateKey = (s: AnyMachineSnapshot): string => JSON.stringify(s.value);

/**
 * A machine's model as the path tests of the account, history and inbox pages keep it
 * (tests/support/*-models.ts): the machine, the calls it makes, the events sampled, a state's key, the
 * part of the context a replay must match and how long a path may be.
 */
export interface PathModel {
  machine: AnyStateMachine;
  actors: string[];
  samples: Samples;
  serialize: (s: AnyMachineSnapshot) => string;
  /** The part of the context a replay must match. */
  observe: (context: never) => unknown;
  maxSteps: number;
}

/** A failed call's error. */
export const fail = (message: string) => new Error(message);

/** What a call that cannot reach the server fails with. */
export const OFFLINE = "Can't reach FruitPrompt right now.";

const describeValue = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.(${describeValue(v)})`))
        .join(',');

/** A machine (a logic handed in an event) is shown by its id, not its whole definition. */
const machineById = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && 'root' in value && 'id' in value
    ? `machine ${String((value as { id: unknown }).id)}`
    : value;

const brief = (value: unknown): string => {
  const text = JSON.stringify(value, machineById) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** Human-readable step label: "menu.leave", "after menuCloseDelay", "done fetchPromptPage". */
export const stepLabel = (event: AnyEventObject): string => {
  const t = event.type;
  if (t.startsWith('xstate.after.')) return `after ${t.split('.')[2]}`;
  if (t.startsWith('xstate.done.actor.')) {
    const output = (event as { output?: unknown }).output;
    return `done ${t.slice('xstate.done.actor.'.length)}${output === undefined ? '' : ` ${brief(output)}`}`;
  }
  if (t.startsWith('xstate.error.actor.')) return `error ${t.slice('xstate.error.actor.'.length)}`;
  const extra = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v, machineById) : String(v)}`)
    .join(' ');
  return extra ? `${t} (${extra})` : t;
};

export const describePath = (path: StatePath<AnyMachineSnapshot, AnyEventObject>): string =>
  path.steps.length <= 1
    ? `reaches ${describeValue(path.state.value)} at start`
    : `${path.steps
        .slice(1)
        .map((s) => `${stepLabel(s.event)} → ${describeValue(s.state.value)}`)
        .join(' · ')}`;

/** Shortest paths to every distinct state (and simple paths when asked), from the machine itself. */
export function modelPaths(machine: AnyStateMachine, options: ModelOptions = {}): ModelPath[] {
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    (eventDescriptors(snapshot) as string[])
      .filter((type) => type !== '*' && !(options.skip ?? []).includes(type))
      .flatMap((type) => options.samples?.[type] ?? [{ type }]);
  const traversal = {
    events,
    ...(options.input !== undefined ? { input: options.input } : {}),
    serializeState:
      options.serializeState ?? ((s: AnyMachineSnapshot) => `${stateKey(s)} ${JSON.stringify(s.context)}`),
    ...(options.limit ? { limit: options.limit } : {}),
  };
  type Found = StatePath<AnyMachineSnapshot, AnyEventObject> & { kind: ModelPath['kind'] };
  const found: Found[] = [
    ...(getShortestPaths(machine, traversal as never) as StatePath<AnyMachineSnapshot, AnyEventObject>[]).map(
      (p) => ({ ...p, kind: 'shortest' as const }),
    ),
    ...(options.simple
      ? (getSimplePaths(machine, traversal as never) as StatePath<AnyMachineSnapshot, AnyEventObject>[])
      : []
    ).map((p) => ({ ...p, kind: 'simple' as const })),
  ];
  // Transition coverage: every enabled event from every reached state, after its shortest path.
  const shortest = found.slice();
  for (const p of shortest) {
    for (const event of events(p.state)) {
      // enabled transitions, also targetless ones without actions (which `can` does not count)
      if (!machine.getTransitionData(p.state as never, event).length) continue;
      const next = getNextSnapshot(machine, p.state, event) as AnyMachineSnapshot;
      found.push({
        state: next,
        steps: [...p.steps, { event, state: next }],
        weight: p.weight + 1,
        kind: 'one step on',
      });
    }
  }
  const seen = new Set<string>();
  const paths: ModelPath[] = [];
  for (const p of found) {
    const description = describePath(p);
    if (seen.has(description)) continue;
    seen.add(description);
    paths.push({ description, kind: p.kind, steps: p.steps, state: p.state });
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Coverage: every state node and transition definition of a machine, and the ones replays took.

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes),
];

export const transitionKey = (t: AnyTransitionDefinition): string => {
  const guard = t.guard
    ? typeof t.guard === 'string'
      ? t.guard
      : ((t.guard as { type?: string }).type ?? 'inline')
    : '';
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || 'self';
  return `${t.source.id} --${t.eventType || 'always'}${guard ? ` [${guard}]` : ''}--> ${targets}`;
};

export function machineInventory(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = allNodes(machine.root);
  const transitions = nodes.flatMap((n) => [
    ...[...(n.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat(),
    ...((n.always as AnyTransitionDefinition[] | undefined) ?? []),
  ]);
  return { states: nodes.map((n) => n.id), transitions: [...new Set(transitions.map(transitionKey))] };
}

export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  constructor(readonly machine: AnyStateMachine) {}

  inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    // only the machine under test (the root of the replayed actor), not its children
    if ((event.actorRef as { sessionId?: string }).sessionId !== event.rootId) return;
    for (const t of event._transitions) this.transitions.add(transitionKey(t));
    const snapshot = event.snapshot as AnyMachineSnapshot;
    for (const n of snapshot._nodes as AnyStateNode[]) this.states.add(n.id);
  };

  visit(snapshot: AnyMachineSnapshot): void {
    for (const n of snapshot._nodes as AnyStateNode[]) this.states.add(n.id);
  }

  /** Merges this run into `.tmp/model-coverage/<machine id>.json` for the coverage table. */
  save(dir = join(process.cwd(), '.tmp', 'model-coverage')): void {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${this.machine.id}.json`);
    const before = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { states: string[]; transitions: string[] })
      : { states: [], transitions: [] };
    const inventory = machineInventory(this.machine);
    writeFileSync(
      file,
      JSON.stringify({
        machine: this.machine.id,
        inventory,
        states: [...new Set([...before.states, ...this.states])].sort(),
        transitions: [...new Set([...before.transitions, ...this.transitions])].sort(),
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Replay against a live actor.

interface Deferred {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Promise actors whose settlement the replay controls: a path step `xstate.done.actor.<id>`
 * resolves the pending call of the actor registered under `<id>` with the step's output.
 * Convention in our machines: an invoke's id equals its src name.
 */
export function controlledActors(names: string[]) {
  const pending = new Map<string, Deferred[]>();
  const calls: { name: string; input: unknown }[] = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input });
            pending.set(name, [...(pending.get(name) ?? []), { resolve, reject }]);
          }),
      ),
    ]),
  );
  return {
    actors,
    calls,
    settle(name: string, outcome: { output: unknown } | { error: unknown }): boolean {
      const queue = pending.get(name) ?? [];
      const next = queue.pop();
      pending.set(name, []);
      if (!next) return false;
      if ('output' in outcome) next.resolve(outcome.output);
      else next.reject(outcome.error);
      return true;
    },
  };
}

export const flushPromises = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The milliseconds of a named or numeric delay of the machine. */
export function delayOf(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot): number {
  const name = eventType.split('.')[2] ?? '';
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function')
    return (delay as (a: unknown) => number)({ context: snapshot.context, event: { type: '' } });
  throw new Error(`Unknown delay ${name}`);
}

export interface ReplayOptions {
  input?: unknown;
  /** Promise actors under test control; default none. */
  controlled?: ReturnType<typeof controlledActors>;
  recorder?: CoverageRecorder;
  /** Extra check after each step, against the step's expected snapshot. */
  check?: (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) => void;
}

/** Replays a path on a live actor: events sent, delays advanced on a SimulatedClock, actors settled. */
export async function replayOnActor(machine: AnyStateMachine, path: ModelPath, options: ReplayOptions = {}) {
  const clock = new SimulatedClock();
  const logic = options.controlled ? machine.provide({ actors: options.controlled.actors }) : machine;
  const actor = createActor(logic, {
    clock,
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.recorder ? { inspect: options.recorder.inspect } : {}),
  });
  actor.start();
  await flushPromises();
  for (const step of path.steps) {
    const type = step.event.type;
    if (type === 'xstate.init') {
      // the start itself
    } else if (type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, type, actor.getSnapshot()));
    } else if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const done = type.startsWith('xstate.done.actor.');
      const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const settled = options.controlled?.settle(
        id,
        done
          ? { output: (step.event as { output?: unknown }).output }
          : { error: (step.event as { error?: unknown }).error ?? new Error('failed') },
      );
      if (!settled) throw new Error(`No pending call of actor "${id}" to settle`);
    } else {
      actor.send(step.event);
    }
    await flushPromises();
    const actual = actor.getSnapshot();
    options.recorder?.visit(actual);
    if (stateKey(actual) !== stateKey(step.state)) {
      throw new Error(
        `After ${stepLabel(step.event)} expected ${stateKey(step.state)} but the actor is in ${stateKey(actual)}`,
      );
    }
    options.check?.(actual, step.state);
  }
  return actor;
}
