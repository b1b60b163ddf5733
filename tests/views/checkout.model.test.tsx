// The buying side's independent models (tests/models/spec/cart.ts, checkout.ts, payment-result.ts,
// written from docs/requirements.md, not from the machines) replayed on the rendered app. Each step
// of a model path becomes what a person does (signing in or out, opening an address, clicking by role
// and name, picking a coupon), time passing on the fake clock, or the fake server call answering with
// the step's own output (shaped as the app's effect returns it); after every step the page must show
// what the model expects, read from the DOM (headings, status and alert texts, buttons and whether
// they are disabled or busy, the coupon picker, the dialog, the header's balance, the toasts seen, the
// payment page the browser went to).
//
// Left to the machine tests (tests/machines/{cart,checkout,payment-result}.model.test.ts), because a
// person cannot take the step on these pages, or it only repeats one that is taken (kept out by each
// block's `canTake`, to keep this file well under a minute):
// - cart: `cart.reload` and `cart.checkedOut` (sent by the checkout and payment actors, not a person),
//   `session.member`/`session.visitor` (on the page the same sign-in and sign-out as `cart.load` and
//   `cart.clear`), `cart.load` while signed in, a coupon the picker does not offer (9), changing the
//   cart page's cart from the cards page (going back asks for the cart again), adding a card once the
//   cart page was opened (where the person is follows from the model state: on the cards until the
//   cart page is opened), failures with a reason in the breadth-first paths (the fallback text is
//   shown there, reasons in the hand-made ones), a first answer with another balance (nothing shows
//   it), and what the header badge heard (`cart.refresh`: tests/models/spec/cart-count.ts has its own
//   model and replays). A visitor's "Add to cart" and the coupon picker are walked in hand-made paths
//   (the model's breadth-first paths stop before the coupons load, and a visitor's press would double
//   every path after it).
// - checkout: an empty cart's checkout (the cart page has no "Check out" then), a second start while
//   the dialog is open (it covers the page), "Buy now" after FruitCoins were spent (the page sends the
//   balance it shows, not the model's sample order), the failures that differ from those kept only by
//   their text (network, 408, 429, a message without status, 499), and what the detail page heard.
// - paymentResult: a page opened over another that has not answered yet (only another order's, and
//   leaving), more than one abandoned call, failed checks and actions with a reason (the fallback is
//   shown), and what the cart and the badge heard. The poll that stops after 20 checks is the model's
//   hand-made `followedPaths`, replayed as they are.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PromptPage } from '../../domain/catalog.ts';
import {
  isNotEnoughFruit,
  type Cart,
  type CheckoutRequest,
  type Coupon,
  type OrderDetail,
} from '../../domain/commerce.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { SESSION_TOASTS } from '../../machines/auth/session.ts';
import type { AuthMarks } from '../../domain/session-rules.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { paymentPage } from '../../src/commerce/checkout-logic.ts';
import { LOCAL_KEYS } from '../../src/platform/storage-keys.ts';
import { cartItem, couponFixture, orderFixture, totalsOf } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
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
import { checkoutSpec, type CheckoutState, type SampleOrder } from '../models/spec/checkout.ts';
import {
  followedPaths,
  NOT_FOUND,
  paymentResultSpec,
  type PaymentResultState,
} from '../models/spec/payment-result.ts';
import { settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import { pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';
import { jsdomPerson } from './support/person.ts';
import { open as openAddress } from '../support/page-driver.ts';
import { cartDriver } from '../drivers/cart.ts';
import { checkoutDriver } from '../drivers/checkout.ts';
import { paymentResultDriver } from '../drivers/payment-result.ts';

type App = Awaited<ReturnType<typeof renderApp>>;

/** A path renders the whole app and takes a dozen steps: more than the default 5 s on a busy machine. */
const PATH_TIMEOUT = 30_000;

const member: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 100 },
};

/** The fake session: restored as `restored`, and the stored token stays the one in use. */
function effectsFor(restored: Restored, extra: Partial<AppEffects>): AppEffects {
  const base = fakeEffects(extra);
  return {
    ...base,
    session: {
      ...base.session,
      actors: {
        ...base.session.actors,
        restoreSession: fromPromise(() => Promise.resolve(restored)),
        readAuthMarks: fromPromise(async (): Promise<AuthMarks> => ({
          token: restored.status === 'valid' ? restored.token : null,
          loginTime: 1,
          logoutTime: null,
          now: 10,
        })),
      },
    },
  };
}

/**
 * The fake server: each call waits, by the model's name of its effect, until a step answers it; the
 * oldest first (an abandoned call answers before a newer one, as the models say).
 */
function fakeServer() {
  const pending = new Map<
    string,
    { input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[]
  >();
  const calls: { effect: string; input: unknown }[] = [];
  const call =
    <T,>(effect: string) =>
    (input: unknown): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        calls.push({ effect, input });
        pending.set(effect, [
          ...(pending.get(effect) ?? []),
          { input, resolve: resolve as (v: unknown) => void, reject },
        ]);
      });
  const answer = async (effect: string, outcome: { output: unknown } | { error: unknown }) => {
    const next = pending.get(effect)?.shift();
    if (!next) throw new Error(`No pending call of ${effect} to answer`);
    await act(async () => {
      if ('output' in outcome) next.resolve(outcome.output);
      else next.reject(outcome.error);
    });
    await settle();
    await settle();
  };
  return { call, answer, calls };
}

/** Answers the step's call with its own output (shaped by `shape`) or error. */
const answerStep = (
  server: ReturnType<typeof fakeServer>,
  step: SpecStep,
  shape: (effect: string, output: unknown) => unknown,
) =>
  'settle' in step
    ? server.answer(step.settle, { output: shape(step.settle, step.output) })
    : 'fail' in step
      ? server.answer(step.fail, { error: step.error ?? new Error(`${step.fail} failed`) })
      : Promise.reject(new Error('not an answer'));

let payments: string[];
beforeEach(() => {
  payments = [];
  paymentPage.go = (url) => void payments.push(url);
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * Reading the page: the accessibility tree's own check of what is hidden costs a style lookup per
 * element in jsdom (no stylesheet applies there), and nothing here is hidden but by not being rendered.
 */
const FAST = { hidden: true } as const;
const mainElement = () => screen.getByRole('main', FAST);
const main = () => within(mainElement());
const path = (app: App) => app.router.state.location.pathname;

async function open(app: App, href: string) {
  await act(async () => {
    await app.router.navigate({ href });
  });
  await settle();
  await settle();
}

/** The text a person reads in an element, buttons inside it left out, spaces collapsed. */
function textOf(element: Element): string {
  const BLOCKS = new Set(['P', 'LI', 'UL', 'OL', 'DIV', 'SECTION', 'H1', 'H2', 'H3', 'H4', 'DL', 'DT', 'DD']);
  const parts: string[] = [];
  const walk = (node: Node, root: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    else if (
      node instanceof Element &&
      (root || (node.getAttribute('role') !== 'button' && node.tagName !== 'BUTTON'))
    ) {
      const block = BLOCKS.has(node.tagName);
      if (block) parts.push(' ');
      for (const child of node.childNodes) walk(child, false);
      if (block) parts.push(' ');
    }
  };
  walk(element, true);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A control as a person tells it: its name, and whether it is disabled or busy. */
function controlOf(element: HTMLElement): string {
  const name = element.getAttribute('aria-label') ?? textOf(element);
  const marks = [
    element.getAttribute('aria-disabled') === 'true' ? 'disabled' : null,
    element.getAttribute('aria-busy') === 'true' ? 'busy' : null,
  ].filter(Boolean);
  return marks.length ? `${name} (${marks.join(', ')})` : name;
}

const buttonsIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('button', FAST)
    .map((b) => controlOf(b));
const statusesIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('status', FAST)
    .map((s) => textOf(s))
    .filter(Boolean);
const alertsIn = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('alert', FAST)
    .map((a) => textOf(a));

/** The header's balance, or null for a visitor. */
function balanceShown(): string | null {
  const link = screen.queryByRole('link', { name: /^FruitCoin balance: /, ...FAST });
  return link ? link.getAttribute('aria-label')!.replace('FruitCoin balance: ', '') : null;
}

/** The balance the session was last told of (a `session.fruitUpdated` heard), else the sign-in's 100. */
const lastBalance = (heard: string[]): number => {
  const told = heard
    .filter((h) => h.startsWith('session '))
    .map((h) => JSON.parse(h.slice('session '.length)) as { type: string; fruitCnt?: number })
    .filter((e) => e.type === 'session.fruitUpdated');
  return told.at(-1)?.fruitCnt ?? 100;
};

const heardOf = (heard: string[], to: string) =>
  heard
    .filter((h) => h.startsWith(`${to} `))
    .map((h) => JSON.parse(h.slice(to.length + 1)) as Record<string, unknown>);

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

interface CartApp extends App {
  server: ReturnType<typeof fakeServer>;
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

describe(`cart on the page against ${cartModel.spec}`, () => {
  for (const walk of cartPaths) {
    it(
      walk.title,
      () =>
        replaySpecPathOnPage(
          cartModel,
          {
            start: async () => {
              const server = fakeServer();
              const app = (await renderApp(
                '/',
                {},
                {
                  effects: effectsFor(
                    { status: 'none' },
                    {
                      listPrompts: async () => structuredClone(cardsPage),
                      fetchHomeSections: async () => [],
                      fetchCart: server.call('fetchCart'),
                      addToCart: server.call('changeCart'),
                      removeFromCart: server.call('changeCart'),
                      fetchCoupons: server.call('fetchCoupons'),
                    },
                  ),
                },
              )) as CartApp;
              Object.assign(app, { server, toasts: [], loginDialogs: 0 });
              watchToasts(app);
              await cardsOpen(app);
              return app;
            },
            perform: (app, step, before) => performOnCartPages(app, step, before),
            observe: observeCartPages,
            shown: shownOnCartPages,
            stop: (app) => app.system.stop(),
          },
          walk,
        ),
      PATH_TIMEOUT,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// checkout: "Check out" on the cart page, "Buy now" on a locked FruitCoin prompt, and the dialog

const checkoutModel = checkoutSpec();

/** The cart the model's cart order is made of: prompts 3 and 5 with coupon 4 ($1.00 off). */
const CHECKOUT_CART: Cart = (() => {
  const items = [cartItem(3), cartItem(5, { priceCents: 599 })];
  const coupon = couponFixture(4, { code: 'SAVE4', kind: 'amount', value: 100 });
  return { items, totals: totalsOf(items, coupon), coupon, couponError: null, balance: 100 };
})();
const REFERRAL = 'Ab12Cd34';

const lockedPrompt = fullFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 0 });
lockedPrompt.promptDetail = { ...lockedPrompt.promptDetail, template: null, slugId: 'copper-forest-dawn-7' };
const DETAIL = '/detail/copper-forest-dawn-7';

function canTakeInCheckout(step: SpecStep, before: CheckoutState): boolean {
  if ('send' in step) {
    const event = step.send as { type: string; order?: SampleOrder };
    switch (event.type) {
      case 'checkout.start':
        // "Check out" on a cart with prompts; "Buy now" with the balance the model's order has
        return (
          before.phase === 'idle' &&
          event.order!.promptIds.length > 0 &&
          (event.order!.source === 'cart' || lastBalance(before.heard) === event.order!.balance)
        );
      case 'checkout.confirm':
        return before.phase === 'reviewing' || before.phase === 'placing';
      case 'checkout.retry':
        return before.phase === 'retryable';
      case 'checkout.cancel':
        return before.phase !== 'idle';
    }
    return false;
  }
  if ('fail' in step) {
    const status = (step.error as { status?: number }).status;
    // one failure that can be retried (the fallback text), one refusal (the server's reason)
    return status === 500 || status === 409;
  }
  return true;
}

interface CheckoutApp extends App {
  server: ReturnType<typeof fakeServer>;
  /** The calls made before the current checkout started. */
  startedAt: number;
}

async function performInCheckout(
  app: CheckoutApp,
  step: SpecStep,
  before: CheckoutState,
  after: CheckoutState,
): Promise<void> {
  if ('send' in step) {
    const event = step.send as { type: string; order?: SampleOrder };
    const placed = app.server.calls.length;
    switch (event.type) {
      case 'checkout.start': {
        // the page the order starts from (opened again from elsewhere when shown)
        await jsdomPerson(app).perform([openAddress(event.order!.source === 'cart' ? '/cart' : DETAIL)]);
        app.startedAt = app.server.calls.length;
        const name = event.order!.source === 'cart' ? 'Check out' : 'Buy now for 30 FruitCoins';
        const button = await main().findByRole('button', { name });
        for (let i = 0; i < 20 && button.getAttribute('aria-disabled'); i++) await settle();
        fireEvent.click(button);
        return settle();
      }
      default:
        await jsdomPerson(app).take(checkoutDriver, step.send, before);
        if (event.type === 'checkout.cancel') return;
    }
    // POST /api/my/orders with the prompts and the coupon of the order, the share link that brought the
    // buyer, and the checkout's requestId again on a retry (the model's requestId is the event's; the
    // page's is made when the checkout starts)
    const expected = checkoutModel.calls!(before, step, after);
    const sent = app.server.calls.slice(placed).map((c) => c.input as CheckoutRequest);
    const want = expected.map((c) => c.input as CheckoutRequest);
    const same =
      sent.length === want.length &&
      sent.every(
        (r, i) =>
          JSON.stringify(r.promptIds) === JSON.stringify(want[i]!.promptIds) &&
          r.couponId === want[i]!.couponId &&
          r.referral === REFERRAL,
      );
    if (!same)
      throw new Error(
        `After ${event.type}: expected the calls ${JSON.stringify(want)} but the page made ${JSON.stringify(sent)}`,
      );
    const ids = new Set(
      app.server.calls.slice(app.startedAt).map((c) => (c.input as CheckoutRequest).requestId),
    );
    if (ids.size > 1)
      throw new Error(`After ${event.type}: a retry sent another requestId than the checkout's`);
    return;
  }
  return answerStep(app.server, step, (_, output) => structuredClone(output));
}

function observeCheckout(app: CheckoutApp) {
  const open = screen.queryByRole('dialog', FAST);
  const d = open ? within(open) : null;
  const description = open?.getAttribute('aria-describedby');
  return {
    at: path(app),
    dialog:
      open && d
        ? {
            title: textOf(document.getElementById(open.getAttribute('aria-labelledby')!)!),
            text: description ? textOf(document.getElementById(description)!) : '',
            statuses: statusesIn(open),
            actions: [...d.queryAllByRole('button', FAST), ...d.queryAllByRole('link', FAST)]
              .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
              .map((c) => controlOf(c)),
          }
        : null,
    balance: balanceShown(),
    payments: [...payments],
  };
}

interface CheckoutExpect {
  phase: CheckoutState['phase'];
  open: boolean;
  openOnCart: boolean;
  openOnBuyNow: boolean;
  order: SampleOrder | null;
  result: { paymentUrl: string | null; balance: number } | null;
  error: string | null;
  heard: string[];
  payments: string[];
}

const coins = (n: number) => `${n} FruitCoins`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function shownInCheckout(expected: unknown, s: CheckoutState) {
  const e = expected as CheckoutExpect;
  const at = s.order === 'buyNow' ? DETAIL : s.order === 'cart' ? '/cart' : '/';
  const common = { balance: String(lastBalance(e.heard)), payments: e.payments };
  if (!e.open || !e.order) return { at, dialog: null, ...common };
  const order = e.order;
  const buyNow = order.source === 'buyNow';
  const confirm = buyNow ? `Spend ${coins(order.fruit)}` : 'Place order';
  const review = buyNow
    ? `Your balance goes from ${coins(order.balance)} to ${coins(order.balance - order.fruit)}. The prompt unlocks at once and stays on your account.`
    : `${coins(order.fruit)} from your balance, now ${dollars(order.totalCents)} by card, on the payment page next`;
  // a refusal for want of FruitCoins (the server's words, domain/commerce.ts) leads to Buy FruitCoins
  const short = e.phase === 'refused' && isNotEnoughFruit(e.error);
  const dialogs: Record<
    CheckoutState['phase'],
    { title: string; text: string; statuses: string[]; actions: string[] }
  > = {
    idle: { title: '', text: '', statuses: [], actions: [] },
    reviewing: { title: '', text: review, statuses: [], actions: [confirm, 'Cancel'] },
    placing: {
      title: '',
      text: review,
      statuses: ['Placing your order…'],
      actions: [`${confirm} (disabled, busy)`, 'Cancel (disabled)'],
    },
    retryable: {
      title: 'Your order was not placed',
      text: e.error ?? '',
      statuses: [],
      actions: ['Try again', 'Close'],
    },
    refused: {
      title: 'Your order was not placed',
      text: e.error ?? '',
      statuses: [],
      actions: [...(short ? ['Buy FruitCoins'] : []), 'Close'],
    },
    redirecting: {
      title: 'Off to the payment page',
      text: `Pay ${dollars(order.totalCents)} for your premium prompts.`,
      statuses: ['Taking you to the payment page…'],
      actions: ['Continue to payment', 'Close'],
    },
    done: {
      title: buyNow ? 'Prompt unlocked' : 'Order complete',
      text: 'Your order is placed.',
      statuses: [
        buyNow ? 'The prompt is unlocked on your account.' : 'Your prompts are unlocked on your account.',
      ],
      actions: ['Done'],
    },
  };
  const shown = dialogs[e.phase];
  return {
    at,
    dialog: {
      ...shown,
      title:
        shown.title || (buyNow ? `Spend ${coins(order.fruit)} on “${order.title}”?` : 'Confirm your order'),
    },
    ...common,
  };
}

const checkoutPaths = pagePaths(checkoutModel, canTakeInCheckout);

describe(`checkout on the page against ${checkoutModel.spec}`, () => {
  for (const walk of checkoutPaths) {
    it(
      walk.title,
      () =>
        replaySpecPathOnPage(
          checkoutModel,
          {
            start: async () => {
              localStorage.setItem(
                LOCAL_KEYS.referral,
                JSON.stringify({ shortUrlId: REFERRAL, at: Date.now() }),
              );
              const server = fakeServer();
              const app = (await renderApp(
                '/',
                {},
                {
                  effects: effectsFor(member, {
                    fetchHomeSections: async () => [],
                    fetchCart: async () => structuredClone(CHECKOUT_CART),
                    getPrompt: async () => ({ found: true, prompt: structuredClone(lockedPrompt) }),
                    checkout: server.call('placeOrder'),
                  }),
                },
              )) as CheckoutApp;
              Object.assign(app, { server, startedAt: 0 });
              return app;
            },
            perform: performInCheckout,
            observe: observeCheckout,
            shown: shownInCheckout,
            stop: (app) => app.system.stop(),
          },
          walk,
        ),
      PATH_TIMEOUT,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// paymentResult: the paid and the pending page, the poll on a fake clock

const paymentModel = paymentResultSpec();
const stale = (s: PaymentResultState) => Object.values(s.stale).reduce((a, b) => a + b, 0);

function canTakeOnPaymentPages(
  step: SpecStep,
  before: PaymentResultState,
  after: PaymentResultState,
): boolean {
  if (
    'fail' in step &&
    step.error === NOT_FOUND &&
    before.phase !== 'loading' &&
    before.phase !== 'confirming'
  )
    return false;
  // at most one abandoned call at a time, and only a page left abandons one
  if (stale(after) > stale(before) && !('send' in step && step.send.type === 'payment.close')) return false;
  if ('send' in step && step.send.type === 'payment.close' && stale(before) > 0) return false;
  // a page is opened coming from elsewhere, or another order's over a pending one
  if ('send' in step && /^payment\.open/.test(step.send.type) && before.phase !== 'idle')
    return (
      (step.send as unknown as { orderId: string }).orderId === '13' &&
      stale(before) === 0 &&
      (before.phase === 'watching' || before.phase === 'loading')
    );
  return true;
}

/** The model's order as GET /api/my/orders/:id answers it: a premium prompt's order, same payment. */
const appOrder = (o: OrderDetail): OrderDetail => ({
  ...orderFixture(o.id, o.status, [5]),
  payment: o.payment,
});

const paymentShapes = (effect: string, output: unknown): unknown => {
  if (effect === 'payOrder') {
    const answer = output as { paymentUrl: string; order: OrderDetail };
    return { paymentUrl: answer.paymentUrl, order: appOrder(answer.order) };
  }
  return appOrder(output as OrderDetail);
};

interface PaymentApp extends App {
  server: ReturnType<typeof fakeServer>;
}

async function performOnPaymentPages(app: PaymentApp, step: SpecStep, before: PaymentResultState) {
  if ('wait' in step) {
    await act(() => vi.advanceTimersByTimeAsync(step.wait));
    await settle();
    return;
  }
  if (!('send' in step)) return answerStep(app.server, step, paymentShapes);
  return jsdomPerson(app).take(paymentResultDriver, step.send, before);
}

function observePaymentPages(app: PaymentApp) {
  const onPage = /^\/(paid|pending)detail-/.test(path(app));
  const m = main();
  const confirm = screen.queryByRole('dialog', FAST);
  return {
    page: onPage
      ? {
          title: textOf(m.getAllByRole('heading', FAST)[0]!),
          statuses: statusesIn(mainElement()),
          alerts: alertsIn(mainElement()),
          buttons: buttonsIn(mainElement()).filter((b) => !confirm || !buttonsIn(confirm).includes(b)),
          dialog: confirm
            ? {
                title: textOf(document.getElementById(confirm.getAttribute('aria-labelledby')!)!),
                buttons: buttonsIn(confirm),
              }
            : null,
        }
      : null,
    payments: [...payments],
  };
}

interface PaymentExpect {
  phase: string;
  order: OrderDetail | null;
  error: string | null;
  actionError: string | null;
  payments: string[];
}

const PENDING_STATUS: Record<string, string> = {
  watching: 'Waiting for the payment. This page updates by itself.',
  confirmingCancel: 'Waiting for the payment. This page updates by itself.',
  checking: 'Checking the payment…',
  reconfirming: 'Checking the payment…',
  stale: 'We stopped checking by ourselves. Check again when you have paid.',
  cancelling: 'Cancelling the order…',
  paying: 'Opening the payment page…',
};

function shownOnPaymentPages(expected: unknown, s: PaymentResultState) {
  const e = expected as PaymentExpect;
  const paid = s.page === 'paid';
  const id = s.orderId;
  const card = (
    title: string,
    statuses: string[],
    more: {
      alerts?: string[];
      buttons?: string[];
      dialog?: { title: string; buttons: string[] } | null;
    } = {},
  ) => ({
    title,
    statuses,
    alerts: more.alerts ?? [],
    buttons: more.buttons ?? [],
    dialog: more.dialog ?? null,
  });
  const page = (() => {
    if (s.phase === 'idle') return null;
    switch (e.phase) {
      case 'loading':
        return card(paid ? 'Confirming your payment' : `Order #${id}`, [
          paid ? 'Confirming your payment with the server…' : 'Loading your order…',
        ]);
      case 'failed':
        return card(paid ? "We couldn't confirm this payment" : "We couldn't load this order", [], {
          alerts: [e.error!],
          buttons: ['Try again'],
        });
      case 'paid':
        return card('Payment received', [
          `Order #${e.order!.id} is paid. Its prompts are unlocked on your account: open one to use it.`,
        ]);
      case 'cancelled':
        return card('Order cancelled', [
          `Order #${e.order!.id} is cancelled and nothing was charged. Its prompts are back in your cart, and its coupon can be used again.`,
        ]);
      case 'redirecting':
        return card('Off to the payment page', ['Taking you to the payment page…']);
      default: {
        const busy = e.phase === 'cancelling' || e.phase === 'paying';
        const cancelDialog = e.phase === 'confirmingCancel' || e.phase === 'cancelling';
        return card('Payment pending', [PENDING_STATUS[e.phase]!], {
          alerts: e.actionError ? [e.actionError] : [],
          buttons: [
            `Pay now${busy ? ` (disabled${e.phase === 'paying' ? ', busy' : ''})` : ''}`,
            `Cancel order${busy ? ` (disabled${e.phase === 'cancelling' ? ', busy' : ''})` : ''}`,
            ...(e.phase === 'stale' ? ['Check again'] : []),
          ],
          dialog: cancelDialog
            ? {
                title: `Cancel order #${id}?`,
                buttons:
                  e.phase === 'cancelling'
                    ? ['Yes, cancel the order (disabled, busy)', 'Keep the order (disabled)']
                    : ['Yes, cancel the order', 'Keep the order'],
              }
            : null,
        });
      }
    }
  })();
  return { page, payments: e.payments };
}

const paymentPaths = [...pagePaths(paymentModel, canTakeOnPaymentPages), ...followedPaths(paymentModel)];

describe(`paymentResult on the page against ${paymentModel.spec}`, () => {
  for (const walk of paymentPaths) {
    it(
      walk.title,
      () =>
        replaySpecPathOnPage(
          paymentModel,
          {
            start: async () => {
              const server = fakeServer();
              const app = (await renderApp(
                '/terms',
                {},
                {
                  effects: effectsFor(member, {
                    confirmOrder: server.call('confirmOrder'),
                    fetchOrder: server.call('fetchOrder'),
                    payOrder: server.call('payOrder'),
                    cancelOrder: server.call('cancelOrder'),
                  }),
                  clock: 'timers',
                },
              )) as PaymentApp;
              Object.assign(app, { server });
              // the poll's delays on a fake clock
              vi.useFakeTimers();
              return app;
            },
            perform: (app, step, before) => performOnPaymentPages(app, step, before),
            observe: observePaymentPages,
            shown: shownOnPaymentPages,
            stop: (app) => app.system.stop(),
          },
          walk,
        ),
      PATH_TIMEOUT,
    );
  }
});
