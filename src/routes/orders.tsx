import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../views/orders-page.tsx';
import { validateOrdersSearch } from './-lib/history-search.ts';
import { memberPageWith } from './-lib/require-member.ts';

// The orders load when the member's page mounts (the session may still be restoring here).
export const Route = createFileRoute('/orders')({
  validateSearch: validateOrdersSearch,
  beforeLoad: memberPageWith('history'),
  component: function Orders() {
    return <OrdersPage search={Route.useSearch()} />;
  },
});
