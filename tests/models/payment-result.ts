// The page a person lands on after paying (or not): confirms a paid session once, follows a pending
// order for a while, cancels after a confirmation, or opens a new payment page.
import type { AnyMachineSnapshot } from 'xstate';
import { paymentResultMachine, type PaymentResultContext } from '../../machines/commerce/payment-result.ts';
import { ApiError } from '../../src/platform/api.ts';
import { orderFixture } from '../support/cart-fixtures.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

const ACTORS = ['confirmOrder', 'fetchOrder', 'payOrder', 'cancelOrder'];

export const pendingOrder = orderFixture(42, 'pending', [5]);
export const paidOrder = orderFixture(42, 'paid', [5]);
export const cancelledOrder = orderFixture(42, 'cancelled', [5]);

/** The same machine, following a pending order for one check only: the paths stay short. */
export const shortPoll = paymentResultMachine.provide({
  guards: { pollsUsed: ({ context }) => context.polls >= 1 },
});

export const serializePaymentResult = (s: AnyMachineSnapshot): string => {
  const c = s.context as PaymentResultContext;
  return [
    JSON.stringify(s.value),
    c.page,
    c.orderId ?? '',
    c.order?.status ?? '',
    c.polls,
    c.error ? 'E' : '',
    c.actionError ? 'AE' : '',
  ].join('|');
};

const orderDone = (id: string) =>
  [pendingOrder, paidOrder, cancelledOrder].map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const failedWith = (id: string) => [
  { type: `xstate.error.actor.${id}`, error: new ApiError("Can't reach FruitPrompt right now.", 0) },
];

/** The payment result page's walk (tests/views/checkout.model.test.tsx): the answers it words. */
export const paymentResultPageModel: MachineModel = {
  machine: withControlledActors(paymentResultMachine, ACTORS),
  actors: ACTORS,
  samples: {
    'payment.openPaid': [{ type: 'payment.openPaid', orderId: '42', sessionId: 'cs_test_1' }],
    'payment.openPending': [{ type: 'payment.openPending', orderId: '42' }],
    'xstate.done.actor.confirmOrder': (['pending', 'paid', 'cancelled'] as const).map((status) => ({
      type: 'xstate.done.actor.confirmOrder',
      output: orderFixture(42, status, [5]),
    })),
    'xstate.error.actor.confirmOrder': [
      { type: 'xstate.error.actor.confirmOrder', error: new ApiError('This payment is not confirmed.', 409) },
    ],
    'xstate.done.actor.fetchOrder': (['pending', 'paid', 'cancelled'] as const).map((status) => ({
      type: 'xstate.done.actor.fetchOrder',
      output: orderFixture(42, status, [5]),
    })),
    'xstate.error.actor.fetchOrder': [
      { type: 'xstate.error.actor.fetchOrder', error: new ApiError('Order not found', 404) },
    ],
    'xstate.done.actor.payOrder': [
      {
        type: 'xstate.done.actor.payOrder',
        output: { paymentUrl: '/dev-pay/cs_test_2', order: orderFixture(42, 'pending', [5]) },
      },
    ],
    'xstate.error.actor.payOrder': [
      {
        type: 'xstate.error.actor.payOrder',
        error: new ApiError('The payment page could not be opened.', 0),
      },
    ],
    'xstate.done.actor.cancelOrder': [
      { type: 'xstate.done.actor.cancelOrder', output: orderFixture(42, 'cancelled', [5]) },
    ],
    'xstate.error.actor.cancelOrder': [
      { type: 'xstate.error.actor.cancelOrder', error: new ApiError('This order is paid already.', 409) },
    ],
  },
  serialize: (s) => {
    const c = s.context as PaymentResultContext;
    return [
      JSON.stringify(s.value),
      c.page,
      c.order?.status ?? '',
      c.polls,
      c.error ?? '',
      c.actionError ?? '',
    ].join('|');
  },
  maxSteps: 5,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  paymentResult: 'The payment result page (/payment-success or /payment-pending)',
  'paymentResult.idle': 'Spinner "Loading your order…"',
  'paymentResult.confirming': '"Confirming your payment": "Confirming your payment with the server…"',
  'paymentResult.loading': '"Order #N": spinner "Loading your order…"',
  'paymentResult.failed':
    '"We couldn\'t confirm this payment" (or "We couldn\'t load this order") with "Try again" and "My orders"',
  'paymentResult.paid': '"Payment received": the unlocked prompts, "View order" / "Browse prompts"',
  'paymentResult.cancelled':
    '"Order cancelled": its prompts are back in the cart, "Go to cart" / "My orders"',
  'paymentResult.pending': '"Payment pending": the order, "Pay now", "Cancel order" and a status line',
  'paymentResult.pending.watching':
    '"Payment pending": "Waiting for the payment. This page updates by itself."',
  'paymentResult.pending.checking': '"Payment pending": spinner "Checking the payment…"',
  'paymentResult.pending.reconfirming': '"Payment pending": spinner, the payment is confirmed again',
  'paymentResult.pending.stale':
    '"We stopped checking by ourselves. Check again when you have paid." with "Check again"',
  'paymentResult.pending.confirmingCancel':
    'Dialog "Cancel order #N?": nothing has been charged, "Yes, cancel the order" / "Keep the order"',
  'paymentResult.pending.cancelling': 'Spinner "Cancelling the order…"',
  'paymentResult.pending.paying': 'Spinner "Opening the payment page…"',
  'paymentResult.redirecting': '"Off to the payment page": "Taking you to the payment page…"',
};

export const paymentResultModel: MachineModel = {
  sees: SEES,
  machine: shortPoll,
  actors: ACTORS,
  samples: {
    'payment.openPaid': [{ type: 'payment.openPaid', orderId: '42', sessionId: 'cs_test_1' }],
    'payment.openPending': [{ type: 'payment.openPending', orderId: '42' }],
    'xstate.done.actor.confirmOrder': orderDone('confirmOrder'),
    'xstate.error.actor.confirmOrder': failedWith('confirmOrder'),
    'xstate.done.actor.fetchOrder': orderDone('fetchOrder'),
    'xstate.error.actor.fetchOrder': failedWith('fetchOrder'),
    'xstate.done.actor.payOrder': [
      {
        type: 'xstate.done.actor.payOrder',
        output: { paymentUrl: '/dev-pay/cs_test_2', order: pendingOrder },
      },
    ],
    'xstate.error.actor.payOrder': failedWith('payOrder'),
    'xstate.done.actor.cancelOrder': [{ type: 'xstate.done.actor.cancelOrder', output: cancelledOrder }],
    'xstate.error.actor.cancelOrder': [
      { type: 'xstate.error.actor.cancelOrder', error: new ApiError('This order is paid already.', 409) },
    ],
  },
  serialize: serializePaymentResult,
  // what the serialization keeps of the context
  observe: (c: PaymentResultContext) => ({
    page: c.page,
    orderId: c.orderId,
    status: c.order?.status ?? null,
    polls: c.polls,
    error: Boolean(c.error),
    actionError: Boolean(c.actionError),
  }),
  maxSteps: 7,
  page: paymentResultPageModel,
};
