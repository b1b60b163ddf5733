// My Orders (/orders): opening the page (its page and status in the address), "Try again".
import type { OrderQuery } from '../../machines/commerce/order-list.ts';
import type { OrderListState } from '../models/spec/order-list.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const orderListDriver: PageDriver<OrderListState> = {
  'orders.load': (event) => {
    const query = event.query as OrderQuery;
    const params = new URLSearchParams();
    if (query.page > 1) params.set('page', String(query.page));
    if (query.status) params.set('status', query.status);
    return [open(`/orders${params.size ? `?${params.toString()}` : ''}`)];
  },
  'orders.retry': () => [click(button('Try again', main))],
};
