import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../views/coupons-page.tsx';
import { validateCouponsSearch } from './-lib/history-search.ts';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: requireMember,
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
