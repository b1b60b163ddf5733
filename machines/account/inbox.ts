import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { followSession, type SessionFollow } from '../system/follow-session.ts';

export type InboxEvent =
  /** From the session: a member signed in (or the page loaded signed in). Starts afresh. */
  | { type: 'inbox.load' }
  /** From the session: signed out. */
  | { type: 'inbox.clear' }
  /** From the messages page: the count after it loaded, read or deleted something. */
  | { type: 'inbox.set'; unread: number };

export interface InboxContext {
  /** Unread messages in the member's whole inbox; 0 for a visitor and until the first answer. */
  unread: number;
}

// how the unread count reads lives in domain/account.ts, so the header reads it without this machine
export { unreadLabel } from '../../domain/account.ts';

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The member's unread-message count for the account menu (docs/decisions/005-account.md): asked
 * for at sign-in, again every `inboxPoll` while signed in (a support reply arrives without the
 * member doing anything), set by the messages page after each change, zeroed at sign-out. A
 * failed ask keeps the last count and waits for the next poll: the badge is a hint, not a page.
 */
export const inboxMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    tags: {} as 'loading',
  },
  delays: {
    inboxPoll: 60_000,
  },
  actors: {
    followSession,
    /** GET /api/my/messages/unread-count */
    fetchUnreadCount: fromPromise<number>(() => {
      throw new Error('fetchUnreadCount must be provided');
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'inbox',
  // The unread count follows the member.
  invoke: {
    src: 'followSession',
    input: {
      member: () => ({ type: 'inbox.load' }),
      visitor: { type: 'inbox.clear' },
    } satisfies SessionFollow<InboxEvent>,
  },
  context: { unread: 0 },
  initial: 'signedOut',
  on: {
    'inbox.load': { target: '.active', reenter: true, actions: assign({ unread: 0 }) },
    'inbox.clear': { target: '.signedOut', actions: assign({ unread: 0 }) },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    signedOut: { description: 'No member: no count, no polling.' },
    active: {
      initial: 'loading',
      on: {
        // the page's count is the newest: an ask in flight is dropped and the poll starts over
        'inbox.set': { target: '.waiting', actions: assign({ unread: ({ event }) => count(event.unread) }) },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchUnreadCount',
            src: 'fetchUnreadCount',
            onDone: { target: 'waiting', actions: assign({ unread: ({ event }) => count(event.output) }) },
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Shows the count; asks again after `inboxPoll`.',
          after: { inboxPoll: 'loading' },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    inbox: InboxEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    inbox: ActorRefFrom<typeof inboxMachine>;
  }
}
