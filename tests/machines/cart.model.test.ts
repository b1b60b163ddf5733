// cart against its independent model (tests/models/spec/cart.ts): every path of the model, and a few
// long hand-made ones, replayed on the machine by the shared harness (tests/support/spec-replay.ts).
// The cart follows the session and tells other actors by systemId: its own session follower runs
// against a stand-in session that emits the path's `session.*` events (tests/support/model-targets.ts),
// and a `session`, an `app`, a `toast` and a `cartCount` listen beside it, what they hear written down.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/commerce/cart.ts';
import * as selectors from '../../machines/commerce/cart.selectors.ts';
import { followStandInSession, heardBy, heardJson } from '../support/model-targets.ts';
import { withListeners, type Heard, type SpecStep } from '../support/spec-model.ts';
import { describeModel, pathOf, walk } from '../support/spec-replay.ts';
import {
  add,
  apply,
  CART,
  cartSpec,
  changed,
  COUPONS,
  NO_REASON,
  remove,
  send,
  WITH_REASON,
} from '../models/spec/cart.ts';

const load: SpecStep[] = [send('cart.load'), { settle: 'fetchCart', output: CART }];
/** Long runs written out, each by its title and steps. */
const LONG: [string, SpecStep[]][] = [
  [
    'coupon picked on the cart page, asked for with the cart and after a change',
    [
      ...load,
      send('cart.open'),
      { settle: 'fetchCoupons', output: COUPONS },
      { settle: 'fetchCart', output: CART },
      apply(9),
      apply(7),
      apply(7),
      { settle: 'fetchCart', output: CART },
      add(5),
      send('cart.clearCoupon'),
      send('cart.clearCoupon'),
      apply(7),
      send('cart.checkedOut'),
      { settle: 'changeCart', output: changed(CART, { op: 'add', promptId: 5 }) },
      send('cart.clearCoupon'),
      { settle: 'fetchCart', output: CART },
      { settle: 'fetchCart', output: CART },
      send('cart.checkedOut'),
      { fail: 'fetchCoupons', error: WITH_REASON },
      { settle: 'fetchCart', output: CART },
      apply(7),
      send('cart.checkedOut'),
      send('cart.couponsRetry'),
    ],
  ],
  [
    'clicks wait in a queue and go one at a time',
    [
      send('cart.load'),
      add(5),
      remove(3),
      add(5),
      { settle: 'fetchCart', output: CART },
      remove(3),
      { settle: 'changeCart', output: changed(CART, { op: 'add', promptId: 5 }) },
      { fail: 'changeCart', error: WITH_REASON },
      remove(5),
      { fail: 'changeCart', error: NO_REASON },
      remove(3),
      {
        settle: 'changeCart',
        output: changed(changed(CART, { op: 'add', promptId: 5 }), { op: 'remove', promptId: 3 }),
      },
    ],
  ],
  [
    'a change waiting on a failed load, then the cart again',
    [
      send('cart.load'),
      add(5),
      { fail: 'fetchCart', error: NO_REASON },
      { fail: 'changeCart', error: NO_REASON },
      add(5),
      { settle: 'fetchCart', output: CART },
      { settle: 'changeCart', output: changed(CART, { op: 'add', promptId: 5 }) },
      send('cart.open'),
      apply(7),
      { fail: 'fetchCoupons', error: NO_REASON },
      send('cart.couponsRetry'),
      { settle: 'fetchCoupons', output: COUPONS },
      { settle: 'fetchCart', output: CART },
      apply(7),
      remove(3),
      { settle: 'fetchCart', output: CART },
      { fail: 'changeCart', error: NO_REASON },
      { settle: 'fetchCart', output: CART },
    ],
  ],
  [
    'a failed load with a coupon, retried; a checkout while a change is under way',
    [
      ...load,
      send('cart.open'),
      { settle: 'fetchCart', output: CART },
      { settle: 'fetchCoupons', output: COUPONS },
      apply(7),
      { fail: 'fetchCart', error: WITH_REASON },
      send('cart.retry'),
      { settle: 'fetchCart', output: CART },
      add(5),
      send('cart.checkedOut'),
      send('cart.open'),
      { settle: 'changeCart', output: changed(CART, { op: 'add', promptId: 5 }) },
      { settle: 'fetchCart', output: CART },
      { settle: 'fetchCoupons', output: COUPONS },
      send('session.visitor'),
      add(5),
    ],
  ],
  [
    'a coupon cleared on the cart, and a checkout after a failed load forgets it',
    [
      ...load,
      send('cart.open'),
      { settle: 'fetchCart', output: CART },
      { settle: 'fetchCoupons', output: COUPONS },
      apply(7),
      { settle: 'fetchCart', output: CART },
      send('cart.clearCoupon'),
      { settle: 'fetchCart', output: CART },
      apply(7),
      { fail: 'fetchCart', error: NO_REASON },
      send('cart.checkedOut'),
      { settle: 'fetchCart', output: CART },
    ],
  ],
];

describeModel({
  walks: [walk('', cartSpec())],
  paths: (_, model) => LONG.map(([title, steps]) => pathOf(model, title, steps)),
  target: () => ({
    machine: cartMachine.provide({ actors: { followSession: followStandInSession() } }),
    effects: ['fetchCart', 'changeCart', 'fetchCoupons'],
    listeners: ['session', 'app', 'toast', 'cartCount'],
    observe: ({ snapshot, heard }) => {
      const s = snapshot as never;
      return {
        status: selectors.status(s),
        updating: selectors.updating(s),
        cart: selectors.cart(s),
        error: selectors.error(s),
        coupons: selectors.coupons(s),
        couponId: selectors.couponId(s),
        couponsError: selectors.couponsError(s),
        couponsStatus: selectors.couponsStatus(s),
        inCart: [3, 5].filter((id) => selectors.inCartOf(id)(s)),
        pending: [3, 5].map((id) => selectors.pendingChangeOf(id)(s)),
        heard: heardJson(heard),
      };
    },
  }),
});

describe('cart without its effects provided', () => {
  it('says the cart, change and coupons calls must be provided by src/', async () => {
    const heard: Heard[] = [];
    const actor = createActor(withListeners(cartMachine, ['toast'], heard)).start();
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'cart.load' });
    actor.send({ type: 'cart.open' });
    await flush();
    const s = actor.getSnapshot() as never;
    expect(selectors.error(s)).toBe('fetchCart must be provided');
    expect(selectors.couponsError(s)).toBe('fetchCoupons must be provided');
    actor.send({ type: 'cart.add', promptId: 5 });
    await flush();
    expect(heardBy(heard, 'toast').map((e) => e.message as string)).toEqual(['changeCart must be provided']);
    actor.stop();
  });
});
