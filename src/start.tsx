// What the browser runs to start the storefront (src/main.tsx calls it): the actor system, the router and
// React, adopting the server's markup when the page was rendered for this address (docs/decisions/010).
// In the start-up chunk with the code it calls, so the entry is one import and one call (issue 18).
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { holdMarksForMember, hydrationSnapshots, readServerState, samePage } from './app/hydrate.ts';
import { Started } from './app/started.tsx';
import { bindMemberHint } from './app/member-hint.ts';
import { createAppRouter } from './router.tsx';
import { loadInspector } from './app/inspect.ts';
import { AppSystemProvider } from './system/react.tsx';
import { browserEffects, startAppSystem } from './app/app-system.ts';
import { ApiError } from './platform/api.ts';
import type { InspectionEvent, Observer } from 'xstate';
import { bindAuthNavigation } from './auth/auth-redirect.ts';
import { navigation } from './platform/navigation.ts';
import { preloadShellViews } from './shell/shell-dialogs.tsx';
// The first load's stylesheet: tokens, element defaults, buttons and the shell. Each view imports the
// styles of what it shows, which Vite emits with its lazy chunk (the server links a rendered page's).
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';

/** Starts the storefront in this page (src/main.tsx): its actor system, its router and React. */
export async function startApp(): Promise<void> {
  // Observers of the actor system; development tools add theirs. None in production builds.
  const observers: Observer<InspectionEvent>[] = [];
  const inspector = await loadInspector();
  if (inspector) observers.push(inspector);
  // Development only: the statechart viewer (src/devtools/; `?devtools` or Ctrl+Shift+X / ⌘⇧X).
  const devtools = import.meta.env.DEV ? (await import('./devtools/index.ts')).createDevtools() : undefined;
  if (devtools) observers.push(devtools.inspect);
  let effects = browserEffects();
  // Development only: `npm run replay` (scripts/replay.ts) holds the effects of the machine it replays.
  if (import.meta.env.DEV && window.__fruitReplay) {
    const { startReplay } = await import('./app/replay-harness.ts');
    const replay = startReplay(effects, window.__fruitReplay, (m, s) => new ApiError(m, s));
    effects = replay.effects;
    observers.push(replay.inspect);
  }
  const inspect = observers.length
    ? (event: InspectionEvent) => observers.forEach((o) => o.next?.(event))
    : undefined;
  // A page the server rendered carries the snapshots it was rendered from (src/app/hydrate.ts); its
  // actors start from them, so nothing it shows is fetched again.
  const serverState = readServerState(document);
  const hydrating = serverState !== null && samePage(serverState.path, location.href);
  const system = startAppSystem({
    effects,
    loadSignInViews: preloadShellViews,
    ...(inspect ? { inspect } : {}),
    ...(hydrating ? { restore: serverState.snapshots } : {}),
  });
  devtools?.attach(system);
  bindMemberHint(system);
  // a member's first page shows a visitor's answers until theirs arrive: their marks wait hidden (from
  // before React adopts the page), and the code that lifts the hold loads only then
  if (hydrating) holdMarksForMember(system);
  const router = createAppRouter(system);
  navigation.go = (href, options) => void router.navigate({ href, replace: options?.replace ?? false });
  // `npm run replay` opens addresses as following a link does, without a reload
  if (import.meta.env.DEV && window.__fruitReplay)
    window.__fruitReplayNavigate = (href) => navigation.go(href);
  bindAuthNavigation(system, {
    navigate: (href) => void router.navigate({ href }),
    pathname: () => router.state.location.pathname,
    href: () => router.state.location.href,
  });

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  const app = (
    <StrictMode>
      <AppSystemProvider
        system={system}
        hydration={hydrating ? hydrationSnapshots(system, serverState.views) : null}
      >
        <RouterProvider router={router} />
        <Started />
      </AppSystemProvider>
    </StrictMode>
  );
  if (hydrating) {
    // the route's code and machines are in place before React adopts the server's markup, which the
    // router renders as it did on the server (no Suspense of its own around the root)
    router.ssr = { manifest: undefined };
    await router.load();
    // in a transition: React hydrates in slices and lets the browser in between, so the page answers
    // input while it is adopted (a click hydrates its part first)
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
  } else {
    // a member page's server shell (header and footer) is replaced by the browser's render at its commit
    createRoot(rootElement).render(app);
  }
}
