// Server rendering's hand-over (issue 18): the server runs the same machines as the browser, renders the
// page from their snapshots, and writes those snapshots into the page as a JSON data block (not a
// script that runs: the Content-Security-Policy forbids inline scripts). The browser starts the same
// actors from them, so the first page is hydrated, not fetched again.
import type { AnyActorLogic, AnyActorScope, Snapshot } from 'xstate';
import { FOLLOW_VIEWER } from '../../machines/system/follow-session.ts';
import { VIEWER_AWARE } from '../../domain/viewer.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { SystemId } from '../../machines/app/registry.ts';
import type { AppSystem } from '../system/system-ref.ts';
import type { HydrationSnapshots } from '../system/react.tsx';
import { marksMayWait } from './member-hint.ts';

import { SERVER_STATE_ID } from '../../domain/server-render.ts';

export { SERVER_STATE_ID };

/** The actors whose snapshots the page carries: what a public page shows comes from them. */
export const HYDRATED = ['promptList', 'homeSections', 'promptDetail', 'seo'] as const;
export type HydratedId = (typeof HYDRATED)[number];

export type ServerSnapshots = Partial<Record<HydratedId, Snapshot<unknown>>>;

/**
 * The actors the browser starts afresh (who is signed in is its to know; whether it is online too), whose
 * server snapshots views read only while React adopts the markup (src/system/react.tsx).
 */
export const VIEWED = ['session', 'connection'] as const;
type ViewedId = (typeof VIEWED)[number];

/** A state and context as JSON carries them. */
export interface PlainState {
  value: unknown;
  context: unknown;
}

/** What the data block holds: the snapshots, the views' states, and the address they were rendered for. */
export interface ServerState {
  path: string;
  snapshots: ServerSnapshots;
  views: Partial<Record<ViewedId, PlainState>>;
}

interface PersistedChild {
  src: unknown;
  snapshot: { input?: unknown };
}

/**
 * The snapshots of the settled actors of a system, as plain JSON. An actor still waiting for an answer
 * is left out (the browser loads it as it always does).
 */
export function dehydrate(system: AppSystem): ServerSnapshots {
  const out: ServerSnapshots = {};
  for (const id of HYDRATED) {
    const actor = lookup(system.system, id as SystemId);
    if (!actor) continue;
    const snapshot = actor.getSnapshot() as { hasTag?: (tag: string) => boolean; status: string };
    if (snapshot.status !== 'active' || snapshot.hasTag?.('loading')) continue;
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as {
      context?: Record<string, unknown>;
    };
    // the server answers as for a visitor: a member's browser then reloads what is theirs (domain/viewer.ts)
    if (persisted.context && VIEWER_AWARE.some((aware) => aware === id)) persisted.context.viewer = null;
    out[id] = persisted as Snapshot<unknown>;
  }
  return out;
}

/** The states of the actors the browser starts afresh, as the server rendered them. */
export function viewedStates(system: AppSystem): ServerState['views'] {
  const out: ServerState['views'] = {};
  for (const id of VIEWED) {
    const snapshot = lookup(system.system, id)?.getSnapshot() as PlainState | undefined;
    if (snapshot)
      out[id] = JSON.parse(
        JSON.stringify({ value: snapshot.value, context: snapshot.context }),
      ) as PlainState;
  }
  return out;
}

/** Those states as snapshots of the browser's own actors, for the views to read while React hydrates. */
export function hydrationSnapshots(system: AppSystem, views: ServerState['views']): HydrationSnapshots {
  const out: HydrationSnapshots = {};
  for (const id of VIEWED) {
    const state = views[id];
    const actor = lookup(system.system, id) as { logic?: unknown } | undefined;
    const logic = actor?.logic as { resolveState?: (state: PlainState) => unknown } | undefined;
    if (state && logic?.resolveState) out[id] = logic.resolveState(state);
  }
  return out;
}

/** The data block's text: JSON that cannot end the element early (`<` written as `\u003c`). */
export function serverStateJson(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

/** The page's data block, or null on a page the server did not render (member pages, development). */
export function readServerState(doc: Document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as ServerState;
    return typeof parsed.path === 'string' &&
      typeof parsed.snapshots === 'object' &&
      typeof parsed.views === 'object'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** Whether two addresses name the same page (path and query, however the query was encoded). */
export function samePage(a: string, b: string): boolean {
  const [x, y] = [new URL(a, 'http://x'), new URL(b, 'http://x')];
  x.searchParams.sort();
  y.searchParams.sort();
  return x.pathname === y.pathname && x.searchParams.toString() === y.searchParams.toString();
}

/**
 * A snapshot's children as JSON left them: the session follower's input held functions (how a member's
 * token becomes `viewer.changed`), which JSON drops; they are given back here.
 */
function reviveChildren(persisted: Snapshot<unknown>): Snapshot<unknown> {
  const children = (persisted as { children?: Record<string, PersistedChild> }).children;
  if (!children) return persisted;
  const revived: Record<string, PersistedChild> = {};
  for (const [id, child] of Object.entries(children))
    revived[id] =
      child.src === 'followSession'
        ? { ...child, snapshot: { ...child.snapshot, input: FOLLOW_VIEWER } }
        : child;
  return { ...persisted, children: revived } as unknown as Snapshot<unknown>;
}

/**
 * The logic, whose first actor starts from the server's snapshot instead of its initial state: no entry
 * action runs again, so nothing is fetched again. Later actors of it (a page left and opened again)
 * start as usual.
 */
export function restoring<T extends AnyActorLogic>(logic: T, persisted: Snapshot<unknown> | undefined): T {
  if (!persisted || !logic.restoreSnapshot) return logic;
  let used = false;
  const restore = logic.restoreSnapshot.bind(logic) as (
    s: Snapshot<unknown>,
    scope: AnyActorScope,
  ) => unknown;
  return Object.create(logic, {
    getInitialSnapshot: {
      value(scope: AnyActorScope, input: unknown) {
        if (used) return logic.getInitialSnapshot(scope, input);
        used = true;
        return restore(reviveChildren(persisted), scope);
      },
    },
  }) as T;
}

/**
 * Holds the page's marks hidden, from before React adopts the page, where a member may be signed in, and
 * loads the code that lifts the hold once their answers are on screen (src/app/viewer-marks.ts). Should
 * that code not load, the marks show.
 */
export function holdMarksForMember(system: AppSystem, root: HTMLElement = document.documentElement): void {
  if (!marksMayWait(root)) return;
  root.dataset.viewer = 'pending';
  void import('./viewer-marks.ts').then(
    (m) => m.holdViewerMarks(system, root),
    () => delete root.dataset.viewer,
  );
}
