import { createFileRoute } from '@tanstack/react-router';
import { ExchangePage } from '../../commerce/exchange-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/exchange-coupons')({
  beforeLoad: ensureFor('exchange'),
  loader: pageEntry('exchange', () => ({ type: 'exchange.load' })),
  component: ExchangePage,
});
