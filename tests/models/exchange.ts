// Exchange Fruit Coins: coupons bought with the FruitCoin balance, once per confirmed request.
// The model itself is shared with its tests in tests/support/history-models.ts; this adds what a person sees.
import { exchangeModel as sharedExchangeModel } from '../support/history-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  exchange: 'The "Exchange Fruit Coins" page: offers and the balance',
  'exchange.idle': '"Exchange Fruit Coins" not opened yet: placeholder rows',
  'exchange.loading': '"Loading the exchange offers…" placeholder rows',
  'exchange.loadFailed': '"We couldn\'t load the exchange offers" with the reason and "Try again"',
  'exchange.ready': 'The balance and the offers, each with "Exchange" (or "You need N more")',
  'exchange.ready.browsing': 'The offers with their "Exchange" buttons (or "No exchange offers right now")',
  'exchange.ready.confirming':
    'Dialog "Spend 300 FruitCoins for a 20% off coupon?" with "Spend N FruitCoins" / "Cancel"',
  'exchange.ready.exchanging': 'The dialog\'s button reads "Exchanging…", disabled',
  'exchange.ready.failed': 'The dialog says the exchange could not be confirmed, "Try again" / "Cancel"',
  'exchange.ready.notEnough': '"Not enough FruitCoins": "Choose another offer" / "See Fruit History"',
  'exchange.ready.exchanged':
    '"Your new coupon" above the offers with "See My Coupons"; the balance went down',
};

export const exchangeModel: MachineModel = { ...sharedExchangeModel, sees: SEES };
