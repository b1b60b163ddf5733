// My Coupons: the member's coupons by tab (valid, used, expired).
// The model itself is shared with its tests in tests/support/history-models.ts; this adds what a person sees.
import { couponsModel as sharedCouponsModel } from '../support/history-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  coupons: 'The "My Coupons" page with its Valid / Used / Expired tabs',
  'coupons.idle': '"My Coupons" not opened yet: "Loading your coupons…" placeholder rows',
  'coupons.loading': '"Loading your coupons…" placeholder rows under the tabs',
  'coupons.ready':
    'The tab\'s coupons with terms and dates (or "No coupons yet" / "No used coupons" / "No expired coupons")',
  'coupons.error': '"We couldn\'t load your coupons" with the reason and "Try again"',
};

export const couponsModel: MachineModel = { ...sharedCouponsModel, sees: SEES };
