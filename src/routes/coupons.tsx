import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/coupons')({
  component: CouponsPage,
});
