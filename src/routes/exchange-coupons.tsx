import { createFileRoute } from '@tanstack/react-router';
import { ExchangeCouponsPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/exchange-coupons')({
  component: ExchangeCouponsPage,
});
