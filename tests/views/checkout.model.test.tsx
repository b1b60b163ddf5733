// The buying side's model paths (generated from cart, checkout and paymentResult themselves)
// replayed against the rendered app. Every step becomes what a person does (opening an address,
// signing in or out, clicking by role and name, choosing a coupon), a clock advance, or the
// settling of a fake commerce call; after every step the page must show the path's expected state.
//
// Left to the machine tests (tests/machines/*.test.ts): `cart.reload` and `cart.checkedOut` (sent
// by the checkout and payment actors, covered end to end in tests/views/cart.test.tsx), paths a
// person cannot walk (changing the cart page's coupon while on another page), and the pending
// order's `stale` state (20 checks, a minute of polling).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartContext } from '../../machines/commerce/cart.ts';
import type { CheckoutContext, CheckoutOrder } from '../../machines/commerce/checkout.ts';
import type { PromptPage } from '../../domain/catalog.ts';
import type { Cart, CheckoutRequest, CheckoutResult, Coupon, OrderDetail } from '../../domain/commerce.ts';
import type { PaymentResultContext } from '../../machines/commerce/payment-result.ts';
import type { AuthMarks } from '../../domain/session-rules.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { paymentPage } from '../../src/commerce/checkout-logic.ts';
import { stateString } from '../../machines/system/selectors.ts';
import { cartOf } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
import type { ModelPath } from '../support/model.ts';
import { cartPageModel, cartPages, type CartPage } from '../models/cart.ts';
import { checkoutPageModel } from '../models/checkout.ts';
import { paymentResultPageModel } from '../models/payment-result.ts';
import { pathsOf } from '../models/types.ts';
import { controllable, settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

/** Paths a longer one extends are replayed inside it, step by step. */
const longestOnly = (paths: ModelPath[]): ModelPath[] =>
  paths.filter((p) => !paths.some((q) => q !== p && q.description.startsWith(`${p.description} · `)));

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

type Fake<T> = ReturnType<typeof controllable<unknown[], T>>;

/** Settles the newest pending call (an earlier one belongs to an invocation already left). */
async function settleLatest<T>(fake: Fake<T>, outcome: { output: T } | { error: unknown }) {
  const next = fake.pending.pop();
  if (!next) throw new Error('No pending call to settle');
  fake.pending.length = 0;
  await act(async () => {
    if ('output' in outcome) next.resolve(outcome.output);
    else next.reject(outcome.error);
  });
  await settle();
  await settle();
}

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

const main = () => within(screen.getByRole('main'));

// ---------------------------------------------------------------------------------------------
// cart: cards add, the cart page shows, removes and applies coupons; the session loads and clears

const CARDS: Record<number, string> = { 7: 'Copper Forest Dawn', 9: 'Glass Orchard' };
const cardsPage: PromptPage = {
  data: [
    cardFixture(7, { title: CARDS[7], grade: 1, priceFruit: 30, hasAccess: 0 }),
    cardFixture(9, { title: CARDS[9], grade: 2, priceCents: 900, hasAccess: 0 }),
  ],
  total: 2,
  page: 1,
  pageSize: 24,
};

const cartPaths = longestOnly(pathsOf(cartPageModel));

interface CartFakes {
  fetchCart: Fake<Cart>;
  addToCart: Fake<Cart>;
  removeFromCart: Fake<Cart>;
  fetchCoupons: Fake<Coupon[]>;
}

async function startCartApp() {
  const fakes: CartFakes = {
    fetchCart: controllable<unknown[], Cart>(),
    addToCart: controllable<unknown[], Cart>(),
    removeFromCart: controllable<unknown[], Cart>(),
    fetchCoupons: controllable<unknown[], Coupon[]>(),
  };
  const app = await renderApp(
    '/terms',
    {},
    {
      effects: effectsFor(
        { status: 'none' },
        {
          listPrompts: async () => structuredClone(cardsPage),
          fetchCart: fakes.fetchCart.fn as AppEffects['fetchCart'],
          addToCart: fakes.addToCart.fn as AppEffects['addToCart'],
          removeFromCart: fakes.removeFromCart.fn as AppEffects['removeFromCart'],
          fetchCoupons: fakes.fetchCoupons.fn as AppEffects['fetchCoupons'],
        },
      ),
    },
  );
  return { app, fakes };
}

type App = Awaited<ReturnType<typeof renderApp>>;

async function open(app: App, href: string) {
  await act(async () => {
    await app.router.navigate({ href });
  });
  await settle();
}

let signIns = 0;

async function performCart(
  app: App,
  fakes: CartFakes,
  event: AnyEventObject,
  from: CartPage,
  to: CartPage,
  before: CartContext | undefined,
) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'cart.load': {
      if (from === 'cart') await open(app, '/terms');
      signIns++;
      act(() =>
        systemActor(app.system, 'session').send({
          type: 'session.signedIn',
          token: `tok-${signIns}`,
          userData: { userId: 'u-1', providerUsername: 'Mina Member', fruitCnt: 100 },
          now: Date.now(),
        }),
      );
      await settle();
      return;
    }
    case 'cart.clear':
      act(() => systemActor(app.system, 'session').send({ type: 'session.logout' }));
      await settle();
      await settle();
      return;
    case 'cart.open':
      if (from === 'cart') await open(app, '/terms');
      await open(app, '/cart');
      await screen.findByRole('heading', { level: 1, name: 'Cart' });
      await settle();
      return;
    case 'cart.add': {
      if (from !== 'cards') await open(app, '/');
      const title = CARDS[event.promptId as number]!;
      const card = (await screen.findByRole('link', { name: title })).closest('article')!;
      await app.user.click(within(card).getByRole('button', { name: `Add to cart: ${title}` }));
      const dialog = screen.queryByRole('dialog', { name: /Log in to/ });
      if (dialog) {
        // a visitor was asked to log in: close the dialog again
        await app.user.keyboard('{Escape}');
        await settle();
      }
      return;
    }
    case 'cart.remove':
      return app.user.click(main().getByRole('button', { name: 'Remove Neon Koi Pond from cart' }));
    case 'cart.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'cart.couponsRetry':
      return app.user.click(main().getByRole('button', { name: 'Reload coupons' }));
    case 'cart.applyCoupon':
      return app.user.selectOptions(
        main().getByRole('combobox', { name: 'Coupon' }),
        'SAVE11: 20% off premium prompts',
      );
    case 'cart.clearCoupon':
      return app.user.selectOptions(main().getByRole('combobox', { name: 'Coupon' }), 'No coupon');
    case 'xstate.done.actor.fetchCart':
      return settleLatest(fakes.fetchCart, { output: structuredClone(event.output as Cart) });
    case 'xstate.error.actor.fetchCart':
      return settleLatest(fakes.fetchCart, { error: event.error });
    case 'xstate.done.actor.changeCart':
    case 'xstate.error.actor.changeCart': {
      const fake = before?.queue[0]?.op === 'remove' ? fakes.removeFromCart : fakes.addToCart;
      return settleLatest(
        fake,
        event.type.startsWith('xstate.done')
          ? { output: structuredClone(event.output as Cart) }
          : { error: event.error },
      );
    }
    case 'xstate.done.actor.fetchCoupons':
      return settleLatest(fakes.fetchCoupons, { output: structuredClone(event.output as Coupon[]) });
    case 'xstate.error.actor.fetchCoupons':
      return settleLatest(fakes.fetchCoupons, { error: event.error });
    default:
      throw new Error(`No user action for ${event.type} (to ${to})`);
  }
}

async function expectCartShows(
  expected: AnyMachineSnapshot,
  page: CartPage,
  event: AnyEventObject,
  before?: CartContext,
) {
  const c = expected.context as CartContext;
  if (event.type === 'xstate.done.actor.changeCart' && before?.queue[0]?.op === 'add')
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.changeCart')
    expect(await screen.findByText('You already own this prompt.')).toBeInTheDocument();

  if (page === 'cart') {
    if (expected.matches('signedOut')) {
      expect(main().getByRole('heading', { name: 'Log in to see your cart' })).toBeInTheDocument();
      return;
    }
    const root = document.querySelector('.cart');
    expect(root).toHaveAttribute('data-state', stateString(expected.value));
    const failed = expected.matches({ active: { cart: 'failed' } });
    if (!c.cart) {
      if (failed) {
        expect(main().getByRole('heading', { name: "We couldn't load your cart" })).toBeInTheDocument();
        expect(main().getByRole('alert')).toHaveTextContent(c.error ?? '');
      } else {
        expect(root?.querySelector('[role="status"]')).toHaveTextContent('Loading your cart…');
      }
      return;
    }
    const items = main().getByRole('list', { name: 'Prompts in your cart' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(c.cart.items.length);
    for (const item of c.cart.items)
      expect(within(items).getByRole('link', { name: item.title })).toBeInTheDocument();
    if (failed) expect(main().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else expect(main().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const removing = c.queue.some((q) => q.op === 'remove' && q.promptId === 3);
    const remove = main().getByRole('button', { name: 'Remove Neon Koi Pond from cart' });
    if (removing) expect(remove).toHaveAttribute('aria-busy', 'true');
    else expect(remove).not.toHaveAttribute('aria-busy');
    const picker = main().getByRole('combobox', { name: 'Coupon' });
    expect(picker).toHaveValue(c.couponId === null ? '' : String(c.couponId));
    expect(within(picker).getAllByRole('option')).toHaveLength(c.coupons.length + 1);
    if (expected.matches({ active: { coupons: 'loading' } }))
      expect(main().getByText('Loading your coupons…')).toBeInTheDocument();
    if (expected.matches({ active: { coupons: 'failed' } }))
      expect(main().getByRole('button', { name: 'Reload coupons' })).toBeInTheDocument();
    else expect(main().queryByRole('button', { name: 'Reload coupons' })).not.toBeInTheDocument();
    return;
  }
  if (page === 'cards') {
    for (const [id, title] of Object.entries(CARDS)) {
      const card = (await screen.findByRole('link', { name: title })).closest('article')!;
      const pending = c.queue.find((q) => q.promptId === Number(id));
      const inCart = c.cart?.items.some((i) => i.promptId === Number(id)) && pending?.op !== 'remove';
      if (inCart) {
        expect(within(card).getByRole('link', { name: `In cart: ${title}` })).toHaveAttribute(
          'href',
          '/cart',
        );
      } else {
        const button = within(card).getByRole('button', { name: `Add to cart: ${title}` });
        if (pending) expect(button).toHaveAttribute('aria-busy', 'true');
        else expect(button).not.toHaveAttribute('aria-busy');
      }
    }
  }
}

describe('cart: model paths replayed on the cards and the cart page', () => {
  it('reaches every state of the cart', () => {
    const reached = new Set(cartPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect(reached).toContain('"signedOut"');
    for (const cart of ['loading', { ready: 'idle' }, { ready: 'changing' }, 'failed'])
      expect([...reached].some((v) => v.includes(JSON.stringify(cart)))).toBe(true);
    for (const coupons of ['idle', 'loading', 'loaded', 'failed'])
      expect([...reached].some((v) => v.includes(`"coupons":"${coupons}"`))).toBe(true);
  });

  for (const path of cartPaths) {
    it(path.description, async () => {
      const pages = cartPages(path)!;
      const { app, fakes } = await startCartApp();
      for (const [i, step] of path.steps.entries()) {
        const before = path.steps[i - 1]?.state.context as CartContext | undefined;
        await performCart(app, fakes, step.event, pages[i - 1] ?? 'other', pages[i]!, before);
        await expectCartShows(step.state, pages[i]!, step.event, before);
      }
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// checkout: "Check out" on the cart, "Buy now" on a locked FruitCoin prompt

const lockedPrompt = fullFixture(7, { title: 'Copper Forest Dawn', grade: 1, priceFruit: 30, hasAccess: 0 });
lockedPrompt.promptDetail = { ...lockedPrompt.promptDetail, template: null, slugId: 'copper-forest-dawn-7' };

const checkoutPaths = longestOnly(pathsOf(checkoutPageModel));

async function performCheckout(
  app: App,
  place: Fake<CheckoutResult>,
  event: AnyEventObject,
  state: AnyMachineSnapshot,
) {
  const dialog = () => within(screen.getByRole('dialog'));
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'checkout.start': {
      if ((event.order as CheckoutOrder).source === 'cart') {
        await open(app, '/cart');
        const button = await main().findByRole('button', { name: 'Check out' });
        await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
        return app.user.click(button);
      }
      await open(app, '/detail/copper-forest-dawn-7');
      const buy = await main().findByRole('button', { name: 'Buy now for 30 FruitCoins' });
      await waitFor(() => expect(buy).not.toHaveAttribute('aria-disabled'));
      return app.user.click(buy);
    }
    case 'checkout.confirm':
      return app.user.click(
        dialog().getByRole('button', {
          name:
            (state.context as CheckoutContext).order?.source === 'buyNow'
              ? 'Spend 30 FruitCoins'
              : 'Place order',
        }),
      );
    case 'checkout.cancel':
      return app.user.click(dialog().getByRole('button', { name: /^(Cancel|Close|Done)$/ }));
    case 'checkout.retry':
      return app.user.click(dialog().getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.placeOrder':
      return settleLatest(place, { output: structuredClone(event.output as CheckoutResult) });
    case 'xstate.error.actor.placeOrder':
      return settleLatest(place, { error: event.error });
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectCheckoutShows(expected: AnyMachineSnapshot) {
  const c = expected.context as CheckoutContext;
  if (expected.matches('idle')) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    return;
  }
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveAttribute('data-state', stateString(expected.value));
  const inside = within(dialog);
  const buyNow = c.order?.source === 'buyNow';
  if (expected.matches('reviewing') || expected.matches('placing')) {
    expect(dialog).toHaveAccessibleName(
      buyNow ? 'Spend 30 FruitCoins on “Copper Forest Dawn”?' : 'Confirm your order',
    );
    const confirm = inside.getByRole('button', { name: buyNow ? 'Spend 30 FruitCoins' : 'Place order' });
    if (expected.matches('placing')) {
      expect(confirm).toHaveAttribute('aria-disabled', 'true');
      expect(inside.getByRole('status')).toHaveTextContent('Placing your order…');
    } else expect(confirm).not.toHaveAttribute('aria-disabled');
  } else if (expected.matches('failed')) {
    expect(dialog).toHaveAccessibleName('Your order was not placed');
    expect(inside.getByRole('alert')).toHaveTextContent(c.error ?? '');
    if (expected.matches({ failed: 'retryable' }))
      expect(inside.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else expect(inside.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  } else if (expected.matches('redirecting')) {
    expect(dialog).toHaveAccessibleName('Off to the payment page');
    expect(inside.getByRole('status')).toHaveTextContent('Taking you to the payment page…');
    expect(payments.at(-1)).toBe(c.result?.paymentUrl);
  } else if (expected.matches('done')) {
    expect(dialog).toHaveAccessibleName(buyNow ? 'Prompt unlocked' : 'Order complete');
  }
}

describe('checkout: model paths replayed on the cart and the detail page', () => {
  it('reaches every state of the checkout', () => {
    const reached = new Set(checkoutPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of [
      'idle',
      'reviewing',
      'placing',
      { failed: 'retryable' },
      { failed: 'refused' },
      'redirecting',
      'done',
    ])
      expect(reached).toContain(JSON.stringify(v));
  });

  for (const path of checkoutPaths) {
    it(path.description, async () => {
      const place = controllable<unknown[], CheckoutResult>();
      const app = await renderApp(
        '/terms',
        {},
        {
          effects: effectsFor(member, {
            fetchCart: async () => cartOf([3, 5]),
            getPrompt: async () => ({ found: true, prompt: structuredClone(lockedPrompt) }),
            checkout: place.fn as AppEffects['checkout'],
          }),
        },
      );
      for (const [i, step] of path.steps.entries()) {
        await performCheckout(app, place, step.event, path.steps[i - 1]?.state ?? step.state);
        expectCheckoutShows(step.state);
      }
      // one attempt, one requestId: a retry sends the same one again
      const calls = place.fn.mock.calls as unknown as [CheckoutRequest][];
      const starts = path.steps.filter((s) => s.event.type === 'checkout.start').length;
      expect(new Set(calls.map(([r]) => r.requestId)).size).toBeLessThanOrEqual(starts);
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// paymentResult: the paid and the pending page (the poll on a fake clock)

const PAID_PAGE = '/paiddetail-42-cs_test_1.html';
const PENDING_PAGE = '/pendingdetail-42.html';

const paymentPaths = longestOnly(pathsOf(paymentResultPageModel));

interface PaymentFakes {
  confirmOrder: Fake<OrderDetail>;
  fetchOrder: Fake<OrderDetail>;
  payOrder: Fake<{ paymentUrl: string; order: OrderDetail }>;
  cancelOrder: Fake<OrderDetail>;
}

async function performPayment(app: App, fakes: PaymentFakes, event: AnyEventObject, at: { page: string }) {
  // a click as the browser dispatches it (user-event's own pauses would wait on the fake clock)
  const click = async (name: string) => {
    const button = screen.getByRole('button', { name });
    act(() => void fireEvent.click(button));
    await settle();
  };
  const go = async (href: string) => {
    // the same address again is another visit: leave first (the page says goodbye with payment.close)
    if (at.page === href) await open(app, '/terms');
    await open(app, href);
    at.page = href;
  };
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'payment.openPaid':
      return go(PAID_PAGE);
    case 'payment.openPending':
      return go(PENDING_PAGE);
    case 'payment.close':
      at.page = '/terms';
      return open(app, '/terms');
    case 'payment.retry':
      return click('Try again');
    case 'payment.refresh':
      return click('Check again');
    case 'payment.pay':
      return click('Pay now');
    case 'payment.cancel':
      return click('Cancel order');
    case 'payment.cancelConfirm':
      return click('Yes, cancel the order');
    case 'payment.cancelAbort':
      return click('Keep the order');
    default:
      if (event.type.startsWith('xstate.after.')) {
        await act(() => vi.advanceTimersByTimeAsync(3000));
        await settle();
        return;
      }
      for (const name of ['confirmOrder', 'fetchOrder', 'payOrder', 'cancelOrder'] as const) {
        if (event.type === `xstate.done.actor.${name}`)
          return settleLatest(fakes[name] as Fake<unknown>, { output: structuredClone(event.output) });
        if (event.type === `xstate.error.actor.${name}`)
          return settleLatest(fakes[name] as Fake<unknown>, { error: event.error });
      }
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectPaymentShows(expected: AnyMachineSnapshot) {
  const c = expected.context as PaymentResultContext;
  const card = document.querySelector('.status-card');
  if (expected.matches('idle')) {
    expect(card).toBeNull();
    return;
  }
  expect(card).toHaveAttribute('data-state', stateString(expected.value));
  const inCard = within(card as HTMLElement);
  if (expected.hasTag('loading')) {
    expect(inCard.getByRole('status')).toHaveTextContent(
      c.page === 'paid' ? 'Confirming your payment with the server…' : 'Loading your order…',
    );
  } else if (expected.matches('failed')) {
    expect(inCard.getByRole('alert')).toHaveTextContent(c.error ?? '');
    expect(inCard.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  } else if (expected.matches('paid')) {
    expect(inCard.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: 'Art Deco Lobby' })).toBeInTheDocument();
  } else if (expected.matches('cancelled')) {
    expect(inCard.getByRole('heading', { name: 'Order cancelled' })).toBeInTheDocument();
  } else if (expected.matches('redirecting')) {
    expect(inCard.getByRole('status')).toHaveTextContent('Taking you to the payment page…');
    expect(payments.at(-1)).toBe('/dev-pay/cs_test_2');
  } else {
    expect(inCard.getByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    const busy = expected.matches({ pending: 'cancelling' }) || expected.matches({ pending: 'paying' });
    const pay = inCard.getByRole('button', { name: 'Pay now' });
    if (busy) expect(pay).toHaveAttribute('aria-disabled', 'true');
    else expect(pay).not.toHaveAttribute('aria-disabled');
    if (c.actionError) expect(inCard.getByRole('alert')).toHaveTextContent(c.actionError);
    else expect(inCard.queryByRole('alert')).not.toBeInTheDocument();
    const confirm = screen.queryByRole('dialog', { name: 'Cancel order #42?' });
    if (expected.matches({ pending: 'confirmingCancel' }) || expected.matches({ pending: 'cancelling' }))
      expect(confirm).toBeInTheDocument();
    else expect(confirm).not.toBeInTheDocument();
  }
}

describe('paymentResult: model paths replayed on the paid and pending pages', () => {
  it('reaches every state but the stale one (a minute of polling, tested on the actor)', () => {
    const reached = new Set(paymentPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of [
      'idle',
      'confirming',
      'loading',
      'failed',
      'paid',
      'cancelled',
      'redirecting',
      ...['watching', 'checking', 'reconfirming', 'confirmingCancel', 'cancelling', 'paying'].map((sub) => ({
        pending: sub,
      })),
    ])
      expect(reached).toContain(JSON.stringify(v));
  });

  for (const path of paymentPaths) {
    it(path.description, async () => {
      const fakes: PaymentFakes = {
        confirmOrder: controllable<unknown[], OrderDetail>(),
        fetchOrder: controllable<unknown[], OrderDetail>(),
        payOrder: controllable<unknown[], { paymentUrl: string; order: OrderDetail }>(),
        cancelOrder: controllable<unknown[], OrderDetail>(),
      };
      const app = await renderApp(
        '/terms',
        {},
        {
          effects: effectsFor(member, {
            confirmOrder: fakes.confirmOrder.fn as AppEffects['confirmOrder'],
            fetchOrder: fakes.fetchOrder.fn as AppEffects['fetchOrder'],
            payOrder: fakes.payOrder.fn as AppEffects['payOrder'],
            cancelOrder: fakes.cancelOrder.fn as AppEffects['cancelOrder'],
          }),
        },
      );
      // the poll's delays on a fake clock
      vi.useFakeTimers();
      const at = { page: '/terms' };
      for (const step of path.steps) {
        await performPayment(app, fakes, step.event, at);
        expectPaymentShows(step.state);
      }
      app.system.stop();
    });
  }
});
