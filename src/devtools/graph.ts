// The statechart of a machine as an ELK graph: one node per state node (compound states hold their
// children), a small initial marker per compound state, and one edge per source/target pair labelled
// with the events that take it (guards in brackets, `after` delays by name). A collapsed compound state
// is one box: its children are left out and the transitions into and out of them start or end at the
// box. Pure: no DOM, no ELK.
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
  /** A compound or parallel state below the root: one that can be collapsed. */
  collapsible: boolean;
  /** Drawn as one box: the number of state nodes hidden inside, else 0. */
  hidden: number;
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
  /**
   * The state nodes whose transitions this edge draws: its source, or the states inside a collapsed
   * box it leaves (the edge can be taken now when one of them is active).
   */
  from: string[];
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
  /** Room for the collapse toggle after a compound state's name. */
  toggle: 26,
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
/** Every state node of a machine, the root first. */
export function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(root);
  return out;
}

/** Compound and parallel states below the root: the ones that can be collapsed. */
export function collapsibleIds(root: AnyStateNode): string[] {
  return allStateNodes(root)
    .filter((node) => node.parent && Object.keys(node.states).length > 0)
    .map((node) => node.id);
}

/** A chart with more state nodes than this starts with its inner compound states collapsed. */
export const LARGE_CHART = 12;

export const isLargeChart = (root: AnyStateNode): boolean => allStateNodes(root).length > LARGE_CHART;

/**
 * What a chart starts with collapsed: nothing for a small chart; for a large one, the outermost compound
 * states below the root that hold no active state (`activeIds`), so that expanding one shows all of it.
 */
export function defaultCollapsed(root: AnyStateNode, activeIds: ReadonlySet<string>): Set<string> {
  const collapsed = new Set<string>();
  if (!isLargeChart(root)) return collapsed;
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (Object.keys(child.states).length === 0) continue;
      if (activeIds.has(child.id)) walk(child);
      else collapsed.add(child.id);
    }
  };
  walk(root);
  return collapsed;
}

/**
 * The compound states "Fit" may collapse to make a chart readable, in the order it collapses them: the
 * ones holding no active state (`activeIds`), deepest first (so the outer structure stays), the larger
 * first at one depth. Each comes with the ids of the state nodes inside it.
 */
export function fitCandidates(
  root: AnyStateNode,
  activeIds: ReadonlySet<string>,
): { id: string; inside: string[] }[] {
  return allStateNodes(root)
    .filter((node) => node.parent && Object.keys(node.states).length > 0 && !activeIds.has(node.id))
    .map((node) => ({ node, inside: allStateNodes(node).slice(1) }))
    .sort((a, b) => b.node.path.length - a.node.path.length || b.inside.length - a.inside.length)
    .map(({ node, inside }) => ({ id: node.id, inside: inside.map((n) => n.id) }));
}

export function buildStatechartGraph(
  root: AnyStateNode,
  measure: Measure = estimateWidth,
  collapsed: ReadonlySet<string> = new Set(),
  /** Name each transition's guard (`event [guard]`); without, one line per event (a large chart). */
  guards = true,
): StatechartGraph {
  const lineOf = (t: TransitionLike) => {
    const label = eventLabel(t.eventType, t.delay);
    const guard = guards ? guardLabel(t.guard) : null;
    return guard ? `${label} [${guard}]` : label;
  };
  const states = new Map<string, StateInfo>();
  const { edges, addEdge } = edgeCollector();

  // where each state is drawn: itself, or the outermost collapsed state around it
  const shownAs = new Map<string, string>();
  const assign = (node: AnyStateNode, box: string | null) => {
    const own = box ?? node.id;
    shownAs.set(node.id, own);
    const inner = box ?? (node.parent && collapsed.has(node.id) ? node.id : null);
    for (const child of Object.values(node.states) as AnyStateNode[]) assign(child, inner);
  };
  assign(root, null);
  const drawn = (id: string) => shownAs.get(id) ?? id;

  // the transitions of a collapsed state's descendants, from its box (those staying inside are hidden)
  const hiddenTransitions = (box: AnyStateNode) => {
    for (const node of allStateNodes(box).slice(1)) {
      for (const t of transitionsOf(node)) {
        const line = lineOf(t);
        for (const target of t.target ?? []) {
          const to = drawn(target.id);
          if (to === box.id) continue;
          addEdge(
            box.id,
            to,
            line,
            t.eventType.startsWith(INTERNAL_PREFIX) ? null : t.eventType,
            false,
            node.id,
          );
        }
      }
    }
  };

  const visit = (node: AnyStateNode, depth: number): ElkNode => {
    const kind = kindOf(node);
    const isCollapsed = Boolean(node.parent) && collapsed.has(node.id) && Object.keys(node.states).length > 0;
    const children = isCollapsed ? [] : (Object.values(node.states) as AnyStateNode[]);
    const lines: string[] = [];
    for (const invoke of node.invoke) lines.push(`invoke ${String(invoke.src)}`);
    if (node.tags.length) lines.push(`tags ${node.tags.join(', ')}`);
    const selfEvents: string[] = [];
    for (const t of transitionsOf(node)) {
      const line = lineOf(t);
      const targets = (t.target ?? []).map((target) => drawn(target.id));
      if (targets.length === 0) {
        if (!selfEvents.includes(line)) selfEvents.push(line);
        continue;
      }
      for (const target of targets) {
        // a transition into a collapsed state's own children stays inside its box
        if (isCollapsed && target === node.id) continue;
        addEdge(node.id, target, line, t.eventType.startsWith(INTERNAL_PREFIX) ? null : t.eventType);
      }
    }
    for (const line of selfEvents) lines.push(`↻ ${line}`);
    const hidden = isCollapsed ? allStateNodes(node).length - 1 : 0;
    if (isCollapsed) {
      hiddenTransitions(node);
      // a collapsed box is small: its name and what it hides (the rest in its tooltip)
      lines.splice(0, lines.length, `▸ ${hidden} state${hidden === 1 ? '' : 's'} inside`);
    }

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
      collapsible: Boolean(node.parent) && Object.keys(node.states).length > 0,
      hidden,
    });

    // a collapsible state's header holds its toggle (METRICS.toggle) after the name
    const toggle = node.parent && Object.keys(node.states).length > 0 ? METRICS.toggle : 0;
    const textWidth = Math.max(
      measure(name, 'name') + toggle,
      ...lines.map((line) => measure(line, 'small')),
    );
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
        collapsible: false,
        hidden: 0,
      });
      for (const target of initialTargets) addEdge(markerId, drawn(target.id), '', null, true);
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

  const elk: ElkNode = {
    id: 'statechart',
    layoutOptions: CHART_LAYOUT,
    children: [top],
    edges: elkEdgesOf(edges, measure),
  };
  return { elk, states, edges };
}

/**
 * The chart's edges, one per drawn source and target: a second transition between the same boxes adds
 * its line, its event and where it starts to that edge (an initial marker's edge is always its own).
 */
function edgeCollector() {
  const edges: EdgeInfo[] = [];
  const edgeIndex = new Map<string, EdgeInfo>();
  const addEdge = (
    source: string,
    target: string,
    line: string,
    event: string | null,
    initial = false,
    from = source,
  ) => {
    const key = `${source}→${target}`;
    const existing = initial ? undefined : edgeIndex.get(key);
    if (existing) {
      if (!existing.lines.includes(line)) existing.lines.push(line);
      if (event && !existing.events.includes(event)) existing.events.push(event);
      if (!existing.from.includes(from)) existing.from.push(from);
      return;
    }
    const edge: EdgeInfo = {
      id: `edge-${edges.length}`,
      source,
      target,
      lines: [line],
      events: event ? [event] : [],
      initial,
      from: [from],
    };
    edges.push(edge);
    if (!initial) edgeIndex.set(key, edge);
  };
  return { edges, addEdge };
}

/** ELK's edges, each labelled with its lines (their measured size, so the layout leaves room). */
function elkEdgesOf(edges: readonly EdgeInfo[], measure: Measure): ElkExtendedEdge[] {
  return edges.map((edge) => {
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
}

/** How ELK lays out a chart: layered, top down, orthogonal edges, labels centred on them. */
const CHART_LAYOUT: Record<string, string> = {
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
};
