import { createFileRoute } from '@tanstack/react-router';
import { ExchangePage } from '../views/exchange-page.tsx';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/exchange-coupons')({
  beforeLoad: memberPageWith('history'),
  component: ExchangePage,
});
