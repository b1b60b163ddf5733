// The cart: signing in loads it (the demo member, through the login dialog), "Add to cart" on the
// home page's cards, the cart page (/cart) with "Remove …", "Try again", the coupon picker and
// "Reload coupons", and logging out clears it. The cart's calls are held, so the real cart is never
// changed; the cards a path adds are the first ones on the home page that offer "Add to cart".
// `cart.reload` / `cart.checkedOut` come from the checkout and payment actors, and a second
// `cart.load` / `cart.clear` (signing in while signed in, out while out) is no person's.
import type { Page } from 'playwright-core';
import { cartDriver } from '../../drivers/cart.ts';
import { open } from '../../support/page-driver.ts';
import { logOut, settleEither, signIn, visible } from '../actions.ts';
import { perform, take } from '../person.ts';
import type { AnyMachineSnapshot } from 'xstate';
import type { BrowserScript } from '../types.ts';
import type { CartContext } from '../../../machines/commerce/cart.ts';

/** The card each path's prompt id stands for (per page: one path). */
const cardsOf = new WeakMap<Page, Map<number, string>>();

/** The title of the card that stands for a prompt id: the first on the home page not taken yet. */
async function learnCard(page: Page, promptId: number): Promise<void> {
  const cards = cardsOf.get(page) ?? new Map<number, string>();
  cardsOf.set(page, cards);
  if (cards.has(promptId)) return;
  await perform(page, [open('/', 'stay')]);
  const buttons = page.getByRole('main').getByRole('button', { name: /^Add to cart: / });
  await visible(buttons.first());
  const names = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const taken = new Set(cards.values());
  cards.set(
    promptId,
    names.map((n) => n.slice('Add to cart: '.length)).find((t) => !taken.has(t))!,
  );
}

/** The cart's driver (tests/drivers/cart.ts) on the cards this page's path took (else the item's title). */
const driverOf = (page: Page, before: AnyMachineSnapshot) =>
  cartDriver(
    (promptId) =>
      cardsOf.get(page)?.get(promptId) ??
      (before.context as CartContext).cart!.items.find((i) => i.promptId === promptId)!.title,
  );

export const cartScript: BrowserScript = {
  machineId: 'cart',
  effects: { fetchCart: 'fetchCart', changeCart: 'addToCart', fetchCoupons: 'fetchCoupons' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'cart.load → loading [-] coupons idle · fetchCart answers {"items":[{"promptId":3}],"balance":100} → idle [3] coupons idle',
  async act(event, step) {
    const { page, before } = step;
    await settleEither(page, 'addToCart', ['addToCart', 'removeFromCart']);
    const signedOut = before.matches('signedOut');
    switch (event.type) {
      // the session announces a member (signing in) or a visitor (logging out)
      case 'session.member':
      case 'cart.load':
        if (!signedOut) return false;
        await signIn(page);
        return;
      case 'session.visitor':
      case 'cart.clear':
        if (signedOut) return false;
        await logOut(page);
        return;
      case 'cart.add': {
        await learnCard(page, event.promptId as number);
        await take(driverOf(page, before), event, step);
        const dialog = page.getByRole('dialog', { name: /Log in to/ });
        if (await dialog.isVisible()) await page.keyboard.press('Escape'); // a visitor is asked to log in
        return;
      }
      default:
        return take(driverOf(page, before), event, step);
    }
  },
};
