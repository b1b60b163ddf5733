import { createFileRoute } from '@tanstack/react-router';
import { FruitHistoryPage } from '../views/fruit-history-page.tsx';
import { validatePagedSearch } from './-lib/history-search.ts';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/fruit-transactions')({
  validateSearch: validatePagedSearch,
  beforeLoad: memberPageWith('history'),
  component: function FruitTransactions() {
    return <FruitHistoryPage search={Route.useSearch()} />;
  },
});
