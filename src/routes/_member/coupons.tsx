import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../../commerce/coupons-page.tsx';
import { validateCouponsSearch, type CouponsSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: ensureFor('coupons'),
  ...pageEntry('coupons', ({ search }: { search: CouponsSearch }) => ({
    type: 'coupons.load',
    tab: search.tab ?? 'valid',
  })),
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
