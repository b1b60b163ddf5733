import type { EventFrom } from 'xstate';
import type { SystemId } from '../../../machines/app/registry.ts';
import * as sessionView from '../../../machines/auth/session.selectors.ts';
import type { SessionView } from '../../../machines/auth/session.selectors.ts';
import { sendToSystem, systemActor, type AppSystem, type SystemActors } from '../../system/system-ref.ts';
import { lookup } from '../../../machines/system/actors.ts';
import { openPages } from './open-pages.ts';

/** What a route's loader is handed: its search (`deps`, through `loaderDeps`) and params. */
interface PageLoad<D, P> {
  context: { system: AppSystem };
  route: { id: string };
  deps: D;
  params: P;
  preload: boolean;
}

/** Whom the page's entry event waits for: a signed-in member, or a session that is known either way. */
type Audience = 'member' | 'anyone';

/**
 * A page's entry event, sent by its route's loader (issue 16) instead of an effect in the page's view.
 * The loader is code-split with the page's component (vite.config.ts), so this module and each route's
 * event builder load with the page, not with the first visit. The loader runs when the route is entered
 * and again at each navigation within it; the event goes out when the address differs from the one the
 * page is open with (another page of a list, another order), to the page's machine:
 *
 * - `member` (the member's pages, requirements §6): once the session says a member is signed in, at once or
 *   when it has restored or a login completes, and again at each later sign-in while the page is open,
 *   as the member's content appears then (a visitor sees the "Log in to see …" view meanwhile).
 * - `anyone` (Customer Support, the payment pages): once the session is known, and again when it
 *   changes between a member and a visitor; the event says which (`member`).
 *
 * The router stops following the session once the route is left (open-pages.ts), and sends `leave`
 * if given, after the next page's own entry event. A preload sends
 * nothing. A page without search or params leaves them out: they default to `object` (`unknown` would
 * widen every route's search type).
 */
export function pageEntry<
  K extends SystemId,
  const E extends EventFrom<SystemActors[K]>,
  D = object,
  P = object,
>(
  id: K,
  eventOf: (page: { deps: D; params: P; member: boolean }) => E,
  audience: Audience = 'member',
  /** Sent when the page is left for one that does not use this machine (the payment pages' poll). */
  leave?: EventFrom<SystemActors[K]>,
) {
  return ({ context, route, deps, params, preload }: PageLoad<D, P>): void => {
    if (preload) return;
    const { system } = context;
    const pages = openPages(system);
    const key = JSON.stringify([deps, params]);
    if (pages.get(route.id)?.key === key) return;
    pages.get(route.id)?.stop();
    const session = systemActor(system, 'session');
    let shown: SessionView = 'pending';
    const follow = (snapshot: ReturnType<typeof session.getSnapshot>) => {
      const now = sessionView.view(snapshot);
      const was = shown;
      shown = now;
      if (now === 'pending' || now === was) return;
      if (audience === 'member' && now !== 'loggedIn') return;
      const member = now === 'loggedIn';
      sendToSystem(system, id, eventOf({ deps, params, member }));
    };
    follow(session.getSnapshot());
    const subscription = session.subscribe(follow);
    pages.set(route.id, {
      key,
      systemId: id,
      stop: () => subscription.unsubscribe(),
      leave: () => {
        if (leave && lookup(system.system, id)) sendToSystem(system, id, leave);
      },
    });
  };
}
