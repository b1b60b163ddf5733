// The statechart of a machine as an ELK graph: one node per state node (compound states hold their
// children), a small initial marker per compound state, and one edge per source/target pair labelled
// with the events that take it (guards in brackets, `after` delays by name). Pure: no DOM, no ELK.
import type { AnyStateNode } from 'xstate';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';

/** What a state box shows besides its key. */
export interface StateInfo {
  id: string;
  key: string;
  /** `machine` for the root node. */
  kind: 'machine' | 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'initial';
  /** Children of a parallel state are regions (drawn dashed). */
  region: boolean;
  depth: number;
  /** Lines under the name: invoked actors, tags, events handled without leaving the state. */
  lines: string[];
  description: string | null;
  /** The dotted path from the root, e.g. `open.login` (empty for the root). */
  path: string;
}

export interface EdgeInfo {
  id: string;
  source: string;
  target: string;
  /** One line per transition that takes this edge, e.g. `dialog.open [loginRequested]`. */
  lines: string[];
  /** The event types on this edge (to highlight the ones the current state accepts). */
  events: string[];
  initial: boolean;
}

export interface StatechartGraph {
  elk: ElkNode;
  states: Map<string, StateInfo>;
  edges: EdgeInfo[];
}

export type Measure = (text: string, font: 'name' | 'small') => number;

/** Font metrics the layout reserves room for; the SVG uses the same sizes (devtools.css). */
export const METRICS = {
  nameSize: 13,
  smallSize: 11,
  header: 26,
  line: 15,
  padX: 12,
  initial: 12,
  labelLine: 14,
} as const;

/** Rough widths for environments without canvas (jsdom); the browser measures with a canvas. */
export const estimateWidth: Measure = (text, font) =>
  text.length * (font === 'name' ? METRICS.nameSize * 0.6 : METRICS.smallSize * 0.62);

const INTERNAL_PREFIX = 'xstate.';

/** A readable name for a transition's event: `onDone emailLogin`, `after menuCloseDelay`, `always`. */
export function eventLabel(eventType: string, delay?: string | number): string {
  if (delay !== undefined) return typeof delay === 'number' ? `after ${delay} ms` : `after ${delay}`;
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1] === 'done' ? 'onDone' : 'onError'} ${actor[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  if (eventType.startsWith('xstate.snapshot.'))
    return `onSnapshot ${eventType.slice('xstate.snapshot.'.length)}`;
  return eventType;
}

type GuardLike = string | { type?: string } | ((...args: never[]) => unknown) | undefined;

/** The guard's name as written in the machine (`loginInvalid`, `!busy`, `a && b`), or `inline`. */
export function guardLabel(guard: unknown): string | null {
  const g = guard as GuardLike;
  if (g === undefined || g === null) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const composite = g as unknown as { guards?: unknown[]; check?: unknown };
    if (Array.isArray(composite.guards)) {
      const parts = composite.guards.map((inner) => guardLabel(inner) ?? 'inline');
      if (g.name === 'not') return `!${parts[0] ?? ''}`;
      if (g.name === 'and') return parts.join(' && ');
      if (g.name === 'or') return parts.join(' || ');
    }
    if (typeof (composite as { stateValue?: unknown }).stateValue !== 'undefined') return 'stateIn';
    return g.name && g.name !== 'guard' ? g.name : 'inline';
  }
  return typeof g.type === 'string' ? g.type : 'inline';
}

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  reenter?: boolean;
  delay?: string | number;
}

function transitionsOf(node: AnyStateNode): TransitionLike[] {
  const all: TransitionLike[] = [];
  for (const list of (node.transitions as Map<string, TransitionLike[]>).values()) all.push(...list);
  for (const t of (node.always ?? []) as TransitionLike[]) all.push({ ...t, eventType: '' });
  return all;
}

function kindOf(node: AnyStateNode): StateInfo['kind'] {
  if (!node.parent) return 'machine';
  return node.type as StateInfo['kind'];
}

/**
 * Builds the ELK graph of a machine's state node tree. `measure` gives the text widths so boxes fit
 * their labels; coordinates come back absolute (json.shapeCoords / edgeCoords ROOT).
 */
export function buildStatechartGraph(root: AnyStateNode, measure: Measure = estimateWidth): StatechartGraph {
  const states = new Map<string, StateInfo>();
  const edges: EdgeInfo[] = [];
  const edgeIndex = new Map<string, EdgeInfo>();

  const addEdge = (source: string, target: string, line: string, event: string | null, initial = false) => {
    const key = `${source}→${target}`;
    const existing = initial ? undefined : edgeIndex.get(key);
    if (existing) {
      if (!existing.lines.includes(line)) existing.lines.push(line);
      if (event && !existing.events.includes(event)) existing.events.push(event);
      return;
    }
    const edge: EdgeInfo = {
      id: `edge-${edges.length}`,
      source,
      target,
      lines: [line],
      events: event ? [event] : [],
      initial,
    };
    edges.push(edge);
    if (!initial) edgeIndex.set(key, edge);
  };

  const visit = (node: AnyStateNode, depth: number): ElkNode => {
    const kind = kindOf(node);
    const children = Object.values(node.states) as AnyStateNode[];
    const lines: string[] = [];
    for (const invoke of node.invoke) lines.push(`invoke ${String(invoke.src)}`);
    if (node.tags.length) lines.push(`tags ${node.tags.join(', ')}`);
    const selfEvents: string[] = [];
    for (const t of transitionsOf(node)) {
      const label = eventLabel(t.eventType, t.delay);
      const guard = guardLabel(t.guard);
      const line = guard ? `${label} [${guard}]` : label;
      const targets = t.target ?? [];
      if (targets.length === 0) {
        if (!selfEvents.includes(line)) selfEvents.push(line);
        continue;
      }
      for (const target of targets)
        addEdge(node.id, target.id, line, t.eventType.startsWith(INTERNAL_PREFIX) ? null : t.eventType);
    }
    for (const line of selfEvents) lines.push(`↻ ${line}`);

    const name =
      kind === 'history' ? (node.history === 'deep' ? 'H*' : 'H') : kind === 'machine' ? node.id : node.key;
    states.set(node.id, {
      id: node.id,
      key: name,
      kind,
      region: node.parent?.type === 'parallel',
      depth,
      lines,
      description: node.description ?? null,
      path: node.path.join('.'),
    });

    const textWidth = Math.max(measure(name, 'name'), ...lines.map((line) => measure(line, 'small')));
    const width = Math.ceil(textWidth + METRICS.padX * 2);
    const headerHeight = METRICS.header + lines.length * METRICS.line;

    if (kind === 'history') {
      return { id: node.id, width: 30, height: 30 };
    }
    if (children.length === 0) {
      return { id: node.id, width: Math.max(width, 72), height: headerHeight + (lines.length ? 6 : 8) };
    }

    const elkChildren: ElkNode[] = [];
    const initialTargets = node.type === 'compound' ? (node.initial?.target ?? []) : [];
    if (initialTargets.length) {
      const markerId = `${node.id}:initial`;
      elkChildren.push({ id: markerId, width: METRICS.initial, height: METRICS.initial });
      states.set(markerId, {
        id: markerId,
        key: '',
        kind: 'initial',
        region: false,
        depth: depth + 1,
        lines: [],
        description: null,
        path: '',
      });
      for (const target of initialTargets) addEdge(markerId, target.id, '', null, true);
    }
    for (const child of children) elkChildren.push(visit(child, depth + 1));
    return {
      id: node.id,
      children: elkChildren,
      layoutOptions: {
        'elk.padding': `[top=${headerHeight + 10},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
        'elk.nodeSize.minimum': `(${Math.max(width, 72)},${headerHeight + 20})`,
      },
    };
  };

  const top = visit(root, 0);
  const elkEdges: ElkExtendedEdge[] = edges.map((edge) => {
    const lines = edge.lines.filter(Boolean);
    const width = Math.max(0, ...lines.map((line) => measure(line, 'small')));
    return {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: lines.length
        ? [
            {
              id: `${edge.id}-label`,
              text: lines.join('\n'),
              width: Math.ceil(width) + 8,
              height: lines.length * METRICS.labelLine + 4,
            },
          ]
        : [],
    };
  });

  const elk: ElkNode = {
    id: 'statechart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '22',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '14',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [top],
    edges: elkEdges,
  };
  return { elk, states, edges };
}
