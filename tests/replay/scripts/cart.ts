// The cart: signing in loads it (the demo member, through the login dialog), "Add to cart" on the
// home page's cards, the cart page (/cart) with "Remove …", "Try again", the coupon picker and
// "Reload coupons", and logging out clears it. The cart's calls are held, so the real cart is never
// changed; the cards a path adds are the first ones on the home page that offer "Add to cart".
// `cart.reload` / `cart.checkedOut` come from the checkout and payment actors, and a second
// `cart.load` / `cart.clear` (signing in while signed in, out while out) is no person's.
import type { Page } from 'playwright-core';
import { click, logOut, navigate, openPage, settleEither, signIn, visible } from '../actions.ts';
import type { BrowserScript } from '../types.ts';
import type { CartContext } from '../../../machines/commerce/cart.ts';

/** The card each path's prompt id stands for (per page: one path). */
const cardsOf = new WeakMap<Page, Map<number, string>>();

async function addToCart(page: Page, promptId: number): Promise<void> {
  if ((await page.evaluate(() => location.pathname)) !== '/') await navigate(page, '/');
  const main = page.getByRole('main');
  const cards = cardsOf.get(page) ?? new Map<number, string>();
  cardsOf.set(page, cards);
  let title = cards.get(promptId);
  if (!title) {
    const buttons = main.getByRole('button', { name: /^Add to cart: / });
    await visible(buttons.first());
    const names = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    const taken = new Set(cards.values());
    title = names.map((n) => n.slice('Add to cart: '.length)).find((t) => !taken.has(t))!;
    cards.set(promptId, title);
  }
  await click(main.getByRole('button', { name: `Add to cart: ${title}`, exact: true }).first());
  const dialog = page.getByRole('dialog', { name: /Log in to/ });
  if (await dialog.isVisible()) await page.keyboard.press('Escape'); // a visitor is asked to log in
}

export const cartScript: BrowserScript = {
  machineId: 'cart',
  effects: { fetchCart: 'fetchCart', changeCart: 'addToCart', fetchCoupons: 'fetchCoupons' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'cart.load → loading [-] coupons idle · fetchCart answers {"items":[{"promptId":3}],"balance":100} → idle [3] coupons idle',
  async act(event, { page, before }) {
    await settleEither(page, 'addToCart', ['addToCart', 'removeFromCart']);
    const main = page.getByRole('main');
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
      case 'cart.open':
        await openPage(page, '/cart');
        return;
      case 'cart.add':
        await addToCart(page, event.promptId as number);
        return;
      case 'cart.remove': {
        const item = (before.context as CartContext).cart!.items.find((i) => i.promptId === event.promptId)!;
        await click(main.getByRole('button', { name: `Remove ${item.title} from cart` }));
        return;
      }
      case 'cart.retry':
        await click(main.getByRole('button', { name: 'Try again' }));
        return;
      case 'cart.couponsRetry':
        await click(main.getByRole('button', { name: 'Reload coupons' }));
        return;
      case 'cart.applyCoupon':
      case 'cart.clearCoupon': {
        const picker = await visible(main.getByRole('combobox', { name: 'Coupon' }));
        await picker.selectOption(event.type === 'cart.applyCoupon' ? String(event.couponId) : '', {
          force: true,
        });
        return;
      }
      default:
        return false;
    }
  },
};
