// The checkout dialog: "Check out" on the cart page (an item is put in the demo member's real cart
// first when it is empty) or "Buy now for N FruitCoins" on a locked FruitCoin prompt's page, then
// "Place order" / "Spend N FruitCoins", "Try again", "Cancel" / "Close" / "Done". The order call is
// held, so nothing is really bought. After a placed order with a card part the page would leave for
// the payment page: the replay keeps it in the app (stayForPayment) so "redirecting" can be seen.
import { checkoutDriver } from '../../drivers/checkout.ts';
import { navigate, running, stayForPayment, visible } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';
import type { CheckoutOrder } from '../../../machines/commerce/checkout.ts';

/** A FruitCoin prompt the demo member has not unlocked (seed data). */
const LOCKED_PROMPT = '/detail/isometric-witch-s-apothecary-diorama-230';

export const checkoutScript: BrowserScript = {
  machineId: 'checkout',
  effects: { placeOrder: 'checkout' },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'checkout.start {"order":{"source":"buyNow","promptIds":[7],"co... → reviewing (buyNow) · checkout.confirm → placing (buyNow) · placeOrder fails → retryable (buyNow) "Can\'t reach FruitPrompt right now."',
  async act(event, step) {
    const { page } = step;
    await stayForPayment(page);
    const main = page.getByRole('main');
    switch (event.type) {
      case 'checkout.start':
        // the model's order (its prompts, prices and balance) is not one a person can put together
        // from the demo data: the person opens the page the order starts from (the cart, or a locked
        // prompt for "Buy now"), and the path's own order is handed to the actor there, as the page's
        // button hands its own; the dialog then shows it
        if ((event.order as CheckoutOrder).source === 'cart') {
          await navigate(page, '/cart');
          await visible(main.getByRole('heading', { level: 1 }));
        } else {
          await navigate(page, LOCKED_PROMPT);
          await visible(main.getByRole('button', { name: /^Buy now for / }));
        }
        await running(page, 'checkout');
        return false;
      default:
        return take(checkoutDriver, event, step);
    }
  },
};
