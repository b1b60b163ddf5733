import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../commerce/orders-page.tsx';
import { validateOrdersSearch, type OrdersSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

/** orders.load as the page asks: page 1 unless the address says another, and the status chosen. */
const load = ({ deps }: { deps: OrdersSearch }) => {
  const page = deps.page ?? 1;
  return { type: 'orders.load' as const, query: deps.status ? { page, status: deps.status } : { page } };
};

export const Route = createFileRoute('/_member/orders')({
  validateSearch: validateOrdersSearch,
  beforeLoad: ensureFor('orderList'),
  loaderDeps: ({ search }) => search,
  loader: pageEntry('orderList', load),
  component: function Orders() {
    return <OrdersPage search={Route.useSearch()} />;
  },
});
