// My Orders (/orders): opening the page (with its page and status in the address), the answer,
// and "Try again" after a failed load.
import { click, openPage } from '../actions.ts';
import type { BrowserScript } from '../types.ts';
import type { OrderQuery } from '../../../machines/commerce/order-list.ts';

export const orderListScript: BrowserScript = {
  machineId: 'orderList',
  effects: { fetchOrders: 'fetchOrders' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'orders.load {"query":{"page":1}} → loading page 1 · fetchOrders answers {"data":[{"id":42,"status":"pending","createdAt... → ready page 1 (1 orders)',
  async act(event, { page }) {
    switch (event.type) {
      case 'orders.load': {
        const query = event.query as OrderQuery;
        const params = new URLSearchParams();
        if (query.page > 1) params.set('page', String(query.page));
        if (query.status) params.set('status', query.status);
        const search = params.toString();
        await openPage(page, `/orders${search ? `?${search}` : ''}`);
        return;
      }
      case 'orders.retry':
        await click(page.getByRole('main').getByRole('button', { name: 'Try again' }));
        return;
      default:
        return false;
    }
  },
};
