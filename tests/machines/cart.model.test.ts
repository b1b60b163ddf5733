// cart against its independent model (tests/models/spec/cart.ts): every path of the model, and a few
// long hand-made ones, replayed on the machine. The cart follows the session and tells other actors
// by systemId, so it runs with stand-ins beside it (the machine's own chart and implementations, plus,
// at its root, a `session` that emits the path's `session.*` events and writes down what it is told,
// and an `app`, a `toast` and a `cartCount` that write down what they hear).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  sendTo,
  type AnyActorRef,
  type AnyStateMachine,
} from 'xstate';
import { cartMachine } from '../../machines/commerce/cart.ts';
import * as selectors from '../../machines/commerce/cart.selectors.ts';
import { replaySpecPath, specPaths, type SpecStep } from '../support/spec-model.ts';
import {
  add,
  apply,
  CART,
  cartSpec,
  changed,
  COUPONS,
  NO_REASON,
  pathOf,
  remove,
  send,
  WITH_REASON,
} from '../models/spec/cart.ts';

const SESSION_EVENTS = ['session.member', 'session.visitor', 'session.adopted', 'session.ended'];

/** The cart with the session, the app, the toasts and the badge in its system, hearing into `heard`. */
const withStandIns = (heard: string[]): AnyStateMachine => {
  const session = fromCallback(({ receive, emit }) => {
    receive((event) =>
      SESSION_EVENTS.includes(event.type)
        ? emit(event as never)
        : heard.push(`session ${JSON.stringify(event)}`),
    );
  });
  const listener = (id: string) =>
    fromCallback(({ receive }) => {
      receive((event) => heard.push(`${id} ${JSON.stringify(event)}`));
    });
  const { config } = cartMachine;
  return createMachine(
    {
      ...config,
      invoke: [
        { src: session, systemId: 'session' },
        ...['app', 'toast', 'cartCount'].map((id) => ({ src: listener(id), systemId: id })),
        ...[config.invoke ?? []].flat(),
      ],
      on: {
        ...config.on,
        'session.*': {
          actions: sendTo(
            ({ system }) => system.get('session') as AnyActorRef,
            ({ event }) => event,
          ),
        },
      },
    } as never,
    cartMachine.implementations as never,
  ) as AnyStateMachine;
};

const model = cartSpec();
const load: SpecStep[] = [send('cart.load'), { settle: 'fetchCart', output: CART }];
const LONG = [
  pathOf(model, 'coupon picked on the cart page, asked for with the cart and after a change', [
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
  ]),
  pathOf(model, 'clicks wait in a queue and go one at a time', [
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
  ]),
  pathOf(model, 'a change waiting on a failed load, then the cart again', [
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
  ]),
  pathOf(model, 'a failed load with a coupon, retried; a checkout while a change is under way', [
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
  ]),
  pathOf(model, 'a coupon cleared on the cart, and a checkout after a failed load forgets it', [
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
  ]),
];

describe(`cart against ${model.spec}`, () => {
  for (const path of [...specPaths(model), ...LONG]) {
    it(path.title, () => {
      const heard: string[] = [];
      return replaySpecPath(
        model,
        {
          machine: withStandIns(heard),
          effects: ['fetchCart', 'changeCart', 'fetchCoupons'],
          observe: ({ snapshot }) => {
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
              heard,
            };
          },
        },
        path,
      );
    });
  }
});

describe('cart without its effects provided', () => {
  it('says the cart, change and coupons calls must be provided by src/', async () => {
    const toasts: string[] = [];
    const actor = createActor(
      createMachine(
        {
          ...cartMachine.config,
          invoke: [
            {
              src: fromCallback(({ receive }) =>
                receive((e) => toasts.push((e as unknown as { message: string }).message)),
              ),
              systemId: 'toast',
            },
          ],
        } as never,
        cartMachine.implementations as never,
      ),
    ).start();
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'cart.load' });
    actor.send({ type: 'cart.open' });
    await flush();
    const s = actor.getSnapshot() as never;
    expect(selectors.error(s)).toBe('fetchCart must be provided');
    expect(selectors.couponsError(s)).toBe('fetchCoupons must be provided');
    actor.send({ type: 'cart.add', promptId: 5 });
    await flush();
    expect(toasts).toEqual(['changeCart must be provided']);
    actor.stop();
  });
});
