import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../../commerce/coupons-page.tsx';
import { validateCouponsSearch } from '../../commerce/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: ensureFor('coupons'),
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
