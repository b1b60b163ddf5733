import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../views/cart-page.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/cart')({
  beforeLoad: requireMember,
  component: CartPage,
});
