import { createFileRoute } from '@tanstack/react-router';
import { ExchangePage } from '../views/exchange-page.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/exchange-coupons')({
  beforeLoad: requireMember,
  component: ExchangePage,
});
