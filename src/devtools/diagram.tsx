// The statechart as SVG: nested rounded boxes for states, a dot for each initial state, orthogonal
// edges labelled with their events. Active states are filled and marked aria-current; edges leaving
// an active state (the ones the actor can take now) are drawn strong, the others faint. Compound states
// collapse to one box (the toggle in their header, or "Collapse all"); a large chart opens with those
// below the top level collapsed, except the ones holding the active state.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import { collapsibleIds, defaultCollapsed, isLargeChart, METRICS } from './graph.ts';
import { layoutMachine, type LaidEdge, type LaidState, type StatechartLayout } from './layout.ts';

type Zoom = 'fit' | number;
const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];
const stepAbove = (scale: number) => ZOOM_STEPS.find((step) => step > scale + 0.01) ?? 2;
const stepBelow = (scale: number) => [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.01) ?? 0.25;

/** The layout with these states collapsed; the previous one stays on screen while the next is made. */
function useLayout(
  machine: AnyStateMachine,
  collapsed: ReadonlySet<string>,
  guards: boolean,
): { layout: StatechartLayout | null; error: string | null } {
  const [state, setState] = useState<{
    machine: AnyStateMachine | null;
    layout: StatechartLayout | null;
    error: string | null;
  }>({
    machine: null,
    layout: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    layoutMachine(machine, collapsed, guards).then(
      (layout) => current && setState({ machine, layout, error: null }),
      (error: unknown) => current && setState({ machine, layout: null, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [machine, collapsed, guards]);
  return state.machine === machine ? state : { layout: null, error: null };
}

/** The size of the scroll area, so "Fit" can fit the whole chart (width and height). */
function useBoxSize(element: HTMLElement | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(element);
      const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

function pathOf(points: LaidEdge['points']): string {
  if (points.length === 0) return '';
  const radius = 6;
  const [first, ...rest] = points;
  let d = `M${first!.x},${first!.y}`;
  for (let i = 0; i < rest.length; i++) {
    const point = rest[i]!;
    const prev = points[i]!;
    const next = rest[i + 1];
    if (!next) {
      d += ` L${point.x},${point.y}`;
      break;
    }
    // round each bend: stop short of the corner, curve through it
    const inLength = Math.hypot(point.x - prev.x, point.y - prev.y);
    const outLength = Math.hypot(next.x - point.x, next.y - point.y);
    const r = Math.min(radius, inLength / 2, outLength / 2);
    const before = {
      x: point.x - ((point.x - prev.x) / (inLength || 1)) * r,
      y: point.y - ((point.y - prev.y) / (inLength || 1)) * r,
    };
    const after = {
      x: point.x + ((next.x - point.x) / (outLength || 1)) * r,
      y: point.y + ((next.y - point.y) / (outLength || 1)) * r,
    };
    d += ` L${before.x},${before.y} Q${point.x},${point.y} ${after.x},${after.y}`;
  }
  return d;
}

function StateBox({ state, active }: { state: LaidState; active: boolean }) {
  const { info, x, y, width, height } = state;
  const className = [
    'fruit-devtools-state',
    `fruit-devtools-state--${info.kind}`,
    info.region ? 'fruit-devtools-state--region' : '',
    info.hidden ? 'fruit-devtools-state--collapsed' : '',
    active ? 'fruit-devtools-state--active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (info.kind === 'initial') {
    return (
      <circle
        className="fruit-devtools-initial"
        cx={x + width / 2}
        cy={y + height / 2}
        r={width / 2}
        aria-hidden="true"
      />
    );
  }
  const name = info.kind === 'machine' ? info.key : info.path;
  const title = [
    `${name}${active ? ' — active' : ''}`,
    info.hidden ? `collapsed: ${info.hidden} state${info.hidden === 1 ? '' : 's'} inside` : '',
    info.description ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  const common = {
    className,
    role: 'img',
    'aria-label': info.kind === 'machine' ? `machine ${info.key}` : `state ${info.path}`,
    'aria-current': active ? ('true' as const) : undefined,
    'data-fruit-devtools-state': info.kind === 'machine' ? '' : info.path,
  };
  if (info.kind === 'history') {
    return (
      <g {...common}>
        <title>{title}</title>
        <circle cx={x + width / 2} cy={y + height / 2} r={width / 2} />
        <text
          x={x + width / 2}
          y={y + height / 2 + 4}
          textAnchor="middle"
          className="fruit-devtools-state-name"
        >
          {info.key}
        </text>
      </g>
    );
  }
  return (
    <g {...common}>
      <title>{title}</title>
      {info.hidden > 0 && (
        // a collapsed state: a second box behind it, as a stack
        <rect
          className="fruit-devtools-state-stack"
          x={x + 4}
          y={y + 4}
          width={width}
          height={height}
          rx={9}
        />
      )}
      <rect x={x} y={y} width={width} height={height} rx={info.kind === 'machine' ? 12 : 9} />
      {info.kind === 'final' && (
        <rect
          className="fruit-devtools-state-inner"
          x={x + 3}
          y={y + 3}
          width={width - 6}
          height={height - 6}
          rx={7}
        />
      )}
      <text x={x + METRICS.padX} y={y + 18} className="fruit-devtools-state-name">
        {info.key}
      </text>
      {info.lines.map((line, i) => (
        <text
          key={i}
          x={x + METRICS.padX}
          y={y + METRICS.header + 8 + i * METRICS.line}
          className="fruit-devtools-state-line"
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/** The button in a compound state's header that collapses or expands it. */
function CollapseToggle({
  state,
  collapsed,
  onToggle,
}: {
  state: LaidState;
  collapsed: boolean;
  onToggle: (id: string) => void;
}) {
  const size = 18;
  const x = state.x + state.width - size - 5;
  const y = state.y + 4;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle(state.info.id);
  };
  const cx = x + size / 2;
  const cy = y + size / 2;
  return (
    <g
      className="fruit-devtools-toggle"
      role="button"
      tabIndex={0}
      aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${state.info.path}`}
      aria-expanded={!collapsed}
      data-fruit-devtools-toggle={state.info.path}
      onClick={() => onToggle(state.info.id)}
      onKeyDown={onKeyDown}
    >
      <title>{collapsed ? `Expand ${state.info.key}` : `Collapse ${state.info.key}`}</title>
      <rect x={x} y={y} width={size} height={size} rx={4} />
      <path
        d={
          collapsed
            ? `M${cx - 2},${cy - 4.5} L${cx + 2.5},${cy} L${cx - 2},${cy + 4.5}`
            : `M${cx - 4.5},${cy - 2} L${cx},${cy + 2.5} L${cx + 4.5},${cy - 2}`
        }
      />
    </g>
  );
}

function Edge({ edge, enabled }: { edge: LaidEdge; enabled: boolean }) {
  const className = [
    'fruit-devtools-edge',
    edge.info.initial ? 'fruit-devtools-edge--initial' : '',
    enabled ? 'fruit-devtools-edge--enabled' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <g className={className} aria-hidden="true">
      <path
        d={pathOf(edge.points)}
        markerEnd={enabled ? 'url(#fruit-devtools-arrow-on)' : 'url(#fruit-devtools-arrow)'}
      />
      {edge.label && (
        <>
          <rect
            className="fruit-devtools-edge-label-bg"
            x={edge.label.x - 2}
            y={edge.label.y}
            width={edge.label.width + 4}
            height={edge.label.height}
            rx={4}
          />
          {edge.label.lines.map((line, i) => (
            <text
              key={i}
              className="fruit-devtools-edge-label"
              x={edge.label!.x + 2}
              y={edge.label!.y + 13 + i * METRICS.labelLine}
            >
              {line}
            </text>
          ))}
        </>
      )}
    </g>
  );
}

/** The laid-out diagram of `machine`, with `activeIds` (state node ids) highlighted. */
/** Below this, "Fit" is too small to read: the chart opens at 100% and follows the active state. */
const READABLE_FIT = 0.6;

/** The laid-out diagram of `machine`, with `activeIds` (state node ids) highlighted. */
export function Diagram({
  machine,
  activeIds,
  name,
}: {
  machine: AnyStateMachine;
  activeIds: ReadonlySet<string>;
  name: string;
}) {
  // the collapsed compound states: chosen when the chart opens, then by the person
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() =>
    defaultCollapsed(machine.root, activeIds),
  );
  const collapsible = useMemo(() => collapsibleIds(machine.root), [machine]);
  // a large chart names its transitions' events only, until the person asks for the guards
  const [guards, setGuards] = useState(() => !isLargeChart(machine.root));
  const { layout, error } = useLayout(machine, collapsed, guards);
  // null: not chosen yet; fit when the whole chart is readable, else 100%
  const [zoom, setZoom] = useState<Zoom | null>(null);
  const [canvas, setCanvas] = useState<HTMLDivElement | null>(null);
  const box = useBoxSize(canvas);
  const isEnabled = (edge: LaidEdge) => edge.info.from.some((id) => activeIds.has(id));
  const edges = useMemo(() => {
    if (!layout) return [];
    // enabled edges paint last, over the faint ones
    const on = (edge: LaidEdge) => edge.info.from.some((id) => activeIds.has(id)) || edge.info.initial;
    return [...layout.edges].sort((a, b) => Number(on(a)) - Number(on(b)));
  }, [layout, activeIds]);

  // "Fit" shows the whole chart in the visible area (never larger than 125%)
  const fitScale =
    layout && box && box.width > 0 && box.height > 0
      ? Math.min(1.25, box.width / layout.width, box.height / layout.height)
      : null;
  const mode: Zoom = zoom ?? (fitScale !== null && fitScale < READABLE_FIT ? 1 : 'fit');
  const scale = mode === 'fit' ? null : mode;
  const shown = scale ?? fitScale;

  // Zoomed in, keep the innermost active state in view as it changes.
  const focus = useMemo(() => {
    if (!layout) return null;
    const active = layout.states.filter((s) => activeIds.has(s.info.id));
    return active.sort((a, b) => b.info.depth - a.info.depth)[0] ?? null;
  }, [layout, activeIds]);
  useEffect(() => {
    if (!canvas || !focus || scale === null || typeof canvas.scrollTo !== 'function') return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    canvas.scrollTo({
      left: (focus.x + focus.width / 2) * scale - canvas.clientWidth / 2,
      top: (focus.y + focus.height / 2) * scale - canvas.clientHeight / 2,
      behavior: reduce ? 'auto' : 'smooth',
    });
  }, [canvas, focus, scale]);

  if (error) return <p className="fruit-devtools-error">The layout failed: {error}</p>;
  if (!layout) {
    return (
      <p className="fruit-devtools-muted" role="status">
        Laying out the statechart…
      </p>
    );
  }
  const stepIndex = ZOOM_STEPS.indexOf(scale ?? -1);
  // the zoom chosen so far stays as boxes open and close (no jump from "Fit" to 100%)
  const changeCollapsed = (next: ReadonlySet<string>) => {
    if (zoom === null) setZoom(mode);
    setCollapsed(next);
  };
  const toggle = (id: string) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    changeCollapsed(next);
  };
  const drawnIds = new Set(layout.states.map((state) => state.info.id));
  return (
    <div className="fruit-devtools-diagram">
      <div className="fruit-devtools-toolbar" role="toolbar" aria-label="Diagram tools">
        <button
          type="button"
          aria-label="Fit the whole chart"
          aria-pressed={mode === 'fit'}
          onClick={() => setZoom('fit')}
        >
          Fit
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          disabled={scale !== null && stepIndex === 0}
          onClick={() => setZoom(stepIndex > 0 ? (ZOOM_STEPS[stepIndex - 1] ?? 1) : stepBelow(shown ?? 1))}
        >
          −
        </button>
        <span className="fruit-devtools-zoom" aria-live="polite">
          {shown === null ? 'fit' : `${Math.round(shown * 100)}%`}
        </span>
        <button
          type="button"
          aria-label="Zoom in"
          disabled={scale !== null && stepIndex === ZOOM_STEPS.length - 1}
          onClick={() => setZoom(stepIndex >= 0 ? (ZOOM_STEPS[stepIndex + 1] ?? 2) : stepAbove(shown ?? 1))}
        >
          +
        </button>
        <span className="fruit-devtools-toolbar-gap" aria-hidden="true" />
        <button
          type="button"
          aria-label="Show the transitions’ guards"
          aria-pressed={guards}
          onClick={() => {
            if (zoom === null) setZoom(mode);
            setGuards(!guards);
          }}
        >
          Guards
        </button>
        {collapsible.length > 0 && (
          <>
            <button
              type="button"
              aria-label="Collapse all compound states"
              disabled={collapsible.every((id) => collapsed.has(id))}
              onClick={() => changeCollapsed(new Set(collapsible))}
            >
              Collapse all
            </button>
            <button
              type="button"
              aria-label="Expand all compound states"
              disabled={collapsed.size === 0}
              onClick={() => changeCollapsed(new Set())}
            >
              Expand all
            </button>
          </>
        )}
        <span className="fruit-devtools-legend" aria-hidden="true">
          <span className="fruit-devtools-legend-active" /> active
          <span className="fruit-devtools-legend-enabled" /> can be taken now
        </span>
      </div>
      <div
        ref={setCanvas}
        className="fruit-devtools-canvas"
        tabIndex={0}
        aria-label={`Statechart of ${name}, scrollable`}
        role="region"
      >
        <svg
          className="fruit-devtools-svg"
          role="group"
          aria-label={`Statechart of ${name}`}
          viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
          width={shown === null ? '100%' : Math.floor(layout.width * shown)}
          height={shown === null ? undefined : Math.floor(layout.height * shown)}
        >
          <defs>
            <marker
              id="fruit-devtools-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,1 L9,5 L0,9 z" className="fruit-devtools-arrowhead" />
            </marker>
            <marker
              id="fruit-devtools-arrow-on"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,1 L9,5 L0,9 z" className="fruit-devtools-arrowhead fruit-devtools-arrowhead--on" />
            </marker>
          </defs>
          {layout.states.map((state) => (
            <StateBox key={state.info.id} state={state} active={activeIds.has(state.info.id)} />
          ))}
          {edges.map((edge) => (
            <Edge key={edge.info.id} edge={edge} enabled={isEnabled(edge)} />
          ))}
          {layout.states
            .filter((state) => state.info.collapsible && drawnIds.has(state.info.id))
            .map((state) => (
              <CollapseToggle
                key={`toggle-${state.info.id}`}
                state={state}
                collapsed={collapsed.has(state.info.id)}
                onToggle={toggle}
              />
            ))}
        </svg>
      </div>
    </div>
  );
}
