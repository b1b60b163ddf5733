import { createFileRoute } from '@tanstack/react-router';
import { ExchangeCouponsPage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/exchange-coupons')({
  beforeLoad: requireMember,
  component: ExchangeCouponsPage,
});
