import { assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import type { SignedIn, UserData } from '../../domain/session-user.ts';

export const SOCIAL_MESSAGES = {
  failed: 'Login failed, please try again later',
  timedOut: 'Login timed out. Please try again.',
  blocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  closed: 'The sign-in window was closed before sign-in finished. Please try again.',
} as const;

export interface SocialLoginInput {
  provider: string;
  /** The origin callback URL given to the authorize call (requirements §2 /auth/callback). */
  callbackUrl: string;
}

export type AuthorizeAnswer = { success: true; authUrl: string } | { success: false; msg: string };

/** What the popup adapter reports while the popup is open. */
export type PopupEvent =
  | { type: 'popup.blocked' }
  | { type: 'popup.closed' }
  | { type: 'popup.message'; token: string; userData: UserData };

export type SocialLoginEvent = PopupEvent;

export type SocialPhase = 'connecting' | 'popup' | 'authorized';

export interface SocialLoginContext {
  provider: string;
  callbackUrl: string;
  authUrl: string | null;
  result: SignedIn | null;
  error: string | null;
}

export type SocialLoginOutput = { ok: true; signedIn: SignedIn } | { ok: false; error: string | null };

/**
 * requirements §4 Social login flow: ask for the authorize URL, open the centred 600×700 popup, then
 * wait for its message or for the token to appear in local storage (`tokenPoll`, every 500 ms),
 * for at most `socialTimeout` (20 s). A blocked or closed popup ends the wait at once.
 */
export const socialLoginMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as SocialLoginContext,
    input: {} as SocialLoginInput,
    events: {} as SocialLoginEvent,
    output: {} as SocialLoginOutput,
  },
  delays: {
    tokenPoll: 500,
    socialTimeout: 20_000,
  },
  actors: {
    authorize: fromPromise<AuthorizeAnswer, { provider: string; callbackUrl: string }>(() => {
      throw new Error('authorize must be provided');
    }),
    /** Opens the popup on `authUrl` and reports PopupEvents; closes it when stopped. */
    popup: fromCallback<PopupEvent, { authUrl: string }>(() => {
      throw new Error('popup must be provided');
    }),
    /** A sign-in that finished in another window: the token (and user) found in storage, or null. */
    readStoredSignIn: fromPromise<SignedIn | null>(() => {
      throw new Error('readStoredSignIn must be provided');
    }),
    /** Whether the session is logged in by now (another tab or path may have finished it). */
    checkLoggedIn: fromPromise<boolean>(() => {
      throw new Error('checkLoggedIn must be provided');
    }),
  },
  actions: {
    reportPhase: sendParent((_, params: { phase: SocialPhase }) => ({
      type: 'social.phase',
      phase: params.phase,
    })),
    /** Broadcast the social-login-success browser event (the dialog hands the sign-in to the session). */
    completeSignIn: (_, _params: SignedIn) => {},
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({
    provider: input.provider,
    callbackUrl: input.callbackUrl,
    authUrl: null,
    result: null,
    error: null,
  }),
  initial: 'authorizing',
  output: ({ context }) =>
    context.result ? { ok: true, signedIn: context.result } : { ok: false, error: context.error },
  states: {
    authorizing: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Asking the server for the authorization URL.',
      entry: { type: 'reportPhase', params: { phase: 'connecting' } },
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({ provider: context.provider, callbackUrl: context.callbackUrl }),
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: 'waiting',
            actions: assign({ authUrl: ({ event }) => (event.output.success ? event.output.authUrl : null) }),
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => (!event.output.success && event.output.msg) || SOCIAL_MESSAGES.failed,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.failed }) },
      },
    },
    waiting: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The popup is open; the first of its message, a stored token or the timeout wins.',
      entry: { type: 'reportPhase', params: { phase: 'popup' } },
      invoke: { id: 'popup', src: 'popup', input: ({ context }) => ({ authUrl: context.authUrl ?? '' }) },
      after: { socialTimeout: 'timedOut' },
      on: {
        'popup.message': {
          target: 'succeeded',
          actions: assign({ result: ({ event }) => ({ token: event.token, userData: event.userData }) }),
        },
        'popup.blocked': { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.blocked }) },
        'popup.closed': 'popupClosed',
      },
      initial: 'idle',
      states: {
        idle: { after: { tokenPoll: 'polling' } },
        polling: {
          invoke: {
            id: 'readStoredSignIn',
            src: 'readStoredSignIn',
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: '#socialLogin.succeeded',
                actions: assign({ result: ({ event }) => event.output }),
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
      },
    },
    popupClosed: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Closed without a message: one last look in storage before giving up.',
      invoke: {
        id: 'readStoredSignIn',
        src: 'readStoredSignIn',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'succeeded',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.closed }) },
        ],
        onError: { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.closed }) },
      },
    },
    timedOut: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'No result in 20 s: give up, quietly if the session is logged in meanwhile.',
      invoke: {
        id: 'checkLoggedIn',
        src: 'checkLoggedIn',
        onDone: [
          { guard: ({ event }) => event.output, target: 'settledElsewhere' },
          { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.timedOut }) },
        ],
        onError: { target: 'failed', actions: assign({ error: SOCIAL_MESSAGES.timedOut }) },
      },
    },
    succeeded: {
      type: 'final',
      entry: [
        { type: 'reportPhase', params: { phase: 'authorized' } },
        { type: 'completeSignIn', params: ({ context }) => context.result as SignedIn },
      ],
    },
    settledElsewhere: { type: 'final', description: 'Logged in by other means; nothing to say.' },
    failed: { type: 'final' },
  },
});
