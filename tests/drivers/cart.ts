// The cart: "Add to cart" on the home page's cards, the cart page (/cart) with "Remove …", "Try
// again", the coupon picker and "Reload coupons". Which card a model's prompt id stands for is each
// harness's (the jsdom fakes' titles, the demo data's first cards in the browser): `titleOf` says.
// Signing in and out (`cart.load`, `cart.clear`) is each harness's own too, and so is closing the
// login dialog a visitor's "Add to cart" opens.
import type { CartState } from '../models/spec/cart.ts';
import { button, byRole, choose, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const cartDriver = (titleOf: (promptId: number) => string): PageDriver<CartState> => ({
  // opened again: left first (the same address is not a new visit)
  'cart.open': () => [open('/cart')],
  // on the home page's cards (a prompt shown twice, on a shelf and in the grid: the first)
  'cart.add': (event) => [
    open('/', 'stay'),
    click(
      byRole('button', `Add to cart: ${titleOf(event.promptId as number)}`, { within: main, first: true }),
    ),
  ],
  'cart.remove': (event) => [click(button(`Remove ${titleOf(event.promptId as number)} from cart`, main))],
  'cart.retry': () => [click(button('Try again', main))],
  'cart.couponsRetry': () => [click(button('Reload coupons', main))],
  'cart.applyCoupon': (event) => [
    choose(byRole('combobox', 'Coupon', { within: main }), String(event.couponId)),
  ],
  'cart.clearCoupon': () => [choose(byRole('combobox', 'Coupon', { within: main }), '')],
});
