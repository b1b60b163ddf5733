import { createFileRoute } from '@tanstack/react-router';
import { ExchangePage } from '../../commerce/exchange-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/exchange-coupons')({
  beforeLoad: ensureFor('exchange'),
  component: ExchangePage,
});
