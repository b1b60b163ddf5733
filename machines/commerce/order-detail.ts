import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import type { OrderDetail } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';
import {
  cancelOrderInvoke,
  goToPayment,
  PAY_OR_CANCEL_MESSAGES,
  payingState,
  payOrCancelActors,
} from './pay-or-cancel.ts';

/** What the order fetcher resolves to: an order that is not (or not the member's) is an answer. */
export type OrderLookup = { found: true; order: OrderDetail } | { found: false };

export type OrderDetailEvent =
  /** /order-detail/{orderId} was opened. */
  | { type: 'order.load'; orderId: string }
  | { type: 'order.retry' }
  /** "Pay now" on a pending order: its payment page. */
  | { type: 'order.pay' }
  /** "Cancel order" on a pending order: asks first. */
  | { type: 'order.cancel' }
  | { type: 'order.cancelConfirm' }
  | { type: 'order.cancelKeep' };

export interface OrderDetailContext {
  orderId: string | null;
  order: OrderDetail | null;
  /** The order could not be loaded. */
  error: string | null;
  /** Paying or cancelling failed; the order stays shown with this message. */
  actionError: string | null;
}

export const ORDER_DETAIL_MESSAGES = {
  failed: 'This order could not be loaded.',
  ...PAY_OR_CANCEL_MESSAGES,
  cancelled: (id: number) => `Order #${id} was cancelled. Its prompts are back in your cart.`,
} as const;

/**
 * One of the member's orders (/order-detail/{orderId}). A pending order can be paid (the server
 * opens a payment session and the page leaves for it) or cancelled after a confirmation (its
 * coupon becomes valid again and its items return to the cart). Another member's order, or one
 * that does not exist, is "not found".
 */
export const orderDetailMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    tags: {} as
      'loading' | 'notFound' | 'error' | 'ready' | 'busy' | 'openingPayment' | 'cancelDialog' | 'cancelling',
  },
  actors: {
    fetchOrder: fromPromise<OrderLookup, { orderId: string }>(() => {
      throw new Error('fetchOrder must be provided');
    }),
    ...payOrCancelActors,
  },
  actions: {
    goToPayment,
    // the steps of pay-or-cancel.ts
    clearActionError: assign({ actionError: null }),
    takeOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order })),
    actionFailed: assign((_, params: { message: string }) => ({ actionError: params.message })),
    toastCancelled: tell('toast', ({ context }) => ({
      type: 'toast.show',
      kind: 'success',
      message: ORDER_DETAIL_MESSAGES.cancelled(context.order?.id ?? 0),
    })),
    /** The cancelled order's items went back to the cart: the cart and the header's badge follow. */
    reloadCart: tell('cart', { type: 'cart.reload' }),
    refreshCartCount: tell('cartCount', {
      type: 'cart.refresh',
      reason: 'cartUpdate',
    }),
  },
  guards: {
    found: ({ event }) => 'output' in event && (event.output as OrderLookup).found,
    isPending: ({ context }) => context.order?.status === 'pending',
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'orderDetail',
  context: { orderId: null, order: null, error: null, actionError: null },
  initial: 'idle',
  on: {
    'order.load': {
      target: '.loading',
      reenter: true,
      // every visit starts blank: no earlier order (or earlier member's) while this one loads
      actions: assign({ orderId: ({ event }) => event.orderId, order: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'No order asked for yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null, actionError: null }),
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          {
            guard: 'found',
            target: 'ready',
            actions: assign({
              order: ({ event }) => (event.output as Extract<OrderLookup, { found: true }>).order,
            }),
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorMessage(event.error, ORDER_DETAIL_MESSAGES.failed) }),
        },
      },
    },
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    notFound: { tags: ['notFound'], description: 'No such order on this account.' },
    error: {
      tags: ['error'],
      on: { 'order.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'order.pay': { guard: 'isPending', target: 'paying' },
            'order.cancel': { guard: 'isPending', target: 'confirmingCancel' },
          },
        },
        confirmingCancel: {
          tags: ['cancelDialog'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The "Cancel this order?" dialog.',
          entry: 'clearActionError',
          on: {
            'order.cancelConfirm': 'cancelling',
            'order.cancelKeep': 'viewing',
          },
        },
        cancelling: {
          tags: ['busy', 'cancelDialog', 'cancelling'],
          invoke: cancelOrderInvoke({ cancelled: 'viewing', failed: 'viewing' }, [
            'toastCancelled',
            'reloadCart',
            'refreshCartCount',
          ]),
        },
        paying: payingState({ redirecting: 'redirecting', failed: 'viewing' }),
        redirecting: {
          tags: ['busy', 'openingPayment'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'On the way to the payment page; the browser leaves the SPA.',
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    orderDetail: OrderDetailEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    orderDetail: ActorRefFrom<typeof orderDetailMachine>;
  }
}
