import type { SnapshotFrom } from 'xstate';
import type { orderDetailMachine } from './order-detail.ts';

type Snapshot = SnapshotFrom<typeof orderDetailMachine>;

/** What the order's page shows: its skeleton, the order, "Order not found", or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'notFound' | 'error' =>
  s.hasTag('ready') ? 'ready' : s.hasTag('notFound') ? 'notFound' : s.hasTag('error') ? 'error' : 'loading';
/** Why the order could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The order, once loaded. */
export const order = (s: Snapshot) => s.context.order;
/** Paying or cancelling is under way: "Pay now" and "Cancel order" wait. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');
/** "Opening the payment page…" on "Pay now". */
export const openingPayment = (s: Snapshot): boolean => s.hasTag('openingPayment');
/** The "Cancel order #N?" dialog is shown. */
export const cancelDialog = (s: Snapshot): boolean => s.hasTag('cancelDialog');
/** The dialog's "Yes, cancel order" is on its way ("Cancelling…"). */
export const cancelling = (s: Snapshot): boolean => s.hasTag('cancelling');
/** Why paying or cancelling failed (the order stays shown). */
export const actionError = (s: Snapshot) => s.context.actionError;
