import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { authCallbackMachine } from '../auth-callback.ts';
import type { buyFruitCoinsMachine } from '../buy-fruitcoins.ts';
import type { cartCountMachine } from '../cart-count.ts';
import type { cartMachine } from '../cart.ts';
import type { checkoutMachine } from '../checkout.ts';
import type { connectionMachine } from '../connection.ts';
import type { couponsMachine } from '../coupons.ts';
import type { emailVerificationMachine } from '../email-verification.ts';
import type { exchangeMachine } from '../exchange.ts';
import type { favoritesMachine } from '../favorites.ts';
import type { fruitHistoryMachine } from '../fruit-history.ts';
import type { homeSectionsMachine } from '../home-sections.ts';
import type { hoverMenuMachine } from '../hover-menu.ts';
import type { inboxMachine } from '../inbox.ts';
import type { legacyRedirectMachine } from '../legacy-redirect.ts';
import type { loginDialogMachine } from '../login-dialog.ts';
import type { messagesMachine } from '../messages.ts';
import type { orderDetailMachine } from '../order-detail.ts';
import type { orderListMachine } from '../order-list.ts';
import type { paymentResultMachine } from '../payment-result.ts';
import type { profileMachine } from '../profile.ts';
import type { promptDetailMachine } from '../prompt-detail.ts';
import type { promptListMachine } from '../prompt-list.ts';
import type { registrationSuccessMachine } from '../registration-success.ts';
import type { seoMachine } from '../seo.ts';
import type { sessionMachine } from '../session.ts';
import type { settingsMachine } from '../settings.ts';
import type { shareLandingMachine } from '../share-landing.ts';
import type { shareMachine } from '../share.ts';
import type { supportMachine } from '../support.ts';
import type { templateFillerMachine } from '../template-filler.ts';
import type { toastMachine } from '../toast.ts';
import type { verifyEmailNoticeMachine } from '../verify-email-notice.ts';
import type { SystemId } from './registry.ts';

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
  buyFruitCoins: ActorRefFrom<typeof buyFruitCoinsMachine>;
  inbox: ActorRefFrom<typeof inboxMachine>;
  messages: ActorRefFrom<typeof messagesMachine>;
  support: ActorRefFrom<typeof supportMachine>;
  profile: ActorRefFrom<typeof profileMachine>;
  settings: ActorRefFrom<typeof settingsMachine>;
  connection: ActorRefFrom<typeof connectionMachine>;
}

/**
 * The running actor with this systemId, typed as its machine's, or undefined when it does not run. The
 * one place a systemId becomes an actor: the registry (machines/app.ts, src/system/) and selectors read
 * other actors through it.
 */
export function lookup<K extends SystemId>(
  system: { get: (id: string) => AnyActorRef | undefined },
  id: K,
): SystemActors[K] | undefined {
  return system.get(id) as SystemActors[K] | undefined;
}
