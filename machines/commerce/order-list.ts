import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { OrderPage, OrderStatus } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

/** Orders shown per page of /orders. */
export const ORDER_PAGE_SIZE = 10;

export interface OrderQuery {
  page: number;
  /** Only orders in this state; all of them when absent. */
  status?: OrderStatus;
}

export type OrderListEvent =
  /** The Orders page was opened (or its page / filter changed): the address's query. */
  { type: 'orders.load'; query: OrderQuery } | { type: 'orders.retry' };

export interface OrderListContext {
  query: OrderQuery;
  page: OrderPage | null;
  error: string | null;
}

export const ORDER_LIST_MESSAGES = { failed: 'Your orders could not be loaded.' } as const;

/**
 * The member's orders (/orders), a page at a time, optionally only one status. Its route sends
 * `orders.load` when it is entered and when its `page` / `status` search params change; every load
 * starts blank, so a member never sees the previous member's orders while theirs arrive.
 */
export const orderListMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  actors: {
    fetchOrders: fromPromise<OrderPage, OrderQuery & { pageSize: number }>(() => {
      throw new Error('fetchOrders must be provided');
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'orderList',
  context: { query: { page: 1 }, page: null, error: null },
  initial: 'idle',
  on: {
    'orders.load': {
      target: '.loading',
      reenter: true,
      actions: assign({ query: ({ event }) => event.query, page: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'The Orders page has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ ...context.query, pageSize: ORDER_PAGE_SIZE }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorMessage(event.error, ORDER_LIST_MESSAGES.failed) }),
        },
      },
    },
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    ready: { tags: ['ready'], description: 'A page of orders (possibly none).' },
    error: {
      tags: ['error'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The request failed; the view says why and offers to try again.',
      on: { 'orders.retry': 'loading' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    orderList: OrderListEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    orderList: ActorRefFrom<typeof orderListMachine>;
  }
}
