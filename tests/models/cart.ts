// The member's cart: loaded at sign-in, changed one request at a time, with the coupons to apply.
import type { AnyMachineSnapshot } from 'xstate';
import { cartMachine, type CartContext } from '../../machines/commerce/cart.ts';
import { ApiError } from '../../src/platform/api.ts';
import { cartOf, couponFixture } from '../support/cart-fixtures.ts';
import type { ModelPath, Samples } from '../support/model.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

const CART_ACTORS = ['fetchCart', 'changeCart', 'fetchCoupons'];

export const CART_SAMPLES: Samples = {
  'cart.add': [
    { type: 'cart.add', promptId: 7 },
    { type: 'cart.add', promptId: 9 },
  ],
  'cart.remove': [{ type: 'cart.remove', promptId: 3 }],
  'cart.applyCoupon': [{ type: 'cart.applyCoupon', couponId: 11 }],
  'xstate.done.actor.fetchCart': [{ type: 'xstate.done.actor.fetchCart', output: cartOf([3, 5]) }],
  'xstate.error.actor.fetchCart': [
    { type: 'xstate.error.actor.fetchCart', error: new Error("Can't reach FruitPrompt right now.") },
  ],
  'xstate.done.actor.changeCart': [
    { type: 'xstate.done.actor.changeCart', output: cartOf([3, 5, 7], { balance: 100 }) },
  ],
  'xstate.error.actor.changeCart': [
    { type: 'xstate.error.actor.changeCart', error: new ApiError('You already own this prompt.', 409) },
  ],
  'xstate.done.actor.fetchCoupons': [{ type: 'xstate.done.actor.fetchCoupons', output: [couponFixture(11)] }],
  'xstate.error.actor.fetchCoupons': [
    { type: 'xstate.error.actor.fetchCoupons', error: new Error('Your coupons could not be loaded.') },
  ],
};

/** What tells two cart snapshots apart for the paths: ids, not whole prompts. */
export const serializeCart = (s: AnyMachineSnapshot): string => {
  const c = s.context as CartContext;
  return [
    JSON.stringify(s.value),
    c.cart ? c.cart.items.map((i) => i.promptId).join(',') : '-',
    c.couponId ?? '',
    c.queue.map((q) => `${q.op}${q.promptId}`).join(','),
    c.coupons.length,
    c.error ? 'E' : '',
    c.couponsError ? 'CE' : '',
  ].join('|');
};

export const observeCart = (c: CartContext) => ({
  items: c.cart?.items.map((i) => i.promptId) ?? null,
  couponId: c.couponId,
  queue: c.queue,
  coupons: c.coupons.map((x) => x.id),
  error: c.error,
  couponsError: c.couponsError,
});

export type CartPage = 'other' | 'cart' | 'cards';

/** Where the person is after each step, or null when a step cannot be done from there. */
export function cartPages(path: ModelPath): CartPage[] | null {
  let page: CartPage = 'other';
  const pages: CartPage[] = [];
  for (const [i, step] of path.steps.entries()) {
    const before = path.steps[i - 1]?.state.context as CartContext | undefined;
    switch (step.event.type) {
      case 'cart.open':
        page = 'cart';
        break;
      case 'cart.load':
        if (page === 'cart') page = 'other';
        break;
      case 'cart.add':
        page = 'cards';
        break;
      case 'cart.retry':
      case 'cart.remove':
        if (page !== 'cart') return null;
        break;
      case 'cart.applyCoupon':
      case 'cart.clearCoupon':
      case 'cart.couponsRetry':
        if (page !== 'cart' || !before?.cart) return null;
        break;
    }
    pages.push(page);
  }
  return pages;
}

/**
 * The cart page's walk (tests/views/checkout.model.test.tsx): what a person does on the cart page
 * and on prompt cards; reloads and checkouts come from elsewhere.
 */
export const cartPageModel: MachineModel = {
  machine: withControlledActors(cartMachine, CART_ACTORS),
  actors: CART_ACTORS,
  samples: {
    ...CART_SAMPLES,
    'xstate.error.actor.fetchCart': [
      { type: 'xstate.error.actor.fetchCart', error: new ApiError("Can't reach FruitPrompt right now.", 0) },
    ],
    'xstate.done.actor.changeCart': [{ type: 'xstate.done.actor.changeCart', output: cartOf([3, 5, 7]) }],
    'xstate.error.actor.fetchCoupons': [
      {
        type: 'xstate.error.actor.fetchCoupons',
        error: new ApiError('Your coupons could not be loaded.', 0),
      },
    ],
  },
  skip: ['cart.reload', 'cart.checkedOut'],
  serialize: serializeCart,
  maxSteps: 5,
  keep: (p) => cartPages(p) !== null,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  cart: 'The /cart page and the cart buttons on prompt cards',
  'cart.signedOut':
    'Cart page: "Log in to see your cart" with a Log in button; "Add to cart" opens the login dialog',
  'cart.active': 'Cart page of a member: "Cart" heading, the items and the order summary',
  'cart.active.cart': 'The cart items and the order summary',
  'cart.active.cart.loading': '"Loading your cart…" while the cart is fetched',
  'cart.active.cart.ready':
    'The cart lines with "Remove" buttons and the order summary with "Check out" (or "Your cart is empty")',
  'cart.active.cart.ready.idle':
    'Cart lines, totals and an enabled "Check out"; cards say "In cart" for added prompts',
  'cart.active.cart.ready.changing':
    '"Updating your cart…"; buttons disabled while the add or removal is sent',
  'cart.active.cart.failed': '"We couldn\'t load your cart" with the reason and "Try again"',
  'cart.active.coupons': 'The coupon picker in the order summary',
  'cart.active.coupons.idle': 'No coupon picker yet (coupons are loaded on the cart page only)',
  'cart.active.coupons.loading': 'Coupon picker: "Loading your coupons…"',
  'cart.active.coupons.loaded':
    'Coupon picker: "No coupon" and the usable coupons (or "No coupons to use right now. Exchange FruitCoins for one")',
  'cart.active.coupons.failed': 'Coupon picker: the coupons could not be loaded, "Reload coupons"',
};

export const cartModel: MachineModel = {
  sees: SEES,
  machine: cartMachine,
  actors: CART_ACTORS,
  samples: CART_SAMPLES,
  serialize: serializeCart,
  observe: observeCart,
  maxSteps: 7,
  page: cartPageModel,
};
