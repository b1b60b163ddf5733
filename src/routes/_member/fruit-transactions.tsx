import { createFileRoute } from '@tanstack/react-router';
import { FruitHistoryPage } from '../../commerce/fruit-history-page.tsx';
import { validatePagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/fruit-transactions')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('fruitHistory'),
  component: function FruitTransactions() {
    return <FruitHistoryPage search={Route.useSearch()} />;
  },
});
