import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../../views/cart-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';

export const Route = createFileRoute('/_member/cart')({
  beforeLoad: ensureFor('checkout'),
  component: CartPage,
});
