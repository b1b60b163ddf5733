import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../views/coupons-page.tsx';
import { validateCouponsSearch } from './-lib/history-search.ts';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/coupons')({
  validateSearch: validateCouponsSearch,
  beforeLoad: memberPageWith('history'),
  component: function Coupons() {
    return <CouponsPage search={Route.useSearch()} />;
  },
});
