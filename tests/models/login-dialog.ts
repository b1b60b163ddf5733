// The login dialog: providers, email login and registration, social and guest sign-in; closes when
// the session is logged in.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { loginDialogMachine, type LoginDialogContext } from '../../machines/auth/login-dialog.ts';
import { ENCRYPT_FAILED, type SignInResult } from '../../domain/session-user.ts';
import type { ModelPath } from '../support/model.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

export const LOGIN_ACTORS = ['emailLogin', 'emailRegister', 'guestLogin', 'socialLogin'];
export const loginDialogInput = { callbackUrl: 'http://localhost:3000/auth/callback' };
const EMAIL = 'demo@example.com';
const userData = { userId: 'u-1', email: EMAIL, fruitCnt: 3 };
const ok = { ok: true, token: 'h.p.s', userData };

/**
 * How the login dialog's model tells states apart, for both replays (on the machine and on the
 * rendered dialog): the mode, what is typed, the general message and the field errors.
 */
export function serializeLoginDialog(s: AnyMachineSnapshot): string {
  const c = s.context as {
    form: { email: string; password: string; confirmPassword: string; rememberMe: boolean };
    message: string | null;
    errors: object;
    left: string[];
  };
  return [
    JSON.stringify(s.value),
    c.form.email,
    c.form.password,
    c.form.confirmPassword ? 'c' : '',
    c.form.rememberMe ? 'r' : '',
    c.message ?? '',
    Object.values(c.errors).join(','),
    c.left.join(','),
  ].join('|');
}

const registerAnswers = {
  'xstate.done.actor.emailRegister': [
    { type: 'xstate.done.actor.emailRegister', output: { ok: true, token: '', userData: {} } },
    {
      type: 'xstate.done.actor.emailRegister',
      output: { ok: false, msg: 'This email is already registered' },
    },
  ],
  'xstate.error.actor.emailRegister': [
    { type: 'xstate.error.actor.emailRegister', error: new Error('network') },
  ],
  'xstate.done.actor.guestLogin': [
    { type: 'xstate.done.actor.guestLogin', output: ok },
    { type: 'xstate.done.actor.guestLogin', output: { ok: false, msg: 'nope' } },
  ],
  'xstate.error.actor.guestLogin': [{ type: 'xstate.error.actor.guestLogin', error: new Error('network') }],
};

const signsIn = (event: AnyEventObject) =>
  event.type === 'session.loggedIn' ||
  ((event.type === 'xstate.done.actor.emailLogin' || event.type === 'xstate.done.actor.guestLogin') &&
    (event as unknown as { output: SignInResult }).output.ok);

/**
 * Steps no person can take in the rendered app: a confirmation typed into the login form (it has
 * no such field), and opening the dialog once the session is logged in (the header and the pages
 * no longer offer "Log in").
 */
export function reachableFromTheUi(path: ModelPath): boolean {
  let loggedIn = false;
  for (let i = 1; i < path.steps.length; i++) {
    const { event } = path.steps[i]!;
    const before = path.steps[i - 1]!.state;
    if (
      (event.type === 'field.change' || event.type === 'field.blur') &&
      event.field === 'confirmPassword' &&
      !before.hasTag('registerForm')
    )
      return false;
    if (event.type === 'dialog.open' && loggedIn) return false;
    if (signsIn(event)) loggedIn = true;
  }
  return true;
}

/**
 * The rendered dialog's walk (tests/views/login-dialog.model.test.tsx). A small sample set: dialogs
 * open as the app opens them: from the header (no remembered email), from the "switch-to-register"
 * window event and from the verified-email page's "Log in" (both with the remembered address), so a
 * form can be filled in a few steps. Social sign-in needs the popup window: its paths are left to
 * the social-login machine tests.
 */
export const loginDialogPageModel: MachineModel = {
  machine: withControlledActors(loginDialogMachine, LOGIN_ACTORS),
  actors: LOGIN_ACTORS,
  input: loginDialogInput,
  samples: {
    'dialog.open': [
      { type: 'dialog.open' },
      { type: 'dialog.open', mode: 'register', rememberedEmail: EMAIL },
      { type: 'dialog.open', mode: 'login', rememberedEmail: EMAIL },
    ],
    'field.change': [
      { type: 'field.change', field: 'password', value: 'Demo@12345' },
      { type: 'field.change', field: 'confirmPassword', value: 'Demo@12345' },
    ],
    // leaving a field: an empty password says it is required, a typed one passes (the email's
    // messages on leaving are walked by the machine's own model and tests/views/login-dialog.test.tsx)
    'field.blur': [{ type: 'field.blur', field: 'password' }],
    'field.rememberMe': [{ type: 'field.rememberMe', checked: true }],
    'xstate.done.actor.emailLogin': [
      { type: 'xstate.done.actor.emailLogin', output: ok },
      { type: 'xstate.done.actor.emailLogin', output: { ok: false, msg: '' } },
      {
        type: 'xstate.done.actor.emailLogin',
        output: { ok: false, msg: 'Please verify your email first', unverifiedEmail: EMAIL },
      },
    ],
    'xstate.error.actor.emailLogin': [{ type: 'xstate.error.actor.emailLogin', error: new Error('network') }],
    ...registerAnswers,
  },
  serialize: serializeLoginDialog,
  skip: ['social.start', 'social.phase'],
  maxSteps: 6,
  keep: reachableFromTheUi,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  loginDialog: 'The login / sign-up dialog',
  'loginDialog.closed': 'No dialog; the header offers "Log in"',
  'loginDialog.open': 'The dialog "Log in to FruitPrompt" (or "Sign up for FruitPrompt") with a Close button',
  'loginDialog.open.providers':
    '"Log in to FruitPrompt": "Continue with Google", OR, "Continue with Email", "Continue as guest"',
  'loginDialog.open.login':
    'The "Log in with email" form: Email, Password, "Remember me", "Back" and "Log in"; a field left invalid (or the refused submit) shows its error under it',
  'loginDialog.open.register':
    '"Sign up for FruitPrompt": Email, Password (with the rule hint), Confirm password, "Back" and "Sign up"',
  'loginDialog.open.loggingIn': 'The login form disabled, spinner "Logging in, please wait..."',
  'loginDialog.open.registering':
    'The sign-up form disabled, spinner "Creating your account, please wait..."',
  'loginDialog.open.social':
    'Providers disabled, spinner "Connecting to Google, please wait..." then "Please complete authorization in the popup window..."',
  'loginDialog.open.guest': 'Providers disabled, spinner "Logging in, please wait..."',
  'loginDialog.open.signedIn': 'Spinner "Login successful!" until the dialog closes',
};

export const loginDialogModel: MachineModel = {
  sees: SEES,
  // generated from the machine with controllable sign-in actors (the replay provides its own)
  machine: withControlledActors(loginDialogMachine, LOGIN_ACTORS),
  actors: LOGIN_ACTORS,
  input: loginDialogInput,
  samples: {
    'dialog.open': [
      { type: 'dialog.open' },
      { type: 'dialog.open', mode: 'register' },
      { type: 'dialog.open', mode: 'login', rememberedEmail: EMAIL },
    ],
    'field.change': [
      { type: 'field.change', field: 'email', value: EMAIL },
      { type: 'field.change', field: 'email', value: 'demo@example' },
      { type: 'field.change', field: 'password', value: 'Demo@12345' },
      { type: 'field.change', field: 'confirmPassword', value: 'Demo@12345' },
    ],
    // the confirmation's message on leaving is in tests/machines/login-dialog.test.ts's rules
    'field.blur': [
      { type: 'field.blur', field: 'email' },
      { type: 'field.blur', field: 'password' },
    ],
    'field.rememberMe': [{ type: 'field.rememberMe', checked: true }],
    'social.start': [{ type: 'social.start', provider: 'Google' }],
    'social.phase': [{ type: 'social.phase', phase: 'popup' }],
    'xstate.done.actor.emailLogin': [
      { type: 'xstate.done.actor.emailLogin', output: ok },
      { type: 'xstate.done.actor.emailLogin', output: { ok: false, msg: '' } },
      {
        type: 'xstate.done.actor.emailLogin',
        output: { ok: false, msg: 'Please verify your email first', unverifiedEmail: EMAIL },
      },
    ],
    'xstate.error.actor.emailLogin': [
      { type: 'xstate.error.actor.emailLogin', error: new Error('network') },
      { type: 'xstate.error.actor.emailLogin', error: new Error(ENCRYPT_FAILED) },
    ],
    ...registerAnswers,
    'xstate.done.actor.socialLogin': [
      { type: 'xstate.done.actor.socialLogin', output: { ok: true, signedIn: { token: 'h.p.s', userData } } },
      {
        type: 'xstate.done.actor.socialLogin',
        output: { ok: false, error: 'Login timed out. Please try again.' },
      },
    ],
    'xstate.error.actor.socialLogin': [{ type: 'xstate.error.actor.socialLogin', error: new Error('crash') }],
  },
  serialize: serializeLoginDialog,
  observe: (c: LoginDialogContext) => ({ message: c.message, errors: c.errors, status: c.status }),
  maxSteps: 6,
  page: loginDialogPageModel,
};
