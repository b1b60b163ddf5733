// The actor map's model (issue 17): which long-lived actors run, by systemId and scope, and who talks
// to whom. Edges come from two places, each drawn once per sender and addressee:
// - declared: what the machines say at runtime. The actors that follow the session's announcements
//   invoke `followSession` (machines/system/follow-session.ts) with the events they want for each; the
//   session is their sender. (`tell` actions are closures: their addressee is known to the types only.)
// - observed: the messages the inspection collector saw (`@xstate.event` with a source actor).
// Pure apart from reading the actors' machines: no DOM, no ELK.
import type { AnyActorRef, AnyStateNode, EventObject } from 'xstate';
import { followSession, type SessionFollow } from '../../machines/system/follow-session.ts';
import { REGISTRY, scopeOf, type Scope, type SystemId } from '../../machines/app/registry.ts';
import { machineOf, systemIdOf, type ActorEntry, type MessageRecord } from './collector.ts';
import { allStateNodes } from './graph.ts';

/** `root` for the system's root actor, `other` for a systemId the registry does not list. */
export type MapScope = Scope | 'root' | 'other';

export const SCOPE_LABELS: Record<MapScope, string> = {
  root: 'root',
  app: 'app',
  signIn: 'sign-in',
  member: 'member',
  page: 'page',
  other: 'other',
};

export interface MapNode {
  id: string;
  scope: MapScope;
  /** The machine's id when it differs from the systemId (the hover menus run one machine twice). */
  machine: string | null;
  sessionId: string;
}

export interface MapEdge {
  id: string;
  from: string;
  to: string;
  /** Event types: the declared ones first, then those observed only. */
  types: string[];
  declared: boolean;
  observed: boolean;
  /** Messages observed. */
  count: number;
}

export interface ActorMapModel {
  nodes: MapNode[];
  edges: MapEdge[];
}

const SCOPE_ORDER: MapScope[] = ['root', 'app', 'signIn', 'member', 'page', 'other'];

function scopeFor(id: string, ref: AnyActorRef, root: AnyActorRef): MapScope {
  if (ref === root) return 'root';
  return id in REGISTRY ? scopeOf(id as SystemId) : 'other';
}

function isFollowSession(src: unknown, node: AnyStateNode): boolean {
  if (src === followSession) return true;
  if (typeof src !== 'string') return false;
  const actors = (node.machine.implementations as { actors?: Record<string, unknown> }).actors ?? {};
  return actors[src] === followSession || src === 'followSession';
}

/** The event types an actor asks `followSession` for (what the session's announcements become). */
function followedTypes(input: unknown): string[] {
  if (!input || typeof input !== 'object') return [];
  const follow = input as SessionFollow<EventObject>;
  const types: string[] = [];
  const add = (event: EventObject | undefined) => {
    if (event && typeof event.type === 'string' && !types.includes(event.type)) types.push(event.type);
  };
  add(follow.adopted);
  if (typeof follow.member === 'function') {
    try {
      add(follow.member(''));
    } catch {
      // an expression that needs a real token: the edge stays, unlabelled
    }
  }
  add(follow.ended);
  add(follow.visitor);
  return types;
}

/** The session → actor edges an actor's machine declares by invoking `followSession`. */
export function declaredFollows(ref: AnyActorRef): string[] | null {
  const machine = machineOf(ref);
  if (!machine) return null;
  let found = false;
  const types: string[] = [];
  for (const node of allStateNodes(machine.root)) {
    for (const invoke of node.invoke) {
      if (!isFollowSession(invoke.src, node)) continue;
      found = true;
      for (const type of followedTypes(invoke.input)) if (!types.includes(type)) types.push(type);
    }
  }
  return found ? types : null;
}

/** The map of the running actors with a systemId and the messages between them. */
export function buildActorMap(
  live: readonly ActorEntry[],
  root: AnyActorRef,
  messages: readonly MessageRecord[],
): ActorMapModel {
  const byId = new Map<string, { ref: AnyActorRef; node: MapNode }>();
  for (const { ref } of live) {
    const id = systemIdOf(ref);
    if (!id) continue;
    const machine = machineOf(ref);
    byId.set(id, {
      ref,
      node: {
        id,
        scope: scopeFor(id, ref, root),
        machine: machine && machine.id !== id ? machine.id : null,
        sessionId: ref.sessionId,
      },
    });
  }
  const nodes = [...byId.values()]
    .map((entry) => entry.node)
    .sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope) || a.id.localeCompare(b.id));

  const edges = new Map<string, MapEdge>();
  const edgeOf = (from: string, to: string) => {
    const key = `${from}→${to}`;
    let edge = edges.get(key);
    if (!edge) {
      edge = {
        id: `map-edge-${edges.size}`,
        from,
        to,
        types: [],
        declared: false,
        observed: false,
        count: 0,
      };
      edges.set(key, edge);
    }
    return edge;
  };
  if (byId.has('session')) {
    for (const { ref, node } of byId.values()) {
      if (node.id === 'session') continue;
      const types = declaredFollows(ref);
      if (!types) continue;
      const edge = edgeOf('session', node.id);
      edge.declared = true;
      for (const type of types) if (!edge.types.includes(type)) edge.types.push(type);
    }
  }
  for (const message of messages) {
    if (!byId.has(message.from) || !byId.has(message.to)) continue;
    const edge = edgeOf(message.from, message.to);
    edge.observed = true;
    edge.count += message.count;
    for (const type of message.types) if (!edge.types.includes(type)) edge.types.push(type);
  }
  return { nodes, edges: [...edges.values()] };
}

/** What an edge says in words: `cart → toast: toast.show (observed 2×)`. */
export function describeEdge(edge: MapEdge): string {
  const how = [
    edge.declared ? 'declared' : '',
    edge.observed ? `observed ${edge.count} message${edge.count === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const types = edge.types.length ? edge.types.join(', ') : 'follows the session';
  return `${edge.from} → ${edge.to}: ${types} (${how})`;
}
