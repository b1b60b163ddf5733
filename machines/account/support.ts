import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { SUPPORT_LIMITS, type SupportRequest, type SupportRequestInput } from '../../domain/account.ts';
import { validateEmail } from '../../domain/validation.ts';
import { errorMessage } from '../../domain/errors.ts';

export type SupportField = 'email' | 'subject' | 'message';

export interface SupportForm {
  /**
   * A visitor's address (and a guest member's: a guest account has none). A member with an email
   * on the account writes from it: the field shows it and is not theirs to edit.
   */
  email: string;
  subject: string;
  message: string;
}

export type SupportErrors = Partial<Record<SupportField, string>>;

/** What sending answers: the request, or the server's refusal when it is rate limited (429). */
export type SendAnswer = { ok: true; request: SupportRequest } | { ok: false; message: string };

/** A member's side of the page: their past requests and the address replies go to. */
export interface MemberSupport {
  requests: SupportRequest[];
  /** The account's email; null for a guest account, or when it could not be read. */
  email: string | null;
}

export type SupportEvent =
  /** The page was shown, or who is looking changed (signed in or out). */
  | { type: 'support.open'; member: boolean }
  | { type: 'support.change'; field: SupportField; value: string }
  /** A field lost focus: it is checked once it has something in it. */
  | { type: 'support.blur'; field: SupportField }
  | { type: 'support.submit' }
  /** Send again after a network failure, with the text as it is. */
  | { type: 'support.retry' }
  /** After the confirmation: a blank form for another request. */
  | { type: 'support.newRequest' }
  | { type: 'support.requestsRetry' };

export interface SupportContext {
  member: boolean;
  form: SupportForm;
  errors: SupportErrors;
  /** The request the last send created (the confirmation shows its number). */
  sent: SupportRequest | null;
  /** Why the last send did not go through: the server's 429 message, or the network error. */
  notice: string | null;
  requests: SupportRequest[];
  accountEmail: string | null;
  requestsError: string | null;
}

export const SUPPORT_TEXT = {
  subjectRequired: 'Please enter a subject',
  subjectShort: `The subject needs at least ${SUPPORT_LIMITS.subjectMin} characters`,
  subjectLong: `The subject can be at most ${SUPPORT_LIMITS.subjectMax} characters`,
  messageRequired: 'Please write your message',
  messageShort: `Please write at least ${SUPPORT_LIMITS.messageMin} characters so we can help`,
  messageLong: `The message can be at most ${SUPPORT_LIMITS.messageMax} characters`,
  sendFailed: 'Your message could not be sent. Please try again.',
  requestsFailed: 'Your past requests could not be loaded.',
} as const;

/** The characters that count towards the limits (what the server keeps: the trimmed text). */
export const countedLength = (text: string): number => text.trim().length;

/** One field's rule (requirements §5 for the email; SUPPORT_LIMITS for the rest); undefined when fine. */
export function validateSupportField(
  field: SupportField,
  form: SupportForm,
  emailNeeded: boolean,
): string | undefined {
  if (field === 'email') return emailNeeded ? validateEmail(form.email) : undefined;
  const n = countedLength(form[field]);
  if (field === 'subject') {
    if (n === 0) return SUPPORT_TEXT.subjectRequired;
    if (n < SUPPORT_LIMITS.subjectMin) return SUPPORT_TEXT.subjectShort;
    if (n > SUPPORT_LIMITS.subjectMax) return SUPPORT_TEXT.subjectLong;
    return undefined;
  }
  if (n === 0) return SUPPORT_TEXT.messageRequired;
  if (n < SUPPORT_LIMITS.messageMin) return SUPPORT_TEXT.messageShort;
  if (n > SUPPORT_LIMITS.messageMax) return SUPPORT_TEXT.messageLong;
  return undefined;
}

export const SUPPORT_FIELDS: readonly SupportField[] = ['email', 'subject', 'message'];

/** Every field's error, in the form's order (the view focuses the first). */
export function validateSupport(form: SupportForm, emailNeeded: boolean): SupportErrors {
  const errors: SupportErrors = {};
  for (const field of SUPPORT_FIELDS) {
    const error = validateSupportField(field, form, emailNeeded);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * Whether the form asks for an email: a visitor's, a guest member's (no address on the account), or
 * while a member's address is not known (being looked up, or the lookup failed).
 */
export const emailNeeded = (context: Pick<SupportContext, 'member' | 'accountEmail'>): boolean =>
  !context.member || context.accountEmail === null;

/** What is sent: the trimmed text, and the email when the form asks for one. */
export const requestInput = (
  context: Pick<SupportContext, 'form' | 'member' | 'accountEmail'>,
): SupportRequestInput => ({
  ...(emailNeeded(context) ? { email: context.form.email.trim() } : {}),
  subject: context.form.subject.trim(),
  message: context.form.message.trim(),
});

const without = (errors: SupportErrors, field: SupportField): SupportErrors => {
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

const blankForm: SupportForm = { email: '', subject: '', message: '' };

/**
 * Customer Support (/support), open to everyone (docs/decisions/005-account.md). The contact form:
 * checked per field (on blur, and live once a field shows an error) and whole on submit; sent, it
 * shows the request's number. A 429 shows the server's message; a network failure keeps the text
 * and offers to send again. A member's request uses the account's email (a guest account has
 * none: it gives one, as a visitor does), and the page lists their past requests with status and
 * replies.
 */
export const supportMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as SupportContext,
    events: {} as SupportEvent,
    tags: {} as 'busy' | 'notice' | 'limited' | 'sendFailed' | 'sent' | 'loading' | 'error' | 'requests',
  },
  actors: {
    /** POST /api/support/requests (a 429 answers `{ ok: false }`; other failures throw). */
    sendRequest: fromPromise<SendAnswer, SupportRequestInput>(() => {
      throw new Error('sendRequest must be provided');
    }),
    /** GET /api/my/support/requests, and the account's email. */
    fetchMemberSupport: fromPromise<MemberSupport>(() => {
      throw new Error('fetchMemberSupport must be provided');
    }),
  },
  actions: {
    showAllErrors: assign({ errors: ({ context }) => validateSupport(context.form, emailNeeded(context)) }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateSupport(context.form, emailNeeded(context))).length === 0,
    accepted: ({ event }) => 'output' in event && (event.output as SendAnswer).ok,
    isMember: ({ event }) => event.type === 'support.open' && event.member,
  },
}).createMachine({
  id: 'support',
  type: 'parallel',
  context: {
    member: false,
    form: blankForm,
    errors: {},
    sent: null,
    notice: null,
    requests: [],
    accountEmail: null,
    requestsError: null,
  },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'fresh',
          on: {
            'support.change': {
              actions: assign(({ context, event }) => {
                const form = { ...context.form, [event.field]: event.value };
                // a field showing an error is checked as it is fixed
                if (!context.errors[event.field]) return { form };
                const error = validateSupportField(event.field, form, emailNeeded(context));
                return {
                  form,
                  errors: error
                    ? { ...context.errors, [event.field]: error }
                    : without(context.errors, event.field),
                };
              }),
            },
            'support.blur': {
              actions: assign({
                errors: ({ context, event }) => {
                  if (context.form[event.field].trim() === '' && !context.errors[event.field])
                    return context.errors;
                  const error = validateSupportField(event.field, context.form, emailNeeded(context));
                  return error
                    ? { ...context.errors, [event.field]: error }
                    : without(context.errors, event.field);
                },
              }),
            },
            'support.submit': [
              { guard: 'formValid', target: 'sending' },
              { target: '.fresh', actions: 'showAllErrors' },
            ],
          },
          states: {
            fresh: {
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: 'Being written (or fixed after the checks said what is missing).',
              entry: assign({ notice: null }),
            },
            limited: {
              tags: ['notice', 'limited'],
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: 'The server refused (429, too many requests): its message is shown.',
            },
            failed: {
              tags: ['notice', 'sendFailed'],
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: 'The network failed: the text is kept and can be sent again.',
              on: {
                'support.retry': [
                  { guard: 'formValid', target: '#support.form.sending' },
                  { target: 'fresh', actions: 'showAllErrors' },
                ],
              },
            },
          },
          exit: assign({ notice: null }),
        },
        sending: {
          tags: ['busy'],
          entry: assign({ errors: {} }),
          invoke: {
            id: 'sendRequest',
            src: 'sendRequest',
            input: ({ context }) => requestInput(context),
            onDone: [
              {
                guard: 'accepted',
                target: 'sent',
                actions: assign(({ context, event }) => {
                  const request = (event.output as Extract<SendAnswer, { ok: true }>).request;
                  return {
                    sent: request,
                    form: { ...context.form, subject: '', message: '' },
                    requests: context.member
                      ? [request, ...context.requests.filter((r) => r.id !== request.id)]
                      : context.requests,
                  };
                }),
              },
              {
                target: 'editing.limited',
                actions: assign({
                  notice: ({ event }) => (event.output as Extract<SendAnswer, { ok: false }>).message,
                }),
              },
            ],
            onError: {
              target: 'editing.failed',
              actions: assign({ notice: ({ event }) => errorMessage(event.error, SUPPORT_TEXT.sendFailed) }),
            },
          },
        },
        sent: {
          tags: ['sent'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The confirmation, with the request number.',
          on: {
            'support.newRequest': { target: 'editing', actions: assign({ sent: null }) },
            // coming back to the page later starts a new request
            'support.open': { target: 'editing', actions: assign({ sent: null }) },
          },
        },
      },
    },
    requests: {
      initial: 'none',
      on: {
        'support.open': [
          {
            guard: 'isMember',
            target: '.loading',
            reenter: true,
            actions: assign({ member: true }),
          },
          {
            target: '.none',
            // a visitor (or the member who signed out) sees nobody's requests
            actions: assign({ member: false, requests: [], accountEmail: null, requestsError: null }),
          },
        ],
      },
      states: {
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        none: { description: 'A visitor: no past requests to show.' },
        loading: {
          tags: ['loading'],
          entry: assign({ requestsError: null }),
          invoke: {
            id: 'fetchMemberSupport',
            src: 'fetchMemberSupport',
            onDone: {
              target: 'ready',
              actions: assign({
                requests: ({ event }) => event.output.requests,
                accountEmail: ({ event }) => event.output.email,
                // the account's address is used: nothing left to fix in the field
                errors: ({ context, event }) =>
                  event.output.email === null ? context.errors : without(context.errors, 'email'),
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                requestsError: ({ event }) => errorMessage(event.error, SUPPORT_TEXT.requestsFailed),
              }),
            },
          },
        },
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        ready: { tags: ['requests'], description: 'The member’s requests, newest first (possibly none).' },
        failed: {
          tags: ['error'],
          on: { 'support.requestsRetry': 'loading' },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    support: SupportEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    support: ActorRefFrom<typeof supportMachine>;
  }
}
