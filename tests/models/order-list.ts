// My Orders: the member's orders, a page at a time, by status.
// The model itself is shared with its tests in tests/support/history-models.ts; this adds what a person sees.
import { orderListModel as sharedOrderListModel } from '../support/history-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  orderList: 'The "My Orders" page with its status filters',
  'orderList.idle': '"My Orders" not opened yet: placeholder rows',
  'orderList.loading': '"Loading your orders…" placeholder rows under the filters',
  'orderList.ready':
    'The orders ("Order #N", status badge, date, total) with pages, or "No orders yet" / "No orders awaiting payment"',
  'orderList.error': '"We couldn\'t load your orders" with the reason and "Try again"',
};

export const orderListModel: MachineModel = { ...sharedOrderListModel, sees: SEES };
