import type { SnapshotFrom } from 'xstate';
import type { couponsMachine } from './coupons.ts';

type Snapshot = SnapshotFrom<typeof couponsMachine>;

/** What My Coupons shows: its skeleton (before the first load too), the tab's coupons, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** Why the coupons could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The tab's coupons (none while they load). */
export const coupons = (s: Snapshot) => s.context.coupons;
