import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../../commerce/cart-page.tsx';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

export const Route = createFileRoute('/_member/cart')({
  beforeLoad: ensureFor('checkout'),
  loader: pageEntry('cart', () => ({ type: 'cart.open' })),
  component: CartPage,
});
