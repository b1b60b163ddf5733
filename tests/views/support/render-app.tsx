import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, vi } from 'vitest';
import { fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ListQuery, PromptPage } from '../../../domain/catalog.ts';
import type { PromptLookup } from '../../../machines/catalog/prompt-detail.ts';
import type { Restored } from '../../../machines/auth/session.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { createAppRouter } from '../../../src/router.tsx';
import { PAGE_MODULES } from '../../../src/routes/-lib/page-modules.gen.ts';
import {
  browserEffects,
  startAppSystem,
  prepareMember,
  systemActor,
  whenAttached,
  type AppEffects,
  type StartOptions,
} from '../../../src/app/app-system.ts';
import { AppSystemProvider } from '../../../src/system/react.tsx';
import { navigation } from '../../../src/platform/navigation.ts';
import { SignedInAccount } from '../../../src/shell/header-account-slot.tsx';
import { preloadShellViews } from '../../../src/shell/shell-dialogs.tsx';
import { pageFixture } from '../../support/fixtures.ts';
import { emptyCart, fakeEffects } from '../../support/fake-effects.ts';
import { ApiError } from '../../../src/platform/api.ts';

export interface FakeEffects {
  listPrompts: ReturnType<typeof vi.fn<(query: ListQuery) => Promise<PromptPage>>>;
  getPrompt: ReturnType<typeof vi.fn<(id: string) => Promise<PromptLookup>>>;
}

export interface RenderOptions {
  /** Any other effects to replace (sign-in calls, the session's storage, the cart count...). */
  effects?: Partial<AppEffects>;
  /** Wait until the session has been restored (the header shows Log in or the user); default true. */
  settleSession?: boolean;
  /**
   * The actor system's clock. By default a SimulatedClock that only the test moves
   * (`clock.increment(ms)`, with the clock passed here): the machines' delays (a toast's 2 s, a
   * menu's close, the cart count's debounce, the session's 5 s poll of storage where the fakes keep
   * no token) never run out while a busy machine works through a test, so what a test sees does not
   * depend on how fast the machine is. `'timers'`: the global timers, for a test that installs
   * Vitest's fake timers (`vi.useFakeTimers()`) and moves those instead.
   */
  clock?: StartOptions['clock'] | 'timers';
  /**
   * `loaded` (default): the sign-in machines and views are loaded before the first render, as after a
   * first sign-in intent, so a test's dialog opens in the render its machine opens it in. `onDemand`:
   * left to the page (a press of "Log in" loads them), as on a first visit.
   */
  signIn?: 'loaded' | 'onDemand';
  /**
   * `loaded` (default): the member's machines (cart, saved prompts, unread count) run from the start, as
   * for a member. `onDemand`: as on a visitor's first visit, they load when a member or a press needs them.
   */
  member?: 'loaded' | 'onDemand';
  /** Replaces the loading of the sign-in dialogs' views (a test that holds or fails it). */
  loadSignInViews?: () => Promise<unknown>;
  /** What the session finds in storage at start (a signed-in member, or nobody). */
  restored?: Restored;
}

/**
 * The systems the tests started, stopped after each test (its app unmounted first): none of them (a
 * session's storage listener, a machine's timer on the global clock) acts during the next test, or
 * redirects through `navigation.go`, which the next test's router has taken over.
 */
const started = new Set<ReturnType<typeof startAppSystem>>();
afterEach(() => {
  cleanup();
  for (const system of started) system.stop();
  started.clear();
});

/**
 * The whole SPA (root actor system + router) on a memory history at `path`, with fake catalog
 * fetchers: no network, the real machines and views.
 */
export async function renderApp(
  path: string,
  overrides: Partial<FakeEffects> = {},
  options: RenderOptions = {},
) {
  const fakes: FakeEffects = {
    listPrompts: overrides.listPrompts ?? vi.fn(async () => pageFixture(3)),
    getPrompt: overrides.getPrompt ?? vi.fn(async () => ({ found: false }) as const),
  };
  // Anything the fakes do not cover stays the real (browser) effect, so a new effect does not break these tests.
  const effects: AppEffects = {
    ...browserEffects(),
    // no network in jsdom: an unknown share link unless a test says otherwise
    resolveShareLink: async () => ({ found: false }),
    fetchSeo: async () => null,
    fetchHomeSections: async () => [],
    getRelated: async () => [],
    fetchFavorites: async () => [],
    // the buying side: an empty cart, no coupons, no orders (no network in jsdom)
    fetchCart: async () => emptyCart(),
    addToCart: async () => emptyCart(),
    removeFromCart: async () => emptyCart(),
    fetchCoupons: async () => [],
    checkout: async () => {
      throw new ApiError('Checkout is not available in this test', 503);
    },
    fetchOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    confirmOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    payOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    cancelOrder: async () => {
      throw new ApiError('Order not found', 404);
    },
    // the account area: an empty inbox (no network in jsdom)
    fetchUnreadCount: async () => 0,
    fetchMessages: async () => ({ data: [], total: 0, page: 1, pageSize: 20, unread: 0 }),
    fetchSupportRequests: async () => [],
    // the API always answers unless a test says otherwise
    connection: { probe: async () => {}, watch: () => () => {} },
    ...fakes,
    ...options.effects,
  };
  if (options.restored) {
    const restored = options.restored;
    effects.session = {
      ...effects.session,
      actors: { ...effects.session.actors, restoreSession: fromPromise<Restored>(async () => restored) },
    };
  }
  const clock = options.clock === 'timers' ? undefined : (options.clock ?? new SimulatedClock());
  const system = startAppSystem({
    effects,
    loadSignInViews: options.loadSignInViews ?? preloadShellViews,
    ...(clock ? { clock } : {}),
  });
  started.add(system);
  if (options.signIn !== 'onDemand') {
    system.send({ type: 'signIn.prepare' });
    await whenAttached(system, 'loginDialog');
  }
  if (options.member !== 'onDemand') await prepareMember(system);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(system, history);
  // as main.tsx does: the machines' redirects go through the router
  navigation.go = (href, opts) => void router.navigate({ href, replace: opts?.replace ?? false });
  // The signed-in header loaded ahead, as after a first use.
  await SignedInAccount.preload();
  const user = userEvent.setup();
  const view = render(
    <AppSystemProvider system={system}>
      <RouterProvider router={router} />
    </AppSystemProvider>,
  );
  // The shell is up once the fixed header is on screen (a page may already show headers of its own:
  // the routes send their pages' entry events before the first render).
  await screen.findAllByRole('banner');
  if (options.settleSession !== false)
    await act(() => waitFor(systemActor(system, 'session'), (s) => !s.hasTag('pending')));
  return { ...view, user, system, router, history, effects: fakes };
}

/** The fake effects (and `more`) with a session that restores to `restored` (or waits until it does). */
export function withSession(
  restored: Restored | Promise<Restored>,
  more: Partial<AppEffects> = {},
): AppEffects {
  const base = fakeEffects(more);
  return {
    ...base,
    session: {
      ...base.session,
      actors: { ...base.session.actors, restoreSession: fromPromise(() => Promise.resolve(restored)) },
    },
  };
}

/** The app at `path` with `user` signed in (restored at start), once the header shows their balance. */
export async function renderMemberApp(path: string, effects: AppEffects, user: SessionUser) {
  const app = await renderApp(
    path,
    {},
    { effects, restored: { status: 'valid', token: 'a.b.c', socialLogin: false, user } },
  );
  await screen.findByRole('link', { name: /^FruitCoin balance: / });
  return app;
}

export const locationOf = (router: ReturnType<typeof createAppRouter>) => router.state.location;

/**
 * Once per test file, before its tests: the code the app loads on first use (the sign-in dialogs, the
 * member's machines, the pages' modules, the tab title's table) loaded, and the app rendered once and
 * taken down again with what it left in the document. A file's first render otherwise loads that code
 * and runs React, the router and jsdom cold: a few hundred ms of CPU more than the next render, and
 * seconds on a busy machine, which the file's first test paid inside its own 5 s timeout. Loading code
 * is the slowest thing a file does on a busy machine, hence the hook's own timeout.
 */
beforeAll(async () => {
  const { title } = document;
  const head = new Set(document.head.childNodes);
  const stored = [localStorage, sessionStorage].map((storage) => Object.entries(storage));
  const go = navigation.go;
  await Promise.all([
    ...Object.values(PAGE_MODULES).map((load) => load()),
    import('../../../src/platform/page-head.ts'),
  ]);
  const { system } = await renderApp('/terms');
  cleanup();
  system.stop();
  navigation.go = go;
  document.title = title;
  for (const node of [...document.head.childNodes]) if (!head.has(node)) node.remove();
  [localStorage, sessionStorage].forEach((storage, i) => {
    storage.clear();
    for (const [key, value] of stored[i]!) storage.setItem(key, value);
  });
}, 30_000);
