// The login / sign-up dialog: the header's "Log in" opens it, then what a person clicks and types in
// it. Opening it straight on a form (mode login: a page's link to the login form; mode register: the
// app's own request) and a sign-in in another tab are each harness's own: the pages and the storage
// events they take differ.
import type { LoginDialogState } from '../models/spec/login-dialog.ts';
import {
  banner,
  blur,
  button,
  byRole,
  check,
  click,
  dialog,
  fill,
  labelled,
  remember,
  see,
  type PageDriver,
} from '../support/page-driver.ts';

export const LOGIN_DIALOG = dialog(/^(Log in to|Sign up for) FruitPrompt$/);
export const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
};
const pressed = (name: string) => [click(button(name, LOGIN_DIALOG))];
const field = (name: unknown) => labelled(FIELD_LABELS[name as string]!, LOGIN_DIALOG);

export const loginDialogDriver: PageDriver<LoginDialogState> = {
  // the address this browser remembers from an earlier "Remember me" (or none)
  'dialog.open': (event) =>
    event.mode
      ? null
      : [
          remember('remember_email', (event.rememberedEmail as string | null | undefined) || null),
          click(button('Log in', banner)),
          see(LOGIN_DIALOG),
        ],
  // closed already (after a sign-in the session closes it): nothing to do
  'dialog.close': (_, before) =>
    before.stage === 'closed' || before.stage === 'signedIn' ? [] : pressed('Close'),
  'dialog.continueWithEmail': () => pressed('Continue with Email'),
  'social.start': (event) => pressed(`Continue with ${event.provider as string}`),
  'guest.start': () => pressed('Continue as guest'),
  'dialog.toRegister': () => pressed("Don't have an account? Sign up"),
  'dialog.toLogin': () => pressed('Already have an account? Log in'),
  'dialog.back': () => pressed('Back'),
  'field.change': (event) => [fill(field(event.field), event.value as string)],
  // the person leaves the field (its message, if any, shows under it)
  'field.blur': (event) => [blur(field(event.field))],
  'field.rememberMe': (event) => [
    check(byRole('checkbox', 'Remember me', { within: LOGIN_DIALOG }), event.checked as boolean),
  ],
  'login.submit': () => pressed('Log in'),
  'register.submit': () => pressed('Sign up'),
};
