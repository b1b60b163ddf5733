import { fromCallback, setup, spawnChild, type EventFrom } from 'xstate';
import { authCallbackMachine } from './auth-callback.ts';
import { cartCountMachine } from './cart-count.ts';
import { SYSTEM_IDS, TIMINGS } from './domain/system-ids.ts';
import { emailVerificationMachine } from './email-verification.ts';
import { favoritesMachine } from './favorites.ts';
import { homeSectionsMachine } from './home-sections.ts';
import { legacyRedirectMachine } from './legacy-redirect.ts';
import { seoMachine } from './seo.ts';
import { shareLandingMachine } from './share-landing.ts';
import { shareMachine } from './share.ts';
import { templateFillerMachine } from './template-filler.ts';
import { hoverMenuMachine } from './hover-menu.ts';
import { loginDialogMachine, type DialogMode } from './login-dialog.ts';
import { promptDetailMachine } from './prompt-detail.ts';
import { promptListMachine } from './prompt-list.ts';
import { registrationSuccessMachine } from './registration-success.ts';
import { sessionMachine } from './session.ts';
import { toastMachine } from './toast.ts';
import { cartMachine } from './cart.ts';
import { checkoutMachine } from './checkout.ts';
import { paymentResultMachine } from './payment-result.ts';
import { orderListMachine } from './order-list.ts';
import { orderDetailMachine } from './order-detail.ts';
import { fruitHistoryMachine } from './fruit-history.ts';
import { couponsMachine } from './coupons.ts';
import { exchangeMachine } from './exchange.ts';
import { inboxMachine } from './inbox.ts';
import { messagesMachine } from './messages.ts';
import { supportMachine } from './support.ts';
import { profileMachine } from './profile.ts';
import { settingsMachine } from './settings.ts';
import { verifyEmailNoticeMachine } from './verify-email-notice.ts';
import { connectionMachine, type RetryTarget } from './connection.ts';

export type AppEvent = { type: 'loginDialog.open'; mode?: DialogMode };

/**
 * What loads again by itself when the API is back (`connection` sends these on restore): each page
 * machine's retry, which it handles only in its load-failed state. Retries that would repeat something
 * a person chose to do (a checkout, an exchange, a support request) are left to the person.
 */
export const RETRY_ON_RESTORE: readonly RetryTarget[] = [
  {
    systemId: SYSTEM_IDS.promptList,
    event: { type: 'list.retry' } satisfies EventFrom<typeof promptListMachine>,
  },
  {
    systemId: SYSTEM_IDS.promptDetail,
    event: { type: 'detail.retry' } satisfies EventFrom<typeof promptDetailMachine>,
  },
  {
    systemId: SYSTEM_IDS.promptDetail,
    event: { type: 'detail.relatedRetry' } satisfies EventFrom<typeof promptDetailMachine>,
  },
  {
    systemId: SYSTEM_IDS.homeSections,
    event: { type: 'home.retry' } satisfies EventFrom<typeof homeSectionsMachine>,
  },
  {
    systemId: SYSTEM_IDS.legacyRedirect,
    event: { type: 'legacy.retry' } satisfies EventFrom<typeof legacyRedirectMachine>,
  },
  {
    systemId: SYSTEM_IDS.shareLanding,
    event: { type: 'shareLink.retry' } satisfies EventFrom<typeof shareLandingMachine>,
  },
  { systemId: SYSTEM_IDS.cart, event: { type: 'cart.retry' } satisfies EventFrom<typeof cartMachine> },
  {
    systemId: SYSTEM_IDS.paymentResult,
    event: { type: 'payment.retry' } satisfies EventFrom<typeof paymentResultMachine>,
  },
  {
    systemId: SYSTEM_IDS.orderList,
    event: { type: 'orders.retry' } satisfies EventFrom<typeof orderListMachine>,
  },
  {
    systemId: SYSTEM_IDS.orderDetail,
    event: { type: 'order.retry' } satisfies EventFrom<typeof orderDetailMachine>,
  },
  {
    systemId: SYSTEM_IDS.fruitHistory,
    event: { type: 'fruit.retry' } satisfies EventFrom<typeof fruitHistoryMachine>,
  },
  {
    systemId: SYSTEM_IDS.coupons,
    event: { type: 'coupons.retry' } satisfies EventFrom<typeof couponsMachine>,
  },
  {
    systemId: SYSTEM_IDS.messages,
    event: { type: 'messages.retry' } satisfies EventFrom<typeof messagesMachine>,
  },
  {
    systemId: SYSTEM_IDS.profile,
    event: { type: 'profile.retry' } satisfies EventFrom<typeof profileMachine>,
  },
  {
    systemId: SYSTEM_IDS.settings,
    event: { type: 'settings.retry' } satisfies EventFrom<typeof settingsMachine>,
  },
];

export interface AppInput {
  /** SPEC.md §2: the origin callback URL handed to the social authorize call. */
  callbackUrl: string;
}

/**
 * The root of the actor system: started once by src/, it spawns every long-lived actor with its
 * systemId so views and routes can reach them (`system.get(id)`). Effects are provided by src/
 * through `appMachine.provide({ actors: { ... } })` with each child's own provided version.
 */
export const appMachine = setup({
  types: {
    context: {} as AppInput,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    toast: toastMachine,
    hoverMenu: hoverMenuMachine,
    promptList: promptListMachine,
    promptDetail: promptDetailMachine,
    session: sessionMachine,
    cartCount: cartCountMachine,
    loginDialog: loginDialogMachine,
    registrationSuccess: registrationSuccessMachine,
    verifyEmailNotice: verifyEmailNoticeMachine,
    emailVerification: emailVerificationMachine,
    authCallback: authCallbackMachine,
    seo: seoMachine,
    legacyRedirect: legacyRedirectMachine,
    shareLanding: shareLandingMachine,
    share: shareMachine,
    templateFiller: templateFillerMachine,
    favorites: favoritesMachine,
    homeSections: homeSectionsMachine,
    cart: cartMachine,
    checkout: checkoutMachine,
    paymentResult: paymentResultMachine,
    orderList: orderListMachine,
    orderDetail: orderDetailMachine,
    fruitHistory: fruitHistoryMachine,
    coupons: couponsMachine,
    exchange: exchangeMachine,
    inbox: inboxMachine,
    messages: messagesMachine,
    support: supportMachine,
    profile: profileMachine,
    settings: settingsMachine,
    connection: connectionMachine,
    /** Window-level events (the global "switch-to-register" event), provided by src/. */
    globalEvents: fromCallback<AppEvent>(() => () => {}),
  },
  actions: {
    /** Opens the login dialog with the remembered email (storage is src/'s to read). */
    openLoginDialog: (_, _params: { mode: DialogMode }) => {},
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ callbackUrl: input.callbackUrl }),
  entry: [
    spawnChild('toast', { id: SYSTEM_IDS.toast, systemId: SYSTEM_IDS.toast }),
    spawnChild('hoverMenu', {
      id: SYSTEM_IDS.categoryMenu,
      systemId: SYSTEM_IDS.categoryMenu,
      input: { closeDelay: TIMINGS.categoryMenuCloseDelay },
    }),
    spawnChild('hoverMenu', {
      id: SYSTEM_IDS.accountMenu,
      systemId: SYSTEM_IDS.accountMenu,
      input: { closeDelay: TIMINGS.accountMenuCloseDelay },
    }),
    spawnChild('promptList', { id: SYSTEM_IDS.promptList, systemId: SYSTEM_IDS.promptList }),
    spawnChild('promptDetail', { id: SYSTEM_IDS.promptDetail, systemId: SYSTEM_IDS.promptDetail }),
    spawnChild('cartCount', { id: SYSTEM_IDS.cartCount, systemId: SYSTEM_IDS.cartCount }),
    spawnChild('loginDialog', {
      id: SYSTEM_IDS.loginDialog,
      systemId: SYSTEM_IDS.loginDialog,
      input: ({ context }) => ({ callbackUrl: context.callbackUrl }),
    }),
    spawnChild('registrationSuccess', {
      id: SYSTEM_IDS.registrationSuccess,
      systemId: SYSTEM_IDS.registrationSuccess,
    }),
    spawnChild('verifyEmailNotice', {
      id: SYSTEM_IDS.verifyEmailNotice,
      systemId: SYSTEM_IDS.verifyEmailNotice,
    }),
    spawnChild('emailVerification', {
      id: SYSTEM_IDS.emailVerification,
      systemId: SYSTEM_IDS.emailVerification,
    }),
    spawnChild('authCallback', { id: SYSTEM_IDS.authCallback, systemId: SYSTEM_IDS.authCallback }),
    spawnChild('seo', { id: SYSTEM_IDS.seo, systemId: SYSTEM_IDS.seo }),
    spawnChild('legacyRedirect', { id: SYSTEM_IDS.legacyRedirect, systemId: SYSTEM_IDS.legacyRedirect }),
    spawnChild('shareLanding', { id: SYSTEM_IDS.shareLanding, systemId: SYSTEM_IDS.shareLanding }),
    spawnChild('share', { id: SYSTEM_IDS.share, systemId: SYSTEM_IDS.share }),
    spawnChild('templateFiller', { id: SYSTEM_IDS.templateFiller, systemId: SYSTEM_IDS.templateFiller }),
    spawnChild('favorites', { id: SYSTEM_IDS.favorites, systemId: SYSTEM_IDS.favorites }),
    spawnChild('homeSections', { id: SYSTEM_IDS.homeSections, systemId: SYSTEM_IDS.homeSections }),
    spawnChild('cart', { id: SYSTEM_IDS.cart, systemId: SYSTEM_IDS.cart }),
    spawnChild('checkout', { id: SYSTEM_IDS.checkout, systemId: SYSTEM_IDS.checkout }),
    spawnChild('paymentResult', { id: SYSTEM_IDS.paymentResult, systemId: SYSTEM_IDS.paymentResult }),
    spawnChild('orderList', { id: SYSTEM_IDS.orderList, systemId: SYSTEM_IDS.orderList }),
    spawnChild('orderDetail', { id: SYSTEM_IDS.orderDetail, systemId: SYSTEM_IDS.orderDetail }),
    spawnChild('fruitHistory', { id: SYSTEM_IDS.fruitHistory, systemId: SYSTEM_IDS.fruitHistory }),
    spawnChild('coupons', { id: SYSTEM_IDS.coupons, systemId: SYSTEM_IDS.coupons }),
    spawnChild('exchange', { id: SYSTEM_IDS.exchange, systemId: SYSTEM_IDS.exchange }),
    spawnChild('inbox', { id: SYSTEM_IDS.inbox, systemId: SYSTEM_IDS.inbox }),
    spawnChild('messages', { id: SYSTEM_IDS.messages, systemId: SYSTEM_IDS.messages }),
    spawnChild('support', { id: SYSTEM_IDS.support, systemId: SYSTEM_IDS.support }),
    spawnChild('profile', { id: SYSTEM_IDS.profile, systemId: SYSTEM_IDS.profile }),
    spawnChild('settings', { id: SYSTEM_IDS.settings, systemId: SYSTEM_IDS.settings }),
    spawnChild('connection', {
      id: SYSTEM_IDS.connection,
      systemId: SYSTEM_IDS.connection,
      input: { retryOnRestore: RETRY_ON_RESTORE },
    }),
    // the session last: its restore may already talk to the cart and the dialog
    spawnChild('session', { id: SYSTEM_IDS.session, systemId: SYSTEM_IDS.session }),
  ],
  invoke: { id: 'globalEvents', src: 'globalEvents' },
  initial: 'running',
  states: {
    running: {
      on: {
        'loginDialog.open': {
          actions: { type: 'openLoginDialog', params: ({ event }) => ({ mode: event.mode ?? 'providers' }) },
        },
      },
    },
  },
});
