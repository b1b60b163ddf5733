// The path catalogue: every machine's states and events, and for one machine its paths as
// numbered, readable steps (event, resulting state, what a person sees). Built from the real
// machine definitions and the models in this folder, so it is the list the tests replay.
// Used by `npm run paths` (scripts/paths.ts) and `npm run replay` (scripts/replay.ts).
import {
  __unsafe_getAllOwnEventDescriptors as eventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { getSimplePaths, type StatePath } from 'xstate/graph';
import { describePath, machineInventory, stepLabel, type ModelPath } from '../support/model.ts';
import { DEFAULT_MAX_STEPS, pathsOf, type MachineModel } from './types.ts';

export interface CatalogueStep {
  /** 0 is the start. */
  n: number;
  event: AnyEventObject;
  /** "menu.enter", "after menuCloseDelay", "done fetchOrders {…}". */
  label: string;
  /** The resulting state value, dotted ("open.closing"). */
  state: string;
  sees: string;
}

export interface CataloguePath {
  /** "3" for the paths the tests replay, "S3" for the simple paths. */
  id: string;
  kind: 'shortest' | 'one step on' | 'simple';
  description: string;
  steps: CatalogueStep[];
}

export interface MachineSummary {
  id: string;
  states: string[];
  /** Events a person or another actor sends. */
  events: string[];
  /** Timers and invoked actors' answers, which the machine gets by itself. */
  internal: string[];
}

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes),
];

const isInternal = (type: string) => type.startsWith('xstate.');

/** `after.menuCloseDelay` instead of the generated `xstate.after.menuCloseDelay.hoverMenu.open.closing`. */
const eventName = (type: string): string => {
  if (type.startsWith('xstate.after.')) return `after ${type.split('.')[2]}`;
  if (type.startsWith('xstate.done.actor.')) return `done ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.')) return `error ${type.slice('xstate.error.actor.'.length)}`;
  return type;
};

export function summarize(machine: AnyStateMachine): MachineSummary {
  const types = new Set<string>();
  for (const node of allNodes(machine.root))
    for (const type of (node.transitions as Map<string, unknown>).keys()) if (type !== '*') types.add(type);
  const all = [...types];
  return {
    id: machine.id,
    states: machineInventory(machine).states,
    events: all.filter((t) => !isInternal(t)).sort(),
    internal: [...new Set(all.filter(isInternal).map(eventName))].sort(),
  };
}

/** A state value as dotted paths: "open.closing", "form.(email.valid,password.empty)". */
export const dotted = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.(${dotted(v)})`))
        .join(',');

/** What a person sees: the `sees` text of each active leaf state, or of its nearest described ancestor. */
export function seesOf(model: MachineModel, snapshot: AnyMachineSnapshot): string {
  const sees = model.sees ?? {};
  const nodes = snapshot._nodes as AnyStateNode[];
  const leaves = nodes.filter((n) => n.type === 'atomic' || n.type === 'final');
  const texts: string[] = [];
  for (const leaf of leaves.length ? leaves : nodes) {
    let node: AnyStateNode | undefined = leaf;
    while (node && !sees[node.id]) node = node.parent;
    const text = node ? sees[node.id] : undefined;
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts.join('; ') || '—';
}

const stepsOf = (model: MachineModel, steps: ModelPath['steps']): CatalogueStep[] =>
  steps.map((s, n) => ({
    n,
    event: s.event,
    label: n === 0 ? 'start' : stepLabel(s.event),
    state: dotted(s.state.value),
    sees: seesOf(model, s.state),
  }));

/** The paths the tests replay (numbered from 1), then the simple paths (S1…), capped at `simpleLimit`. */
export function cataloguePaths(model: MachineModel, options: { simpleLimit?: number } = {}): CataloguePath[] {
  const paths: CataloguePath[] = pathsOf(model).map((p, i) => {
    const entry: CataloguePath = {
      id: String(i + 1),
      kind: p.kind,
      description: p.description,
      steps: stepsOf(model, p.steps),
    };
    sources.set(entry, p);
    return entry;
  });
  const limit = options.simpleLimit ?? 50;
  if (limit > 0) {
    const maxSteps = model.maxSteps ?? DEFAULT_MAX_STEPS;
    let simple: StatePath<AnyMachineSnapshot, AnyEventObject>[] = [];
    try {
      simple = getSimplePaths(model.machine, {
        ...(model.input !== undefined ? { input: model.input } : {}),
        ...traversalOf(model),
        // a bound on the states explored: big machines have more simple paths than anyone reads
        limit: SIMPLE_TRAVERSAL_LIMIT,
      } as never) as StatePath<AnyMachineSnapshot, AnyEventObject>[];
    } catch (error) {
      if (!String(error).includes('limit')) throw error;
      // too many to enumerate: the replayed paths above stand for the machine
    }
    const seen = new Set(paths.map((p) => p.description));
    let n = 0;
    for (const p of simple) {
      if (p.steps.length > maxSteps || n >= limit) continue;
      const description = describePath(p);
      if (seen.has(description)) continue;
      seen.add(description);
      n++;
      const entry: CataloguePath = {
        id: `S${n}`,
        kind: 'simple',
        description,
        steps: stepsOf(model, p.steps),
      };
      sources.set(entry, { description, kind: 'simple', steps: p.steps, state: p.state });
      paths.push(entry);
    }
  }
  return paths;
}

/** The same event samples and serialization the model's replays use. */
function traversalOf(model: MachineModel) {
  const skip = model.skip ?? [];
  return {
    // the events this snapshot's states accept (as modelPaths asks), with the model's samples
    events: (snapshot: AnyMachineSnapshot) =>
      (eventDescriptors(snapshot) as string[])
        .filter((type) => type !== '*' && !skip.includes(type))
        .flatMap((type) => model.samples[type] ?? [{ type }]),
    serializeState:
      model.serialize ??
      ((s: AnyMachineSnapshot) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`),
  };
}

/** States getSimplePaths may explore before the catalogue gives up on simple paths. */
export const SIMPLE_TRAVERSAL_LIMIT = 300;

const sources = new WeakMap<CataloguePath, ModelPath>();

/** The generated path (with its expected snapshots) behind a catalogue entry. */
export function modelPathOf(entry: CataloguePath): ModelPath {
  const path = sources.get(entry);
  if (!path) throw new Error(`Path ${entry.id} was not made by cataloguePaths`);
  return path;
}

/** Finds a path by its catalogue id ("3", "S2") or by a unique part of its description. */
export function findPath(paths: CataloguePath[], wanted: string): CataloguePath {
  const byId = paths.find((p) => p.id.toLowerCase() === wanted.toLowerCase());
  if (byId) return byId;
  const exact = paths.find((p) => p.description === wanted);
  if (exact) return exact;
  const matching = paths.filter((p) => p.description.includes(wanted));
  if (matching.length === 1) return matching[0]!;
  throw new Error(
    matching.length
      ? `"${wanted}" matches ${matching.length} paths (${matching.map((p) => p.id).join(', ')}); give its number`
      : `No path "${wanted}": run npm run paths -- <machine> for the list`,
  );
}

// ---------------------------------------------------------------------------------------------
// Markdown

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function machinesMarkdown(summaries: MachineSummary[]): string {
  const lines = [
    '# Machines',
    '',
    `${summaries.length} machines. \`npm run paths -- <machine>\` lists one machine's paths.`,
    '',
    '| machine | states | events | timers and answers |',
    '|---|---|---|---|',
    ...summaries.map(
      (s) =>
        `| ${s.id} | ${s.states.length}: ${cell(s.states.map((id) => id.slice(s.id.length + 1) || '(root)').join(', '))} | ${cell(s.events.join(', ') || '—')} | ${cell(s.internal.join(', ') || '—')} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export function pathsMarkdown(summary: MachineSummary, paths: CataloguePath[]): string {
  const replayed = paths.filter((p) => !p.id.startsWith('S'));
  const simple = paths.filter((p) => p.id.startsWith('S'));
  const out: string[] = [
    `# ${summary.id}`,
    '',
    `States (${summary.states.length}): ${summary.states.join(', ')}`,
    '',
    `Events: ${summary.events.join(', ') || '—'}`,
    '',
    `Timers and answers: ${summary.internal.join(', ') || '—'}`,
    '',
    `## Paths the tests replay (${replayed.length})`,
    '',
    'Shortest paths to every distinct state, then each taken one step on. Replay one in Chromium with',
    `\`npm run replay -- ${summary.id} <number>\`.`,
    '',
  ];
  const render = (p: CataloguePath) => {
    out.push(`### ${p.id}. ${p.description} (${p.kind})`, '');
    for (const s of p.steps) out.push(`${s.n}. ${s.label} → \`${s.state}\` — ${s.sees}`);
    out.push('');
  };
  replayed.forEach(render);
  if (simple.length) {
    out.push(
      `## Simple paths (${simple.length})`,
      '',
      'Acyclic paths from the start, the first ones up to the same length.',
      '',
    );
    simple.forEach(render);
  }
  return `${out.join('\n')}\n`;
}

/** JSON without functions or class instances (an Error becomes its message). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? { error: v.message } : v), 2);
}

export { eventName };
