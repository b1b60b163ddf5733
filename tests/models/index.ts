// The registry: one model per machine in machines/, by machine id. The machines' tests, the path
// catalogue (`npm run paths`) and the browser replay (`npm run replay`) take their paths from here.
import { appModel } from './app.ts';
import { authCallbackModel } from './auth-callback.ts';
import { buyFruitCoinsModel } from './buy-fruitcoins.ts';
import { cartCountModel } from './cart-count.ts';
import { cartModel } from './cart.ts';
import { checkoutModel } from './checkout.ts';
import { connectionModel } from './connection.ts';
import { couponsModel } from './coupons.ts';
import { emailVerificationModel } from './email-verification.ts';
import { exchangeModel } from './exchange.ts';
import { favoritesModel } from './favorites.ts';
import { fruitHistoryModel } from './fruit-history.ts';
import { homeSectionsModel } from './home-sections.ts';
import { hoverMenuModel } from './hover-menu.ts';
import { inboxModel } from './inbox.ts';
import { legacyRedirectModel } from './legacy-redirect.ts';
import { loginDialogModel } from './login-dialog.ts';
import { messagesModel } from './messages.ts';
import { orderDetailModel } from './order-detail.ts';
import { orderListModel } from './order-list.ts';
import { paymentResultModel } from './payment-result.ts';
import { profileModel } from './profile.ts';
import { promptDetailModel } from './prompt-detail.ts';
import { promptListModel } from './prompt-list.ts';
import { registrationSuccessModel } from './registration-success.ts';
import { resendEmailModel } from './resend-email.ts';
import { seoModel } from './seo.ts';
import { sessionModel } from './session.ts';
import { settingsModel } from './settings.ts';
import { shareLandingModel } from './share-landing.ts';
import { shareModel } from './share.ts';
import { socialLoginModel } from './social-login.ts';
import { supportModel } from './support.ts';
import { templateFillerModel } from './template-filler.ts';
import { toastItemModel } from './toast-item.ts';
import { toastModel } from './toast.ts';
import { verifyEmailNoticeModel } from './verify-email-notice.ts';
import type { MachineModel } from './types.ts';
import { COLOCATED } from '../support/colocated.ts';
import { machineModelOf } from './colocated-paths.ts';

export type { MachineModel } from './types.ts';
export { DEFAULT_MAX_STEPS, pathsOf } from './types.ts';
export { walksOf, withControlledActors } from './traversal.ts';

/** Every machine's model, in the order of machines/ (file names). */
export const MACHINE_MODELS: MachineModel[] = [
  appModel,
  authCallbackModel,
  buyFruitCoinsModel,
  cartCountModel,
  cartModel,
  checkoutModel,
  connectionModel,
  couponsModel,
  emailVerificationModel,
  exchangeModel,
  favoritesModel,
  fruitHistoryModel,
  homeSectionsModel,
  hoverMenuModel,
  inboxModel,
  legacyRedirectModel,
  loginDialogModel,
  messagesModel,
  orderDetailModel,
  orderListModel,
  paymentResultModel,
  profileModel,
  promptDetailModel,
  promptListModel,
  registrationSuccessModel,
  resendEmailModel,
  seoModel,
  sessionModel,
  settingsModel,
  shareLandingModel,
  shareModel,
  socialLoginModel,
  supportModel,
  templateFillerModel,
  toastItemModel,
  toastModel,
  verifyEmailNoticeModel,
  // the machines whose models sit beside them: their graph walk is built from their own model's events
  ...COLOCATED.map(machineModelOf),
];

/** The model of the machine with this id (`machine.id`: "loginDialog", "paymentResult"). */
export function modelFor(id: string): MachineModel | undefined {
  return MACHINE_MODELS.find((model) => model.machine.id === id);
}
