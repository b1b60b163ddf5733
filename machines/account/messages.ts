import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { relay, tell } from '../system/tell.ts';
import type { Message, MessagePage } from '../../domain/account.ts';
import { errorMessage } from '../../domain/errors.ts';

/** Messages shown per page of /messages. */
export const MESSAGE_PAGE_SIZE = 10;

export type MessagesEvent =
  /** The Messages page was opened (or its `page` search param changed). */
  | { type: 'messages.load'; page: number }
  | { type: 'messages.retry' }
  /** A message's title: opens it (closing any other) or closes it. Opening an unread one reads it. */
  | { type: 'messages.toggle'; id: number }
  | { type: 'messages.readAll' }
  /** A message's "Delete": asks to confirm first. */
  | { type: 'messages.delete'; id: number }
  | { type: 'messages.deleteConfirm' }
  | { type: 'messages.deleteCancel' };

/** What marking read answers, whatever the message: when, and the inbox's unread count after it. */
export interface ReadAnswer {
  readAt: string;
  unread: number;
}

export interface MessagesContext {
  page: number;
  /** The page as the server sent it, changed by what the member did since. */
  result: MessagePage | null;
  /** The page could not be loaded. */
  error: string | null;
  /** The message shown open (one at a time). */
  openId: number | null;
  /**
   * Unread messages the member opened, shown read at once and marked read on the server one at a
   * time (the first is with the server). A failure puts that one back to unread.
   */
  readQueue: number[];
  /** The message whose deletion is being confirmed or sent. */
  deleteId: number | null;
  /** The deletion failed: said in the dialog, which offers to try again. */
  deleteError: string | null;
}

export const MESSAGES_TEXT = {
  loadFailed: 'Your messages could not be loaded.',
  readFailed: 'That message could not be marked as read. Please try again.',
  readAllFailed: 'Your messages could not be marked as read. Please try again.',
  readAll: 'All messages are marked as read.',
  deleteFailed: 'The message could not be deleted. Please try again.',
  deleted: 'Message deleted.',
} as const;

// Selectors for the views.
/** Read, or opened and on its way to being read. */
export const isRead = (context: Pick<MessagesContext, 'readQueue'>, message: Message): boolean =>
  message.readAt !== null || context.readQueue.includes(message.id);
/** Unread messages in the whole inbox, counting the ones being marked read as read. */
export const unreadOf = (context: Pick<MessagesContext, 'result' | 'readQueue'>): number =>
  Math.max(0, (context.result?.unread ?? 0) - context.readQueue.length);
export const messageToDelete = (context: MessagesContext): Message | null =>
  context.result?.data.find((m) => m.id === context.deleteId) ?? null;

const withMessages = (result: MessagePage, change: (m: Message) => Message): MessagePage => ({
  ...result,
  data: result.data.map(change),
});

/**
 * The member's inbox (/messages), a page at a time (docs/decisions/005-account.md). Opening an
 * unread message shows it read at once and marks it read on the server (back to unread if that
 * fails); "Mark all as read"; deleting asks to confirm. After every change the `inbox` actor (the
 * account menu's count) is told the unread count.
 */
export const messagesMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    tags: {} as 'loading' | 'error' | 'ready' | 'busy' | 'markingAll' | 'dialog' | 'deleting',
  },
  actors: {
    /** GET /api/my/messages?page=&pageSize= */
    fetchMessages: fromPromise<MessagePage, { page: number; pageSize: number }>(() => {
      throw new Error('fetchMessages must be provided');
    }),
    /** POST /api/my/messages/:id/read */
    markRead: fromPromise<ReadAnswer, { id: number }>(() => {
      throw new Error('markRead must be provided');
    }),
    /** POST /api/my/messages/read-all */
    markAllRead: fromPromise<ReadAnswer>(() => {
      throw new Error('markAllRead must be provided');
    }),
    /** POST /api/my/messages/:id/delete */
    deleteMessage: fromPromise<{ unread: number }, { id: number }>(() => {
      throw new Error('deleteMessage must be provided');
    }),
  },
  actions: {
    tellInbox: tell('inbox', ({ context }) => ({ type: 'inbox.set', unread: unreadOf(context) })),
    toast: tell('toast', (_, params: { kind: 'success' | 'error'; message: string }) => ({
      type: 'toast.show',
      ...params,
    })),
    /** Opens the message (closing another) or closes it; an unread one joins the read queue. */
    toggle: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'messages.toggle') return;
      if (context.openId === event.id) {
        enqueue.assign({ openId: null });
        return;
      }
      const message = context.result?.data.find((m) => m.id === event.id);
      enqueue.assign({ openId: event.id });
      if (message && !isRead(context, message)) {
        const readQueue = [...context.readQueue, event.id];
        enqueue.assign({ readQueue });
        // shown read at once: the account menu's count follows
        relay(enqueue, system, 'inbox', {
          type: 'inbox.set',
          unread: unreadOf({ result: context.result, readQueue }),
        });
      }
    }),
  },
  guards: {
    knownMessage: ({ context, event }) =>
      'id' in event && (context.result?.data.some((m) => m.id === event.id) ?? false),
    hasQueue: ({ context }) => context.readQueue.length > 0,
    hasUnread: ({ context }) => unreadOf(context) > 0,
    /**
     * The open message ("Delete" is under its text), not while it is being marked read (that
     * answer would have no message to land on).
     */
    canDelete: ({ context, event }) =>
      event.type === 'messages.delete' &&
      event.id === context.openId &&
      !context.readQueue.includes(event.id) &&
      (context.result?.data.some((m) => m.id === event.id) ?? false),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'messages',
  context: {
    page: 1,
    result: null,
    error: null,
    openId: null,
    readQueue: [],
    deleteId: null,
    deleteError: null,
  },
  initial: 'idle',
  on: {
    'messages.load': {
      target: '.loading',
      reenter: true,
      // every load starts blank: another member's (or page's) messages never linger
      actions: assign({
        page: ({ event }) => event.page,
        result: null,
        openId: null,
        readQueue: [],
        deleteId: null,
        deleteError: null,
      }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'Messages has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchMessages',
        src: 'fetchMessages',
        input: ({ context }) => ({ page: context.page, pageSize: MESSAGE_PAGE_SIZE }),
        onDone: { target: 'ready', actions: [assign({ result: ({ event }) => event.output }), 'tellInbox'] },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, MESSAGES_TEXT.loadFailed) }),
        },
      },
    },
    failed: {
      tags: ['error'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The page could not be loaded; the view says why and offers to try again.',
      on: { 'messages.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'messages.toggle': { guard: 'knownMessage', actions: 'toggle' },
      },
      states: {
        reading: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Opened unread messages are marked read on the server, one at a time.',
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueue', target: 'marking' } },
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ id: context.readQueue[0] ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => {
                      const id = context.readQueue[0];
                      return {
                        result: context.result
                          ? {
                              ...withMessages(context.result, (m) =>
                                m.id === id ? { ...m, readAt: m.readAt ?? event.output.readAt } : m,
                              ),
                              unread: event.output.unread,
                            }
                          : null,
                        readQueue: context.readQueue.slice(1),
                      };
                    }),
                    'tellInbox',
                  ],
                },
                onError: {
                  target: 'idle',
                  // back to unread: it leaves the queue, and the count is the server's again
                  actions: [
                    assign({ readQueue: ({ context }) => context.readQueue.slice(1) }),
                    'tellInbox',
                    {
                      type: 'toast',
                      params: ({ event }) => ({
                        kind: 'error' as const,
                        message: errorMessage(event.error, MESSAGES_TEXT.readFailed),
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
        changes: {
          initial: 'browsing',
          states: {
            browsing: {
              on: {
                'messages.readAll': { guard: 'hasUnread', target: 'markingAll' },
                'messages.delete': {
                  guard: 'canDelete',
                  target: 'confirmingDelete',
                  actions: assign({ deleteId: ({ event }) => event.id, deleteError: null }),
                },
              },
            },
            markingAll: {
              tags: ['busy', 'markingAll'],
              invoke: {
                id: 'markAllRead',
                src: 'markAllRead',
                onDone: {
                  target: 'browsing',
                  actions: [
                    assign({
                      result: ({ context, event }) =>
                        context.result
                          ? {
                              ...withMessages(context.result, (m) => ({
                                ...m,
                                readAt: m.readAt ?? event.output.readAt,
                              })),
                              unread: event.output.unread,
                            }
                          : null,
                    }),
                    'tellInbox',
                    { type: 'toast', params: { kind: 'success', message: MESSAGES_TEXT.readAll } },
                  ],
                },
                onError: {
                  target: 'browsing',
                  actions: {
                    type: 'toast',
                    params: ({ event }) => ({
                      kind: 'error' as const,
                      message: errorMessage(event.error, MESSAGES_TEXT.readAllFailed),
                    }),
                  },
                },
              },
            },
            confirmingDelete: {
              tags: ['dialog'],
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: '"Delete this message?" (after a failure, with the reason).',
              on: {
                'messages.deleteConfirm': 'deleting',
                'messages.deleteCancel': {
                  target: 'browsing',
                  actions: assign({ deleteId: null, deleteError: null }),
                },
              },
            },
            deleting: {
              tags: ['dialog', 'busy', 'deleting'],
              entry: assign({ deleteError: null }),
              invoke: {
                id: 'deleteMessage',
                src: 'deleteMessage',
                input: ({ context }) => ({ id: context.deleteId ?? 0 }),
                onDone: {
                  target: 'browsing',
                  actions: [
                    assign(({ context, event }) => ({
                      result: context.result
                        ? {
                            ...context.result,
                            data: context.result.data.filter((m) => m.id !== context.deleteId),
                            total: Math.max(0, context.result.total - 1),
                            unread: event.output.unread,
                          }
                        : null,
                      openId: context.openId === context.deleteId ? null : context.openId,
                      deleteId: null,
                    })),
                    'tellInbox',
                    { type: 'toast', params: { kind: 'success', message: MESSAGES_TEXT.deleted } },
                  ],
                },
                onError: {
                  target: 'confirmingDelete',
                  actions: assign({
                    deleteError: ({ event }) => errorMessage(event.error, MESSAGES_TEXT.deleteFailed),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    messages: MessagesEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    messages: ActorRefFrom<typeof messagesMachine>;
  }
}
