// The pages the payment provider sends the member back to: /paiddetail-<order>-<session>.html
// (confirming the payment) and /pendingdetail-<order>.html (watching a pending order, with "Check
// again", "Pay now", "Cancel order" and its dialog). Leaving for another page closes it. The order
// calls are held; "Pay now" would leave for the payment page, which the replay keeps from happening
// (stayForPayment) so "redirecting" can be seen.
import { click, navigate, openPage, stayForPayment } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

const PAID_PAGE = '/paiddetail-42-cs_test_1.html';
const PENDING_PAGE = '/pendingdetail-42.html';

export const paymentResultScript: BrowserScript = {
  machineId: 'paymentResult',
  effects: {
    confirmOrder: 'confirmOrder',
    fetchOrder: 'fetchOrder',
    payOrder: 'payOrder',
    cancelOrder: 'cancelOrder',
  },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'payment.openPending {"orderId":"12"} → loading pending #12 · fetchOrder answers {"id":12,"status":"pending","payment":{"method"... → watching pending #12 (pending) · wait 3000 ms → checking pending #12 (pending)',
  async act(event, { page }) {
    await stayForPayment(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    switch (event.type) {
      case 'payment.openPaid':
        await openPage(page, PAID_PAGE);
        return;
      case 'payment.openPending':
        await openPage(page, PENDING_PAGE);
        return;
      case 'payment.close':
        await navigate(page, '/terms');
        return;
      case 'payment.retry':
        await click(button('Try again'));
        return;
      case 'payment.refresh':
        await click(button('Check again'));
        return;
      case 'payment.pay':
        await click(button('Pay now'));
        return;
      case 'payment.cancel':
        await click(button('Cancel order'));
        return;
      case 'payment.cancelConfirm':
        await click(button('Yes, cancel the order'));
        return;
      case 'payment.cancelAbort':
        await click(button('Keep the order'));
        return;
      default:
        return false;
    }
  },
};
