// The header's cart count badge: signing in (the demo member, through the login dialog) asks for
// it after a pause, a change to the cart asks again after the debounce (the first item of the real
// cart is removed, or the first card on the home page added when it is empty, so the real cart
// stays small), and logging out resets it. Not a person's: `refreshHeader` (nothing in the app
// sends it), a cart change while signed out, signing in while signed in, out while out.
import type { Page } from 'playwright-core';
import { click, logOut, navigate, signIn, visible } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

const signedIn = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .isVisible();

async function changeCart(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await navigate(page, '/cart');
  const remove = main.getByRole('button', { name: / from cart$/ }).first();
  await visible(remove.or(main.getByRole('heading', { name: 'Your cart is empty' })));
  if (await remove.isVisible()) {
    await click(remove);
    return;
  }
  await navigate(page, '/');
  await click(main.getByRole('button', { name: /^Add to cart: / }).first());
}

export const cartCountScript: BrowserScript = {
  machineId: 'cartCount',
  effects: { fetchCartCount: 'fetchCartCount' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'cart.refresh {"reason":"login"} → afterLogin count 0 · wait 499 ms → afterLogin +499 ms count 0 · wait 1 ms → debouncing count 0',
  async act(event, { page }) {
    switch (event.type) {
      case 'cart.refresh':
        if (event.reason === 'login') {
          if (await signedIn(page)) return false;
          await signIn(page);
          return;
        }
        if (event.reason === 'cartUpdate' && (await signedIn(page))) {
          await changeCart(page);
          return;
        }
        return false;
      case 'cart.reset':
        if (!(await signedIn(page))) return false;
        await logOut(page);
        return;
      default:
        return false;
    }
  },
};
