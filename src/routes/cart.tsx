import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../views/cart-page.tsx';
import { memberPageWith } from './-lib/require-member.ts';

export const Route = createFileRoute('/cart')({
  beforeLoad: memberPageWith('checkout'),
  component: CartPage,
});
