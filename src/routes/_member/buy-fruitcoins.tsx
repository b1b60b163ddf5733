import { createFileRoute } from '@tanstack/react-router';
import { BuyFruitCoinsPage } from '../../commerce/buy-fruitcoins-page.tsx';
import { validateBuyFruitSearch, type BuyFruitSearch } from '../../commerce/buy-fruit-search.ts';
import { ensureFor } from '../-lib/ensure.ts';
import { pageEntry } from '../-lib/page-entry.ts';

const openMemberPage = ensureFor('buyFruitCoins');

const open = ({ deps }: { deps: BuyFruitSearch }) => ({
  type: 'topup.open' as const,
  payment: deps.payment ?? null,
});

export const Route = createFileRoute('/_member/buy-fruitcoins')({
  validateSearch: validateBuyFruitSearch,
  beforeLoad: openMemberPage,
  // the packs, and the result of the payment the page returned with (`?payment=`)
  loaderDeps: ({ search }) => search,
  loader: pageEntry('buyFruitCoins', open),
  component: BuyFruitCoinsPage,
});
