// The login / sign-up dialog, as requirements §2 (Login / sign-up dialog), §4 (Login dialog, Social login
// flow, Registration), §5 (validation), §7 (login, register, social calls) and §8 (errors) say, with
// the field messages of issue 15 (a field says what is wrong with it once a person has typed in it
// and left it, live from then on; the login password then asks for 8 characters).
// Modes: closed, the provider list, the email login form, the register form, and busy (logging in,
// creating the account, connecting to the provider, guest login, signed in). Every switch clears the
// general message and the field errors; a sign-in by any means (the session says so) closes it.
// The model is walked in scenarios (navigation, each form, each way to sign in), each a small graph.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type DialogStage =
  | 'closed'
  | 'providers'
  | 'login'
  | 'register'
  | 'loggingIn'
  | 'registering'
  | 'social'
  | 'guest'
  | 'signedIn';

type Field = 'email' | 'password' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;
type Effect = 'emailLogin' | 'emailRegister' | 'guestLogin' | 'socialLogin';

export interface LoginDialogState {
  stage: DialogStage;
  form: { email: string; password: string; confirmPassword: string; rememberMe: boolean };
  errors: Errors;
  /** The fields a person has typed in and left in this form (issue 15). */
  left: Field[];
  message: string | null;
  status: string | null;
  /** What the dialog handed to the app: sign-ins, remember-me, registrations, unverified notices. */
  done: unknown[];
  /** Calls given up on (the dialog closed meanwhile) whose answers are still to come. */
  abandoned: Partial<Record<Effect, number>>;
}

export const CALLBACK_URL = 'http://localhost:3000/auth/callback';
export const EMAIL = ' demo@example.com ';
export const STRONG = 'Demo@12345';
export const SIGNED_IN = {
  token: 'h.p.s',
  userData: { userId: 'u-1', email: 'demo@example.com', fruitCnt: 3 },
};

const T = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  passwordRule:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
  mismatch: 'Passwords do not match',
  loggingIn: 'Logging in, please wait...',
  creating: 'Creating your account, please wait...',
  connecting: 'Connecting to Google, please wait...',
  popup: 'Please complete authorization in the popup window...',
  authorized: 'Authorization successful, redirecting...',
  success: 'Login successful!',
  loginFailed: 'Login failed. Please check your email and password.',
  loginException: 'Login failed. Please try again later.',
  registerFailed: 'Registration failed. Please try again later.',
  encrypt: 'Failed to encrypt password',
  socialFailed: 'Login failed, please try again later',
  guestFailed: 'Guest login failed, please try again later',
} as const;

const EMPTY = { email: '', password: '', confirmPassword: '', rememberMe: false };

// requirements §5, written here from the text: local part, @, domain, letters-only TLD of 2 or more
const validEmail = (email: string) => /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/.test(email.trim());
const strong = (p: string) =>
  p.length >= 8 &&
  /[a-z]/.test(p) &&
  /[A-Z]/.test(p) &&
  /\d/.test(p) &&
  /[@$!%*?&]/.test(p) &&
  /^[A-Za-z\d@$!%*?&]+$/.test(p);
const emailError = (email: string) =>
  !email.trim() ? T.emailRequired : validEmail(email) ? undefined : T.emailInvalid;

/** Issue 15: what one field says about itself. */
const fieldError = (form: LoginDialogState['form'], mode: 'login' | 'register', field: Field) => {
  if (field === 'email') return emailError(form.email);
  if (field === 'password') {
    if (!form.password) return T.passwordRequired;
    if (mode === 'login') return form.password.length < 8 ? T.passwordShort : undefined;
    return strong(form.password) ? undefined : T.passwordRule;
  }
  if (mode === 'login') return undefined;
  return form.confirmPassword === form.password ? undefined : T.mismatch;
};

/** requirements §5: on submit the checks run in order (email, password, confirmation); the first one speaks. */
const submitErrors = (form: LoginDialogState['form'], mode: 'login' | 'register'): Errors => {
  const email = emailError(form.email);
  if (email) return { email };
  if (!form.password) return { password: T.passwordRequired };
  if (mode === 'login') return {};
  if (!strong(form.password)) return { password: T.passwordRule };
  return form.confirmPassword === form.password ? {} : { confirmPassword: T.mismatch };
};

const relive = (s: LoginDialogState, mode: 'login' | 'register', left: Field[], form = s.form): Errors => {
  const errors: Errors = { ...s.errors };
  for (const f of left) {
    const e = fieldError(form, mode, f);
    if (e) errors[f] = e;
    else delete errors[f];
  }
  return errors;
};

export type Scenario =
  'navigation' | 'loginForm' | 'registerForm' | 'emailLogin' | 'register' | 'social' | 'guest';

const BUSY: DialogStage[] = ['loggingIn', 'registering', 'social', 'guest', 'signedIn'];
const EFFECT_OF: Partial<Record<DialogStage, Effect>> = {
  loggingIn: 'emailLogin',
  registering: 'emailRegister',
  social: 'socialLogin',
  guest: 'guestLogin',
};

export const loginDialogSpec = (scenario: Scenario): SpecModel<LoginDialogState> => {
  const clear = (s: LoginDialogState, stage: DialogStage): LoginDialogState => ({
    ...s,
    stage,
    message: null,
    errors: {},
    left: [],
  });
  const close = (s: LoginDialogState): LoginDialogState => {
    const effect = EFFECT_OF[s.stage];
    const abandoned = effect ? { ...s.abandoned, [effect]: (s.abandoned[effect] ?? 0) + 1 } : s.abandoned;
    return { ...s, stage: 'closed', status: null, message: null, errors: {}, left: [], abandoned };
  };
  const signedIn = (s: LoginDialogState, signIn: unknown, before: unknown[] = []): LoginDialogState => ({
    ...s,
    stage: 'signedIn',
    status: T.success,
    form: { ...s.form, password: '', confirmPassword: '' },
    done: [...s.done, ...before, { signedIn: signIn }],
  });
  const send = (s: LoginDialogState, e: Record<string, unknown> & { type: string }): LoginDialogState => {
    if (e.type === 'session.member') return s.stage === 'closed' ? s : close(s);
    if (s.stage === 'closed') {
      if (e.type !== 'dialog.open') return s;
      const remembered = (e.rememberedEmail as string | null | undefined) ?? '';
      const stage = e.mode === 'register' ? 'register' : e.mode === 'login' ? 'login' : 'providers';
      return {
        ...s,
        stage,
        form: { ...EMPTY, email: remembered, rememberMe: Boolean(remembered) },
        errors: {},
        left: [],
        message: null,
        status: null,
      };
    }
    if (e.type === 'dialog.close') return close(s);
    const form = s.stage === 'login' ? 'login' : s.stage === 'register' ? 'register' : null;
    switch (s.stage) {
      case 'providers':
        if (e.type === 'dialog.continueWithEmail') return clear(s, 'login');
        if (e.type === 'dialog.toRegister') return clear(s, 'register');
        if (e.type === 'social.start') return { ...clear(s, 'social'), status: T.connecting };
        if (e.type === 'guest.start') return { ...clear(s, 'guest'), status: T.loggingIn };
        return s;
      case 'social':
        if (e.type !== 'social.phase') return s;
        return {
          ...s,
          status: e.phase === 'connecting' ? T.connecting : e.phase === 'popup' ? T.popup : T.authorized,
        };
    }
    if (!form) return s;
    if (e.type === 'dialog.back') return clear(s, 'providers');
    if (e.type === (form === 'login' ? 'dialog.toRegister' : 'dialog.toLogin'))
      return clear(s, form === 'login' ? 'register' : 'login');
    if (e.type === 'field.change') {
      const next = { ...s.form, [e.field as Field]: e.value as string };
      return { ...s, form: next, errors: relive(s, form, s.left, next) };
    }
    if (e.type === 'field.blur') {
      const field = e.field as Field;
      if (s.form[field] === '' && !s.left.includes(field)) return s;
      const left = s.left.includes(field) ? s.left : [...s.left, field];
      return { ...s, left, errors: relive(s, form, left) };
    }
    if (e.type === 'field.rememberMe' && form === 'login')
      return { ...s, form: { ...s.form, rememberMe: Boolean(e.checked) } };
    if (e.type === (form === 'login' ? 'login.submit' : 'register.submit')) {
      const errors = submitErrors(s.form, form);
      if (Object.keys(errors).length) return { ...s, errors, message: null };
      return form === 'login'
        ? { ...clear(s, 'loggingIn'), status: T.loggingIn }
        : { ...clear(s, 'registering'), status: T.creating };
    }
    return s;
  };
  const answer = (
    s: LoginDialogState,
    effect: Effect,
    ok: boolean,
    output: unknown,
    error: unknown,
  ): LoginDialogState => {
    if ((s.abandoned[effect] ?? 0) > 0)
      return { ...s, abandoned: { ...s.abandoned, [effect]: s.abandoned[effect]! - 1 } };
    const o = output as {
      ok: boolean;
      msg?: string;
      token?: string;
      userData?: unknown;
      unverifiedEmail?: string;
      signedIn?: unknown;
      error?: string | null;
    };
    const encrypt = error instanceof Error && error.message === T.encrypt;
    switch (effect) {
      case 'emailLogin':
        if (!ok)
          return { ...s, stage: 'login', status: null, message: encrypt ? T.encrypt : T.loginException };
        if (o.ok)
          return signedIn(s, { token: o.token, userData: o.userData }, [
            { rememberEmail: { email: s.form.email.trim(), remember: s.form.rememberMe } },
          ]);
        return {
          ...s,
          stage: 'login',
          status: null,
          message: o.msg || T.loginFailed,
          done: o.unverifiedEmail ? [...s.done, { showUnverified: { email: o.unverifiedEmail } }] : s.done,
        };
      case 'emailRegister':
        if (!ok)
          return { ...s, stage: 'register', status: null, message: encrypt ? T.encrypt : T.registerFailed };
        if (o.ok)
          return {
            ...close(s),
            abandoned: s.abandoned,
            form: EMPTY,
            done: [...s.done, { registered: { email: s.form.email.trim() } }],
          };
        return { ...s, stage: 'register', status: null, message: o.msg || T.registerFailed };
      case 'socialLogin':
        if (ok && o.ok) return signedIn(s, o.signedIn);
        return { ...s, stage: 'providers', status: null, message: ok ? (o.error ?? null) : T.socialFailed };
      case 'guestLogin':
        if (ok && o.ok) return signedIn(s, { token: o.token, userData: o.userData });
        return { ...s, stage: 'providers', status: null, message: T.guestFailed };
    }
  };
  const next = (s: LoginDialogState, step: SpecStep): LoginDialogState => {
    if ('wait' in step) return s;
    if ('send' in step) return send(s, step.send as Record<string, unknown> & { type: string });
    return 'settle' in step
      ? answer(s, step.settle as Effect, true, step.output, undefined)
      : answer(s, step.fail as Effect, false, undefined, step.error);
  };
  const ev = (type: string, rest: Record<string, unknown> = {}): SpecStep => ({ send: { type, ...rest } });
  const change = (field: Field, value: string) => ev('field.change', { field, value });
  const blur = (field: Field) => ev('field.blur', { field });
  const member = ev('session.member', { token: 'h.p.s' });
  const answersOf = (effect: Effect): SpecStep[] => {
    const fail = (message: string): SpecStep => ({ fail: effect, error: new Error(message) });
    switch (effect) {
      case 'emailLogin':
        return [
          { settle: effect, output: { ok: true, ...SIGNED_IN } },
          { settle: effect, output: { ok: false, msg: 'Invalid email or password' } },
          { settle: effect, output: { ok: false, msg: '' } },
          {
            settle: effect,
            output: { ok: false, msg: 'Please verify your email first', unverifiedEmail: 'demo@example.com' },
          },
          fail('Failed to fetch'),
          fail(T.encrypt),
        ];
      case 'emailRegister':
        return [
          { settle: effect, output: { ok: true, token: '', userData: {} } },
          { settle: effect, output: { ok: false, msg: 'Email already registered' } },
          { settle: effect, output: { ok: false, msg: '' } },
          fail('Failed to fetch'),
          fail(T.encrypt),
        ];
      case 'socialLogin':
        return [
          { settle: effect, output: { ok: true, signedIn: SIGNED_IN } },
          { settle: effect, output: { ok: false, error: 'Login timed out. Please try again.' } },
          { settle: effect, output: { ok: false, error: null } },
          fail('popup crashed'),
        ];
      case 'guestLogin':
        return [
          { settle: effect, output: { ok: true, ...SIGNED_IN } },
          { settle: effect, output: { ok: false, msg: 'nope' } },
          fail('Failed to fetch'),
        ];
    }
  };
  const pendingAnswers = (s: LoginDialogState): SpecStep[] => {
    const effects = new Set<Effect>(
      Object.entries(s.abandoned)
        .filter(([, n]) => n)
        .map(([k]) => k as Effect),
    );
    const own = EFFECT_OF[s.stage];
    if (own) effects.add(own);
    return [...effects].flatMap(answersOf);
  };
  const steps = (s: LoginDialogState): SpecStep[] => {
    const answers = pendingAnswers(s);
    switch (scenario) {
      case 'navigation':
        if (s.stage === 'closed')
          return [
            ev('dialog.open'),
            ev('dialog.open', { mode: 'login', rememberedEmail: 'kept@example.com' }),
            ev('dialog.open', { mode: 'register', rememberedEmail: null }),
            ev('dialog.close'),
            member,
          ];
        return [
          ev('dialog.continueWithEmail'),
          ev('dialog.toRegister'),
          ev('dialog.toLogin'),
          ev('dialog.back'),
          ev('dialog.close'),
          ev('dialog.open', { mode: 'register' }),
          ev('login.submit'),
          member,
        ];
      case 'loginForm':
        if (s.stage === 'closed') return [ev('dialog.open', { mode: 'login' })];
        if (s.stage !== 'login') return [];
        return [
          change('email', 'demo@example'),
          change('email', EMAIL),
          change('password', 'Demo12'),
          change('password', STRONG),
          blur('email'),
          blur('password'),
          ev('login.submit'),
        ];
      case 'registerForm':
        if (s.stage === 'closed') return [ev('dialog.open', { mode: 'register' })];
        if (s.stage !== 'register') return [];
        return [
          change('email', ''),
          change('email', EMAIL),
          change('password', 'demo@12345'),
          change('password', STRONG),
          change('confirmPassword', 'Other@12345'),
          change('confirmPassword', STRONG),
          blur('email'),
          blur('password'),
          blur('confirmPassword'),
          ev('register.submit'),
          ...(Object.keys(s.errors).length ? [ev('dialog.back')] : []),
        ];
      case 'emailLogin':
        if (s.stage === 'closed')
          return [ev('dialog.open', { mode: 'login', rememberedEmail: EMAIL }), ...answers];
        if (s.stage === 'login')
          return [
            ...(s.form.password ? [ev('login.submit')] : [change('password', STRONG)]),
            ev('field.rememberMe', { checked: !s.form.rememberMe }),
          ];
        return [...answers, ev('dialog.close'), member, ev('login.submit')];
      case 'register':
        if (s.stage === 'closed')
          return [ev('dialog.open', { mode: 'register', rememberedEmail: EMAIL }), ...answers];
        if (s.stage === 'register')
          return [
            ...(s.form.password ? [] : [change('password', STRONG)]),
            ...(s.form.confirmPassword ? [] : [change('confirmPassword', STRONG)]),
            ...(s.form.password ? [ev('register.submit'), ev('dialog.toLogin')] : []),
            // a switch clears what the form said
            ...(s.message ? [ev('dialog.back')] : []),
          ];
        if (s.stage === 'login') return [ev('dialog.toRegister')];
        return [...answers, ev('dialog.close'), member];
      case 'social':
      case 'guest':
        if (s.stage === 'closed') return [ev('dialog.open'), ...answers];
        if (s.stage === 'providers')
          return [
            scenario === 'social' ? ev('social.start', { provider: 'Google' }) : ev('guest.start'),
            // a switch clears the message of the failed sign-in
            ...(s.message ? [ev('dialog.continueWithEmail'), ev('dialog.toRegister')] : []),
          ];
        return [
          ...answers,
          ...(s.stage === 'social'
            ? [
                ev('social.phase', { phase: 'popup' }),
                ev('social.phase', { phase: 'authorized' }),
                ev('social.phase', { phase: 'connecting' }),
              ]
            : []),
          ev('dialog.close'),
          member,
        ];
    }
  };
  return {
    name: 'loginDialog',
    spec: `requirements §2, §4, §5, §7, §8 (login dialog: ${scenario})`,
    initial: {
      stage: 'closed',
      form: EMPTY,
      errors: {},
      left: [],
      message: null,
      status: null,
      done: [],
      abandoned: {},
    },
    steps,
    next,
    calls: (before, step, after): EffectCall[] => {
      if (before.stage === after.stage || 'settle' in step || 'fail' in step) return [];
      const f = after.form;
      switch (after.stage) {
        case 'loggingIn':
          return [{ actor: 'emailLogin', input: { email: f.email.trim(), password: f.password } }];
        case 'registering':
          return [
            {
              actor: 'emailRegister',
              input: { email: f.email.trim(), password: f.password, confirmPassword: f.confirmPassword },
            },
          ];
        case 'social':
          return [{ actor: 'socialLogin', input: { provider: 'google', callbackUrl: CALLBACK_URL } }];
        case 'guest':
          return [{ actor: 'guestLogin', input: undefined }];
      }
      return [];
    },
    expect: (s) => ({
      open: s.stage !== 'closed',
      mode: ['register', 'registering'].includes(s.stage)
        ? 'register'
        : ['login', 'loggingIn'].includes(s.stage)
          ? 'login'
          : 'providers',
      busy: BUSY.includes(s.stage),
      status: s.status,
      message: s.message,
      form: s.form,
      // each field's message, in field order
      errors: Object.fromEntries(Object.entries(s.errors).sort()),
      done: s.done,
    }),
    key: (s) => JSON.stringify({ ...s, errors: Object.entries(s.errors).sort() }),
    label: (s) =>
      `${s.stage}${s.message ? ` "${s.message}"` : ''}${Object.keys(s.errors).length ? ` errors ${Object.keys(s.errors).join('+')}` : ''}` +
      `${Object.values(s.abandoned).some(Boolean) ? ' (a call abandoned)' : ''}`,
    maxDepth: scenario === 'loginForm' || scenario === 'registerForm' ? 4 : scenario === 'register' ? 7 : 5,
  };
};
