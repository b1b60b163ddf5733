// The buying side's independent model of the cart page, with "Add to cart" on the cards
// (tests/models/spec/cart.ts, written from docs/requirements.md, not from the machines) replayed on the
// rendered app. Each step of a model path becomes what a person does (signing in or out, opening an
// address, clicking by role and name, picking a coupon), time passing on the fake clock, or the fake server
// call answering with the step's own output (shaped as the app's effect returns it); after every step the
// page must show what the model expects, read from the DOM (headings, status and alert texts, buttons and
// whether they are disabled or busy, the coupon picker, the dialog, the header's balance, the toasts seen,
// the payment page the browser went to). What the buying pages' replays share is in
// tests/views/support/buying-pages.ts.
//
// Left to the machine test (tests/machines/cart.model.test.ts), because a person cannot take the step on
// these pages, or it only repeats one that is taken (kept out by `canTake`, to keep this file well under a
// minute): `cart.reload` and `cart.checkedOut` (sent by the checkout and payment actors, not a person),
// `session.member`/`session.visitor` (on the page the same sign-in and sign-out as `cart.load` and
// `cart.clear`), `cart.load` while signed in, a coupon the picker does not offer (9), changing the cart
// page's cart from the cards page (going back asks for the cart again), adding a card once the cart page
// was opened (where the person is follows from the model state: on the cards until the cart page is
// opened), failures with a reason in the breadth-first paths (the fallback text is shown there, reasons in
// the hand-made ones), a first answer with another balance (nothing shows it), and what the header badge
// heard (`cart.refresh`: tests/models/spec/cart-count.ts has its own model and replays). A visitor's "Add
// to cart" and the coupon picker are walked in hand-made paths (the model's breadth-first paths stop before
// the coupons load, and a visitor's press would double every path after it).
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PromptPage } from '../../domain/catalog.ts';
import type { Cart, Coupon } from '../../domain/commerce.ts';
import { SESSION_TOASTS } from '../../machines/auth/session.ts';
import { systemActor } from '../../src/app/app-system.ts';
import { cartItem, couponFixture, totalsOf } from '../support/cart-fixtures.ts';
import { cardFixture } from '../support/fixtures.ts';
import type { SpecPath, SpecStep } from '../support/spec-model.ts';
import {
  add,
  apply,
  CART,
  CART_SPENT,
  cartSpec,
  changed,
  COUPONS,
  NO_REASON,
  pathOf,
  remove,
  send,
  WITH_REASON,
  type CartState,
} from '../models/spec/cart.ts';
import { settle } from './support/controllable.ts';
import { jsdomPerson } from './support/person.ts';
import { cartDriver } from '../drivers/cart.ts';
import { describePagePaths, pagePaths } from './support/spec-page.ts';
import {
  alertsIn,
  answerStep,
  balanceShown,
  buttonsIn,
  controlOf,
  FAST,
  heardOf,
  lastBalance,
  main,
  mainElement,
  open,
  path,
  PATH_TIMEOUT,
  resetAroundEachPath,
  statusesIn,
  textOf,
  type App,
  startWithServer,
  type ServedApp,
} from './support/buying-pages.ts';

resetAroundEachPath();

// ---------------------------------------------------------------------------------------------
// cart: "Add to cart" on the cards, the cart page (items, Remove, the coupon picker, Try again,
// Reload coupons), the header's balance and the toasts; the session signs in and out

const cartModel = cartSpec();

/** Prompt 3 costs 20 FruitCoins, prompt 5 is premium ($4.99): with it the cart has a coupon picker. */
const TITLES: Record<number, string> = { 3: 'Neon Koi Pond', 5: 'Art Deco Lobby' };

const cardsPage: PromptPage = {
  data: [
    cardFixture(3, { title: TITLES[3], grade: 1, priceFruit: 20, hasAccess: 0 }),
    cardFixture(5, { title: TITLES[5], grade: 2, priceCents: 499, hasAccess: 0 }),
  ],
  total: 2,
  page: 1,
  pageSize: 24,
};

const ids = (cart: Cart | null): number[] => cart?.items.map((i) => i.promptId) ?? [];

/** The model's cart as GET /api/my/cart answers it: the prompts priced, the balance kept. */
function appCart(cart: Cart): Cart {
  const items = ids(cart).map((id) => cartItem(id));
  return { items, totals: totalsOf(items), coupon: null, couponError: null, balance: cart.balance };
}
const appCoupon = (coupon: Coupon): Coupon => couponFixture(coupon.id, { code: coupon.code });

/** Where the person is: on the cards until the cart page is opened (its coupons then load). */
const onCartPage = (s: CartState) => s.signedIn && s.coupons !== 'idle';
/** The cart page shows the coupon picker while the cart has a premium prompt. */
const picker = (s: CartState) => onCartPage(s) && ids(s.cart).includes(5);

function canTakeOnCartPages(step: SpecStep, before: CartState): boolean {
  if ('send' in step) {
    const event = step.send as { type: string; promptId?: number; couponId?: number };
    const queued = (id: number) => before.queue.some((c) => c.promptId === id);
    switch (event.type) {
      case 'cart.load':
        return !before.signedIn;
      case 'cart.clear':
      case 'cart.open':
        return before.signedIn;
      case 'cart.add':
        // on the cards; a prompt in the cart shows "In cart" (a link to the cart page) instead
        // (a visitor's press, which opens the login dialog, starts a hand-made path: in the
        // breadth-first ones it would repeat every path after it)
        return (
          !onCartPage(before) &&
          before.signedIn &&
          (!ids(before.cart).includes(event.promptId!) || queued(event.promptId!))
        );
      case 'cart.remove':
        return onCartPage(before) && ids(before.cart).includes(event.promptId!);
      case 'cart.retry':
        return onCartPage(before) && before.phase === 'failed';
      case 'cart.couponsRetry':
        return picker(before) && before.coupons === 'failed';
      case 'cart.applyCoupon':
        return picker(before) && before.couponList.some((c) => c.id === event.couponId);
      case 'cart.clearCoupon':
        return picker(before) && before.couponId !== null;
      default:
        // session.member / session.visitor: the same sign-in and sign-out as cart.load / cart.clear;
        // cart.reload / cart.checkedOut: sent by the checkout and the payment pages
        return false;
    }
  }
  // a failure says its reason or the fallback: the fallback here, reasons in the hand-made paths
  if ('fail' in step) return step.error === NO_REASON;
  if ('settle' in step && step.output === CART_SPENT) return before.cart !== null;
  return true;
}

const changedBy = (cart: Cart, ...changes: [op: 'add' | 'remove', promptId: number][]) =>
  changes.reduce((c, [op, promptId]) => changed(c, { op, promptId }), cart);
const WITH_5 = changedBy(CART, ['add', 5]);

/** Hand-made paths through the cart page (the breadth-first ones end before the coupons load). */
const CART_WALKS: SpecPath<CartState>[] = [
  pathOf(
    cartModel,
    'a coupon picked, cleared and picked again on the cart page; a failed load with it, retried',
    [
      send('cart.load'),
      { settle: 'fetchCart', output: CART },
      add(5),
      { settle: 'changeCart', output: WITH_5 },
      send('cart.open'),
      { settle: 'fetchCoupons', output: COUPONS },
      { settle: 'fetchCart', output: WITH_5 },
      apply(7),
      { settle: 'fetchCart', output: WITH_5 },
      send('cart.clearCoupon'),
      { settle: 'fetchCart', output: WITH_5 },
      apply(7),
      { fail: 'fetchCart', error: WITH_REASON },
      send('cart.retry'),
      { settle: 'fetchCart', output: WITH_5 },
      remove(5),
      { settle: 'changeCart', output: CART },
      { settle: 'fetchCart', output: CART },
    ],
  ),
  pathOf(cartModel, 'clicks wait in a queue and go one at a time; coupons reloaded; signed out', [
    send('cart.load'),
    { settle: 'fetchCart', output: CART },
    add(5),
    add(5),
    send('cart.open'),
    remove(3),
    { fail: 'fetchCoupons', error: NO_REASON },
    { settle: 'changeCart', output: WITH_5 },
    { fail: 'changeCart', error: WITH_REASON },
    send('cart.couponsRetry'),
    { settle: 'fetchCoupons', output: COUPONS },
    remove(3),
    apply(7),
    { settle: 'changeCart', output: changedBy(WITH_5, ['remove', 3]) },
    { settle: 'fetchCart', output: changedBy(WITH_5, ['remove', 3]) },
    send('cart.clear'),
  ]),
  pathOf(
    cartModel,
    "a visitor's Add to cart asks to log in; a change waits on a failed load; the balance spent elsewhere shows",
    [
      add(5),
      send('cart.load'),
      add(5),
      { fail: 'fetchCart', error: NO_REASON },
      { fail: 'changeCart', error: NO_REASON },
      { settle: 'fetchCart', output: CART_SPENT },
      send('cart.open'),
      { settle: 'fetchCart', output: CART },
      { settle: 'fetchCoupons', output: COUPONS },
      remove(3),
      { settle: 'changeCart', output: changedBy(CART, ['remove', 3]) },
    ],
  ),
];

interface CartApp extends ServedApp {
  /** Toasts seen, in order (the session's own sign-in toast left out). */
  toasts: string[];
  /** Login dialogs a visitor's "Add to cart" opened. */
  loginDialogs: number;
}

const SESSION_TOAST_TEXTS = new Set<string>(Object.values(SESSION_TOASTS));

/** Records each toast once (scanned at every step; on the machines' simulated clock a toast stays). */
function watchToasts(app: CartApp): void {
  const seen = new WeakSet<Element>();
  const scan = () => {
    const region = screen.queryByRole('region', { name: 'Notifications', ...FAST });
    if (!region) return;
    for (const dismiss of within(region).queryAllByRole('button', {
      name: 'Dismiss notification',
      ...FAST,
    })) {
      const toast = dismiss.parentElement!;
      if (seen.has(toast)) continue;
      seen.add(toast);
      const message = textOf(toast);
      if (!SESSION_TOAST_TEXTS.has(message)) app.toasts.push(message);
    }
  };
  Object.assign(app, { scanToasts: scan });
}

const cartShapes = (effect: string, output: unknown): unknown =>
  effect === 'fetchCoupons' ? (output as Coupon[]).map(appCoupon) : appCart(output as Cart);

async function cardsOpen(app: App) {
  if (path(app) !== '/') await open(app, '/');
  await main().findByRole('link', { name: TITLES[5] });
}

/** The cart's driver (tests/drivers/cart.ts) on the fakes' cards. */
const CART_DRIVER = cartDriver((promptId) => TITLES[promptId]!);

async function performOnCartPages(app: CartApp, step: SpecStep, before: CartState): Promise<void> {
  if (!('send' in step)) return answerStep(app.server, step, cartShapes);
  const event = step.send;
  const session = () => systemActor(app.system, 'session');
  switch (event.type) {
    case 'cart.load':
      // signed in (as the login dialog completes it) with the balance the server has now
      await cardsOpen(app);
      act(() =>
        session().send({
          type: 'session.signedIn',
          token: `tok-${app.server.calls.length}`,
          userData: { userId: 'u-1', providerUsername: 'Mina Member', fruitCnt: lastBalance(before.heard) },
          now: Date.now(),
        }),
      );
      await settle();
      await settle();
      return;
    case 'cart.clear':
      act(() => session().send({ type: 'session.logout', automatic: true }));
      await settle();
      await settle();
      return cardsOpen(app);
    case 'cart.open':
      await jsdomPerson(app).take(CART_DRIVER, event, before);
      await screen.findByRole('heading', { level: 1, name: 'Cart' });
      return;
    case 'cart.add':
      // on the cards (they show once the home page's list has come)
      await cardsOpen(app);
      await jsdomPerson(app).take(CART_DRIVER, event, before);
      await settle();
      if (screen.queryByRole('dialog', { name: /Log in/ })) {
        // a visitor is asked to log in: the dialog is closed again
        app.loginDialogs++;
        fireEvent.keyDown(screen.getByRole('dialog', { name: /Log in/ }), { key: 'Escape' });
        await settle();
        await settle();
      }
      return;
  }
  return jsdomPerson(app).take(CART_DRIVER, event, before);
}

/** What the cards or the cart page show now. */
function observeCartPages(app: CartApp) {
  (app as unknown as { scanToasts: () => void }).scanToasts();
  const common = { balance: balanceShown(), toasts: [...app.toasts], loginDialogs: app.loginDialogs };
  const m = main();
  if (path(app) !== '/cart') {
    const cards = [3, 5].map((id) => {
      const title = TITLES[id]!;
      const card = within(m.getByRole('link', { name: title, ...FAST }).closest('article')!);
      const inCart = card.queryByRole('link', { name: `In cart: ${title}`, ...FAST });
      return inCart
        ? 'In cart'
        : controlOf(card.getByRole('button', { name: `Add to cart: ${title}`, ...FAST }));
    });
    return { at: path(app), cards, ...common };
  }
  const coupon = m.queryByRole('combobox', { name: 'Coupon', ...FAST }) as HTMLSelectElement | null;
  return {
    at: path(app),
    headings: m.queryAllByRole('heading', FAST).map((h) => textOf(h)),
    statuses: statusesIn(mainElement()),
    alerts: alertsIn(mainElement()),
    items: m.queryByRole('list', { name: 'Prompts in your cart', ...FAST })
      ? within(m.getByRole('list', { name: 'Prompts in your cart', ...FAST }))
          .getAllByRole('link', FAST)
          .map((l) => textOf(l))
          .filter((t) => Object.values(TITLES).includes(t))
      : null,
    buttons: buttonsIn(mainElement()),
    coupon: coupon
      ? {
          value: coupon.value,
          options: within(coupon)
            .getAllByRole('option', FAST)
            .map((o) => o.textContent),
          note: m.queryByText('Loading your coupons…')
            ? 'loading'
            : m.queryByText(/^No coupons to use right now/)
              ? 'none'
              : null,
        }
      : null,
    ...common,
  };
}

interface CartExpect {
  status: 'loading' | 'ready' | 'error';
  updating: boolean;
  cart: Cart | null;
  error: string | null;
  coupons: Coupon[];
  couponId: number | null;
  couponsError: string | null;
  couponsStatus: 'loading' | 'loaded' | 'failed';
  inCart: number[];
  pending: ('add' | 'remove' | null)[];
  heard: string[];
}

/** The model's expectation as the cards or the cart page show it. */
function shownOnCartPages(expected: unknown, s: CartState) {
  const e = expected as CartExpect;
  const common = {
    balance: s.signedIn ? String(lastBalance(e.heard)) : null,
    toasts: heardOf(e.heard, 'toast').map((t) => t.message as string),
    loginDialogs: heardOf(e.heard, 'app').filter((t) => t.type === 'loginDialog.open').length,
  };
  if (!onCartPage(s)) {
    const cards = [3, 5].map((id, i) => {
      if (!s.signedIn) return 'Add to cart: ' + TITLES[id];
      const pending = e.pending[i];
      if (e.inCart.includes(id) && pending !== 'remove') return 'In cart';
      return `Add to cart: ${TITLES[id]}${pending ? ' (disabled, busy)' : ''}`;
    });
    return { at: '/', cards, ...common };
  }
  const cart = e.cart ? appCart(e.cart) : null;
  const items = cart?.items ?? [];
  const money = items.some((i) => (i.priceCents ?? 0) > 0);
  const failed = e.status === 'error';
  const buttons: string[] = [];
  if (failed) buttons.push('Try again');
  for (const [i, id] of [3, 5].entries())
    if (ids(cart).includes(id))
      buttons.push(`Remove ${TITLES[id]} from cart${e.pending[i] ? ' (disabled, busy)' : ''}`);
  if (cart && items.length) {
    if (money && e.couponsStatus === 'failed') buttons.push('Reload coupons');
    buttons.push(`Check out${e.updating ? ' (disabled)' : ''}`);
  }
  return {
    at: '/cart',
    headings: [
      'Cart',
      ...(cart === null
        ? failed
          ? ["We couldn't load your cart"]
          : []
        : items.length
          ? [items.length === 1 ? '1 prompt' : `${items.length} prompts`, 'Order summary']
          : ['Your cart is empty']),
    ],
    statuses: cart === null && !failed ? ['Loading your cart…'] : e.updating ? ['Updating your cart…'] : [],
    alerts: [
      ...(failed ? [e.error] : []),
      ...(cart && money && e.couponsStatus === 'failed' ? [e.couponsError] : []),
    ],
    items: cart && items.length ? items.map((i) => i.title) : null,
    buttons,
    coupon:
      cart && money
        ? {
            value: e.couponId === null ? '' : String(e.couponId),
            options: ['No coupon', ...e.coupons.map((c) => `${c.code}: 20% off premium prompts`)],
            note:
              e.couponsStatus === 'loading'
                ? 'loading'
                : e.couponsStatus === 'loaded' && e.coupons.length === 0
                  ? 'none'
                  : null,
          }
        : null,
    ...common,
  };
}

const cartPaths = [...pagePaths(cartModel, canTakeOnCartPages), ...CART_WALKS];

describePagePaths(
  `cart on the page against ${cartModel.spec}`,
  cartModel,
  cartPaths,
  {
    start: async () => {
      const started = await startWithServer('/', { status: 'none' }, (server) => ({
        listPrompts: async () => structuredClone(cardsPage),
        fetchHomeSections: async () => [],
        fetchCart: server.call('fetchCart'),
        addToCart: server.call('changeCart'),
        removeFromCart: server.call('changeCart'),
        fetchCoupons: server.call('fetchCoupons'),
      }));
      const app: CartApp = Object.assign(started, { toasts: [], loginDialogs: 0 });
      watchToasts(app);
      await cardsOpen(app);
      return app;
    },
    perform: (app, step, before) => performOnCartPages(app, step, before),
    observe: observeCartPages,
    shown: shownOnCartPages,
    stop: (app) => app.system.stop(),
  },
  PATH_TIMEOUT,
);
