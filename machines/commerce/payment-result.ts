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

export const PAYMENT_MESSAGES = {
  loadFailed: 'This order could not be loaded.',
  ...PAY_OR_CANCEL_MESSAGES,
} as const;

/** How many times a pending order is checked (every `pendingPoll`) before the page stops following it. */
export const PENDING_POLL_LIMIT = 20;

export type PaymentResultEvent =
  /** The paid page (`/paiddetail-{orderId}-{sessionId}.html`): confirm the payment with the server. */
  | { type: 'payment.openPaid'; orderId: string; sessionId: string }
  /** The pending page (`/pendingdetail-{orderId}.html`): show the order and follow it. */
  | { type: 'payment.openPending'; orderId: string }
  /** The page is left: stop following the order. */
  | { type: 'payment.close' }
  | { type: 'payment.retry' }
  /** "Check again" once the page stopped following the order by itself. */
  | { type: 'payment.refresh' }
  | { type: 'payment.pay' }
  | { type: 'payment.cancel' }
  | { type: 'payment.cancelConfirm' }
  | { type: 'payment.cancelAbort' };

export interface PaymentResultContext {
  page: 'paid' | 'pending';
  orderId: string | null;
  sessionId: string | null;
  order: OrderDetail | null;
  /** Loading or confirming failed. */
  error: string | null;
  /** Paying again or cancelling failed (the order is still shown). */
  actionError: string | null;
  /** Checks of a pending order so far. */
  polls: number;
}

const orderOf = (event: unknown): OrderDetail | null => (event as { output?: OrderDetail }).output ?? null;

/**
 * The pages a payment comes back to (requirements §C4). The paid page asks the server to confirm the
 * payment session (idempotent: a reload or a second tab cannot pay twice, the server settles each
 * order once) and shows the result; the pending page shows the order, offers to pay again or to
 * cancel it (after a confirmation), and follows it every `pendingPoll` until it is settled, for
 * at most PENDING_POLL_LIMIT checks.
 */
export const paymentResultMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as PaymentResultContext,
    events: {} as PaymentResultEvent,
    tags: {} as
      | 'loading'
      | 'error'
      | 'paid'
      | 'cancelled'
      | 'redirecting'
      | 'watching'
      | 'checking'
      | 'reconfirming'
      | 'stale'
      | 'cancelDialog'
      | 'cancelling'
      | 'openingPayment'
      | 'busy',
  },
  delays: {
    pendingPoll: 3000,
  },
  actors: {
    /** POST /api/my/orders/:orderId/confirm */
    confirmOrder: fromPromise<OrderDetail, { orderId: string; sessionId: string }>(() => {
      throw new Error('confirmOrder must be provided');
    }),
    /** GET /api/my/orders/:orderId */
    fetchOrder: fromPromise<OrderDetail, { orderId: string }>(() => {
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
    setOrder: assign({ order: ({ event }) => orderOf(event) }),
    /** A settled order changed the cart (items back, or bought) and so its badge. */
    reloadCart: tell('cart', { type: 'cart.reload' }),
    refreshCount: tell('cartCount', {
      type: 'cart.refresh',
      reason: 'cartUpdate',
    }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
  },
  guards: {
    isPaid: ({ event }) => orderOf(event)?.status === 'paid',
    isCancelled: ({ event }) => orderOf(event)?.status === 'cancelled',
    paidPage: ({ context }) => context.page === 'paid',
    pollsUsed: ({ context }) => context.polls >= PENDING_POLL_LIMIT,
  },
}).createMachine({
  id: 'paymentResult',
  context: {
    page: 'pending',
    orderId: null,
    sessionId: null,
    order: null,
    error: null,
    actionError: null,
    polls: 0,
  },
  initial: 'idle',
  on: {
    'payment.openPaid': {
      target: '.confirming',
      reenter: true,
      actions: assign(({ context, event }) => ({
        page: 'paid' as const,
        orderId: event.orderId,
        sessionId: event.sessionId,
        // the same order again keeps what is shown while it is asked for again
        order: context.orderId === event.orderId ? context.order : null,
        polls: 0,
        actionError: null,
      })),
    },
    'payment.openPending': {
      target: '.loading',
      reenter: true,
      actions: assign(({ context, event }) => ({
        page: 'pending' as const,
        orderId: event.orderId,
        sessionId: null,
        order: context.orderId === event.orderId ? context.order : null,
        polls: 0,
        actionError: null,
      })),
    },
    'payment.close': { target: '.idle' },
  },
  states: {
    idle: {},
    confirming: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'confirmOrder',
        src: 'confirmOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '', sessionId: context.sessionId ?? '' }),
        onDone: [
          { guard: 'isPaid', target: 'paid', actions: 'setOrder' },
          { guard: 'isCancelled', target: 'cancelled', actions: 'setOrder' },
          { target: 'pending', actions: 'setOrder' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, PAYMENT_MESSAGES.loadFailed) }),
        },
      },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          { guard: 'isPaid', target: 'paid', actions: 'setOrder' },
          { guard: 'isCancelled', target: 'cancelled', actions: 'setOrder' },
          { target: 'pending', actions: 'setOrder' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, PAYMENT_MESSAGES.loadFailed) }),
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'payment.retry': [{ guard: 'paidPage', target: 'confirming' }, { target: 'loading' }],
      },
    },
    paid: {
      tags: ['paid'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Paid: the prompts are unlocked. The cart and its badge are told.',
      entry: ['reloadCart', 'refreshCount'],
    },
    cancelled: { tags: ['cancelled'] },
    pending: {
      initial: 'watching',
      states: {
        watching: {
          tags: ['watching'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Waits `pendingPoll`, then asks again, until PENDING_POLL_LIMIT checks.',
          after: {
            pendingPoll: [
              { guard: 'pollsUsed', target: 'stale' },
              { guard: 'paidPage', target: 'reconfirming' },
              { target: 'checking' },
            ],
          },
          on: {
            'payment.pay': 'paying',
            'payment.cancel': 'confirmingCancel',
          },
        },
        checking: {
          tags: ['checking'],
          invoke: {
            id: 'fetchOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              { guard: 'isPaid', target: '#paymentResult.paid', actions: 'setOrder' },
              { guard: 'isCancelled', target: '#paymentResult.cancelled', actions: 'setOrder' },
              { target: 'watching', actions: ['setOrder', 'countPoll'] },
            ],
            onError: { target: 'watching', actions: 'countPoll' },
          },
          on: {
            'payment.pay': 'paying',
            'payment.cancel': 'confirmingCancel',
          },
        },
        reconfirming: {
          tags: ['checking', 'reconfirming'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The paid page asks the server to confirm the payment session again.',
          invoke: {
            id: 'confirmOrder',
            src: 'confirmOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '', sessionId: context.sessionId ?? '' }),
            onDone: [
              { guard: 'isPaid', target: '#paymentResult.paid', actions: 'setOrder' },
              { guard: 'isCancelled', target: '#paymentResult.cancelled', actions: 'setOrder' },
              { target: 'watching', actions: ['setOrder', 'countPoll'] },
            ],
            onError: { target: 'watching', actions: 'countPoll' },
          },
          on: {
            'payment.pay': 'paying',
            'payment.cancel': 'confirmingCancel',
          },
        },
        stale: {
          tags: ['stale'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Stopped following the order by itself; "Check again" starts over.',
          on: {
            'payment.refresh': [
              { guard: 'paidPage', target: 'reconfirming', actions: assign({ polls: 0 }) },
              { target: 'checking', actions: assign({ polls: 0 }) },
            ],
            'payment.pay': 'paying',
            'payment.cancel': 'confirmingCancel',
          },
        },
        confirmingCancel: {
          tags: ['cancelDialog'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: '"Cancel order #N?": nothing happens until the person confirms.',
          on: { 'payment.cancelConfirm': 'cancelling', 'payment.cancelAbort': 'watching' },
        },
        cancelling: {
          tags: ['busy', 'cancelDialog', 'cancelling'],
          entry: 'clearActionError',
          // its items are back in the cart
          invoke: cancelOrderInvoke({ cancelled: '#paymentResult.cancelled', failed: 'watching' }, [
            'reloadCart',
            'refreshCount',
          ]),
        },
        paying: payingState({ redirecting: '#paymentResult.redirecting', failed: 'watching' }),
      },
    },
    redirecting: {
      tags: ['busy', 'redirecting'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'On the way to the payment page.',
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    paymentResult: PaymentResultEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    paymentResult: ActorRefFrom<typeof paymentResultMachine>;
  }
}
