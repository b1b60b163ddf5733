import type { SnapshotFrom } from 'xstate';
import type { orderListMachine } from './order-list.ts';

type Snapshot = SnapshotFrom<typeof orderListMachine>;

/** What My Orders shows: its skeleton (before the first load too), the page of orders, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** Why the orders could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The page of orders, once loaded. */
export const orders = (s: Snapshot) => s.context.page;
