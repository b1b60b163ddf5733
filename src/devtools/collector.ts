// Collects what the viewer shows from XState's inspection stream: every actor created in the system
// and, per actor, the last events it received. Cheap and bounded, so it can run from the first actor
// on, whether or not the panel is ever opened.
import type { AnyActorRef, AnyStateMachine, InspectionEvent, Observer } from 'xstate';

/** Events kept per actor. */
export const EVENTS_PER_ACTOR = 50;
/** Stopped actors are forgotten once more than this many actors have been seen. */
const MAX_ACTORS = 400;

export interface EventRecord {
  seq: number;
  type: string;
  /** The event without its `type`, or null when it carries nothing else. */
  payload: Record<string, unknown> | null;
  time: number;
  /** Who sent it: a systemId or actor id, or null from outside (a view, a test, this panel). */
  source: string | null;
}

/** Messages seen from one actor to another (the actor map's observed edges), by systemId. */
export interface MessageRecord {
  /** The systemId of the sender, or of the nearest actor with one above it. */
  from: string;
  to: string;
  /** The event types seen, oldest first (at most MESSAGE_TYPES). */
  types: string[];
  count: number;
  last: number;
}

/** Event types kept per pair of actors. */
export const MESSAGE_TYPES = 12;

export interface ActorEntry {
  ref: AnyActorRef;
  seq: number;
  events: EventRecord[];
}

interface ActorInternals {
  systemId?: string;
  logic?: unknown;
  _processingStatus?: number;
  _parent?: AnyActorRef;
}

/**
 * The systemId an actor speaks for on the actor map: its own, else the nearest one above it (an
 * invoked promise or callback speaks for the actor that invoked it). As a sender, the callback that
 * relays the session's announcements (`followSession`) speaks for the session.
 */
export function speakerOf(ref: AnyActorRef, sender = false): string | null {
  if (sender && ref.src === 'followSession') return 'session';
  let current: AnyActorRef | undefined = ref;
  while (current) {
    const id = systemIdOf(current);
    if (id) return id;
    current = (current as unknown as ActorInternals)._parent;
  }
  return null;
}

/** The systemId an actor was registered with, if any. */
export function systemIdOf(ref: AnyActorRef): string | null {
  return (ref as unknown as ActorInternals).systemId ?? null;
}

/** The state machine an actor runs, or null for promise/callback/observable actors. */
export function machineOf(ref: AnyActorRef): AnyStateMachine | null {
  const logic = (ref as unknown as ActorInternals).logic ?? ref.src;
  return logic && typeof logic === 'object' && 'root' in logic ? (logic as AnyStateMachine) : null;
}

/** Still running: started, not stopped, not done or errored. */
export function isLive(ref: AnyActorRef): boolean {
  const status = (ref as unknown as ActorInternals)._processingStatus;
  if (status === 2) return false;
  const snapshot = ref.getSnapshot() as { status?: string } | undefined;
  return snapshot?.status === undefined || snapshot.status === 'active';
}

/** A short name: the systemId, else the actor's id. */
export function actorLabel(ref: AnyActorRef): string {
  return systemIdOf(ref) ?? ref.id;
}

export class InspectionCollector {
  private readonly actors = new Map<string, ActorEntry>();
  private readonly messageIndex = new Map<string, MessageRecord>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private scheduled = false;
  private seq = 0;

  /** The observer to hand to `createActor(..., { inspect })`. */
  readonly observer: Observer<InspectionEvent> = { next: (event) => this.handle(event) };

  private handle(event: InspectionEvent): void {
    if (event.type === '@xstate.actor') {
      this.entryOf(event.actorRef as AnyActorRef);
      this.changed();
    } else if (event.type === '@xstate.event') {
      const target = this.entryOf(event.actorRef as AnyActorRef);
      const { type, ...rest } = event.event;
      const source = event.sourceRef as AnyActorRef | undefined;
      target.events.push({
        seq: ++this.seq,
        type,
        payload: Object.keys(rest).length ? rest : null,
        time: Date.now(),
        source: source ? actorLabel(source) : null,
      });
      if (target.events.length > EVENTS_PER_ACTOR)
        target.events.splice(0, target.events.length - EVENTS_PER_ACTOR);
      if (source) this.message(source, event.actorRef as AnyActorRef, type);
      this.changed();
    }
  }

  /** One message between two actors with a systemId (not one inside an actor, child to parent). */
  private message(source: AnyActorRef, target: AnyActorRef, type: string): void {
    // a parent starting its child is no message
    if (type === 'xstate.init' || type === 'xstate.stop') return;
    const from = speakerOf(source, true);
    const to = speakerOf(target);
    if (!from || !to || from === to) return;
    const key = `${from}→${to}`;
    let record = this.messageIndex.get(key);
    if (!record) {
      record = { from, to, types: [], count: 0, last: 0 };
      this.messageIndex.set(key, record);
    }
    record.count++;
    record.last = Date.now();
    if (!record.types.includes(type)) {
      record.types.push(type);
      if (record.types.length > MESSAGE_TYPES) record.types.shift();
    }
  }

  private entryOf(ref: AnyActorRef): ActorEntry {
    let entry = this.actors.get(ref.sessionId);
    if (!entry) {
      entry = { ref, seq: ++this.seq, events: [] };
      this.actors.set(ref.sessionId, entry);
      if (this.actors.size > MAX_ACTORS) this.prune();
    }
    return entry;
  }

  private prune(): void {
    for (const [id, entry] of this.actors) {
      if (this.actors.size <= MAX_ACTORS / 2) break;
      if (!isLive(entry.ref)) this.actors.delete(id);
    }
  }

  /** Listeners are told once per burst of inspection events (a microtask later). */
  private changed(): void {
    this.version++;
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.listeners.forEach((listener) => listener());
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Every actor seen that is still running, oldest first. */
  liveActors(): ActorEntry[] {
    return [...this.actors.values()].filter((entry) => isLive(entry.ref));
  }

  entry(sessionId: string): ActorEntry | undefined {
    return this.actors.get(sessionId);
  }

  /** The messages seen between actors with a systemId, one record per sender and addressee. */
  messages(): MessageRecord[] {
    return [...this.messageIndex.values()];
  }

  /** The last events of one actor, newest first. */
  eventsOf(sessionId: string): EventRecord[] {
    return [...(this.actors.get(sessionId)?.events ?? [])].reverse();
  }
}
