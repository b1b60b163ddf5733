import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../commerce/orders-page.tsx';
import { validateOrdersSearch, type OrdersSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/orders')({
  validateSearch: validateOrdersSearch,
  beforeLoad: ensureFor('orderList'),
  ...pageEntry('orderList', ({ search }: { search: OrdersSearch }) => {
    const page = search.page ?? 1;
    const status = search.status;
    return { type: 'orders.load', query: status ? { page, status } : { page } };
  }),
  component: function Orders() {
    return <OrdersPage search={Route.useSearch()} />;
  },
});
