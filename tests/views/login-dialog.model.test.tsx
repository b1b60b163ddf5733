// The login dialog's independent model (tests/models/spec/login-dialog.ts, written from docs/requirements.md)
// replayed on the rendered app: every step of a model path becomes what a person does (a click or
// typing, found by role and accessible name; an address; a sign-in in another tab) or the answer of
// a fake sign-in call, and after every step what the page shows, read from the DOM, must equal the
// part of `model.expect(state)` the page shows. The machine-side replay of the same model is
// tests/machines/login-dialog.model.test.ts.
//
// How the model's steps are taken on the page:
// - `dialog.open`: the header's "Log in" (no mode), the verification page's "Log in" (mode login,
//   with the address it verified), the app's `switch-to-register` window event (mode register);
//   the remembered address (requirements §4 remember me) is what the browser holds at that moment.
// - `session.member`: someone signs in in another tab (a storage event the real storage listener
//   reads); the header then shows that other member, not the one the dialog signs in.
// - Inside the dialog each step is one event and nothing more: a click that does not move the
//   focus, typing that replaces a field's value without entering it, and `field.blur` is the field
//   losing focus. A "Verify your email first" notice over the dialog is closed before going on.
// - A successful sign-in: the app's session says at once that a member is signed in, so the page
//   never shows the model's `signedIn` stage ("Login successful!"): it shows what the model expects
//   once the session has said so (the dialog closed).
//
// Left to the machine tests (canTake), because nobody can take these steps on the page:
// - steps on controls the page does not show in that mode (e.g. "Back" on the provider list, any
//   button of a dialog already closed by the sign-in), and buttons disabled while busy;
// - `login.submit` while "Log in" is disabled (requirements §5: enabled only with a valid email and a
//   password of 8 or more; a form with a disabled default button is not submitted by Enter either),
//   so the login form's submit-time messages are machine-only;
// - `field.change` to the value the field already holds (no change event);
// - of the social sign-in (it runs in the popup window): the phases other than "the popup opens"
//   (the authorize call answers), the answers after the popup opened other than the popup's sign-in
//   message, the answers of an abandoned social call, a quiet end (error null) and a crash.
// Repetitive variations also left to them: the late answers of a call given up on other than a
// sign-in (the one that must not sign anybody in), and paths that only repeat kinds of steps
// already taken (see `onPage`).
// Left out of what is compared: `done`'s remember-me entries (only storage holds them; the dialog's
// prefill is covered by the `dialog.open` steps' remembered address). The email field shows its
// value without surrounding spaces (HTML's sanitization of type=email), as the model's calls send it.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import type { SignInResult } from '../../domain/session-user.ts';
import type { AuthorizeAnswer, PopupEvent } from '../../machines/auth/social-login.ts';
import { browserEffects } from '../../src/app/app-system.ts';
import { specStepLabel, type SpecModel, type SpecPath, type SpecStep } from '../support/spec-model.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { loginDialogSpec, type LoginDialogState, type Scenario } from '../models/spec/login-dialog.ts';
import { controllable, settle } from './support/controllable.ts';
import { open } from './support/replay.ts';
import { renderApp } from './support/render-app.tsx';
import { jsdomPerson } from './support/person.ts';
import { FIELD_LABELS, loginDialogDriver } from '../drivers/login-dialog.ts';
import { pagePaths, replaySpecPathOnPage, type PageReplay } from './support/spec-page.ts';

type Field = 'email' | 'password' | 'confirmPassword';
type Mode = 'providers' | 'login' | 'register';

/** What the model expects (its `expect`), in its own terms. */
interface Expected {
  open: boolean;
  mode: Mode;
  busy: boolean;
  status: string | null;
  message: string | null;
  form: { email: string; password: string; confirmPassword: string; rememberMe: boolean };
  errors: Partial<Record<Field, string>>;
  done: Record<string, { email?: string }>[];
}

const TITLE = { login: 'Log in to FruitPrompt', register: 'Sign up for FruitPrompt' } as const;
const DIALOG_NAME = /^(Log in to|Sign up for) FruitPrompt$/;
const FIELDS: Record<Mode, Field[]> = {
  providers: [],
  login: ['email', 'password'],
  register: ['email', 'password', 'confirmPassword'],
};
/** requirements §2: the register form's password hint, read with the field's own message. */
const PASSWORD_HINT = 'At least 8 characters with 1 uppercase, 1 lowercase, 1 number, 1 special character';
const TO_REGISTER = "Don't have an account? Sign up";
const TO_LOGIN = 'Already have an account? Log in';
/** The member the dialog's sign-ins hand over (SIGNED_IN: no name, so the header names the email). */
const DIALOG_MEMBER = 'Account menu for demo@example.com';
/** Who signs in in another tab. */
const OTHER_TAB = { userId: 'u-9', name: 'Other Tab', avatar: '/default-avatar.svg', fruitCnt: 12 };

/** requirements §5: "Log in" is enabled only with a valid email and a password of at least 8 characters. */
const canSubmitLogin = (form: { email: string; password: string }) =>
  /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/.test(form.email.trim()) && form.password.length >= 8;

const FORM_OF: Partial<Record<LoginDialogState['stage'], Mode>> = { login: 'login', register: 'register' };

/** Whether a person can take this step on the page (see the list at the top). */
function canTake(step: SpecStep, before: LoginDialogState): boolean {
  const { stage } = before;
  if ('wait' in step) return false;
  if (!('send' in step)) {
    const effect = 'settle' in step ? step.settle : step.fail;
    // a call given up on (the dialog closed meanwhile): its late sign-in is the answer that matters
    if (
      (before.abandoned[effect as keyof LoginDialogState['abandoned']] ?? 0) > 0 &&
      !('settle' in step && (step.output as { ok: boolean }).ok)
    )
      return false;
    if (effect !== 'socialLogin') return true;
    // the social call: only its own (not an abandoned one), answered as the page can answer it
    if ((before.abandoned.socialLogin ?? 0) > 0 || stage !== 'social' || 'fail' in step) return false;
    const output = step.output as { ok: boolean; error?: string | null };
    if (output.ok) return true;
    return typeof output.error === 'string' && before.status === 'Connecting to Google, please wait...';
  }
  const event = step.send as AnyEventObject;
  const form = FORM_OF[stage];
  // signed in: the session has closed the dialog (another tab's sign-in would replace the member)
  if (stage === 'signedIn') return false;
  switch (event.type) {
    case 'dialog.open':
      return stage === 'closed' || event.mode === 'register';
    case 'session.member':
      return true;
    case 'dialog.close':
      return stage !== 'closed';
    case 'dialog.continueWithEmail':
    case 'social.start':
    case 'guest.start':
      return stage === 'providers';
    case 'dialog.toRegister':
      return stage === 'providers' || stage === 'login';
    case 'dialog.toLogin':
      return stage === 'register';
    case 'dialog.back':
      return form !== undefined;
    case 'field.change':
      return (
        form !== undefined &&
        FIELDS[form].includes(event.field) &&
        before.form[event.field as Field] !== event.value
      );
    case 'field.blur':
      return form !== undefined && FIELDS[form].includes(event.field);
    case 'field.rememberMe':
      return stage === 'login';
    case 'login.submit':
      return stage === 'login' && canSubmitLogin(before.form);
    case 'register.submit':
      return stage === 'register';
    case 'social.phase':
      // the authorize call answers and the popup opens; the other phases come from the popup itself
      return (
        stage === 'social' &&
        event.phase === 'popup' &&
        before.status === 'Connecting to Google, please wait...'
      );
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The app, its fakes, and what a person does

async function startApp() {
  const fakes = {
    emailLogin: controllable<[{ email: string; password: string }], SignInResult>(),
    emailRegister: controllable<
      [{ email: string; password: string; confirmPassword: string }],
      SignInResult
    >(),
    guestLogin: controllable<[], SignInResult>(),
    authorize: controllable<[{ provider: string; callbackUrl: string }], AuthorizeAnswer>(),
  };
  const popups: ((event: PopupEvent) => void)[] = [];
  /** What "Your email is verified" verified (the address its "Log in" opens the form with). */
  const verified = { email: '', page: 0 };
  const effects = fakeEffects({
    emailLogin: fakes.emailLogin.fn,
    emailRegister: fakes.emailRegister.fn,
    guestLogin: fakes.guestLogin.fn,
    authorize: fakes.authorize.fn,
    popup: fromCallback<PopupEvent, { authUrl: string }>(({ sendBack }) => {
      popups.push(sendBack as (event: PopupEvent) => void);
      return () => {};
    }),
    verifyEmail: async () => ({ status: 'verified', email: verified.email }),
  });
  // the real storage listener: another tab's sign-in reaches the session as in the browser
  const real = browserEffects().session.actors.storageListener;
  effects.session = {
    ...effects.session,
    actors: { ...effects.session.actors, storageListener: real },
  };
  const app = await renderApp('/terms', {}, { effects });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  return {
    ...app,
    fakes,
    popups,
    verified,
    seen: new WeakSet<Element>(),
    handed: { registered: [] as string[], unverified: [] as string[] },
  };
}

type App = Awaited<ReturnType<typeof startApp>>;

const loginDialog = () => screen.queryByRole('dialog', { name: DIALOG_NAME });
const notice = () => screen.queryByRole('dialog', { name: 'Verify your email first' });
const banner = () => within(screen.getByRole('banner'));

/** The browser holds this remembered address (or none) when the dialog opens. */
function remember(email: string | null | undefined) {
  if (email) localStorage.setItem('remember_email', email);
  else localStorage.removeItem('remember_email');
}

function b64(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** Someone signs in in another tab: its token, user and time in storage, and the storage event. */
async function signInInAnotherTab() {
  const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: OTHER_TAB.userId, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
  localStorage.setItem('token', token);
  localStorage.setItem('last_login_time', String(Date.now()));
  localStorage.setItem(
    'user',
    JSON.stringify({
      memberId: OTHER_TAB.userId,
      name: OTHER_TAB.name,
      avatar: OTHER_TAB.avatar,
      fruitCnt: OTHER_TAB.fruitCnt,
    }),
  );
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', newValue: token, storageArea: localStorage }),
    );
  });
  await banner().findByRole('button', { name: `Account menu for ${OTHER_TAB.name}` });
  await settle();
}

async function perform(app: App, step: SpecStep, before: LoginDialogState): Promise<void> {
  if ('settle' in step || 'fail' in step) return answer(app, step);
  const event = (step as { send: AnyEventObject }).send;
  switch (event.type) {
    case 'dialog.open':
      if (event.mode === 'register') {
        remember(event.rememberedEmail as string | null | undefined);
        // the app's own "switch to register" request (a page asks for the register form)
        act(() => void window.dispatchEvent(new Event('switch-to-register')));
        return settle();
      }
      if (event.mode === 'login') {
        remember(event.rememberedEmail as string | null | undefined);
        // "Your email is verified" → "Log in" opens the login form with the verified address
        app.verified.email = (event.rememberedEmail as string | undefined) ?? '';
        await open(app, `/verifyemail-modelpath-token-${++app.verified.page}.html`);
        await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
        await app.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
        return settle();
      }
      // the header's "Log in": the driver's
      break;
    case 'session.member':
      return signInInAnotherTab();
    default: {
      // The person closes "Verify your email first" before going on with the dialog under it.
      const shown = notice();
      if (shown) await app.user.click(within(shown).getByRole('button', { name: 'Close' }));
    }
  }
  if (event.type === 'social.phase')
    // the authorize call answers with the provider's address: the popup opens
    return app.fakes.authorize.resolve({ success: true, authUrl: 'https://accounts.example/authorize' });
  return jsdomPerson(app).take(loginDialogDriver, event, before);
}

/** A sign-in call answers with the step's own output (or fails with its error). */
async function answer(app: App, step: Exclude<SpecStep, { send: unknown } | { wait: number }>) {
  const effect = 'settle' in step ? step.settle : step.fail;
  if (effect === 'socialLogin') {
    const output = (
      step as { output: { ok: boolean; error?: string; signedIn?: { token: string; userData: object } } }
    ).output;
    const authorize = app.fakes.authorize;
    authorize.pending.splice(0, Math.max(0, authorize.pending.length - 1));
    if (!output.ok) return authorize.resolve({ success: false, msg: output.error! });
    if (authorize.pending.length)
      await authorize.resolve({ success: true, authUrl: 'https://accounts.example/authorize' });
    // the popup's message: the provider signed the person in
    const popup = app.popups[app.popups.length - 1]!;
    act(() => popup({ type: 'popup.message', ...output.signedIn! } as PopupEvent));
    return settle();
  }
  const fake = app.fakes[effect as 'emailLogin' | 'emailRegister' | 'guestLogin'];
  if ('settle' in step) return fake.resolve(step.output as SignInResult);
  return fake.reject(step.error);
}

// ---------------------------------------------------------------------------------------------
// What the page shows, and what of the model's expectation it shows

const describedBy = (el: Element): string =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const nameOf = (button: HTMLElement): string =>
  button.getAttribute('aria-label') ?? (button.textContent ?? '').replace(/\s+/g, ' ').trim();

/** What the app was handed, as the page showed it: the member in the header, the other dialogs. */
function handedOver(app: App) {
  const checkEmail = screen.queryByRole('dialog', { name: 'Check Your Email' });
  if (checkEmail && !app.seen.has(checkEmail)) {
    app.seen.add(checkEmail);
    app.handed.registered.push(describedBy(checkEmail));
  }
  const unverified = notice();
  if (unverified && !app.seen.has(unverified)) {
    app.seen.add(unverified);
    app.handed.unverified.push(describedBy(unverified));
  }
  return {
    signedIn: banner().queryByRole('button', { name: DIALOG_MEMBER }) !== null,
    registered: [...app.handed.registered],
    unverified: [...app.handed.unverified],
  };
}

function observe(app: App) {
  const handed = handedOver(app);
  const el = loginDialog();
  if (!el) return { open: false, handed };
  const dialog = within(el);
  const mode: Mode = dialog.queryByRole('form', { name: 'Sign up with email' })
    ? 'register'
    : dialog.queryByRole('form', { name: 'Log in with email' })
      ? 'login'
      : 'providers';
  const checkbox = dialog.queryByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement | null;
  return {
    open: true,
    title: dialog.getByRole('heading', { level: 2 }).textContent,
    mode,
    status: dialog.getByRole('status').textContent || null,
    message: dialog.queryByRole('alert')?.textContent ?? null,
    fields: Object.fromEntries(
      FIELDS[mode].map((f) => {
        const input = dialog.getByLabelText(FIELD_LABELS[f]!) as HTMLInputElement;
        return [
          f,
          {
            value: input.value,
            invalid: input.getAttribute('aria-invalid') === 'true',
            says: describedBy(input),
            disabled: input.disabled,
          },
        ];
      }),
    ),
    rememberMe: checkbox ? { checked: checkbox.checked, disabled: checkbox.disabled } : null,
    enabled: dialog
      .getAllByRole('button')
      .filter((b) => !(b as HTMLButtonElement).disabled)
      .map(nameOf),
    handed,
  };
}

/** The buttons a person can press in each mode (requirements §2, §4, §5): only Close while busy. */
function enabledButtons(e: Expected): string[] {
  if (e.busy) return ['Close'];
  switch (e.mode) {
    case 'providers':
      return ['Close', 'Continue with Google', 'Continue with Email', 'Continue as guest', TO_REGISTER];
    case 'login':
      return ['Close', 'Back', ...(canSubmitLogin(e.form) ? ['Log in'] : []), TO_REGISTER];
    case 'register':
      return ['Close', 'Back', 'Sign up', TO_LOGIN];
  }
}

function shown(expected: unknown, state: LoginDialogState) {
  const e = expected as Expected;
  const handed = {
    signedIn: e.done.some((d) => 'signedIn' in d),
    registered: e.done
      .filter((d) => 'registered' in d)
      .map((d) => `We sent a verification link to ${d.registered!.email}`),
    unverified: e.done
      .filter((d) => 'showUnverified' in d)
      .map(
        (d) =>
          `${d.showUnverified!.email} is not verified yet. Open the link in the email we sent you, then log in again.`,
      ),
  };
  // signed in: the session says so at once and the dialog closes
  if (!e.open || state.stage === 'signedIn') return { open: false, handed };
  return {
    open: true,
    title: e.mode === 'register' ? TITLE.register : TITLE.login,
    mode: e.mode,
    status: e.status,
    message: e.message,
    fields: Object.fromEntries(
      FIELDS[e.mode].map((f) => [
        f,
        {
          // an email field holds no surrounding spaces (HTML's value sanitization for type=email)
          value: f === 'email' ? e.form.email.trim() : e.form[f],
          invalid: Boolean(e.errors[f]),
          says: [e.mode === 'register' && f === 'password' ? PASSWORD_HINT : '', e.errors[f] ?? '']
            .filter(Boolean)
            .join(' '),
          disabled: e.busy,
        },
      ]),
    ),
    rememberMe: e.mode === 'login' ? { checked: e.form.rememberMe, disabled: e.busy } : null,
    enabled: enabledButtons(e),
    handed,
  };
}

/**
 * The model's page paths (`pagePaths`: every step a person can take, from every state), thinned to
 * keep the file fast: a path is kept when it takes a step from a kind of state no kept path has
 * taken it from, a kind being the stage, whether a message shows, whether any field says
 * something, and the calls abandoned. Paths that only vary which fields speak, or the values
 * behind them, are left to the machine tests (which replay every path of the model).
 */
const kindOf = (s: LoginDialogState): string =>
  JSON.stringify([s.stage, s.message !== null, Object.keys(s.errors).length > 0, s.abandoned]);

function onPage(model: SpecModel<LoginDialogState>): SpecPath<LoginDialogState>[] {
  const taken = new Set<string>();
  return pagePaths(model, (step, before) => canTake(step, before)).filter((path) => {
    let before = model.initial;
    const kinds = path.steps.map(({ step, state }) => {
      const kind = `${kindOf(before)} ${specStepLabel(step)}`;
      before = state;
      return kind;
    });
    if (taken.size && kinds.every((k) => taken.has(k))) return false;
    for (const k of kinds) taken.add(k);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const SCENARIOS: Scenario[] = [
  'navigation',
  'loginForm',
  'registerForm',
  'emailLogin',
  'register',
  'social',
  'guest',
];

for (const scenario of SCENARIOS) {
  const model = loginDialogSpec(scenario);
  const replay: PageReplay<LoginDialogState, App> = {
    start: startApp,
    perform,
    observe,
    shown,
    stop: (app) => app.system.stop(),
  };
  // the first path also loads the sign-in views and the verification page: slow on a busy machine
  describe(`loginDialog on the page against ${model.spec}`, { timeout: 20_000 }, () => {
    for (const path of onPage(model)) it(path.title, () => replaySpecPathOnPage(model, replay, path));
  });
}
