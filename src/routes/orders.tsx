import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/orders')({
  beforeLoad: requireMember,
  component: OrdersPage,
});
