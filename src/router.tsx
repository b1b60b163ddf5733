import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { providePageModules, release } from './app/app-system.ts';
import { PAGE_MODULES } from './routes/-lib/page-modules.gen.ts';
import { closePagesExcept } from './routes/-lib/open-pages.ts';
import type { AppSystem } from './system/react.tsx';

/**
 * Plain query strings (`/search?q=123`, not the default JSON-quoted `?q=%22123%22`): every value is a
 * string or a list of strings, and each route's validateSearch gives it its type.
 */
export function parseSearch(searchStr: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

// the page modules the routes start their machines from (some sit beside their routes)
providePageModules(PAGE_MODULES);

/** `server`: the router of one server render (src/entry-server.tsx), which writes no script of its own. */
export function createAppRouter(
  system: AppSystem,
  history?: RouterHistory,
  options: { server?: boolean } = {},
) {
  const router = createRouter({
    routeTree,
    context: { system },
    ...(history ? { history } : {}),
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // The machines hold the pages' data, not the router: a preloaded match is stale at once, so the click
    // that follows a hover runs the route's loader again, and the loader (no longer a preload) sends the
    // page's entry event. Kept fresh (the router's default 30 s), the click reused the preload, whose
    // loader sends nothing, and a member's page stayed "Loading…" (tests/views/preload.test.tsx).
    defaultPreloadStaleTime: 0,
    // the browser restores the scroll; on the server it would be an inline script, which the CSP forbids
    scrollRestoration: !options.server,
  });
  // The page machines no route on screen names stop (issue 16): each page starts its own afresh.
  router.subscribe('onResolved', () => {
    const matches = router.state.matches;
    release(
      system,
      matches.flatMap((match) => ('machines' in match.context ? match.context.machines : [])),
    );
    // and the pages left stop following the session for their entry event
    closePagesExcept(system, new Set(matches.map((match) => match.routeId)));
  });
  // Every page its own tab title (issue 15); the catalog's pages get theirs from the seo machine.
  router.subscribe('onResolved', ({ toLocation }) => {
    void import('./platform/page-head.ts').then((m) => m.applyPageHead(toLocation.pathname));
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
