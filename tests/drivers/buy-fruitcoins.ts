// Buy FruitCoins (/buy-fruitcoins): opening it (also as the page a payment returns to, with
// ?payment=), a pack's "Buy …" button (after a cancelled payment of that pack, its "Try again"),
// "Try again" / "Check again", "Close" / "Choose another pack".
import { formatCents } from '../../domain/catalog.ts';
import type { BuyFruitCoinsState } from '../models/spec/buy-fruitcoins.ts';
import { button, click, main, open, region, type PageDriver } from '../support/page-driver.ts';

const press = (name: string) => [click(button(name, main))];

export const buyFruitCoinsDriver: PageDriver<BuyFruitCoinsState> = {
  'topup.open': (event) => [
    open(event.payment ? `/buy-fruitcoins?payment=${event.payment as string}` : '/buy-fruitcoins'),
  ],
  'topup.buy': (event, before) => {
    if (before.phase === 'cancelled' && before.topup?.packId === event.packId)
      return [click(button('Try again', { ...region('Payment cancelled'), within: main }))];
    const pack = before.packs.find((p) => p.id === event.packId)!;
    const coins = `${pack.coins.toLocaleString('en-US')} FruitCoin${pack.coins === 1 ? '' : 's'}`;
    return press(`Buy ${coins} for ${formatCents(pack.priceCents)}`);
  },
  'topup.retry': (_, before) => press(before.phase === 'unpaid' ? 'Check again' : 'Try again'),
  'topup.retryBuy': () => press('Try again'),
  'topup.dismiss': (_, before) => press(before.phase === 'redirecting' ? 'Choose another pack' : 'Close'),
};
