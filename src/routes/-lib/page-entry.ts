import type { EventFrom } from 'xstate';
import type { SystemId } from '../../../machines/system/registry.ts';
import * as sessionView from '../../../machines/auth/session.selectors.ts';
import type { SessionView } from '../../../machines/auth/session.selectors.ts';
import { sendToSystem, systemActor, type AppSystem, type SystemActors } from '../../system/system-ref.ts';

/** What a route's lifecycle hooks are handed of the page's match. */
interface PageMatch<S, P> {
  routeId: string;
  context: { system: AppSystem };
  search: S;
  params: P;
}

/** Whom the page's entry event waits for: a signed-in member, or a session that is known either way. */
type Audience = 'member' | 'anyone';

/** The pages whose entry events follow the session now, per system: the route, its event, and how to stop. */
const open = new WeakMap<AppSystem, Map<string, { key: string; stop: () => void }>>();

function stop(system: AppSystem, routeId: string): void {
  const byRoute = open.get(system);
  byRoute?.get(routeId)?.stop();
  byRoute?.delete(routeId);
}

/**
 * A page's entry event, sent by its route (issue 16) instead of an effect in the page's view. The route
 * enters (`onEnter`), or stays with another address (`onStay`: another page of a list, another order),
 * and the event goes to the page's machine:
 *
 * - `member` (the member's pages, SPEC.md §6): once the session says a member is signed in, at once or
 *   when it has restored or a login completes, and again at each later sign-in while the page is open,
 *   as the member's content appears then (a visitor sees the "Log in to see …" view meanwhile).
 * - `anyone` (Customer Support): once the session is known, and again when it changes between a member
 *   and a visitor; the event says which (`member`).
 *
 * Leaving the route (`onLeave`) stops following the session. A page without search params or params
 * leaves them out: they default to `object` (`unknown` would widen every route's search type).
 */
export function pageEntry<
  K extends SystemId,
  const E extends EventFrom<SystemActors[K]>,
  S = object,
  P = object,
>(id: K, eventOf: (page: { search: S; params: P; member: boolean }) => E, audience: Audience = 'member') {
  const start = (match: PageMatch<S, P>) => {
    const { system } = match.context;
    const key = JSON.stringify([match.search, match.params]);
    const byRoute = open.get(system) ?? new Map<string, { key: string; stop: () => void }>();
    open.set(system, byRoute);
    if (byRoute.get(match.routeId)?.key === key) return;
    stop(system, match.routeId);
    const session = systemActor(system, 'session');
    let shown: SessionView = 'pending';
    const follow = (snapshot: ReturnType<typeof session.getSnapshot>) => {
      const now = sessionView.view(snapshot);
      const was = shown;
      shown = now;
      if (now === 'pending' || now === was) return;
      if (audience === 'member' && now !== 'loggedIn') return;
      const member = now === 'loggedIn';
      sendToSystem(system, id, eventOf({ search: match.search, params: match.params, member }));
    };
    follow(session.getSnapshot());
    const subscription = session.subscribe(follow);
    byRoute.set(match.routeId, { key, stop: () => subscription.unsubscribe() });
  };
  return {
    onEnter: start,
    onStay: start,
    onLeave: (match: PageMatch<S, P>) => stop(match.context.system, match.routeId),
  };
}
