// Buy FruitCoins' page machine with src/'s effects provided (src/commerce/commerce-effects.ts); attached by its
// route (docs/decisions/006-lazy-page-machines.md).
import { assign, fromPromise } from 'xstate';
import { buyFruitCoinsMachine } from '../../machines/commerce/buy-fruitcoins.ts';
import type { CommerceEffects } from './commerce-effects.ts';
import { newRequestId } from './referral.ts';

/** The payment page is another site (or the server's development page): leave by a full navigation. */
export const paymentPage: { go: (url: string) => void } = {
  go: (url) => {
    if (typeof location !== 'undefined') location.assign(url);
  },
};

export default function topupLogic(effects: CommerceEffects) {
  return {
    buyFruitCoins: buyFruitCoinsMachine.provide({
      actors: {
        fetchPacks: fromPromise(() => effects.fetchFruitPacks()),
        buyPack: fromPromise(({ input }) => effects.buyFruitPack(input)),
        confirmTopUp: fromPromise(({ input }) => effects.confirmTopUp(input)),
      },
      actions: {
        goToPayment: (_, { url }) => paymentPage.go(url),
        // each "Buy" (or "Try again" after a cancelled payment) is a new attempt: a new id
        newRequestId: assign({ requestId: ({ context }) => context.requestId ?? newRequestId() }),
      },
    }),
  };
}
