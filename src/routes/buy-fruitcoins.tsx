import { createFileRoute } from '@tanstack/react-router';
import { BuyFruitCoinsPage } from '../views/buy-fruitcoins-page.tsx';
import { validateBuyFruitSearch } from './-lib/buy-fruit-search.ts';
import { memberPageWith } from './-lib/require-member.ts';

/** The tab's title (issue 15: every page has its own). */
export const BUY_FRUITCOINS_TITLE = 'Buy FruitCoins — FruitPrompt';

const openMemberPage = memberPageWith('topup');

// The packs (and a returning payment's result) load when the member's page mounts: the session may
// still be restoring here.
export const Route = createFileRoute('/buy-fruitcoins')({
  validateSearch: validateBuyFruitSearch,
  beforeLoad: async (args) => {
    await openMemberPage(args);
    if (!args.preload && typeof document !== 'undefined') document.title = BUY_FRUITCOINS_TITLE;
  },
  component: function BuyFruitCoins() {
    return <BuyFruitCoinsPage search={Route.useSearch()} />;
  },
});
