// Every machine's independent model, by the machine's name: what `npm run paths` lists. A machine
// with several walks (another input) lists each.
import type { SpecModel } from '../../support/spec-model.ts';
import { COLOCATED } from '../../support/colocated.ts';
import { appSpec } from './app.ts';
import { authCallbackSpec } from './auth-callback.ts';
import { buyFruitCoinsSpec } from './buy-fruitcoins.ts';
import { cartSpec } from './cart.ts';
import { cartCountSpec } from './cart-count.ts';
import { checkoutSpec } from './checkout.ts';
import { couponsSpec } from './coupons.ts';
import { emailVerificationSpec } from './email-verification.ts';
import { exchangeSpec } from './exchange.ts';
import { favoritesSpec } from './favorites.ts';
import { fruitHistorySpec } from './fruit-history.ts';
import { homeSectionsSpec } from './home-sections.ts';
import { legacyRedirectSpec } from './legacy-redirect.ts';
import { loginDialogSpec, type Scenario } from './login-dialog.ts';
import { orderDetailSpec } from './order-detail.ts';
import { orderListSpec } from './order-list.ts';
import { paymentResultSpec } from './payment-result.ts';
import { promptDetailSpec } from './prompt-detail.ts';
import { promptListSpec } from './prompt-list.ts';
import { registrationSuccessSpec } from './registration-success.ts';
import { resendEmailSpec } from './resend-email.ts';
import { shareSpec } from './share.ts';
import { shareLandingSpec } from './share-landing.ts';
import { socialLoginSpec } from './social-login.ts';
import { templateFillerSpec } from './template-filler.ts';
import { verifyEmailNoticeSpec } from './verify-email-notice.ts';
import { connectionSpec } from './connection.ts';
import { inboxSpec } from './inbox.ts';
import { messagesSpec, type MessagesFocus } from './messages.ts';
import { profileSpec, type ProfileFocus } from './profile.ts';
import { settingsSpec, type SettingsFocus } from './settings.ts';
import { supportSpec, type SupportFocus } from './support.ts';
import { ACCOUNT_MENU_CLOSE_DELAY, CATEGORY_MENU_CLOSE_DELAY, hoverMenuSpec } from './hover-menu.ts';
import { seoSpec } from './seo.ts';
import { sessionSpec } from './session.ts';
import { toastSpec } from './toast.ts';
import { toastItemSpec } from './toast-item.ts';

export interface SpecEntry {
  name: string;
  walks: { label: string; model: SpecModel<never> }[];
}

/** A machine walked by several small models, one per concern. */
const each = <F extends string, S>(name: string, foci: F[], spec: (focus: F) => SpecModel<S>): SpecEntry => ({
  name,
  walks: foci.map((focus) => ({ label: focus, model: any(spec(focus)) })),
});

/** Any model, as the catalogue lists it (it only reads a model, whatever its state type). */
const any = <S>(model: SpecModel<S>): SpecModel<never> => model as unknown as SpecModel<never>;
const one = <S>(name: string, model: SpecModel<S>): SpecEntry => ({
  name,
  walks: [{ label: '', model: any(model) }],
});

export const SPEC_MODELS: SpecEntry[] = [
  // the root (which actors run, and when) and the session: replayed in Node (tests/replay/node-runner.ts)
  one('app', appSpec),
  one('session', sessionSpec),
  one('authCallback', authCallbackSpec()),
  one('buyFruitCoins', buyFruitCoinsSpec()),
  one('cart', cartSpec()),
  one('cartCount', cartCountSpec()),
  one('checkout', checkoutSpec()),
  one('coupons', couponsSpec()),
  one('emailVerification', emailVerificationSpec()),
  one('exchange', exchangeSpec()),
  one('favorites', favoritesSpec()),
  one('fruitHistory', fruitHistorySpec()),
  one('homeSections', homeSectionsSpec()),
  one('inbox', inboxSpec()),
  one('legacyRedirect', legacyRedirectSpec()),
  each('messages', ['load', 'read', 'delete', 'lagging'] as MessagesFocus[], messagesSpec),
  each('profile', ['load', 'name', 'avatar'] as ProfileFocus[], profileSpec),
  each(
    'settings',
    ['load', 'passwordChecks', 'passwordAnswers', 'prefs', 'dialogs'] as SettingsFocus[],
    settingsSpec,
  ),
  each('support', ['email', 'subject', 'message', 'send', 'member'] as SupportFocus[], supportSpec),
  {
    name: 'loginDialog',
    walks: (
      ['navigation', 'loginForm', 'registerForm', 'emailLogin', 'register', 'social', 'guest'] as Scenario[]
    ).map((scenario) => ({ label: scenario, model: any(loginDialogSpec(scenario)) })),
  },
  one('orderDetail', orderDetailSpec()),
  one('orderList', orderListSpec()),
  one('paymentResult', paymentResultSpec()),
  one('promptDetail', promptDetailSpec()),
  one('promptList', promptListSpec()),
  one('registrationSuccess', registrationSuccessSpec()),
  {
    name: 'resendEmail',
    walks: [
      { label: 'cooling down', model: any(resendEmailSpec(true)) },
      { label: 'ready', model: any(resendEmailSpec(false)) },
    ],
  },
  one('share', shareSpec()),
  one('shareLanding', shareLandingSpec()),
  one('socialLogin', socialLoginSpec()),
  one('templateFiller', templateFillerSpec()),
  one('verifyEmailNotice', verifyEmailNoticeSpec()),
  one('connection', connectionSpec()),
  {
    name: 'hoverMenu',
    walks: [
      { label: 'category menu', model: any(hoverMenuSpec(CATEGORY_MENU_CLOSE_DELAY)) },
      { label: 'account menu', model: any(hoverMenuSpec(ACCOUNT_MENU_CLOSE_DELAY)) },
    ],
  },
  one('seo', seoSpec()),
  one('toast', toastSpec()),
  {
    name: 'toastItem',
    walks: [
      { label: 'default', model: any(toastItemSpec()) },
      { label: '4000 ms', model: any(toastItemSpec(4000)) },
    ],
  },
  // the machines whose models sit beside them (machines/<feature>/<name>.model.ts), found by file name
  ...COLOCATED.map(({ machineId, walks }) => ({ name: machineId, walks })),
];
