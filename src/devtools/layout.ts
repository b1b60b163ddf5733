// Lays a machine's statechart out with ELK (layered, children included), once per machine definition.
// elk.bundled.js runs on the main thread here (no worker URL): statecharts are small, and it works the
// same in the browser and in jsdom.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { AnyStateMachine } from 'xstate';
import {
  buildStatechartGraph,
  estimateWidth,
  METRICS,
  type EdgeInfo,
  type Measure,
  type StateInfo,
} from './graph.ts';

export interface LaidState {
  info: StateInfo;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where ELK drew an edge: its points in order and its label's box and lines. */
export interface EdgeGeometry {
  points: ElkPoint[];
  label: { x: number; y: number; width: number; height: number; lines: string[] } | null;
}

/** The geometry of an edge ELK laid out (its sections joined, its first label). */
export function edgeGeometry(laid: ElkExtendedEdge): EdgeGeometry {
  const points: ElkPoint[] = [];
  for (const section of laid.sections ?? [])
    points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
  const label = laid.labels?.[0];
  return {
    points,
    label: label
      ? {
          x: label.x ?? 0,
          y: label.y ?? 0,
          width: label.width ?? 0,
          height: label.height ?? 0,
          lines: (label.text ?? '').split('\n'),
        }
      : null,
  };
}

export interface LaidEdge extends EdgeGeometry {
  info: EdgeInfo;
}

export interface StatechartLayout {
  width: number;
  height: number;
  /** Outer boxes first, so inner ones paint on top. */
  states: LaidState[];
  edges: LaidEdge[];
}

let elk: InstanceType<typeof ELK> | null = null;
/** Per machine definition, per set of collapsed states. */
const cache = new WeakMap<object, Map<string, Promise<StatechartLayout>>>();

/** ELK, created on first use (shared with the actor map). */
export function elkInstance(): InstanceType<typeof ELK> {
  elk ??= new ELK();
  return elk;
}

const FONT_FALLBACK = { sans: 'system-ui, sans-serif', mono: 'ui-monospace, monospace' };

/** Text widths from a canvas in a browser; an estimate where there is none (jsdom). */
export function createMeasure(): Measure {
  if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return estimateWidth;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return estimateWidth;
  const style = getComputedStyle(document.documentElement);
  const sans = style.getPropertyValue('--font-sans').trim() || FONT_FALLBACK.sans;
  const mono = style.getPropertyValue('--font-mono').trim() || FONT_FALLBACK.mono;
  const fonts = {
    name: `600 ${METRICS.nameSize}px ${sans}`,
    small: `${METRICS.smallSize}px ${mono}`,
  };
  return (text, font) => {
    context.font = fonts[font];
    return context.measureText(text).width;
  };
}

function collect(node: ElkNode, states: Map<string, StateInfo>, out: LaidState[]): void {
  const info = states.get(node.id);
  if (info) {
    out.push({ info, x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
  }
  for (const child of node.children ?? []) collect(child, states, out);
}

/**
 * The laid-out statechart of a machine with the states in `collapsed` drawn as single boxes (and the
 * transitions' guards named or not); computed
 * once per definition and set of collapsed states, and shared by its actors.
 */
export function layoutMachine(
  machine: AnyStateMachine,
  collapsed: ReadonlySet<string> = new Set(),
  guards = true,
): Promise<StatechartLayout> {
  const key = `${guards ? 'guards' : 'events'}\n${[...collapsed].sort().join('\n')}`;
  let layouts = cache.get(machine.root);
  if (!layouts) {
    layouts = new Map();
    cache.set(machine.root, layouts);
  }
  const cached = layouts.get(key);
  if (cached) return cached;
  const graph = buildStatechartGraph(machine.root, createMeasure(), collapsed, guards);
  const result = elkInstance()
    .layout(graph.elk)
    .then((laid): StatechartLayout => {
      const states: LaidState[] = [];
      collect(laid, graph.states, states);
      states.sort((a, b) => a.info.depth - b.info.depth);
      const byId = new Map(graph.edges.map((edge) => [edge.id, edge]));
      const edges: LaidEdge[] = [];
      for (const edge of laid.edges ?? []) {
        const info = byId.get(edge.id);
        if (!info) continue;
        edges.push({ info, ...edgeGeometry(edge) });
      }
      return { width: laid.width ?? 0, height: laid.height ?? 0, states, edges };
    });
  layouts.set(key, result);
  result.catch(() => layouts.delete(key));
  return result;
}
