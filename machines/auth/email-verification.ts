import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isValidEmail, MESSAGES } from '../../domain/validation.ts';
import { RESEND_MESSAGES, type ResendAnswer } from './resend-email.ts';

export type VerifyAnswer =
  | { status: 'verified'; email: string }
  | { status: 'expired'; email: string | null; msg: string }
  | { status: 'invalid'; msg: string };

export type EmailVerificationEvent =
  | { type: 'verify.start'; token: string }
  | { type: 'field.change'; value: string }
  | { type: 'resend.submit' }
  /** "Log in" on the verified page: the view opens the login dialog. */
  | { type: 'verify.login' };

export interface EmailVerificationContext {
  token: string;
  email: string;
  message: string | null;
  fieldError: string | null;
}

/**
 * The page behind /verifyemail-{token}.html: verifying, then verified (an invitation to log in) or
 * failed (expired, used or unknown link), where the person can ask for a new mail.
 */
export const emailVerificationMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    tags: {} as 'busy' | 'verified' | 'failed' | 'sent',
  },
  actors: {
    verifyEmail: fromPromise<VerifyAnswer, { token: string }>(() => {
      throw new Error('verifyEmail must be provided');
    }),
    resendVerification: fromPromise<ResendAnswer, { email: string }>(() => {
      throw new Error('resendVerification must be provided');
    }),
  },
  actions: {
    openLogin: (_, _params: { email: string }) => {},
  },
  guards: {
    verified: ({ event }) => 'output' in event && (event.output as VerifyAnswer).status === 'verified',
    emailInvalid: ({ context }) => !isValidEmail(context.email),
    resent: ({ event }) => 'output' in event && (event.output as ResendAnswer).success,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'emailVerification',
  context: { token: '', email: '', message: null, fieldError: null },
  initial: 'idle',
  on: {
    'verify.start': {
      target: '.verifying',
      reenter: true,
      // a new visit starts afresh: no address, reason or field error of the last one
      actions: assign({ token: ({ event }) => event.token, email: '', message: null, fieldError: null }),
    },
  },
  states: {
    idle: {},
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: 'verified',
            target: 'verified',
            actions: assign({
              email: ({ event }) => (event.output.status === 'verified' ? event.output.email : ''),
            }),
          },
          {
            target: 'failed',
            actions: assign({
              email: ({ event }) => (event.output.status === 'expired' ? (event.output.email ?? '') : ''),
              message: ({ event }) => (event.output.status === 'verified' ? null : event.output.msg),
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            message: 'We could not check this link right now. Please check your connection and try again.',
          }),
        },
      },
    },
    verified: {
      tags: ['verified'],
      on: {
        'verify.login': {
          actions: { type: 'openLogin', params: ({ context }) => ({ email: context.email }) },
        },
      },
    },
    failed: {
      tags: ['failed'],
      initial: 'form',
      states: {
        form: {
          on: {
            'field.change': { actions: assign({ email: ({ event }) => event.value, fieldError: null }) },
            'resend.submit': [
              {
                guard: 'emailInvalid',
                actions: assign({
                  fieldError: ({ context }) =>
                    context.email.trim() ? MESSAGES.emailInvalid : MESSAGES.emailRequired,
                }),
              },
              { target: 'sending' },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'resendVerification',
            src: 'resendVerification',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: [
              { guard: 'resent', target: 'sent' },
              {
                target: 'form',
                actions: assign({ fieldError: ({ event }) => event.output.msg || RESEND_MESSAGES.failed }),
              },
            ],
            onError: { target: 'form', actions: assign({ fieldError: RESEND_MESSAGES.offline }) },
          },
        },
        sent: { tags: ['sent'], description: 'Verification email sent successfully!' },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    emailVerification: EmailVerificationEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    emailVerification: ActorRefFrom<typeof emailVerificationMachine>;
  }
}
