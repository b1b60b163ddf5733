import { createFileRoute } from '@tanstack/react-router';
import { BuyFruitCoinsPage } from '../../commerce/buy-fruitcoins-page.tsx';
import { validateBuyFruitSearch } from '../../commerce/buy-fruit-search.ts';
import { ensureFor } from '../-lib/ensure.ts';

const openMemberPage = ensureFor('buyFruitCoins');

// The packs (and a returning payment's result) load when the member's page mounts: the session may
// still be restoring here.
export const Route = createFileRoute('/_member/buy-fruitcoins')({
  validateSearch: validateBuyFruitSearch,
  beforeLoad: openMemberPage,
  component: function BuyFruitCoins() {
    return <BuyFruitCoinsPage search={Route.useSearch()} />;
  },
});
