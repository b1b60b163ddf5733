import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../../commerce/coupons-page.tsx';
import { validateCouponsSearch, type CouponsSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

const load = ({ deps }: { deps: CouponsSearch }) => ({
  type: 'coupons.load' as const,
  tab: deps.tab ?? ('valid' as const),
});

export const Route = createFileRoute('/_member/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: ensureFor('coupons'),
  loaderDeps: ({ search }) => search,
  loader: pageEntry('coupons', load),
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
