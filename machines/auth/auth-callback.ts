import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SignedIn, SignInResult } from '../../domain/session-user.ts';

export const CALLBACK_MESSAGES = {
  failed: 'Login failed, please try again later',
  cancelled: 'Sign-in was cancelled. You can close this window and try again.',
  missing: 'This sign-in link is incomplete. Please start again from FruitPrompt.',
} as const;

export type AuthCallbackEvent = {
  type: 'callback.start';
  code: string | null;
  state: string | null;
  /** The provider's error parameter (e.g. access_denied), if any. */
  error: string | null;
};

/**
 * The page the identity provider returns to (/auth/callback, and /social-callback for a full-page
 * sign-in): exchange the code (state checked by the server), then hand token and user over — to the
 * opener window when there is one (requirements §4 step 3), else to this tab's session.
 */
export const authCallbackMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { message: string | null },
    events: {} as AuthCallbackEvent,
    tags: {} as 'busy' | 'signedIn' | 'failed',
  },
  actors: {
    exchangeCode: fromPromise<SignInResult, { code: string; state: string }>(() => {
      throw new Error('exchangeCode must be provided');
    }),
  },
  actions: {
    /** Post the social-login-success message to the opener and store the sign-in, or adopt it here. */
    handOver: (_, _params: SignedIn) => {},
  },
  guards: {
    providerRefused: ({ event }) => event.type === 'callback.start' && event.error !== null,
    incomplete: ({ event }) => event.type === 'callback.start' && (!event.code || !event.state),
    exchanged: ({ event }) => 'output' in event && (event.output as SignInResult).ok,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'authCallback',
  context: { message: null },
  initial: 'idle',
  // Every visit of the callback page starts afresh, also a second one in the same tab.
  on: {
    'callback.start': [
      {
        guard: 'providerRefused',
        target: '.failed',
        actions: assign({ message: CALLBACK_MESSAGES.cancelled }),
      },
      { guard: 'incomplete', target: '.failed', actions: assign({ message: CALLBACK_MESSAGES.missing }) },
      { target: '.exchanging', reenter: true, actions: assign({ message: null }) },
    ],
  },
  states: {
    idle: {},
    exchanging: {
      tags: ['busy'],
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ event }) => {
          const e = event as AuthCallbackEvent;
          return { code: e.code ?? '', state: e.state ?? '' };
        },
        onDone: [
          {
            guard: 'exchanged',
            target: 'done',
            actions: {
              type: 'handOver',
              params: ({ event }) =>
                event.output.ok
                  ? { token: event.output.token, userData: event.output.userData }
                  : { token: '', userData: {} },
            },
          },
          {
            target: 'failed',
            actions: assign({
              message: ({ event }) => (!event.output.ok && event.output.msg) || CALLBACK_MESSAGES.failed,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ message: CALLBACK_MESSAGES.failed }) },
      },
    },
    done: { tags: ['signedIn'], description: 'Authorization successful, redirecting...' },
    failed: { tags: ['failed'] },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    authCallback: AuthCallbackEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    authCallback: ActorRefFrom<typeof authCallbackMachine>;
  }
}
