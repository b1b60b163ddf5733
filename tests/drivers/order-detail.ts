// An order's page (/order-detail/<id>): opening it, "Try again", "Pay now", "Cancel order" and the
// dialog's answers.
import type { OrderDetailState } from '../models/spec/order-detail.ts';
import { button, click, dialog, main, open, type PageDriver } from '../support/page-driver.ts';

export const orderDetailDriver: PageDriver<OrderDetailState> = {
  'order.load': (event) => [open(`/order-detail/${event.orderId as string}`)],
  'order.retry': () => [click(button('Try again', main))],
  'order.pay': () => [click(button('Pay now', main))],
  'order.cancel': () => [click(button('Cancel order', main))],
  'order.cancelConfirm': () => [click(button('Yes, cancel order', dialog()))],
  'order.cancelKeep': () => [click(button('Keep order', dialog()))],
};
