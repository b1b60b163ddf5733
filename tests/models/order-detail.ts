// An order's detail page: pay a pending order again, or cancel it after a confirmation.
// The model itself is shared with its tests in tests/support/history-models.ts; this adds what a person sees.
import { orderDetailModel as sharedOrderDetailModel } from '../support/history-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  orderDetail: 'The "Order Details" page',
  'orderDetail.idle': '"Order Details" with placeholder rows',
  'orderDetail.loading': '"Loading the order…" placeholder rows',
  'orderDetail.notFound': '"Order not found": there is no order #N on your account',
  'orderDetail.error': '"We couldn\'t load this order" with the reason and "Try again"',
  'orderDetail.ready': '"Order #N": status, dates, payment method, coupon, the prompts and totals',
  'orderDetail.ready.viewing': 'The order; a pending one offers "Pay now" and "Cancel order"',
  'orderDetail.ready.confirmingCancel':
    'Dialog "Cancel order #N?": nothing will be charged, "Yes, cancel order" / "Keep order"',
  'orderDetail.ready.cancelling': 'The cancel dialog\'s button reads "Cancelling…"',
  'orderDetail.ready.paying': '"Pay now" reads "Opening the payment page…"',
  'orderDetail.ready.redirecting':
    '"Opening the payment page…" while the browser leaves for the payment page',
};

export const orderDetailModel: MachineModel = { ...sharedOrderDetailModel, sees: SEES };
