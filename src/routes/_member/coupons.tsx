import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../../views/coupons-page.tsx';
import { validateCouponsSearch } from '../-lib/history-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: ensureFor('coupons'),
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
