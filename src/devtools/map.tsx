// The actor map (issue 17): the running long-lived actors by systemId, coloured by scope, and an arrow
// from each sender to each addressee labelled with the event types, solid when messages were seen,
// dashed when only declared. A node is a button: click or Enter shows that actor's statechart.
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import { useEffect, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import {
  buildActorMap,
  describeEdge,
  SCOPE_LABELS,
  type ActorMapModel,
  type MapEdge,
  type MapNode,
  type MapScope,
} from './actor-map.ts';
import type { InspectionCollector } from './collector.ts';
import { METRICS, type Measure } from './graph.ts';
import { createMeasure, edgeGeometry, elkInstance, type EdgeGeometry } from './layout.ts';

interface LaidNode {
  node: MapNode;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface LaidMapEdge extends EdgeGeometry {
  edge: MapEdge;
}

interface MapLayout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidMapEdge[];
}

/** Event types shown on an edge; the rest are counted ("+2 more") and named in its description. */
const LABEL_TYPES = 3;
const NODE_HEIGHT = 40;

function labelLines(edge: MapEdge): string[] {
  if (edge.types.length === 0) return ['(follows)'];
  const shown = edge.types.slice(0, LABEL_TYPES);
  const rest = edge.types.length - shown.length;
  return rest > 0 ? [...shown, `+${rest} more`] : shown;
}

function nodeSubtitle(node: MapNode): string {
  return node.machine ? `${SCOPE_LABELS[node.scope]} · ${node.machine}` : SCOPE_LABELS[node.scope];
}

function mapGraph(model: ActorMapModel, measure: Measure): ElkNode {
  const children: ElkNode[] = model.nodes.map((node) => ({
    id: node.id,
    width: Math.ceil(
      Math.max(measure(node.id, 'name'), measure(nodeSubtitle(node), 'small'), 48) + METRICS.padX * 2,
    ),
    height: NODE_HEIGHT,
  }));
  const edges: ElkExtendedEdge[] = model.edges.map((edge) => {
    const lines = labelLines(edge);
    return {
      id: edge.id,
      sources: [edge.from],
      targets: [edge.to],
      labels: [
        {
          id: `${edge.id}-label`,
          text: lines.join('\n'),
          width: Math.ceil(Math.max(...lines.map((line) => measure(line, 'small')))) + 8,
          height: lines.length * METRICS.labelLine + 4,
        },
      ],
    };
  });
  return {
    id: 'actor-map',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '14',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '12',
      'elk.spacing.componentComponent': '18',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      // the actors nobody has talked to yet are packed in rows, wider than tall (the docked panel)
      'elk.separateConnectedComponents': 'true',
      'elk.aspectRatio': '2.6',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children,
    edges,
  };
}

async function layoutMap(model: ActorMapModel): Promise<MapLayout> {
  const laid = await elkInstance().layout(mapGraph(model, createMeasure()));
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const edgesById = new Map(model.edges.map((edge) => [edge.id, edge]));
  const nodes: LaidNode[] = [];
  for (const child of laid.children ?? []) {
    const node = byId.get(child.id);
    if (node)
      nodes.push({
        node,
        x: child.x ?? 0,
        y: child.y ?? 0,
        width: child.width ?? 0,
        height: child.height ?? 0,
      });
  }
  const edges: LaidMapEdge[] = [];
  for (const laidEdge of laid.edges ?? []) {
    const edge = edgesById.get(laidEdge.id);
    if (!edge) continue;
    edges.push({ edge, ...edgeGeometry(laidEdge) });
  }
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges };
}

/** What decides the layout: the nodes and the edges with their labels (not the message counts). */
function shapeOf(model: ActorMapModel): string {
  return JSON.stringify([
    model.nodes.map((node) => [node.id, node.scope, node.machine]),
    model.edges.map((edge) => [edge.from, edge.to, labelLines(edge)]),
  ]);
}

function useMapLayout(model: ActorMapModel): { layout: MapLayout | null; error: string | null } {
  const shape = shapeOf(model);
  const [state, setState] = useState<{ shape: string; layout: MapLayout | null; error: string | null }>({
    shape: '',
    layout: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    layoutMap(model).then(
      (layout) => current && setState({ shape, layout, error: null }),
      (error: unknown) => current && setState({ shape, layout: null, error: String(error) }),
    );
    return () => {
      current = false;
    };
    // laid out again only when its shape changes; the model of that shape is the one drawn
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);
  return state;
}

function pathOf(points: readonly ElkPoint[]): string {
  return points.map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
}

function MapNodeBox({
  laid,
  selected,
  talks,
  onSelect,
}: {
  laid: LaidNode;
  selected: boolean;
  talks: boolean;
  onSelect: (sessionId: string) => void;
}) {
  const { node, x, y, width, height } = laid;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(node.sessionId);
  };
  return (
    <g
      className={[
        'fruit-devtools-map-node',
        `fruit-devtools-map-node--${node.scope}`,
        selected ? 'fruit-devtools-map-node--selected' : '',
        talks ? '' : 'fruit-devtools-map-node--quiet',
      ]
        .filter(Boolean)
        .join(' ')}
      role="button"
      tabIndex={0}
      aria-label={`${node.id}, ${SCOPE_LABELS[node.scope]} scope${node.machine ? `, machine ${node.machine}` : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-fruit-devtools-actor={node.id}
      onClick={() => onSelect(node.sessionId)}
      onKeyDown={onKeyDown}
    >
      <title>{`${node.id} (${nodeSubtitle(node)}): show its statechart`}</title>
      <rect x={x} y={y} width={width} height={height} rx={8} />
      <rect className="fruit-devtools-map-stripe" x={x} y={y + 6} width={4} height={height - 12} rx={2} />
      <text x={x + METRICS.padX} y={y + 17} className="fruit-devtools-map-name">
        {node.id}
      </text>
      <text x={x + METRICS.padX} y={y + 32} className="fruit-devtools-map-scope">
        {nodeSubtitle(node)}
      </text>
    </g>
  );
}

function MapEdgePath({ laid }: { laid: LaidMapEdge }) {
  const { edge, label } = laid;
  const kind = edge.declared ? (edge.observed ? 'both' : 'declared') : 'observed';
  const className = `fruit-devtools-map-edge fruit-devtools-map-edge--${kind}`;
  return (
    <g className={className} role="img" aria-label={describeEdge(edge)}>
      <title>{describeEdge(edge)}</title>
      <path d={pathOf(laid.points)} markerEnd={`url(#fruit-devtools-map-arrow-${kind})`} />
      {label && (
        <>
          <rect
            className="fruit-devtools-edge-label-bg"
            x={label.x - 2}
            y={label.y}
            width={label.width + 4}
            height={label.height}
            rx={4}
          />
          {label.lines.map((line, i) => (
            <text
              key={i}
              className="fruit-devtools-edge-label"
              x={label.x + 2}
              y={label.y + 13 + i * METRICS.labelLine}
            >
              {line}
            </text>
          ))}
        </>
      )}
    </g>
  );
}

const SCOPES_SHOWN: MapScope[] = ['root', 'app', 'signIn', 'member', 'page', 'other'];

/** What a view that picks one of the system's actors (the map, the panel's list) is given. */
export interface ActorPickerProps {
  collector: InspectionCollector;
  root: AnyActorRef;
  /** The selected actor's sessionId. */
  selected: string | null;
  onSelect: (sessionId: string) => void;
}

/** The actor map of the system that `collector` watches. */
export function ActorMap({ collector, root, selected, onSelect }: ActorPickerProps) {
  const version = useSyncExternalStore(collector.subscribe, collector.getVersion);
  const model = useMemo(() => {
    void version;
    return buildActorMap(collector.liveActors(), root, collector.messages());
  }, [collector, root, version]);
  const { layout, error } = useMapLayout(model);
  // the latest edges (labels and counts) over the layout of their shape
  const current = useMemo(
    () => new Map(model.edges.map((edge) => [`${edge.from}→${edge.to}`, edge])),
    [model],
  );
  const currentNodes = useMemo(() => new Map(model.nodes.map((node) => [node.id, node])), [model]);
  const talking = useMemo(() => {
    const ids = new Set<string>();
    for (const edge of model.edges) ids.add(edge.from).add(edge.to);
    return ids;
  }, [model]);
  const scopes = SCOPES_SHOWN.filter((scope) => model.nodes.some((node) => node.scope === scope));

  if (error) return <p className="fruit-devtools-error">The layout failed: {error}</p>;
  if (!layout) {
    return (
      <p className="fruit-devtools-muted" role="status">
        Laying out the actor map…
      </p>
    );
  }
  return (
    <div className="fruit-devtools-diagram fruit-devtools-map">
      <div className="fruit-devtools-toolbar fruit-devtools-map-legend" aria-hidden="true">
        {scopes.map((scope) => (
          <span key={scope} className={`fruit-devtools-map-key fruit-devtools-map-key--${scope}`}>
            {SCOPE_LABELS[scope]}
          </span>
        ))}
        <span className="fruit-devtools-legend">
          <span className="fruit-devtools-map-line fruit-devtools-map-line--both" /> declared, seen
          <span className="fruit-devtools-map-line fruit-devtools-map-line--observed" /> seen
          <span className="fruit-devtools-map-line fruit-devtools-map-line--declared" /> declared, not seen
          yet
        </span>
      </div>
      <div className="fruit-devtools-canvas" tabIndex={0} role="region" aria-label="Actor map, scrollable">
        <svg
          className="fruit-devtools-svg"
          role="group"
          aria-label="Actor map"
          viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
          width="100%"
          style={{ maxWidth: `${Math.ceil(layout.width * 1.25)}px` }}
        >
          <defs>
            {(['both', 'observed', 'declared'] as const).map((kind) => (
              <marker
                key={kind}
                id={`fruit-devtools-map-arrow-${kind}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,1 L9,5 L0,9 z" className={`fruit-devtools-map-arrowhead--${kind}`} />
              </marker>
            ))}
          </defs>
          {layout.edges.map((laid) => (
            <MapEdgePath
              key={laid.edge.id}
              laid={{ ...laid, edge: current.get(`${laid.edge.from}→${laid.edge.to}`) ?? laid.edge }}
            />
          ))}
          {layout.nodes.map((laid) => (
            <MapNodeBox
              key={laid.node.id}
              laid={{ ...laid, node: currentNodes.get(laid.node.id) ?? laid.node }}
              selected={(currentNodes.get(laid.node.id) ?? laid.node).sessionId === selected}
              talks={talking.has(laid.node.id)}
              onSelect={onSelect}
            />
          ))}
        </svg>
      </div>
    </div>
  );
}
