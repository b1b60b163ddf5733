// The checkout dialog: "Check out" on the cart page (an item is put in the demo member's real cart
// first when it is empty) or "Buy now for N FruitCoins" on a locked FruitCoin prompt's page, then
// "Place order" / "Spend N FruitCoins", "Try again", "Cancel" / "Close" / "Done". The order call is
// held, so nothing is really bought. After a placed order with a card part the page would leave for
// the payment page: the replay keeps it in the app (stayForPayment) so "redirecting" can be seen.
import type { Page } from 'playwright-core';
import { click, navigate, stayForPayment, visible } from '../actions.ts';
import type { BrowserScript } from '../types.ts';
import type { CheckoutOrder } from '../../../machines/commerce/checkout.ts';

/** A FruitCoin prompt the demo member has not unlocked (seed data). */
const LOCKED_PROMPT = '/detail/isometric-witch-s-apothecary-diorama-230';

/** Waits (real time) until the button no longer says it is disabled (the page is still loading). */
async function enabled(page: Page, name: RegExp | string): Promise<void> {
  const button = page.getByRole('main').getByRole('button', { name });
  await visible(button);
  const until = Date.now() + 8_000;
  while ((await button.getAttribute('aria-disabled')) === 'true' && Date.now() < until)
    await page.waitForTimeout(25);
  await click(button);
}

async function checkOutCart(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await navigate(page, '/cart');
  const checkOut = main.getByRole('button', { name: 'Check out' });
  await visible(checkOut.or(main.getByRole('heading', { name: 'Your cart is empty' })));
  if (!(await checkOut.isVisible())) {
    // an empty cart: the person puts a prompt in it first
    await navigate(page, '/');
    await click(main.getByRole('button', { name: /^Add to cart: / }).first());
    await visible(main.getByRole('link', { name: /^In cart: / }).first());
    await navigate(page, '/cart');
  }
  await enabled(page, 'Check out');
}

export const checkoutScript: BrowserScript = {
  machineId: 'checkout',
  effects: { placeOrder: 'checkout' },
  start: '/terms',
  member: true,
  testPath:
    'checkout.start (order={"source":"buyNow","promptIds":[7],"couponId":null,"fruit":30,"totalCents":0,"balance":100,"title":"Copper Forest Dawn","detailId":"copper-forest-dawn-7"} requestId=req-2 referral=null) → reviewing · checkout.confirm → placing · error placeOrder → failed.retryable · checkout.retry → placing',
  async act(event, { page }) {
    await stayForPayment(page);
    const dialog = page.getByRole('dialog');
    switch (event.type) {
      case 'checkout.start':
        if ((event.order as CheckoutOrder).source === 'cart') await checkOutCart(page);
        else {
          await navigate(page, LOCKED_PROMPT);
          await enabled(page, /^Buy now for /);
        }
        return;
      case 'checkout.confirm':
        await click(dialog.getByRole('button', { name: /^(Place order|Spend .* FruitCoins)$/ }));
        return;
      case 'checkout.cancel':
        await click(dialog.getByRole('button', { name: /^(Cancel|Close|Done)$/ }));
        return;
      case 'checkout.retry':
        await click(dialog.getByRole('button', { name: 'Try again' }));
        return;
      default:
        return false;
    }
  },
};
