import type { SnapshotFrom } from 'xstate';
import type { connectionMachine } from './connection.ts';

type Snapshot = SnapshotFrom<typeof connectionMachine>;

/** What the banner says: the API cannot be reached, it is briefly back, or nothing (null). */
export const shown = (s: Snapshot): 'offline' | 'restored' | null =>
  s.hasTag('offline') ? 'offline' : s.hasTag('restored') ? 'restored' : null;
