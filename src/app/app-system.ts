import {
  createActor,
  waitFor,
  fromCallback,
  fromPromise,
  type ActorOptions,
  type AnyActorLogic,
} from 'xstate';
import { tell } from '../../machines/system/tell.ts';
import {
  appMachine,
  CODE_UNAVAILABLE,
  type AppEvent,
  type MemberMachineId,
  type OpenRequest,
  type PageMachineId,
} from '../../machines/app/app.ts';
import type { AuthEffects } from '../auth/auth-effects.ts';
import { lazyEffects, type NamesAll } from '../platform/lazy.ts';
import type { SystemId } from '../../machines/app/registry.ts';
import { VIEWER_AWARE, type ViewerChanged } from '../../domain/viewer.ts';
import { homeSectionsMachine } from '../../machines/catalog/home-sections.ts';
import { seoMachine } from '../../machines/shell/seo.ts';
import { APP_SYSTEM_ID } from '../../domain/system-ids.ts';
import { lookup } from '../../machines/system/actors.ts';
import { idsIn, REGISTRY, scopeOf, type PageModule } from '../../machines/app/registry.ts';
import { copyText } from '../platform/navigation.ts';
import { promptListMachine } from '../../machines/catalog/prompt-list.ts';
import { sessionMachine } from '../../machines/auth/session.ts';
import { connectionMachine, type ConnectionEvent } from '../../machines/shell/connection.ts';
import { createApiClient } from '../platform/api.ts';
import type { CatalogEffects } from '../catalog/catalog-effects.ts';
import { createConnectionEffects, createReachabilityReports } from '../shell/connection-effects.ts';
import type { CommerceEffects } from '../commerce/commerce-effects.ts';
import type { AccountEffects } from '../account/account-effects.ts';
import { createSessionEffects, storedToken } from '../auth/session-effects.ts';
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';

import type { AppEffects, ModuleLogic } from './app-effects.ts';
import { restoring, type ServerSnapshots } from './hydrate.ts';

export type { AppEffects } from './app-effects.ts';
export type { SystemActors } from '../../machines/system/actors.ts';
export { sendToSystem, systemActor, whenAttached, type AppSystem } from '../system/system-ref.ts';
import type { AppSystem } from '../system/system-ref.ts';

/** The sign-in calls, whose module (and crypto-js behind it) loads with the first sign-in. */
const AUTH_EFFECT_NAMES = [
  'authorize',
  'emailLogin',
  'emailRegister',
  'guestLogin',
  'resendVerification',
  'verifyEmail',
  'exchangeCode',
] as const satisfies readonly (keyof AuthEffects)[];
/**
 * The catalog's calls, whose module loads with the first of them: a page the server rendered makes none
 * at start (issue 18).
 */
const CATALOG_EFFECT_NAMES = [
  'listPrompts',
  'getPrompt',
  'getRelated',
  'fetchHomeSections',
  'fetchSeo',
  'createShareLink',
  'resolveShareLink',
  'fetchFavorites',
  'saveFavorite',
] as const satisfies readonly (keyof CatalogEffects)[];
/** A member's calls (cart, orders, coins, coupons), whose module loads with the first of them. */
const COMMERCE_EFFECT_NAMES = [
  'fetchCartCount',
  'fetchCart',
  'addToCart',
  'removeFromCart',
  'checkout',
  'fetchOrders',
  'fetchOrder',
  'cancelOrder',
  'payOrder',
  'confirmOrder',
  'fetchLedger',
  'fetchCoupons',
  'fetchExchangeOffers',
  'exchange',
  'fetchFruitPacks',
  'buyFruitPack',
  'confirmTopUp',
] as const satisfies readonly (keyof CommerceEffects)[];
/** The account area's calls (messages, support, profile, settings), likewise. */
const ACCOUNT_EFFECT_NAMES = [
  'fetchMessages',
  'fetchUnreadCount',
  'markMessageRead',
  'markAllMessagesRead',
  'deleteMessage',
  'sendSupportRequest',
  'fetchSupportRequests',
  'fetchProfile',
  'saveName',
  'uploadAvatar',
  'generateAvatar',
  'fetchSettings',
  'saveNotifications',
  'changePassword',
  'signOutEverywhere',
  'deleteAccount',
] as const satisfies readonly (keyof AccountEffects)[];
// each list names every call of its family (a new call left out fails to compile)
const namesAll: [
  NamesAll<CatalogEffects, typeof CATALOG_EFFECT_NAMES>,
  NamesAll<AuthEffects, typeof AUTH_EFFECT_NAMES>,
  NamesAll<CommerceEffects, typeof COMMERCE_EFFECT_NAMES>,
  NamesAll<AccountEffects, typeof ACCOUNT_EFFECT_NAMES>,
] = [true, true, true, true];
void namesAll;

/** The bearer token the API client sends: the session's, read at call time. */
const tokenSource: { current: () => string | null } = { current: () => null };
/** Where the API client tells a refused token: the running session (`session.revoked`). */
const refusedTokens: { report: (token: string) => void } = { report: () => {} };

export function browserEffects(): AppEffects {
  const reachability = createReachabilityReports();
  const api = createApiClient({
    getToken: () => tokenSource.current(),
    onReachability: reachability.report,
    onUnauthorized: (token) => refusedTokens.report(token),
  });
  // The sign-in calls carry no session token: a wrong password answers 401, which says nothing about
  // the session in use (and a sign-in while signed in replaces it anyway).
  const signInApi = createApiClient({ onReachability: reachability.report });
  return {
    ...lazyEffects(
      () => import('../catalog/catalog-effects.ts').then((m) => m.createCatalogEffects(api)),
      CATALOG_EFFECT_NAMES,
    ),
    ...lazyEffects(
      () => import('../auth/auth-effects.ts').then((m) => m.createAuthEffects(signInApi)),
      AUTH_EFFECT_NAMES,
    ),
    ...lazyEffects(
      () => import('../commerce/commerce-effects.ts').then((m) => m.createCommerceEffects(api)),
      COMMERCE_EFFECT_NAMES,
    ),
    ...lazyEffects(
      () => import('../account/account-effects.ts').then((m) => m.createAccountEffects(api)),
      ACCOUNT_EFFECT_NAMES,
    ),
    session: createSessionEffects(api),
    api,
    copyText,
    // the probe asks with a client of its own: its failures are what it answers, not reports
    connection: createConnectionEffects(createApiClient(), reachability),
  };
}

const local = safeStorage('local');

/**
 * The machine definitions with src/'s effects provided (ARCHITECTURE.md: `machine.provide`).
 * `loadSignInViews` loads the sign-in dialogs' views with their machines, so a dialog opens in the
 * frame its machine opens it.
 */
export function createAppLogic(
  effects: AppEffects,
  loadSignInViews: () => Promise<unknown> = async () => {},
  restore: ServerSnapshots = {},
) {
  return appMachine.provide({
    actions: {
      openLoginDialog: tell('loginDialog', (_, request: OpenRequest) => ({
        type: 'dialog.open',
        mode: request.mode,
        rememberedEmail: request.email ?? local.get(LOCAL_KEYS.rememberEmail),
      })),
    },
    actors: {
      globalEvents: fromCallback<AppEvent>(({ sendBack }) => {
        if (typeof window === 'undefined') return () => {};
        const onSwitch = () => sendBack({ type: 'loginDialog.open', mode: 'register' });
        window.addEventListener('switch-to-register', onSwitch);
        return () => window.removeEventListener('switch-to-register', onSwitch);
      }),
      promptList: restoring(
        promptListMachine.provide({
          actors: { fetchPromptPage: fromPromise(({ input }) => effects.listPrompts(input)) },
        }),
        restore.promptList,
      ),
      session: sessionMachine.provide({
        actors: effects.session.actors,
        actions: effects.session.actions,
      }),
      loadSignIn: fromPromise(() =>
        Promise.all([import('../auth/sign-in-logic.ts'), loadSignInViews()]).then(([m]) =>
          m.signInLogic(effects),
        ),
      ),
      seo: restoring(
        seoMachine.provide({
          actors: { fetchSeo: fromPromise(({ input }) => effects.fetchSeo(input)) },
          // the head's writer loads with the first metadata applied: a page the server rendered has it
          actions: {
            applyMetadata: (_, { meta }) => void import('../platform/head.ts').then((m) => m.applyHead(meta)),
          },
        }),
        restore.seo,
      ),
      connection: connectionMachine.provide({
        actors: {
          watch: fromCallback<ConnectionEvent>(({ sendBack }) => effects.connection.watch(sendBack)),
          probe: fromPromise(() => effects.connection.probe()),
        },
      }),
      homeSections: restoring(
        homeSectionsMachine.provide({
          actors: { fetchHomeSections: fromPromise(() => effects.fetchHomeSections()) },
        }),
        restore.homeSections,
      ),
      // the member's machines (cart, saved prompts, unread count), when a member or a page needs them
      loadMember: fromPromise(() => import('./member-logic.ts').then((m) => m.memberLogic(effects))),
    },
  });
}

export interface StartOptions {
  effects?: AppEffects;
  inspect?: ActorOptions<typeof appMachine>['inspect'];
  clock?: ActorOptions<typeof appMachine>['clock'];
  /** Defaults to this origin's /auth/callback. */
  callbackUrl?: string;
  /** Loads the sign-in dialogs' views, with the sign-in machines (src/main.tsx hands them in). */
  loadSignInViews?: () => Promise<unknown>;
  /** The server's snapshots of the page it rendered (src/app/hydrate.ts): those actors start from them. */
  restore?: ServerSnapshots;
}

export type { ModuleLogic };

/** How a page module is imported: its default export provides its machines. */
export type PageModules = Record<PageModule, () => Promise<{ default: ModuleLogic }>>;

/**
 * src/'s part of the registry (machines/app/registry.ts): the modules that provide the page machines
 * with effects, each imported when a route first needs one of its machines
 * (docs/decisions/006-lazy-page-machines.md). The routes' layer hands them in (src/router.tsx, from
 * src/routes/-lib/page-modules.gen.ts, which scripts/discover.ts writes from the file names): a page's
 * module may sit beside its route, which sits above this file.
 */
let pageModules = {} as PageModules;

/** The page modules `ensure` imports (src/router.tsx; tests that start machines without routes). */
export function providePageModules(modules: PageModules): void {
  pageModules = modules;
}

const isAttachable = (id: string): id is PageMachineId | MemberMachineId =>
  id in REGISTRY && ['page', 'member'].includes(scopeOf(id as SystemId));

/** The effects each running system was started with, for the page machines attached later. */
const startedWith = new WeakMap<AppSystem, AppEffects>();
/** The server's snapshots of page machines not attached yet (the first page's detail, say). */
const restoredLater = new WeakMap<AppSystem, ServerSnapshots>();
/** The actors started from the server's snapshots whose first page has not asked for its load yet. */
const fromServer = new WeakMap<AppSystem, Set<string>>();

/**
 * True once for an actor the page's server snapshot started (src/app/hydrate.ts): the first page's route
 * skips the load that would fetch again what the page already shows.
 */
export function shownFromServer(system: AppSystem, systemId: SystemId): boolean {
  return fromServer.get(system)?.delete(systemId) ?? false;
}

function effectsOf(system: AppSystem): AppEffects {
  const effects = startedWith.get(system);
  if (!effects) throw new Error('This actor system was not started by startAppSystem');
  return effects;
}

/**
 * A catalog actor attached after the session has spoken (docs/decisions/006) learns the viewer now: it
 * never heard the session's announcement, and without it a later sign-in or logout would not reload it.
 */
function tellViewer(system: AppSystem, systemId: string): void {
  const aware = VIEWER_AWARE.find((id) => id === systemId);
  const session = lookup(system.system, 'session')?.getSnapshot();
  if (!aware || !session || session.hasTag('pending')) return;
  const viewerChanged: ViewerChanged = { type: 'viewer.changed', viewer: session.context.token };
  lookup(system.system, aware)?.send(viewerChanged);
}

/**
 * Attaches each machine of loaded modules that the system does not run yet, provided with the effects it
 * was started with. Tests that drive machines without routes attach every module up front this way
 * (tests/support/start-system.ts).
 */
export function attachLoaded(system: AppSystem, modules: readonly ModuleLogic[]): void {
  const effects = effectsOf(system);
  for (const provide of modules) attachModule(system, provide(effects));
}

function attachModule(system: AppSystem, logic: Record<string, AnyActorLogic>): void {
  const restore = restoredLater.get(system);
  for (const [systemId, machine] of Object.entries(logic)) {
    if (!isAttachable(systemId) || system.system.get(systemId)) continue;
    const snapshot = restore?.[systemId as keyof ServerSnapshots];
    if (snapshot) delete restore[systemId as keyof ServerSnapshots];
    system.send({ type: 'app.attach', systemId, logic: restoring(machine, snapshot) });
    tellViewer(system, systemId);
  }
}

/** Starts the one root actor of the storefront. Call once (src/main.tsx), or per test. */
export function startAppSystem(options: StartOptions = {}) {
  const callbackUrl =
    options.callbackUrl ??
    (typeof location === 'undefined' ? 'http://localhost/auth/callback' : `${location.origin}/auth/callback`);
  const effects = options.effects ?? browserEffects();
  const actor = createActor(createAppLogic(effects, options.loadSignInViews, options.restore), {
    systemId: APP_SYSTEM_ID,
    input: { callbackUrl },
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // While the session restores (its token check may wait for jwt-decode to load), a page's first
  // calls carry the stored token it is restoring, as they did when the restore was immediate: the
  // catalog actors count that first load as the viewer's (domain/viewer.ts), and a token the
  // restore then refuses answers catalog calls as a visitor's.
  tokenSource.current = () => {
    const s = lookup(actor.system, 'session')?.getSnapshot();
    return !s || s.hasTag('pending') ? storedToken() : s.context.token;
  };
  // one event into the session, which ends itself if `token` is still the one in use
  refusedTokens.report = (token) => lookup(actor.system, 'session')?.send({ type: 'session.revoked', token });
  actor.start();
  startedWith.set(actor, effects);
  if (options.restore) {
    fromServer.set(actor, new Set(Object.keys(options.restore)));
    if (options.restore.promptDetail)
      restoredLater.set(actor, { promptDetail: options.restore.promptDetail });
  }
  return actor;
}

/**
 * Starts the actors with these systemIds unless they run, each as its scope in the registry says
 * (machines/app/registry.ts): a page machine's module is imported on first use and its machines
 * attached; the member's machines and the sign-in machines load as one group each; the app's run
 * already. Routes await it before their page renders, preloads included (attaching starts nothing: a
 * page machine waits for its page's events). Rejects when code cannot be loaded, so the route shows
 * its error view instead of waiting.
 */
export async function ensure(system: AppSystem, ...ids: SystemId[]): Promise<void> {
  const effects = effectsOf(system);
  const scopes = new Set(ids.map(scopeOf));
  const modules = new Set(ids.filter((id) => scopeOf(id) === 'page').map((id) => REGISTRY[id] as PageModule));
  const loading = [
    scopes.has('member') && prepare(system, 'member'),
    scopes.has('signIn') && prepare(system, 'signIn'),
  ];
  const provided = await Promise.all([...modules].map((name) => pageModules[name]()));
  for (const module of provided) attachModule(system, module.default(effects));
  await Promise.all(loading);
}

/**
 * Stops the page machines that the pages on screen no longer need (issue 16; scope `page` in the
 * registry): called once a navigation has settled, with the machines its routes ensured. A page module's
 * machines come and go together, as they were attached together. The app's, the sign-in and the member's
 * machines stay.
 */
export function release(system: AppSystem, needed: readonly SystemId[]): void {
  const modules = new Set(needed.map((id) => REGISTRY[id]));
  for (const id of idsIn('page'))
    if (!modules.has(REGISTRY[id]) && lookup(system.system, id))
      system.send({ type: 'app.detach', systemId: id });
}

/**
 * Loads the member's machines, or the sign-in machines, unless they run: the root's region for them
 * goes from absent through loading to ready. Rejects when their code cannot be loaded, so the route
 * shows its error view instead of waiting.
 */
async function prepare(system: AppSystem, region: 'member' | 'signIn'): Promise<void> {
  system.send({ type: region === 'member' ? 'member.prepare' : 'signIn.prepare' });
  const settled = await waitFor(system, (s) => !s.matches({ [region]: 'loading' }));
  if (!settled.matches({ [region]: 'ready' })) throw new Error(CODE_UNAVAILABLE);
}

/** The member's machines (tests that start with a member's page call it as the route would). */
export const prepareMember = (system: AppSystem): Promise<void> => prepare(system, 'member');
