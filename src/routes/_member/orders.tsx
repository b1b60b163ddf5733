import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../commerce/orders-page.tsx';
import { validateOrdersSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

// The orders load when the member's page mounts (the session may still be restoring here).
export const Route = createFileRoute('/_member/orders')({
  validateSearch: validateOrdersSearch,
  beforeLoad: ensureFor('orderList'),
  component: function Orders() {
    return <OrdersPage search={Route.useSearch()} />;
  },
});
