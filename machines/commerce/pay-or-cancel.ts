// "Pay now" and "Cancel order" on a pending order: the order's page (order-detail.ts) and the pending
// payment page (payment-result.ts) offer both, the same way. The calls, their messages and the steps
// that make them are here; each machine keeps its own states and events around them, and provides
// the three small actions the steps name (`clearActionError`, `takeOrder`, `actionFailed`: an action
// is typed by its machine's context, so each machine writes its own).
//
// Not shared, because the two pages differ there: the confirmation state (its events are each
// machine's own, and the order's page clears the last failure when the dialog opens, the payment page
// when cancelling starts), who hears of a cancel (the order's page stays and says so in a toast, the
// payment page shows "Order cancelled") and where each step goes back to.
import { fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { OrderDetail } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

export const PAY_OR_CANCEL_MESSAGES = {
  payFailed: 'The payment page could not be opened. Please try again.',
  cancelFailed: 'The order could not be cancelled. Please try again.',
} as const;

/** What paying a pending order answers: its payment page, and the order as it is now. */
export interface PaymentPage {
  paymentUrl: string;
  order: OrderDetail;
}

/** The two calls, declared once; src/ provides them. */
export const payOrCancelActors = {
  /** POST /api/my/orders/:orderId/pay: a payment page for the pending order. */
  payOrder: fromPromise<PaymentPage, { orderId: string }>(() => {
    throw new Error('payOrder must be provided');
  }),
  /** POST /api/my/orders/:orderId/cancel: the order, cancelled. */
  cancelOrder: fromPromise<OrderDetail, { orderId: string }>(() => {
    throw new Error('cancelOrder must be provided');
  }),
};

/** Leaves the SPA for the payment page (provided by src/: `location.assign(url)`). */
export const goToPayment = (_: unknown, _params: { url: string }): void => {};

const orderInput = ({ context }: { context: { orderId: string | null } }) => ({
  orderId: context.orderId ?? '',
});

/** `actionFailed`'s params: why the step failed, in the step's own words when the error has none. */
const failure =
  (fallback: string) =>
  ({ event }: { event: ErrorActorEvent }) => ({ message: errorMessage(event.error, fallback) });

/**
 * "Pay now": the server opens a payment session (or gives the open one) and the page leaves for it,
 * to `redirecting`; a failure goes back to `failed` and says why.
 */
export const payingState = <const Redirecting extends string, const Failed extends string>(to: {
  redirecting: Redirecting;
  failed: Failed;
}) => ({
  tags: ['busy', 'openingPayment'] as const,
  entry: 'clearActionError' as const,
  invoke: {
    id: 'payOrder',
    src: 'payOrder' as const,
    input: orderInput,
    onDone: {
      target: to.redirecting,
      actions: [
        {
          type: 'takeOrder' as const,
          params: ({ event }: { event: DoneActorEvent<PaymentPage> }) => ({ order: event.output.order }),
        },
        {
          type: 'goToPayment' as const,
          params: ({ event }: { event: DoneActorEvent<PaymentPage> }) => ({ url: event.output.paymentUrl }),
        },
      ],
    },
    onError: {
      target: to.failed,
      actions: { type: 'actionFailed' as const, params: failure(PAY_OR_CANCEL_MESSAGES.payFailed) },
    },
  },
});

/**
 * "Yes, cancel the order": the order comes back cancelled (its coupon valid again, its items back in
 * the cart), to `cancelled`, and `then` tells whom it concerns; a failure goes back to `failed`.
 */
export const cancelOrderInvoke = <
  const Cancelled extends string,
  const Failed extends string,
  const Then extends string,
>(
  to: { cancelled: Cancelled; failed: Failed },
  then: readonly Then[],
) => ({
  id: 'cancelOrder',
  src: 'cancelOrder' as const,
  input: orderInput,
  onDone: {
    target: to.cancelled,
    actions: [
      {
        type: 'takeOrder' as const,
        params: ({ event }: { event: DoneActorEvent<OrderDetail> }) => ({ order: event.output }),
      },
      ...then,
    ],
  },
  onError: {
    target: to.failed,
    actions: { type: 'actionFailed' as const, params: failure(PAY_OR_CANCEL_MESSAGES.cancelFailed) },
  },
});
