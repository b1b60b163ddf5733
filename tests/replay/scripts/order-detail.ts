// An order's page (/order-detail/42): opening it, "Pay now", "Cancel order" and the dialog's
// answers. The page's actor wraps fetchOrder's answer ({ found, order }, a 404 for not found): the
// held call is answered in the effect's own shape. "Pay now" would leave for the payment page: the
// replay keeps the page (stayForPayment) so "redirecting" can be seen.
import { orderDetailDriver } from '../../drivers/order-detail.ts';
import { stayForPayment, translateAnswers } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const orderDetailScript: BrowserScript = {
  machineId: 'orderDetail',
  effects: { fetchOrder: 'fetchOrder', payOrder: 'payOrder', cancelOrder: 'cancelOrder' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'order.load {"orderId":"42"} → loading · fetchOrder answers {"found":true,"order":{"id":42,"status":"pendin... → viewing #42 pending',
  async act(event, step) {
    await stayForPayment(step.page);
    await translateAnswers(step.page, 'fetchOrder', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const lookup = outcome.output as { found: boolean; order?: unknown };
      return lookup.found ? { output: lookup.order } : { error: { message: 'Order not found', status: 404 } };
    });
    return take(orderDetailDriver, event, step);
  },
};
