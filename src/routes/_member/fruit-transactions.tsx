import { createFileRoute } from '@tanstack/react-router';
import { FruitHistoryPage } from '../../commerce/fruit-history-page.tsx';
import { validatePagedSearch, type PagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/fruit-transactions')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('fruitHistory'),
  ...pageEntry('fruitHistory', ({ search }: { search: PagedSearch }) => ({
    type: 'fruit.load',
    page: search.page ?? 1,
  })),
  component: FruitHistoryPage,
});
