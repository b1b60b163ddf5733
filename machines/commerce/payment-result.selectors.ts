import type { SnapshotFrom } from 'xstate';
import type { paymentResultMachine } from './payment-result.ts';

type Snapshot = SnapshotFrom<typeof paymentResultMachine>;

/**
 * What a payment result page shows: the order loading or being confirmed, the failure, the paid or
 * cancelled order, the way to the payment page, or a pending order in one of its steps.
 */
export type Phase =
  | 'loading'
  | 'failed'
  | 'paid'
  | 'cancelled'
  | 'redirecting'
  | 'watching'
  | 'checking'
  | 'reconfirming'
  | 'stale'
  | 'confirmingCancel'
  | 'cancelling'
  | 'paying';

export const phase = (s: Snapshot): Phase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.hasTag('error')) return 'failed';
  if (s.hasTag('paid')) return 'paid';
  if (s.hasTag('cancelled')) return 'cancelled';
  if (s.hasTag('redirecting')) return 'redirecting';
  if (s.hasTag('watching')) return 'watching';
  if (s.hasTag('reconfirming')) return 'reconfirming';
  if (s.hasTag('checking')) return 'checking';
  if (s.hasTag('stale')) return 'stale';
  if (s.hasTag('cancelling')) return 'cancelling';
  if (s.hasTag('cancelDialog')) return 'confirmingCancel';
  if (s.hasTag('openingPayment')) return 'paying';
  // before any page opened it (idle)
  return 'loading';
};
/** The actor has heard of this order: until then what it holds is another page's (a factory). */
export const showsOrder = (orderId: string) => (s: Snapshot) => s.context.orderId === orderId;
/** The order as the server last answered. */
export const order = (s: Snapshot) => s.context.order;
/** Why the order could not be loaded or confirmed. */
export const error = (s: Snapshot) => s.context.error;
/** Why paying again or cancelling failed (the order is still shown). */
export const actionError = (s: Snapshot) => s.context.actionError;
