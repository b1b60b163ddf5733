import {
  sendTo,
  createActor,
  fromCallback,
  fromPromise,
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorRef,
  type EventFrom,
} from 'xstate';
import { appMachine, type AppEvent } from '../../machines/app.ts';
import { authCallbackMachine } from '../../machines/auth-callback.ts';
import { cartCountMachine } from '../../machines/cart-count.ts';
import type { SystemId } from '../../machines/domain/system-ids.ts';
import { emailVerificationMachine } from '../../machines/email-verification.ts';
import { favoritesMachine } from '../../machines/favorites.ts';
import { homeSectionsMachine } from '../../machines/home-sections.ts';
import { legacyRedirectMachine } from '../../machines/legacy-redirect.ts';
import { seoMachine } from '../../machines/seo.ts';
import { shareLandingMachine } from '../../machines/share-landing.ts';
import { shareMachine } from '../../machines/share.ts';
import { templateFillerMachine } from '../../machines/template-filler.ts';
import { APP_SYSTEM_ID } from '../../machines/domain/system-ids.ts';
import { applyHead } from '../effects/head.ts';
import { copyText, navigation } from '../effects/navigation.ts';
import type { hoverMenuMachine } from '../../machines/hover-menu.ts';
import { loginDialogMachine, type DialogMode } from '../../machines/login-dialog.ts';
import type { SignedIn } from '../../machines/domain/session-user.ts';
import { promptDetailMachine } from '../../machines/prompt-detail.ts';
import { promptListMachine } from '../../machines/prompt-list.ts';
import { registrationSuccessMachine } from '../../machines/registration-success.ts';
import { resendEmailMachine } from '../../machines/resend-email.ts';
import { sessionMachine } from '../../machines/session.ts';
import { socialLoginMachine } from '../../machines/social-login.ts';
import type { toastMachine } from '../../machines/toast.ts';
import { verifyEmailNoticeMachine } from '../../machines/verify-email-notice.ts';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.ts';
import { createApiClient } from '../effects/api.ts';
import { createAuthEffects } from '../effects/auth.ts';
import { createCartEffects } from '../effects/cart.ts';
import { createCatalogEffects } from '../effects/catalog.ts';
import {
  createConnectionEffects,
  createReachabilityReports,
  type ConnectionEffects,
} from '../effects/connection.ts';
import type { cartMachine } from '../../machines/cart.ts';
import type { checkoutMachine } from '../../machines/checkout.ts';
import type { couponsMachine } from '../../machines/coupons.ts';
import type { exchangeMachine } from '../../machines/exchange.ts';
import type { fruitHistoryMachine } from '../../machines/fruit-history.ts';
import type { orderDetailMachine } from '../../machines/order-detail.ts';
import type { orderListMachine } from '../../machines/order-list.ts';
import type { paymentResultMachine } from '../../machines/payment-result.ts';
import { checkoutLogic } from './checkout-logic.ts';
import { historyLogic } from './history-logic.ts';
import { inboxLogic } from './inbox-logic.ts';
import { accountLogic } from './account-logic.ts';
import type { inboxMachine } from '../../machines/inbox.ts';
import type { messagesMachine } from '../../machines/messages.ts';
import type { supportMachine } from '../../machines/support.ts';
import type { profileMachine } from '../../machines/profile.ts';
import type { settingsMachine } from '../../machines/settings.ts';
import { createCommerceEffects, type CommerceEffects } from '../effects/commerce.ts';
import { createAccountEffects, type AccountEffects } from '../effects/account.ts';
import { handOverSignIn, popupActor, readStoredSignIn, SOCIAL_SUCCESS_MESSAGE } from '../effects/popup.ts';
import { createSessionEffects } from '../effects/session.ts';
import { LOCAL_KEYS, SESSION_KEYS, safeStorage } from '../effects/storage-keys.ts';

/** Every effect the machines need, in one object, so tests can hand in fakes. */
export type AppEffects = ReturnType<typeof createCatalogEffects> &
  ReturnType<typeof createAuthEffects> &
  ReturnType<typeof createCartEffects> &
  CommerceEffects &
  AccountEffects & {
    session: ReturnType<typeof createSessionEffects>;
    popup: typeof popupActor;
    /** The clipboard (share links, filled prompts). */
    copyText: (text: string) => Promise<void>;
    /** Whether the API can be reached: the API client's reports, the browser's `online`, the health probe. */
    connection: ConnectionEffects;
  };

/** The bearer token the API client sends: the session's, read at call time. */
const tokenSource: { current: () => string | null } = { current: () => null };

export function browserEffects(): AppEffects {
  const reachability = createReachabilityReports();
  const api = createApiClient({
    getToken: () => tokenSource.current(),
    onReachability: reachability.report,
  });
  return {
    ...createCatalogEffects(api),
    ...createAuthEffects(api),
    ...createCartEffects(api),
    ...createCommerceEffects(api),
    ...createAccountEffects(api),
    session: createSessionEffects(api),
    popup: popupActor,
    copyText,
    // the probe asks with a client of its own: its failures are what it answers, not reports
    connection: createConnectionEffects(createApiClient(), reachability),
  };
}

const local = safeStorage('local');

const resendLogic = (effects: AppEffects) =>
  resendEmailMachine.provide({
    actors: { resendVerification: fromPromise(({ input }) => effects.resendVerification(input)) },
  });

/** The machine definitions with src/'s effects provided (ARCHITECTURE.md: `machine.provide`). */
export function createAppLogic(effects: AppEffects) {
  const sessionToken = (system: { get: (id: string) => AnyActorRef | undefined }): string | null =>
    (system.get('session')?.getSnapshot() as { context?: { token?: string | null } } | undefined)?.context
      ?.token ?? null;

  return appMachine.provide({
    actions: {
      openLoginDialog: sendTo(
        ({ system }) => system.get('loginDialog'),
        (_, { mode }: { mode: DialogMode }) => ({
          type: 'dialog.open',
          mode,
          rememberedEmail: local.get(LOCAL_KEYS.rememberEmail),
        }),
      ),
    },
    actors: {
      globalEvents: fromCallback<AppEvent>(({ sendBack }) => {
        if (typeof window === 'undefined') return () => {};
        const onSwitch = () => sendBack({ type: 'loginDialog.open', mode: 'register' });
        window.addEventListener('switch-to-register', onSwitch);
        return () => window.removeEventListener('switch-to-register', onSwitch);
      }),
      promptList: promptListMachine.provide({
        actors: { fetchPromptPage: fromPromise(({ input }) => effects.listPrompts(input)) },
      }),
      promptDetail: promptDetailMachine.provide({
        actors: {
          fetchPrompt: fromPromise(({ input }) => effects.getPrompt(input)),
          fetchRelated: fromPromise(({ input }) => effects.getRelated(input)),
        },
      }),
      session: sessionMachine.provide({
        actors: effects.session.actors,
        actions: effects.session.actions,
      }),
      cartCount: cartCountMachine.provide({
        actors: {
          fetchCartCount: fromPromise(({ system }) => {
            const session = system.get('session')?.getSnapshot() as
              { context?: { user?: { memberId: string } | null } } | undefined;
            return effects.fetchCartCount(session?.context?.user?.memberId ?? '');
          }),
        },
      }),
      loginDialog: loginDialogMachine.provide({
        actors: {
          emailLogin: fromPromise(({ input }) => effects.emailLogin(input)),
          emailRegister: fromPromise(({ input }) => effects.emailRegister(input)),
          guestLogin: fromPromise(() => effects.guestLogin()),
          socialLogin: socialLoginMachine.provide({
            actors: {
              authorize: fromPromise(({ input }) => effects.authorize(input)),
              popup: effects.popup,
              readStoredSignIn: fromPromise(({ system }) => readStoredSignIn(sessionToken(system))),
              checkLoggedIn: fromPromise(async ({ system }) => sessionToken(system) !== null),
            },
            actions: {
              completeSignIn: (_, signedIn) => {
                window.dispatchEvent(
                  new CustomEvent(SOCIAL_SUCCESS_MESSAGE, { detail: { token: signedIn.token } }),
                );
              },
            },
          }),
        },
        actions: {
          signedIn: sendTo(
            ({ system }) => system.get('session'),
            (_, p: SignedIn) => ({
              type: 'session.signedIn',
              token: p.token,
              userData: p.userData,
              now: Date.now(),
            }),
          ),
          rememberEmail: (_, p) =>
            p.remember
              ? local.set(LOCAL_KEYS.rememberEmail, p.email)
              : local.remove(LOCAL_KEYS.rememberEmail),
          registered: sendTo(
            ({ system }) => system.get('registrationSuccess'),
            (_, p: { email: string }) => ({ type: 'registration.succeeded', email: p.email }),
          ),
          showUnverified: sendTo(
            ({ system }) => system.get('verifyEmailNotice'),
            (_, p: { email: string }) => ({ type: 'notice.show', email: p.email }),
          ),
        },
      }),
      authCallback: authCallbackMachine.provide({
        actors: { exchangeCode: fromPromise(({ input }) => effects.exchangeCode(input)) },
        actions: {
          handOver: (_, signedIn) =>
            handOverSignIn(signedIn, safeStorage('session').get(SESSION_KEYS.authRedirectUrl)),
        },
      }),
      seo: seoMachine.provide({
        actors: { fetchSeo: fromPromise(({ input }) => effects.fetchSeo(input)) },
        actions: { applyMetadata: (_, { meta }) => applyHead(meta) },
      }),
      legacyRedirect: legacyRedirectMachine.provide({
        actors: { fetchPrompt: fromPromise(({ input }) => effects.getPrompt(input)) },
        actions: { redirect: (_, { href }) => navigation.go(href, { replace: true }) },
      }),
      shareLanding: shareLandingMachine.provide({
        actors: { resolveShareLink: fromPromise(({ input }) => effects.resolveShareLink(input)) },
        actions: {
          rememberReferral: (_, referral) =>
            local.set(LOCAL_KEYS.referral, JSON.stringify({ ...referral, at: Date.now() })),
          redirect: (_, { href }) => navigation.go(href, { replace: true }),
        },
      }),
      share: shareMachine.provide({
        actors: {
          createShareLink: fromPromise(({ input }) => effects.createShareLink(input)),
          copyText: fromPromise(({ input }) => effects.copyText(input.text)),
        },
      }),
      templateFiller: templateFillerMachine.provide({
        actors: { copyText: fromPromise(({ input }) => effects.copyText(input.text)) },
      }),
      favorites: favoritesMachine.provide({
        actors: {
          fetchFavorites: fromPromise(() => effects.fetchFavorites()),
          saveFavorite: fromPromise(({ input }) => effects.saveFavorite(input)),
        },
      }),
      connection: connectionMachine.provide({
        actors: {
          watch: fromCallback<ConnectionEvent>(({ sendBack }) => effects.connection.watch(sendBack)),
          probe: fromPromise(() => effects.connection.probe()),
        },
      }),
      homeSections: homeSectionsMachine.provide({
        actors: { fetchHomeSections: fromPromise(() => effects.fetchHomeSections()) },
      }),
      // the buying side, each group provided in its own module
      ...checkoutLogic(effects),
      ...historyLogic(effects),
      // the account area
      ...inboxLogic(effects),
      ...accountLogic(effects),
      registrationSuccess: registrationSuccessMachine.provide({
        actors: { resendEmail: resendLogic(effects) },
      }),
      verifyEmailNotice: verifyEmailNoticeMachine.provide({ actors: { resendEmail: resendLogic(effects) } }),
      emailVerification: emailVerificationMachine.provide({
        actors: {
          verifyEmail: fromPromise(({ input }) => effects.verifyEmail(input)),
          resendVerification: fromPromise(({ input }) => effects.resendVerification(input)),
        },
        actions: {
          openLogin: sendTo(
            ({ system }) => system.get('loginDialog'),
            (_, p: { email: string }) => ({ type: 'dialog.open', mode: 'login', rememberedEmail: p.email }),
          ),
        },
      }),
    },
  });
}

export interface StartOptions {
  effects?: AppEffects;
  inspect?: ActorOptions<typeof appMachine>['inspect'];
  clock?: ActorOptions<typeof appMachine>['clock'];
  /** Defaults to this origin's /auth/callback. */
  callbackUrl?: string;
}

/** Starts the one root actor of the storefront. Call once (src/main.tsx), or per test. */
export function startAppSystem(options: StartOptions = {}) {
  const callbackUrl =
    options.callbackUrl ??
    (typeof location === 'undefined' ? 'http://localhost/auth/callback' : `${location.origin}/auth/callback`);
  const actor = createActor(createAppLogic(options.effects ?? browserEffects()), {
    systemId: APP_SYSTEM_ID,
    input: { callbackUrl },
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  tokenSource.current = () =>
    (actor.system.get('session')?.getSnapshot() as { context: { token: string | null } } | undefined)?.context
      .token ?? null;
  actor.start();
  return actor;
}

export type AppSystem = ReturnType<typeof startAppSystem>;

/** The typed actor behind each systemId. */
export interface SystemActors {
  toast: ActorRefFrom<typeof toastMachine>;
  categoryMenu: ActorRefFrom<typeof hoverMenuMachine>;
  accountMenu: ActorRefFrom<typeof hoverMenuMachine>;
  promptList: ActorRefFrom<typeof promptListMachine>;
  promptDetail: ActorRefFrom<typeof promptDetailMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  cartCount: ActorRefFrom<typeof cartCountMachine>;
  loginDialog: ActorRefFrom<typeof loginDialogMachine>;
  registrationSuccess: ActorRefFrom<typeof registrationSuccessMachine>;
  verifyEmailNotice: ActorRefFrom<typeof verifyEmailNoticeMachine>;
  emailVerification: ActorRefFrom<typeof emailVerificationMachine>;
  authCallback: ActorRefFrom<typeof authCallbackMachine>;
  seo: ActorRefFrom<typeof seoMachine>;
  legacyRedirect: ActorRefFrom<typeof legacyRedirectMachine>;
  shareLanding: ActorRefFrom<typeof shareLandingMachine>;
  share: ActorRefFrom<typeof shareMachine>;
  templateFiller: ActorRefFrom<typeof templateFillerMachine>;
  favorites: ActorRefFrom<typeof favoritesMachine>;
  homeSections: ActorRefFrom<typeof homeSectionsMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  paymentResult: ActorRefFrom<typeof paymentResultMachine>;
  orderList: ActorRefFrom<typeof orderListMachine>;
  orderDetail: ActorRefFrom<typeof orderDetailMachine>;
  fruitHistory: ActorRefFrom<typeof fruitHistoryMachine>;
  coupons: ActorRefFrom<typeof couponsMachine>;
  exchange: ActorRefFrom<typeof exchangeMachine>;
  inbox: ActorRefFrom<typeof inboxMachine>;
  messages: ActorRefFrom<typeof messagesMachine>;
  support: ActorRefFrom<typeof supportMachine>;
  profile: ActorRefFrom<typeof profileMachine>;
  settings: ActorRefFrom<typeof settingsMachine>;
  connection: ActorRefFrom<typeof connectionMachine>;
}

export function systemActor<K extends SystemId>(system: AppSystem, id: K): SystemActors[K] {
  const ref: AnyActorRef | undefined = system.system.get(id);
  if (!ref) throw new Error(`No actor with systemId "${id}" is running`);
  return ref as SystemActors[K];
}

/** For route loaders: send an event to a long-lived actor. */
export function sendToSystem<K extends SystemId>(
  system: AppSystem,
  id: K,
  event: EventFrom<SystemActors[K]>,
): void {
  (systemActor(system, id) as AnyActorRef).send(event);
}
