// One model per machine: the sample events, state serialization and bounds that generate its
// paths with xstate/graph. The machine's tests (on live actors and on rendered pages), the path
// catalogue (`npm run paths`) and the browser replay (`npm run replay`) all take paths from here,
// so QA, developers and the test suite walk the very same paths.
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { modelPaths, type ModelPath, type Samples } from '../support/model.ts';

export interface MachineModel {
  /** The machine definition (or the definition with test-only providers, e.g. a quiet listener). */
  machine: AnyStateMachine;
  /** Promise actors a replay settles itself, by invoke id (= src name in our machines). */
  actors: string[];
  /** Sample events by type; a type without samples is sent as `{ type }`. */
  samples: Samples;
  /** How two snapshots are told apart; default: state value + JSON of context. */
  serialize?: (s: AnyMachineSnapshot) => string;
  /** The part of the context a replay must match (default: all of it). */
  observe?: (context: never) => unknown;
  /** Paths longer than this are left out (default 8). */
  maxSteps?: number;
  /** Machine input. */
  input?: unknown;
  /** Event types never generated (e.g. ones only a child sends). */
  skip?: string[];
  /** Also every simple path (acyclic), capped at `limit`. */
  simple?: boolean;
  limit?: number;
  /** What a person sees in a state, by state node id ("loginDialog.open.email"); the catalogue shows it. */
  sees?: Record<string, string>;
  /** Only the paths this keeps (e.g. steps a person can take on the page); applied after maxSteps. */
  keep?: (path: ModelPath) => boolean;
  /** Names this walk in test titles when a machine is walked more than once ("on demand"). */
  label?: string;
  /** Further walks of the same machine (another input, other samples), each with its own paths. */
  variants?: MachineModel[];
  /** The walk the rendered page replays, when it differs from this one (only what a person can do there). */
  page?: MachineModel;
}

export const DEFAULT_MAX_STEPS = 8;

/** The model's paths: shortest paths to every distinct state plus one step on from each, bounded. */
export function pathsOf(model: MachineModel, machine: AnyStateMachine = model.machine): ModelPath[] {
  return modelPaths(machine, {
    samples: model.samples,
    ...(model.serialize ? { serializeState: model.serialize } : {}),
    ...(model.input !== undefined ? { input: model.input } : {}),
    ...(model.skip ? { skip: model.skip } : {}),
    ...(model.simple ? { simple: true } : {}),
    ...(model.limit ? { limit: model.limit } : {}),
  }).filter((p) => p.steps.length <= (model.maxSteps ?? DEFAULT_MAX_STEPS) && (model.keep?.(p) ?? true));
}
