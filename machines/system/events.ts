import type { AppEvent } from '../app.ts';
import type { AuthCallbackEvent } from '../auth-callback.ts';
import type { BuyFruitCoinsEvent } from '../buy-fruitcoins.ts';
import type { CartCountEvent } from '../cart-count.ts';
import type { CartEvent } from '../cart.ts';
import type { CheckoutEvent } from '../checkout.ts';
import type { ConnectionEvent } from '../connection.ts';
import type { CouponsEvent } from '../coupons.ts';
import type { EmailVerificationEvent } from '../email-verification.ts';
import type { ExchangeEvent } from '../exchange.ts';
import type { FavoritesEvent } from '../favorites.ts';
import type { FruitHistoryEvent } from '../fruit-history.ts';
import type { HomeSectionsEvent } from '../home-sections.ts';
import type { HoverMenuEvent } from '../hover-menu.ts';
import type { InboxEvent } from '../inbox.ts';
import type { LegacyRedirectEvent } from '../legacy-redirect.ts';
import type { LoginDialogEvent } from '../login-dialog.ts';
import type { MessagesEvent } from '../messages.ts';
import type { OrderDetailEvent } from '../order-detail.ts';
import type { OrderListEvent } from '../order-list.ts';
import type { PaymentResultEvent } from '../payment-result.ts';
import type { ProfileEvent } from '../profile.ts';
import type { PromptDetailEvent } from '../prompt-detail.ts';
import type { PromptListEvent } from '../prompt-list.ts';
import type { RegistrationSuccessEvent } from '../registration-success.ts';
import type { SeoEvent } from '../seo.ts';
import type { SessionEvent } from '../session.ts';
import type { SettingsEvent } from '../settings.ts';
import type { ShareLandingEvent } from '../share-landing.ts';
import type { ShareEvent } from '../share.ts';
import type { SupportEvent } from '../support.ts';
import type { TemplateFillerEvent } from '../template-filler.ts';
import type { ToastEvent } from '../toast.ts';
import type { VerifyEmailNoticeEvent } from '../verify-email-notice.ts';
import type { SystemId } from './registry.ts';

/**
 * The contract between actors (issue 16): for each systemId, the events its actor takes. `tell`
 * (./tell.ts) and src/'s `tell` accept only these, so a message to another actor is checked
 * against what that actor handles, with no casts.
 */
export interface SystemEvents {
  app: AppEvent;
  toast: ToastEvent;
  categoryMenu: HoverMenuEvent;
  accountMenu: HoverMenuEvent;
  promptList: PromptListEvent;
  promptDetail: PromptDetailEvent;
  session: SessionEvent;
  cartCount: CartCountEvent;
  loginDialog: LoginDialogEvent;
  registrationSuccess: RegistrationSuccessEvent;
  verifyEmailNotice: VerifyEmailNoticeEvent;
  emailVerification: EmailVerificationEvent;
  authCallback: AuthCallbackEvent;
  seo: SeoEvent;
  legacyRedirect: LegacyRedirectEvent;
  shareLanding: ShareLandingEvent;
  share: ShareEvent;
  templateFiller: TemplateFillerEvent;
  favorites: FavoritesEvent;
  homeSections: HomeSectionsEvent;
  cart: CartEvent;
  checkout: CheckoutEvent;
  paymentResult: PaymentResultEvent;
  orderList: OrderListEvent;
  orderDetail: OrderDetailEvent;
  fruitHistory: FruitHistoryEvent;
  coupons: CouponsEvent;
  exchange: ExchangeEvent;
  buyFruitCoins: BuyFruitCoinsEvent;
  inbox: InboxEvent;
  messages: MessagesEvent;
  support: SupportEvent;
  profile: ProfileEvent;
  settings: SettingsEvent;
  connection: ConnectionEvent;
}

/** Every actor a message can be addressed to: the root and each long-lived actor. */
export type Addressee = keyof SystemEvents;

// the map names every systemId (a new actor left out fails to compile)
const namesEvery: Exclude<SystemId, Addressee> extends never ? true : false = true;
void namesEvery;

/** A message with its addressee, for lists of messages sent later (retries on restore, held deliveries). */
export type Letter<K extends Addressee = Addressee> = {
  [Id in K]: { systemId: Id; event: SystemEvents[Id] };
}[K];
