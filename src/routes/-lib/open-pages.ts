import type { SystemId } from '../../../machines/app/registry.ts';
import type { AppSystem } from '../../system/system-ref.ts';

/**
 * The pages whose entry events follow the session now (page-entry.ts), per system and route: what
 * they were opened with, and how to stop following. Kept apart from page-entry.ts, which loads with
 * each member page's code, so the router can close the pages it leaves (src/router.tsx).
 */
const open = new WeakMap<AppSystem, Map<string, OpenPage>>();

export interface OpenPage {
  /** The page's address as its entry event saw it (search and params). */
  key: string;
  /** The machine the entry event went to. */
  systemId: SystemId;
  /** Stops following the session. */
  stop: () => void;
  /** Sent to the machine when the page is left for one that does not use it (a poll to end). */
  leave: () => void;
}

export function openPages(system: AppSystem): Map<string, OpenPage> {
  let byRoute = open.get(system);
  if (!byRoute) open.set(system, (byRoute = new Map()));
  return byRoute;
}

/**
 * Stops following the session for each open page whose route is not on screen any more, and tells its
 * machine it was left, unless a page on screen uses the same machine (the pending payment page left
 * for the paid one: the new page's entry event came first).
 */
export function closePagesExcept(system: AppSystem, routeIds: ReadonlySet<string>): void {
  const byRoute = open.get(system);
  if (!byRoute) return;
  const left = [...byRoute].filter(([routeId]) => !routeIds.has(routeId));
  for (const [routeId, page] of left) {
    page.stop();
    byRoute.delete(routeId);
  }
  const inUse = new Set([...byRoute.values()].map((page) => page.systemId));
  for (const [, page] of left) if (!inUse.has(page.systemId)) page.leave();
}
