import { createFileRoute } from '@tanstack/react-router';
import { FruitHistoryPage } from '../../commerce/fruit-history-page.tsx';
import { validatePagedSearch, type PagedSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

const load = ({ deps }: { deps: PagedSearch }) => ({ type: 'fruit.load' as const, page: deps.page ?? 1 });

export const Route = createFileRoute('/_member/fruit-transactions')({
  validateSearch: validatePagedSearch,
  beforeLoad: ensureFor('fruitHistory'),
  loaderDeps: ({ search }) => search,
  loader: pageEntry('fruitHistory', load),
  component: FruitHistoryPage,
});
