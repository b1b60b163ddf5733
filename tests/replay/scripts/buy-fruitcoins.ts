// Buy FruitCoins (/buy-fruitcoins): opening it (also as the page a payment returns to, with ?payment=),
// a pack's "Buy …" button, "Try again" / "Check again", "Close" / "Choose another pack". The calls are
// held, so nothing is bought; a purchase would leave for the payment page, which the replay keeps from
// happening (stayForPayment) so "redirecting" can be seen.
import { click, openPage, stayForPayment } from '../actions.ts';
import type { BrowserScript } from '../types.ts';
import type { BuyFruitCoinsContext } from '../../../machines/commerce/buy-fruitcoins.ts';
import { formatCents } from '../../../domain/catalog.ts';

export const buyFruitCoinsScript: BrowserScript = {
  machineId: 'buyFruitCoins',
  effects: { fetchPacks: 'fetchFruitPacks', buyPack: 'buyFruitPack', confirmTopUp: 'confirmTopUp' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'topup.open {"payment":null} → loading · fetchPacks answers {"data":[{"id":"handful","title":"Handful","coi... → choosing balance 120 (session told 120)',
  async act(event, { page, before }) {
    await stayForPayment(page);
    const main = page.getByRole('main');
    const button = (name: string) => main.getByRole('button', { name, exact: true });
    const context = before.context as BuyFruitCoinsContext;
    switch (event.type) {
      case 'topup.open':
        await openPage(
          page,
          event.payment ? `/buy-fruitcoins?payment=${event.payment as string}` : '/buy-fruitcoins',
        );
        return;
      case 'topup.buy': {
        // after a cancelled payment, its "Try again" buys the same pack; otherwise the pack's own button
        if (before.matches({ ready: 'cancelled' }) && context.topup?.packId === event.packId) {
          await click(
            main
              .getByRole('region', { name: 'Payment cancelled' })
              .getByRole('button', { name: 'Try again' }),
          );
          return;
        }
        const pack = context.packs.find((p) => p.id === event.packId)!;
        const coins = `${pack.coins.toLocaleString('en-US')} FruitCoin${pack.coins === 1 ? '' : 's'}`;
        await click(button(`Buy ${coins} for ${formatCents(pack.priceCents)}`));
        return;
      }
      case 'topup.retry':
        await click(before.matches({ ready: 'unpaid' }) ? button('Check again') : button('Try again'));
        return;
      case 'topup.retryBuy':
        await click(button('Try again'));
        return;
      case 'topup.dismiss':
        await click(
          before.matches({ ready: 'redirecting' }) ? button('Choose another pack') : button('Close'),
        );
        return;
      default:
        return false;
    }
  },
};
