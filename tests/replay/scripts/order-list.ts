// My Orders (/orders): opening the page (with its page and status in the address), the answer,
// and "Try again" after a failed load.
import { orderListDriver } from '../../drivers/order-list.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const orderListScript: BrowserScript = {
  machineId: 'orderList',
  effects: { fetchOrders: 'fetchOrders' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'orders.load {"query":{"page":1}} → loading page 1 · fetchOrders answers {"data":[{"id":42,"status":"pending","createdAt... → ready page 1 (1 orders)',
  act: (event, step) => take(orderListDriver, event, step),
};
