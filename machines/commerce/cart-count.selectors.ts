import type { SnapshotFrom } from 'xstate';
import type { cartCountMachine } from './cart-count.ts';

type Snapshot = SnapshotFrom<typeof cartCountMachine>;

/** The number on the header's cart badge. */
export const count = (s: Snapshot): number => s.context.count;
/** The badge's count is being asked for. */
export const loading = (s: Snapshot): boolean => s.hasTag('loading');
