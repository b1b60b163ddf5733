// The statechart's shapes (diagram.tsx draws the chart with them): a state's rounded box with its name
// and tags, the toggle that collapses a compound state, an edge with its rounded bends and event label,
// and the arrowheads.
import type { KeyboardEvent } from 'react';
import { METRICS } from './graph.ts';
import type { LaidEdge, LaidState } from './layout.ts';

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

export function StateBox({ state, active }: { state: LaidState; active: boolean }) {
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
export function CollapseToggle({
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

export function Edge({ edge, enabled }: { edge: LaidEdge; enabled: boolean }) {
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

/**
 * The smallest scale at which the chart stays readable: state names (13 px) at 9 px and the edge and
 * state lines (11 px) at 8 px. "Fit" collapses states and the docked panel grows to reach it.
 */

/** The arrowheads of the transitions: one for any, one for those that can be taken now. */
export function ArrowMarkers() {
  return (
    <defs>
      <ArrowMarker id="fruit-devtools-arrow" className="fruit-devtools-arrowhead" />
      <ArrowMarker
        id="fruit-devtools-arrow-on"
        className="fruit-devtools-arrowhead fruit-devtools-arrowhead--on"
      />
    </defs>
  );
}

function ArrowMarker({ id, className }: { id: string; className: string }) {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth="7"
      markerHeight="7"
      orient="auto-start-reverse"
    >
      <path d="M0,1 L9,5 L0,9 z" className={className} />
    </marker>
  );
}
