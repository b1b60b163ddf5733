// Buy FruitCoins (/buy-fruitcoins): opening it (also as the page a payment returns to, with ?payment=),
// a pack's "Buy …" button, "Try again" / "Check again", "Close" / "Choose another pack". The calls are
// held, so nothing is bought; a purchase would leave for the payment page, which the replay keeps from
// happening (stayForPayment) so "redirecting" can be seen.
import { buyFruitCoinsDriver } from '../../drivers/buy-fruitcoins.ts';
import { stayForPayment } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const buyFruitCoinsScript: BrowserScript = {
  machineId: 'buyFruitCoins',
  effects: { fetchPacks: 'fetchFruitPacks', buyPack: 'buyFruitPack', confirmTopUp: 'confirmTopUp' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'topup.open {"payment":null} → loading · fetchPacks answers {"data":[{"id":"handful","title":"Handful","coi... → choosing balance 120 (session told 120)',
  async act(event, step) {
    await stayForPayment(step.page);
    return take(buyFruitCoinsDriver, event, step);
  },
};
