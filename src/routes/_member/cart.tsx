import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../../commerce/cart-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/cart')({
  beforeLoad: ensureFor('checkout'),
  component: CartPage,
});
