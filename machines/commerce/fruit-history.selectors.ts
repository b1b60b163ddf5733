import type { SnapshotFrom } from 'xstate';
import type { fruitHistoryMachine } from './fruit-history.ts';

type Snapshot = SnapshotFrom<typeof fruitHistoryMachine>;

/** What Fruit History shows: its skeleton (before the first load too), the ledger, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** Why the ledger could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The page of the ledger, with the member's balance now, once loaded. */
export const ledger = (s: Snapshot) => s.context.ledger;
