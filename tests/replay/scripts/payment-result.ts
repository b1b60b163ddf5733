// The pages the payment provider sends the member back to: /paiddetail-<order>-<session>.html
// (confirming the payment) and /pendingdetail-<order>.html (watching a pending order, with "Check
// again", "Pay now", "Cancel order" and its dialog). Leaving for another page closes it. The order
// calls are held; "Pay now" would leave for the payment page, which the replay keeps from happening
// (stayForPayment) so "redirecting" can be seen.
import { paymentResultDriver } from '../../drivers/payment-result.ts';
import { stayForPayment } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

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
  async act(event, step) {
    await stayForPayment(step.page);
    return take(paymentResultDriver, event, step);
  },
};
