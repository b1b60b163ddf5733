import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../views/member-pages.tsx';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});
