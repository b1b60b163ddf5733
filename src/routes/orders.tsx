import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/orders')({
  component: OrdersPage,
});
