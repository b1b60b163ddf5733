// The server's half of server rendering (issue 18): the same actor system and routes as the browser
// (src/main.tsx), started for one request with effects the server provides (repository calls, no HTTP),
// run until every answer is in, then rendered with React's streaming renderer. Built by
// `vite build --ssr` into dist-ssr/ and loaded by server/render/ssr.ts.
import { createMemoryHistory, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { fromPromise, SimulatedClock } from 'xstate';
import type { RenderedPage, RenderRequest, ServerCatalog } from '../domain/server-render.ts';
import { startAppSystem, type AppEffects } from './app/app-system.ts';
import { dehydrate, serverStateJson, viewedStates } from './app/hydrate.ts';
import { createSessionEffects } from './auth/session-effects.ts';
import type { ApiClient } from './platform/api.ts';
import { createAppRouter } from './router.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { Started } from './app/started.tsx';
import { AppSystemProvider } from './system/react.tsx';

/** The longest a render waits for the catalog's answers; past it, the page shows what has arrived. */
const SETTLE_LIMIT_MS = 5000;
/** The seo machine's check delay (requirements §9) is passed on the simulated clock, not waited for. */
const CLOCK_STEP_MS = 1000;

const unavailable = (name: string) => () =>
  Promise.reject(new Error(`${name} is not available while the server renders a page`));

/** An API client for the browser-only effects: none of them runs while a public page renders. */
const noApi: ApiClient = {
  get: unavailable('The API'),
  post: unavailable('The API'),
  upload: unavailable('The API'),
  raw: unavailable('The API'),
} as ApiClient;

/** Counts the catalog calls in flight, so the render knows when every answer is in. */
function tracking(catalog: ServerCatalog) {
  const pending = new Set<Promise<unknown>>();
  const track =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const promise = call(...args);
      pending.add(promise);
      const forget = () => pending.delete(promise);
      promise.then(forget, forget);
      return promise;
    };
  const tracked: ServerCatalog = {
    listPrompts: track((q) => catalog.listPrompts(q)),
    getPrompt: track((id) => catalog.getPrompt(id)),
    getRelated: track((id) => catalog.getRelated(id)),
    fetchHomeSections: track(() => catalog.fetchHomeSections()),
    fetchSeo: track((r) => catalog.fetchSeo(r)),
  };
  /** Resolves once no call is in flight and the machines have taken every answer. */
  const settled = async (deadline: number): Promise<void> => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (pending.size === 0 || Date.now() > deadline) return;
      await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, 50))]);
    }
  };
  return { tracked, settled };
}

function serverEffects(catalog: ServerCatalog): AppEffects {
  const session = createSessionEffects(noApi);
  const known: Partial<AppEffects> = {
    ...catalog,
    // the session stays as the browser's is at its first render, still restoring: who is signed in
    // is the browser's to know (its storage), so the server renders what both agree on
    session: {
      ...session,
      actors: { ...session.actors, restoreSession: fromPromise(() => new Promise(() => {})) },
    },
    copyText: unavailable('The clipboard'),
    connection: { probe: () => Promise.resolve(), watch: () => () => {} },
  };
  // every other effect (cart, orders, sign-in, account) belongs to the browser
  return new Proxy(known, {
    get: (target, key: string) => (key in target ? target[key as keyof AppEffects] : unavailable(key)),
  }) as AppEffects;
}

function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    // every answer is in already: the whole page is written once ready (lazily loaded views included)
    const stream = renderToPipeableStream(element, {
      // no boundary is sent apart with a script to put it in place: inline scripts are forbidden
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/** Renders one page: its markup, the snapshots it was rendered from, and its status. */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const clock = new SimulatedClock();
  const { tracked, settled } = tracking(request.catalog);
  const system = startAppSystem({
    effects: serverEffects(tracked),
    clock,
    callbackUrl: `${request.origin}/auth/callback`,
  });
  try {
    const router = createAppRouter(system, createMemoryHistory({ initialEntries: [request.url] }), {
      server: true,
    });
    if (request.shellOnly) {
      // the header and footer; the page itself is rendered by the browser, which replaces all of it
      const html = await renderToHtml(
        <StrictMode>
          <AppSystemProvider system={system}>
            <RouterContextProvider router={router}>
              <AppShell>{null}</AppShell>
            </RouterContextProvider>
          </AppSystemProvider>
        </StrictMode>,
      );
      return { html, state: null, status: 200 };
    }
    await router.load();
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    await settled(deadline);
    // the delays before a call (the seo check) pass at once on the simulated clock
    clock.increment(CLOCK_STEP_MS);
    await settled(deadline);
    const status = router.state.matches.some(
      (m) => m.status === 'notFound' || (m as { globalNotFound?: boolean }).globalNotFound,
    )
      ? 404
      : 200;
    const html = await renderToHtml(
      <StrictMode>
        <AppSystemProvider system={system}>
          <RouterProvider router={router} />
          {/* the browser's tree has it (src/main.tsx): the same tree gives the same ids */}
          <Started />
        </AppSystemProvider>
      </StrictMode>,
    );
    const path = router.state.location.href;
    return {
      html,
      state: serverStateJson({ path, snapshots: dehydrate(system), views: viewedStates(system) }),
      status,
    };
  } finally {
    // nothing of the request outlives it: its actors stop (the session's timers with them)
    system.stop();
  }
}
