import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { followSession, type SessionFollow } from '../system/follow-session.ts';
import { ENCRYPT_FAILED, type SignedIn, type SignInResult } from '../../domain/session-user.ts';
import {
  hasErrors,
  validateLogin,
  validateRegistration,
  withFieldErrors,
  type FieldErrors,
  type FieldName,
  type FormMode,
} from '../../domain/validation.ts';
import { socialLoginMachine, type SocialPhase } from './social-login.ts';

export const LOGIN_MESSAGES = {
  loggingIn: 'Logging in, please wait...',
  creating: 'Creating your account, please wait...',
  connecting: (provider: string) => `Connecting to ${provider}, please wait...`,
  authorized: 'Authorization successful, redirecting...',
  popup: 'Please complete authorization in the popup window...',
  success: 'Login successful!',
  loginFailed: 'Login failed. Please check your email and password.',
  loginException: 'Login failed. Please try again later.',
  registerFailed: 'Registration failed. Please try again later.',
  guestFailed: 'Guest login failed, please try again later',
} as const;

export type DialogMode = 'providers' | 'login' | 'register';

export interface LoginForm {
  email: string;
  password: string;
  confirmPassword: string;
  rememberMe: boolean;
}

export type LoginDialogEvent =
  /** The header's "Log in", a guarded page, or the global "switch-to-register" event (mode register). */
  | { type: 'dialog.open'; mode?: DialogMode; rememberedEmail?: string | null }
  | { type: 'dialog.close' }
  | { type: 'dialog.continueWithEmail' }
  | { type: 'dialog.toRegister' }
  | { type: 'dialog.toLogin' }
  | { type: 'dialog.back' }
  | { type: 'field.change'; field: FieldName; value: string }
  /** The field lost focus: from now on it says what is wrong with it (issue 15). */
  | { type: 'field.blur'; field: FieldName }
  | { type: 'field.rememberMe'; checked: boolean }
  | { type: 'login.submit' }
  | { type: 'register.submit' }
  | { type: 'social.start'; provider: string }
  | { type: 'guest.start' }
  | { type: 'social.phase'; phase: SocialPhase }
  /** From the session: the user is logged in (by this dialog or any other way). */
  | { type: 'session.loggedIn' };

export interface LoginDialogInput {
  /** requirements §2: the callback URL handed to the social authorize call. */
  callbackUrl: string;
  providerLabel?: string;
}

export interface LoginDialogContext {
  form: LoginForm;
  errors: FieldErrors;
  /** The fields a person has left in this form; each shows its own message, live, from then on. */
  left: FieldName[];
  /** The general message area (errors of requirements §8). */
  message: string | null;
  /** The status line shown with the spinner while busy. */
  status: string | null;
  provider: string;
  callbackUrl: string;
}

const EMPTY_FORM: LoginForm = { email: '', password: '', confirmPassword: '', rememberMe: false };

const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message === ENCRYPT_FAILED ? ENCRYPT_FAILED : fallback;

/**
 * The login / sign-up dialog of requirements §2 and §4: closed, the provider list, the email login and
 * register forms, and the busy modes with their status lines. Every switch clears the general
 * message and the field errors; the dialog closes when the session reports it is logged in.
 */
export const loginDialogMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as LoginDialogContext,
    input: {} as LoginDialogInput,
    events: {} as LoginDialogEvent,
    tags: {} as 'open' | 'loginForm' | 'registerForm' | 'busy',
  },
  actors: {
    followSession,
    emailLogin: fromPromise<SignInResult, { email: string; password: string }>(() => {
      throw new Error('emailLogin must be provided');
    }),
    emailRegister: fromPromise<SignInResult, { email: string; password: string; confirmPassword: string }>(
      () => {
        throw new Error('emailRegister must be provided');
      },
    ),
    guestLogin: fromPromise<SignInResult>(() => {
      throw new Error('guestLogin must be provided');
    }),
    socialLogin: socialLoginMachine,
  },
  actions: {
    clearMessages: assign({ message: null, errors: {}, left: [] }),
    prefill: assign(({ event }) => {
      const remembered = event.type === 'dialog.open' ? (event.rememberedEmail ?? '') : '';
      return {
        form: { ...EMPTY_FORM, email: remembered, rememberMe: Boolean(remembered) },
        errors: {},
        left: [],
        message: null,
        status: null,
      };
    }),
    setField: assign(({ context, event }, mode: FormMode) => {
      if (event.type !== 'field.change') return {};
      const form = { ...context.form, [event.field]: event.value };
      return { form, errors: withFieldErrors(context.errors, mode, context.left, form) };
    }),
    leaveField: assign(({ context, event }, mode: FormMode) => {
      if (event.type !== 'field.blur') return {};
      const left = context.left.includes(event.field) ? context.left : [...context.left, event.field];
      return { left, errors: withFieldErrors(context.errors, mode, left, context.form) };
    }),
    /** Effects provided by src/: */
    signedIn: (_, _params: SignedIn) => {},
    rememberEmail: (_, _params: { email: string; remember: boolean }) => {},
    registered: (_, _params: { email: string }) => {},
    showUnverified: (_, _params: { email: string }) => {},
  },
  guards: {
    loginInvalid: ({ context }) => hasErrors(validateLogin(context.form)),
    /**
     * Leaving a field checks it once something was typed in it (or it was checked before): an empty
     * field nobody typed in says nothing, so the click that left it lands where it was aimed.
     */
    typedIn: ({ context, event }) =>
      event.type === 'field.blur' && (context.form[event.field] !== '' || context.left.includes(event.field)),
    registrationInvalid: ({ context }) => hasErrors(validateRegistration(context.form)),
    succeeded: ({ event }) => 'output' in event && (event.output as SignInResult).ok,
    unverified: ({ event }) =>
      'output' in event &&
      !(event.output as SignInResult).ok &&
      Boolean((event.output as { unverifiedEmail?: string }).unverifiedEmail),
    socialSucceeded: ({ event }) => 'output' in event && (event.output as { ok: boolean }).ok,
  },
}).createMachine({
  id: 'loginDialog',
  // A sign-in, from the dialog or elsewhere, closes it.
  invoke: {
    src: 'followSession',
    input: {
      member: () => ({ type: 'session.loggedIn' }),
    } satisfies SessionFollow<LoginDialogEvent>,
  },
  context: ({ input }) => ({
    form: EMPTY_FORM,
    errors: {},
    left: [],
    message: null,
    status: null,
    provider: input.providerLabel ?? 'Google',
    callbackUrl: input.callbackUrl,
  }),
  initial: 'closed',
  on: {
    'session.loggedIn': '.closed',
  },
  states: {
    closed: {
      entry: assign({ status: null, message: null, errors: {}, left: [] }),
      on: {
        'dialog.open': [
          {
            guard: ({ event }) => event.mode === 'register',
            target: 'open.register',
            actions: 'prefill',
          },
          { guard: ({ event }) => event.mode === 'login', target: 'open.login', actions: 'prefill' },
          { target: 'open.providers', actions: 'prefill' },
        ],
      },
    },
    open: {
      tags: ['open'],
      on: { 'dialog.close': 'closed' },
      initial: 'providers',
      states: {
        providers: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Continue with Google, OR, Continue with Email, Continue as guest.',
          on: {
            'dialog.continueWithEmail': { target: 'login', actions: 'clearMessages' },
            'dialog.toRegister': { target: 'register', actions: 'clearMessages' },
            'social.start': {
              target: 'social',
              actions: ['clearMessages', assign({ provider: ({ event }) => event.provider })],
            },
            'guest.start': { target: 'guest', actions: 'clearMessages' },
          },
        },
        login: {
          tags: ['loginForm'],
          on: {
            'dialog.toRegister': { target: 'register', actions: 'clearMessages' },
            'dialog.back': { target: 'providers', actions: 'clearMessages' },
            'field.change': { actions: { type: 'setField', params: 'login' } },
            'field.blur': { guard: 'typedIn', actions: { type: 'leaveField', params: 'login' } },
            'field.rememberMe': {
              actions: assign({
                form: ({ context, event }) => ({ ...context.form, rememberMe: event.checked }),
              }),
            },
            'login.submit': [
              {
                guard: 'loginInvalid',
                actions: assign({ errors: ({ context }) => validateLogin(context.form), message: null }),
              },
              { target: 'loggingIn', actions: 'clearMessages' },
            ],
          },
        },
        register: {
          tags: ['registerForm'],
          on: {
            'dialog.toLogin': { target: 'login', actions: 'clearMessages' },
            'dialog.back': { target: 'providers', actions: 'clearMessages' },
            'field.change': { actions: { type: 'setField', params: 'register' } },
            'field.blur': { guard: 'typedIn', actions: { type: 'leaveField', params: 'register' } },
            'register.submit': [
              {
                guard: 'registrationInvalid',
                actions: assign({
                  errors: ({ context }) => validateRegistration(context.form),
                  message: null,
                }),
              },
              { target: 'registering', actions: 'clearMessages' },
            ],
          },
        },
        loggingIn: {
          tags: ['busy', 'loginForm'],
          entry: assign({ status: LOGIN_MESSAGES.loggingIn }),
          exit: assign({ status: null }),
          invoke: {
            id: 'emailLogin',
            src: 'emailLogin',
            input: ({ context }) => ({ email: context.form.email.trim(), password: context.form.password }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'signedIn',
                actions: [
                  {
                    type: 'rememberEmail',
                    params: ({ context }) => ({
                      email: context.form.email.trim(),
                      remember: context.form.rememberMe,
                    }),
                  },
                  { type: 'signedIn', params: ({ event }) => signedInOf(event.output) },
                ],
              },
              {
                guard: 'unverified',
                target: 'login',
                actions: [
                  assign({ message: ({ event }) => failureText(event.output, LOGIN_MESSAGES.loginFailed) }),
                  { type: 'showUnverified', params: ({ event }) => ({ email: unverifiedOf(event.output) }) },
                ],
              },
              {
                target: 'login',
                actions: assign({
                  message: ({ event }) => failureText(event.output, LOGIN_MESSAGES.loginFailed),
                }),
              },
            ],
            onError: {
              target: 'login',
              actions: assign({
                message: ({ event }) => errorText(event.error, LOGIN_MESSAGES.loginException),
              }),
            },
          },
        },
        registering: {
          tags: ['busy', 'registerForm'],
          entry: assign({ status: LOGIN_MESSAGES.creating }),
          exit: assign({ status: null }),
          invoke: {
            id: 'emailRegister',
            src: 'emailRegister',
            input: ({ context }) => ({
              email: context.form.email.trim(),
              password: context.form.password,
              confirmPassword: context.form.confirmPassword,
            }),
            onDone: [
              {
                guard: 'succeeded',
                target: '#loginDialog.closed',
                actions: [
                  { type: 'registered', params: ({ context }) => ({ email: context.form.email.trim() }) },
                  assign({ form: EMPTY_FORM }),
                ],
              },
              {
                target: 'register',
                actions: assign({
                  message: ({ event }) => failureText(event.output, LOGIN_MESSAGES.registerFailed),
                }),
              },
            ],
            onError: {
              target: 'register',
              actions: assign({
                message: ({ event }) => errorText(event.error, LOGIN_MESSAGES.registerFailed),
              }),
            },
          },
        },
        social: {
          tags: ['busy'],
          entry: assign({ status: ({ context }) => LOGIN_MESSAGES.connecting(context.provider) }),
          invoke: {
            id: 'socialLogin',
            src: 'socialLogin',
            input: ({ context }) => ({
              provider: context.provider.toLowerCase(),
              callbackUrl: context.callbackUrl,
            }),
            onDone: [
              {
                guard: 'socialSucceeded',
                target: 'signedIn',
                actions: {
                  type: 'signedIn',
                  params: ({ event }) =>
                    event.output.ok ? event.output.signedIn : { token: '', userData: {} },
                },
              },
              {
                target: 'providers',
                actions: assign({
                  status: null,
                  message: ({ event }) => (event.output.ok ? null : event.output.error),
                }),
              },
            ],
            onError: {
              target: 'providers',
              actions: assign({ status: null, message: 'Login failed, please try again later' }),
            },
          },
          on: {
            'social.phase': {
              actions: assign({
                status: ({ context, event }) =>
                  event.phase === 'connecting'
                    ? LOGIN_MESSAGES.connecting(context.provider)
                    : event.phase === 'popup'
                      ? LOGIN_MESSAGES.popup
                      : LOGIN_MESSAGES.authorized,
              }),
            },
          },
        },
        guest: {
          tags: ['busy'],
          entry: assign({ status: LOGIN_MESSAGES.loggingIn }),
          invoke: {
            id: 'guestLogin',
            src: 'guestLogin',
            onDone: [
              {
                guard: 'succeeded',
                target: 'signedIn',
                actions: { type: 'signedIn', params: ({ event }) => signedInOf(event.output) },
              },
              { target: 'providers', actions: assign({ status: null, message: LOGIN_MESSAGES.guestFailed }) },
            ],
            onError: {
              target: 'providers',
              actions: assign({ status: null, message: LOGIN_MESSAGES.guestFailed }),
            },
          },
        },
        signedIn: {
          tags: ['busy'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Signed in; the dialog closes as soon as the session says it is logged in.',
          entry: assign({
            status: LOGIN_MESSAGES.success,
            form: ({ context }) => ({ ...context.form, password: '', confirmPassword: '' }),
          }),
        },
      },
    },
  },
});

function signedInOf(result: SignInResult): SignedIn {
  return result.ok ? { token: result.token, userData: result.userData } : { token: '', userData: {} };
}
function unverifiedOf(result: SignInResult): string {
  return result.ok ? '' : (result.unverifiedEmail ?? '');
}
function failureText(result: SignInResult, fallback: string): string {
  return result.ok ? fallback : result.msg || fallback;
}

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    loginDialog: LoginDialogEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    loginDialog: ActorRefFrom<typeof loginDialogMachine>;
  }
}
