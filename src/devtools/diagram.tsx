// The statechart as SVG: nested rounded boxes for states, a dot for each initial state, orthogonal
// edges labelled with their events. Active states are filled and marked aria-current; edges leaving
// an active state (the ones the actor can take now) are drawn strong, the others faint. Compound states
// collapse to one box (the toggle in their header, or "Collapse all"). "Fit" (and opening a chart) shows
// the whole chart at a readable scale when it can: it collapses the compound states that hold no active
// state, deepest first, until the chart fits at READABLE_SCALE, and asks the docked panel for the height
// it needs (onWantHeight); the toolbar says what it collapsed.
import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { collapsibleIds, defaultCollapsed, fitCandidates, isLargeChart } from './graph.ts';
import { layoutMachine, type LaidEdge, type StatechartLayout } from './layout.ts';
import { ArrowMarkers, CollapseToggle, Edge, StateBox } from './diagram-shapes.tsx';

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

/** An element's size inside its padding. */
export function contentSize(element: HTMLElement): { width: number; height: number } {
  const style = getComputedStyle(element);
  const px = (value: string) => parseFloat(value) || 0;
  return {
    width: element.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
    height: element.clientHeight - px(style.paddingTop) - px(style.paddingBottom),
  };
}

/** The size of the scroll area, so "Fit" can fit the whole chart (width and height). */
function useBoxSize(element: HTMLElement | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const { width, height } = contentSize(element);
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export const READABLE_SCALE = 0.7;
/** "Fit" never enlarges a small chart beyond this. */
const MAX_FIT = 1.25;

interface FitPlan {
  collapsed: Set<string>;
  /** The whole chart is readable once the panel has grown as far as it can. */
  readable: boolean;
}

type Room = { width: number; height: number };
const fitsAtReadable = (layout: StatechartLayout, room: Room) =>
  layout.width * READABLE_SCALE <= room.width + 0.5 && layout.height * READABLE_SCALE <= room.height + 0.5;

/**
 * What "Fit" shows: the whole chart with as little collapsed as lets it fit the docked `room` at
 * READABLE_SCALE. From every state open, it collapses the compound states that hold no active state,
 * deepest first (a collapsed state's inner ones open again, so expanding it shows all of it), until the
 * chart fits; when even that is not enough, everything it may collapse is collapsed, and the panel
 * grows towards `maxRoom` for it.
 */
async function planFit(
  machine: AnyStateMachine,
  activeIds: ReadonlySet<string>,
  guards: boolean,
  room: Room,
  maxRoom: Room,
): Promise<FitPlan> {
  let collapsed = new Set<string>();
  let layout = await layoutMachine(machine, collapsed, guards);
  for (const candidate of fitCandidates(machine.root, activeIds)) {
    if (fitsAtReadable(layout, room)) break;
    const inside = new Set(candidate.inside);
    collapsed = new Set([...collapsed].filter((id) => !inside.has(id)));
    collapsed.add(candidate.id);
    layout = await layoutMachine(machine, collapsed, guards);
  }
  return { collapsed, readable: fitsAtReadable(layout, maxRoom) };
}

/** The laid-out diagram of `machine`, with `activeIds` (state node ids) highlighted. */
export function Diagram({
  machine,
  activeIds,
  name,
  onWantHeight,
  panelRoom,
}: {
  machine: AnyStateMachine;
  activeIds: ReadonlySet<string>;
  name: string;
  /**
   * At "Fit", the height (px) the chart's scroll area needs inside its padding to show the chart at
   * READABLE_SCALE; null when it needs none. The docked panel grows for it (up to the window).
   */
  onWantHeight?: (height: number | null) => void;
  /** How much the docked panel has grown for the chart (px), and how much more it can (to the window). */
  panelRoom?: () => { grown: number; free: number };
}) {
  // the collapsed compound states: chosen by "Fit" (and when the chart opens), then by the person
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() =>
    defaultCollapsed(machine.root, activeIds),
  );
  const collapsible = useMemo(() => collapsibleIds(machine.root), [machine]);
  // a large chart names its transitions' events only, until the person asks for the guards
  const [guards, setGuards] = useState(() => !isLargeChart(machine.root));
  const { layout, error } = useLayout(machine, collapsed, guards);
  // null: not chosen yet (the chart opens as "Fit" plans it)
  const [zoom, setZoom] = useState<Zoom | null>(null);
  // a "Fit" to plan (the chart opening, or the button), and the states the last one collapsed
  const [fitting, setFitting] = useState<{ opening: boolean } | null>({ opening: true });
  const [fitCollapsed, setFitCollapsed] = useState<readonly string[]>([]);
  const [canvas, setCanvas] = useState<HTMLDivElement | null>(null);
  const box = useBoxSize(canvas);
  const edges = useMemo(() => {
    if (!layout) return [];
    // enabled edges paint last, over the faint ones
    const on = (edge: LaidEdge) => edge.info.from.some((id) => activeIds.has(id)) || edge.info.initial;
    return [...layout.edges].sort((a, b) => Number(on(a)) - Number(on(b)));
  }, [layout, activeIds]);

  // "Fit" shows the whole chart in the visible area (never larger than MAX_FIT)
  const fitScale =
    layout && box && box.width > 0 && box.height > 0
      ? Math.min(MAX_FIT, box.width / layout.width, box.height / layout.height)
      : null;
  const mode: Zoom = zoom ?? (fitScale !== null && fitScale < READABLE_SCALE ? 1 : 'fit');
  const scale = mode === 'fit' ? null : mode;
  const shown = scale ?? fitScale;

  // plan the "Fit": what to collapse, from the room the chart can have (the panel may grow)
  const hasBox = box !== null && box.width > 0 && box.height > 0;
  const activeKey = [...activeIds].sort().join('\n');
  useEffect(() => {
    if (!fitting || !hasBox || !box) return;
    let current = true;
    const { grown, free } = panelRoom?.() ?? { grown: 0, free: 0 };
    const room = { width: box.width, height: box.height - grown };
    const maxRoom = { width: box.width, height: box.height + free };
    planFit(machine, activeIds, guards, room, maxRoom).then(
      (plan) => {
        if (!current) return;
        setCollapsed(plan.collapsed);
        setFitCollapsed([...plan.collapsed]);
        // a chart unreadable even so opens at 100%, following its active state
        setZoom(fitting.opening && !plan.readable ? 1 : 'fit');
        setFitting(null);
      },
      () => current && setFitting(null),
    );
    return () => {
      current = false;
    };
    // the room and the active states are read when the plan starts (the box's size starts it once known)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitting, hasBox, machine, activeKey, guards]);

  // the active state moved into a state "Fit" collapsed: fit again, so it stays in sight
  useEffect(() => {
    if (mode === 'fit' && !fitting && fitCollapsed.some((id) => collapsed.has(id) && activeIds.has(id))) {
      setFitting({ opening: false });
    }
  }, [activeIds, mode, fitting, fitCollapsed, collapsed]);

  // at "Fit", the height the chart needs to be readable (when its width allows it)
  useWantedHeight(layout, box, mode === 'fit' && !fitting, onWantHeight);

  // Zoomed in, keep the innermost active state in view as it changes.
  useKeepActiveInView(canvas, layout, activeIds, scale);

  if (error) return <p className="fruit-devtools-error">The layout failed: {error}</p>;
  if (!layout) {
    return (
      <p className="fruit-devtools-muted" role="status">
        Laying out the statechart…
      </p>
    );
  }
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
  const drawn = new Map(layout.states.map((state) => [state.info.id, state.info]));
  // the states the last "Fit" collapsed that are still collapsed
  const fitNote = mode === 'fit' ? fitCollapsed.filter((id) => collapsed.has(id)) : [];
  return (
    <div className="fruit-devtools-diagram">
      <DiagramToolbar
        mode={mode}
        scale={scale}
        shown={shown}
        guards={guards}
        collapsible={collapsible}
        collapsed={collapsed}
        fitNote={fitNote.map((id) => drawn.get(id)?.path ?? id)}
        onFit={() => {
          setZoom('fit');
          setFitting({ opening: false });
        }}
        onZoom={setZoom}
        onGuards={() => {
          if (zoom === null) setZoom(mode);
          setGuards(!guards);
        }}
        onCollapse={changeCollapsed}
      />
      <ChartCanvas
        name={name}
        layout={layout}
        edges={edges}
        activeIds={activeIds}
        collapsed={collapsed}
        shown={shown}
        pending={Boolean(fitting?.opening && hasBox)}
        onCanvas={setCanvas}
        onToggle={toggle}
      />
    </div>
  );
}

/** The diagram's tools: Fit, zoom out and in, guards, collapse and expand all, and what "Fit" collapsed. */
function DiagramToolbar({
  mode,
  scale,
  shown,
  guards,
  collapsible,
  collapsed,
  fitNote,
  onFit,
  onZoom,
  onGuards,
  onCollapse,
}: {
  mode: Zoom;
  scale: number | null;
  shown: number | null;
  guards: boolean;
  collapsible: readonly string[];
  collapsed: ReadonlySet<string>;
  /** The paths of the states the last "Fit" collapsed that are still collapsed. */
  fitNote: readonly string[];
  onFit: () => void;
  onZoom: (zoom: Zoom) => void;
  onGuards: () => void;
  onCollapse: (next: ReadonlySet<string>) => void;
}) {
  const stepIndex = ZOOM_STEPS.indexOf(scale ?? -1);
  return (
    <div className="fruit-devtools-toolbar" role="toolbar" aria-label="Diagram tools">
      <button type="button" aria-label="Fit the whole chart" aria-pressed={mode === 'fit'} onClick={onFit}>
        Fit
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        disabled={scale !== null && stepIndex === 0}
        onClick={() => onZoom(stepIndex > 0 ? (ZOOM_STEPS[stepIndex - 1] ?? 1) : stepBelow(shown ?? 1))}
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
        onClick={() => onZoom(stepIndex >= 0 ? (ZOOM_STEPS[stepIndex + 1] ?? 2) : stepAbove(shown ?? 1))}
      >
        +
      </button>
      <span className="fruit-devtools-toolbar-gap" aria-hidden="true" />
      <button
        type="button"
        aria-label="Show the transitions’ guards"
        aria-pressed={guards}
        onClick={onGuards}
      >
        Guards
      </button>
      {collapsible.length > 0 && (
        <>
          <button
            type="button"
            aria-label="Collapse all compound states"
            disabled={collapsible.every((id) => collapsed.has(id))}
            onClick={() => onCollapse(new Set(collapsible))}
          >
            Collapse all
          </button>
          <button
            type="button"
            aria-label="Expand all compound states"
            disabled={collapsed.size === 0}
            onClick={() => onCollapse(new Set())}
          >
            Expand all
          </button>
        </>
      )}
      {fitNote.length > 0 && (
        <span className="fruit-devtools-fit-note" role="status" title={fitNote.join(', ')}>
          {fitNote.length === 1
            ? `${fitNote[0]} collapsed to fit`
            : `${fitNote.length} states collapsed to fit`}
        </span>
      )}
      <span className="fruit-devtools-legend" aria-hidden="true">
        <span className="fruit-devtools-legend-active" /> active
        <span className="fruit-devtools-legend-enabled" /> can be taken now
      </span>
    </div>
  );
}

/** Zoomed in, keeps the innermost active state in view as it changes (smoothly, unless motion is reduced). */
function useKeepActiveInView(
  canvas: HTMLDivElement | null,
  layout: ReturnType<typeof useLayout>['layout'],
  activeIds: ReadonlySet<string>,
  scale: number | null,
): void {
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
}

/** The scrollable chart: its states, transitions (the enabled ones over the faint) and collapse toggles. */
function ChartCanvas({
  name,
  layout,
  edges,
  activeIds,
  collapsed,
  shown,
  pending,
  onCanvas,
  onToggle,
}: {
  name: string;
  layout: NonNullable<ReturnType<typeof useLayout>['layout']>;
  edges: readonly LaidEdge[];
  activeIds: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  /** The scale drawn; null: fitted to the width. */
  shown: number | null;
  /** The chart opens: hidden until "Fit" has planned it. */
  pending: boolean;
  onCanvas: (element: HTMLDivElement | null) => void;
  onToggle: (id: string) => void;
}) {
  return (
    <div
      ref={onCanvas}
      className="fruit-devtools-canvas"
      tabIndex={0}
      aria-label={`Statechart of ${name}, scrollable`}
      role="region"
    >
      <svg
        className={`fruit-devtools-svg${pending ? ' fruit-devtools-svg--pending' : ''}`}
        role="group"
        aria-label={`Statechart of ${name}`}
        viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
        width={shown === null ? '100%' : Math.floor(layout.width * shown)}
        height={shown === null ? undefined : Math.floor(layout.height * shown)}
      >
        <ArrowMarkers />
        {layout.states.map((state) => (
          <StateBox key={state.info.id} state={state} active={activeIds.has(state.info.id)} />
        ))}
        {edges.map((edge) => (
          <Edge key={edge.info.id} edge={edge} enabled={edge.info.from.some((id) => activeIds.has(id))} />
        ))}
        {layout.states
          .filter((state) => state.info.collapsible)
          .map((state) => (
            <CollapseToggle
              key={`toggle-${state.info.id}`}
              state={state}
              collapsed={collapsed.has(state.info.id)}
              onToggle={onToggle}
            />
          ))}
      </svg>
    </div>
  );
}

/** Tells the panel the height the chart needs at "Fit" to be readable (null when it needs none, and on leaving). */
function useWantedHeight(
  layout: ReturnType<typeof useLayout>['layout'],
  box: ReturnType<typeof useBoxSize>,
  atFit: boolean,
  onWantHeight: ((height: number | null) => void) | undefined,
): void {
  const wantHeight =
    layout && box && box.width > 0 && layout.width * READABLE_SCALE <= box.width + 0.5
      ? Math.ceil(layout.height * READABLE_SCALE)
      : null;
  useEffect(() => {
    if (atFit) onWantHeight?.(wantHeight);
  }, [atFit, wantHeight, onWantHeight]);
  useEffect(() => () => onWantHeight?.(null), [onWantHeight]);
}
