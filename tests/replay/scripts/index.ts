// The browser scripts of the user-facing machines, by machine id: `npm run replay` and the replay
// test take them from here.
import type { BrowserScript } from '../types.ts';
import { hoverMenuScript } from './hover-menu.ts';
import { cartCountScript } from './cart-count.ts';
import { cartScript } from './cart.ts';
import { checkoutScript } from './checkout.ts';
import { buyFruitCoinsScript } from './buy-fruitcoins.ts';
import { couponsScript } from './coupons.ts';
import { exchangeScript } from './exchange.ts';
import { fruitHistoryScript } from './fruit-history.ts';
import { inboxScript } from './inbox.ts';
import { messagesScript } from './messages.ts';
import { orderDetailScript } from './order-detail.ts';
import { orderListScript } from './order-list.ts';
import { paymentResultScript } from './payment-result.ts';
import { profileScript } from './profile.ts';
import { settingsScript } from './settings.ts';
import { supportScript } from './support.ts';
import { legacyRedirectScript } from './legacy-redirect.ts';
import { shareLandingScript } from './share-landing.ts';
import { authCallbackScript } from './auth-callback.ts';
import { shareScript } from './share.ts';
import { templateFillerScript } from './template-filler.ts';
import { promptListScript } from './prompt-list.ts';
import { promptDetailScript } from './prompt-detail.ts';
import { homeSectionsScript } from './home-sections.ts';
import { seoScript } from './seo.ts';
import { toastScript } from './toast.ts';
import { loginDialogScript } from './login-dialog.ts';
import { favoritesScript } from './favorites.ts';
import { emailVerificationScript } from './email-verification.ts';
import { registrationSuccessScript } from './registration-success.ts';
import { verifyEmailNoticeScript } from './verify-email-notice.ts';

export const BROWSER_SCRIPTS: BrowserScript[] = [
  hoverMenuScript,
  // member pages
  cartScript,
  cartCountScript,
  checkoutScript,
  paymentResultScript,
  orderListScript,
  orderDetailScript,
  fruitHistoryScript,
  couponsScript,
  exchangeScript,
  buyFruitCoinsScript,
  inboxScript,
  messagesScript,
  supportScript,
  profileScript,
  settingsScript,
  // catalog and sign-in
  legacyRedirectScript,
  shareLandingScript,
  authCallbackScript,
  shareScript,
  templateFillerScript,
  promptListScript,
  promptDetailScript,
  homeSectionsScript,
  seoScript,
  toastScript,
  loginDialogScript,
  favoritesScript,
  emailVerificationScript,
  registrationSuccessScript,
  verifyEmailNoticeScript,
];

export const scriptFor = (machineId: string): BrowserScript | undefined =>
  BROWSER_SCRIPTS.find((s) => s.machineId === machineId);
