// The pages the payment provider sends the member back to: /paiddetail-<order>-<session>.html
// (confirming the payment) and /pendingdetail-<order>.html (a pending order: "Check again", "Pay now",
// "Cancel order" and its dialog, "Try again"). Leaving for another page closes it.
import type { PaymentResultState } from '../models/spec/payment-result.ts';
import { button, click, open, type PageDriver } from '../support/page-driver.ts';

const press = (name: string) => () => [click(button(name))];

export const paymentResultDriver: PageDriver<PaymentResultState> = {
  // the same address again is another visit: left first
  'payment.openPaid': (event) => [
    open(`/paiddetail-${event.orderId as string}-${event.sessionId as string}.html`),
  ],
  'payment.openPending': (event) => [open(`/pendingdetail-${event.orderId as string}.html`)],
  'payment.close': () => [open('/terms')],
  'payment.retry': press('Try again'),
  'payment.refresh': press('Check again'),
  'payment.pay': press('Pay now'),
  'payment.cancel': press('Cancel order'),
  'payment.cancelConfirm': press('Yes, cancel the order'),
  'payment.cancelAbort': press('Keep the order'),
};
