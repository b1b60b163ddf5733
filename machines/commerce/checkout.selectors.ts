import type { SnapshotFrom } from 'xstate';
import type { CheckoutOrder, checkoutMachine } from './checkout.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/** What the checkout dialog shows: nothing (idle), the review, placing, a failure, the way to pay, or done. */
export type Phase = 'idle' | 'reviewing' | 'placing' | 'retryable' | 'refused' | 'redirecting' | 'done';

const PHASES = ['retryable', 'refused', 'reviewing', 'placing', 'redirecting', 'done'] as const;

export const phase = (s: Snapshot): Phase => PHASES.find((p) => s.hasTag(p)) ?? 'idle';
/** A checkout is under way: its dialog is open and "Buy now" waits. */
export const open = (s: Snapshot): boolean => phase(s) !== 'idle';
/** The dialog is shown on the page the checkout started from (a factory: one per source). */
export const openOn = (source: CheckoutOrder['source']) => (s: Snapshot) =>
  open(s) && s.context.order?.source === source;
/** What is being bought. */
export const order = (s: Snapshot) => s.context.order;
/** The orders placed, the balance after and the payment page. */
export const result = (s: Snapshot) => s.context.result;
/** Why the order was not placed. */
export const error = (s: Snapshot) => s.context.error;
