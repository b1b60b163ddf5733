// The history machines' model paths (tests/support/history-models.ts, the same ones replayed on
// live actors) replayed against the rendered app with a member signed in. Each step becomes what a
// person does (opening an address, clicking by role and name) or the settling of a fake API call,
// and after every step the page must show what the path's expected state holds.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CouponsContext } from '../../machines/commerce/coupons.ts';
import type {
  Coupon,
  CouponStatus,
  ExchangeOffer,
  ExchangeResult,
  LedgerPage,
  OrderDetail,
  OrderPage,
  OrderStatus,
} from '../../domain/commerce.ts';
import {
  chosenOffer,
  EXCHANGE_MESSAGES,
  type ExchangeAnswer,
  type ExchangeContext,
} from '../../machines/commerce/exchange.ts';
import type { FruitHistoryContext } from '../../machines/commerce/fruit-history.ts';
import type { OrderDetailContext, OrderLookup } from '../../machines/commerce/order-detail.ts';
import type { OrderListContext, OrderQuery } from '../../machines/commerce/order-list.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { ApiError } from '../../src/platform/api.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { externalPage } from '../../src/commerce/history-logic.ts';
import { coinsText } from '../../src/commerce/history-parts.tsx';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import {
  couponsModel,
  exchangeModel,
  fruitHistoryModel,
  orderDetailModel,
  orderListModel,
  type HistoryModel,
} from '../support/history-models.ts';
import { controlledActors, modelPaths, type ModelPath } from '../support/model.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import {
  open,
  resolveLatest,
  rejectLatest,
  main,
  region,
  type Fake,
  expectLoadFailed,
  expectLoading,
} from './support/replay.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

/** Paths a longer one extends are replayed inside it, step by step. */
const longestOnly = (paths: ModelPath[]): ModelPath[] =>
  paths.filter((p) => !paths.some((q) => q !== p && q.description.startsWith(`${p.description} · `)));

const pathsOf = (model: HistoryModel, maxSteps = model.maxSteps) =>
  longestOnly(
    modelPaths(model.machine.provide({ actors: controlledActors(model.actors).actors as never }), {
      samples: model.samples,
      serializeState: model.serialize,
    }).filter((p) => p.steps.length <= maxSteps),
  );

const MEMBER_BALANCE = 650;

/** The app on a page with no history machine, a member already signed in (restored at start). */
async function startApp(effects: Partial<AppEffects>) {
  // the cart tells the session the balance too: the same fake server says the same balance
  const base = fakeEffects({
    fetchCart: async () => ({ ...emptyCart(), balance: MEMBER_BALANCE }),
    ...effects,
  });
  const restored: Restored = {
    status: 'valid',
    token: 'a.b.c',
    socialLogin: false,
    user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: MEMBER_BALANCE },
  };
  const app = await renderApp(
    '/terms',
    {},
    {
      effects: base,
      restored,
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  await screen.findByRole('link', { name: `FruitCoin balance: ${MEMBER_BALANCE}` });
  return app;
}

type App = Awaited<ReturnType<typeof startApp>>;

const OFFLINE = "Can't reach FruitPrompt right now.";

// ---------------------------------------------------------------------------------------------
// orderList: /orders

type OrdersFake = Fake<[Parameters<AppEffects['fetchOrders']>[0]], OrderPage>;

async function performOrders(app: App, fake: OrdersFake, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'orders.load': {
      const query = event.query as OrderQuery;
      const params = new URLSearchParams();
      if (query.page > 1) params.set('page', String(query.page));
      if (query.status) params.set('status', query.status);
      const search = params.toString();
      return open(app, `/orders${search ? `?${search}` : ''}`);
    }
    case 'xstate.done.actor.fetchOrders':
      return resolveLatest(fake, event.output as OrderPage);
    case 'xstate.error.actor.fetchOrders':
      return rejectLatest(fake, event.error);
    case 'orders.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

const EMPTY_ORDERS: Record<OrderStatus, string> = {
  pending: 'No orders awaiting payment',
  paid: 'No paid orders',
  cancelled: 'No cancelled orders',
};

function expectOrdersShow(expected: AnyMachineSnapshot) {
  const context = expected.context as OrderListContext;
  const section = region('Orders');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your orders…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  expect(section).toHaveAttribute('aria-busy', 'false');
  const filters = within(inside.getByRole('navigation', { name: 'Order status' }));
  const current = context.query.status
    ? { pending: 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled' }[context.query.status]
    : 'All orders';
  expect(filters.getByRole('link', { current: 'page' })).toHaveAccessibleName(current);
  const page = context.page!;
  if (page.data.length === 0) {
    const title = context.query.status ? EMPTY_ORDERS[context.query.status] : 'No orders yet';
    expect(inside.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    return;
  }
  expect(inside.getAllByRole('article')).toHaveLength(page.data.length);
  for (const order of page.data)
    expect(inside.getByRole('link', { name: `Order #${order.id}` })).toHaveAttribute(
      'href',
      `/order-detail/${order.id}`,
    );
  const pages = Math.ceil(page.total / page.pageSize);
  if (pages > 1) {
    const pagination = within(inside.getByRole('navigation', { name: 'Pagination' }));
    expect(pagination.getByText(`Page ${page.page} of ${pages}`)).toBeInTheDocument();
    expect(pagination.queryByRole('link', { current: 'page' })).toBeNull();
  }
}

describe('orderList: model paths replayed on /orders', () => {
  for (const path of pathsOf(orderListModel)) {
    it(path.description, async () => {
      const fake: OrdersFake = controllable();
      const app = await startApp({ fetchOrders: fake.fn });
      for (const step of path.steps) {
        await performOrders(app, fake, step.event);
        expectOrdersShow(step.state);
      }
      const loads = path.steps.filter((s) => s.event.type === 'orders.load');
      if (loads.length > 0) {
        const last = loads.at(-1)!.event.query as OrderQuery;
        expect(fake.fn).toHaveBeenLastCalledWith({ ...last, pageSize: 10 });
      }
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// orderDetail: /order-detail/42

interface DetailFakes {
  fetchOrder: Fake<[{ orderId: string }], OrderDetail>;
  payOrder: Fake<[{ orderId: string }], { paymentUrl: string; order: OrderDetail }>;
  cancelOrder: Fake<[{ orderId: string }], OrderDetail>;
}

async function performDetail(app: App, fakes: DetailFakes, event: AnyEventObject) {
  const dialog = () => within(screen.getByRole('dialog'));
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'order.load':
      return open(app, `/order-detail/${event.orderId as string}`);
    case 'xstate.done.actor.fetchOrder': {
      const lookup = event.output as OrderLookup;
      return lookup.found
        ? resolveLatest(fakes.fetchOrder, lookup.order)
        : rejectLatest(fakes.fetchOrder, new ApiError('Order not found', 404));
    }
    case 'xstate.error.actor.fetchOrder':
      return rejectLatest(fakes.fetchOrder, new ApiError((event.error as Error).message, 0));
    case 'order.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'order.pay':
      return app.user.click(main().getByRole('button', { name: 'Pay now' }));
    case 'xstate.done.actor.payOrder':
      return resolveLatest(fakes.payOrder, event.output as { paymentUrl: string; order: OrderDetail });
    case 'xstate.error.actor.payOrder':
      return rejectLatest(fakes.payOrder, event.error);
    case 'order.cancel':
      return app.user.click(main().getByRole('button', { name: 'Cancel order' }));
    case 'order.cancelConfirm':
      return app.user.click(dialog().getByRole('button', { name: 'Yes, cancel order' }));
    case 'order.cancelKeep':
      return app.user.click(dialog().getByRole('button', { name: 'Keep order' }));
    case 'xstate.done.actor.cancelOrder':
      return resolveLatest(fakes.cancelOrder, event.output as OrderDetail);
    case 'xstate.error.actor.cancelOrder':
      return rejectLatest(fakes.cancelOrder, event.error);
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

function expectDetailShows(expected: AnyMachineSnapshot, assign: ReturnType<typeof vi.fn>) {
  const context = expected.context as OrderDetailContext;
  const section = region('Order #42');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading the order…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  if (expected.matches('notFound')) {
    expect(inside.getByRole('heading', { level: 2, name: 'Order not found' })).toBeInTheDocument();
    expect(inside.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    return;
  }
  const order = context.order!;
  const card = within(inside.getByRole('article', { name: `Order #${order.id}` }));
  expect(card.getByText(STATUS_TEXT[order.status], { selector: '.status-badge' })).toBeInTheDocument();
  for (const item of order.items)
    expect(card.getByRole('link', { name: item.title })).toHaveAttribute('href', `/detail/${item.slugId}`);
  const dialog = screen.queryByRole('dialog', { name: `Cancel order #${order.id}?` });
  const pending = order.status === 'pending';
  if (!pending) {
    expect(card.queryByRole('button', { name: /Pay now|Opening the payment page/ })).toBeNull();
    expect(card.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  } else {
    const paying = expected.matches({ ready: 'paying' }) || expected.matches({ ready: 'redirecting' });
    const pay = card.getByRole('button', { name: paying ? 'Opening the payment page…' : 'Pay now' });
    const cancel = card.getByRole('button', { name: 'Cancel order' });
    if (expected.hasTag('busy')) {
      expect(pay).toBeDisabled();
      expect(cancel).toBeDisabled();
    } else {
      expect(pay).toBeEnabled();
      expect(cancel).toBeEnabled();
    }
  }
  if (expected.matches({ ready: 'confirmingCancel' })) {
    expect(within(dialog!).getByRole('button', { name: 'Yes, cancel order' })).toBeEnabled();
  } else if (expected.matches({ ready: 'cancelling' })) {
    expect(within(dialog!).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
  } else {
    expect(dialog).toBeNull();
  }
  if (context.actionError) expect(card.getByRole('alert')).toHaveTextContent(context.actionError);
  else expect(card.queryByRole('alert')).toBeNull();
  if (expected.matches({ ready: 'redirecting' })) expect(assign).toHaveBeenCalledWith('/dev-pay/cs_test_42');
  else expect(assign).not.toHaveBeenCalled();
}

describe('orderDetail: model paths replayed on /order-detail/42', () => {
  for (const path of pathsOf(orderDetailModel)) {
    it(path.description, async () => {
      const assign = vi.spyOn(externalPage, 'assign').mockImplementation(() => {});
      const fakes: DetailFakes = {
        fetchOrder: controllable(),
        payOrder: controllable(),
        cancelOrder: controllable(),
      };
      const app = await startApp({
        fetchOrder: fakes.fetchOrder.fn,
        payOrder: fakes.payOrder.fn,
        cancelOrder: fakes.cancelOrder.fn,
      });
      for (const step of path.steps) {
        await performDetail(app, fakes, step.event);
        expectDetailShows(step.state, assign);
        if (step.event.type === 'xstate.done.actor.cancelOrder')
          expect(
            screen.getByText('Order #42 was cancelled. Its prompts are back in your cart.'),
          ).toBeInTheDocument();
      }
      for (const fake of Object.values(fakes))
        for (const call of fake.fn.mock.calls) expect(call[0]).toEqual({ orderId: '42' });
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// fruitHistory: /fruit-transactions

type LedgerFake = Fake<[Parameters<AppEffects['fetchLedger']>[0]], LedgerPage>;

async function performLedger(app: App, fake: LedgerFake, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'fruit.load':
      return open(
        app,
        event.page === 1 ? '/fruit-transactions' : `/fruit-transactions?page=${event.page as number}`,
      );
    case 'xstate.done.actor.fetchLedger':
      return resolveLatest(fake, event.output as LedgerPage);
    case 'xstate.error.actor.fetchLedger':
      return rejectLatest(fake, event.error);
    case 'fruit.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectLedgerShows(expected: AnyMachineSnapshot, headerBalance: number) {
  const context = expected.context as FruitHistoryContext;
  const section = region('FruitCoin history');
  const header = within(screen.getByRole('banner'));
  expect(header.getByRole('link', { name: `FruitCoin balance: ${headerBalance}` })).toBeInTheDocument();
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your FruitCoin history…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  const ledger = context.ledger!;
  expect(inside.getByText(`${ledger.balance} FruitCoins`, { selector: 'strong' })).toBeInTheDocument();
  if (ledger.data.length === 0) {
    expect(inside.getByRole('heading', { level: 2, name: 'No FruitCoin activity yet' })).toBeInTheDocument();
    return;
  }
  const table = inside.getByRole('table', { name: /FruitCoin activity, newest first/ });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(ledger.data.length + 1);
  ledger.data.forEach((entry, i) => {
    const cells = within(rows[i + 1]!).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent(entry.amount > 0 ? `+${entry.amount}` : `−${-entry.amount}`);
    expect(cells[3]).toHaveTextContent(String(entry.balanceAfter));
  });
}

describe('fruitHistory: model paths replayed on /fruit-transactions', () => {
  for (const path of pathsOf(fruitHistoryModel)) {
    it(path.description, async () => {
      const fake: LedgerFake = controllable();
      const app = await startApp({ fetchLedger: fake.fn });
      // the header follows the last balance the ledger received (SPEC.md §4)
      let headerBalance = MEMBER_BALANCE;
      for (const step of path.steps) {
        await performLedger(app, fake, step.event);
        if (step.event.type === 'xstate.done.actor.fetchLedger')
          headerBalance = (step.event.output as LedgerPage).balance;
        expectLedgerShows(step.state, headerBalance);
      }
      for (const call of fake.fn.mock.calls) expect(call[0]).toMatchObject({ pageSize: 20 });
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// coupons: /coupons

type CouponsFake = Fake<[Parameters<AppEffects['fetchCoupons']>[0]], Coupon[]>;

async function performCoupons(app: App, fake: CouponsFake, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'coupons.load': {
      const tab = event.tab as CouponStatus;
      return open(app, tab === 'valid' ? '/coupons' : `/coupons?tab=${tab}`);
    }
    case 'xstate.done.actor.fetchCoupons':
      return resolveLatest(fake, event.output as Coupon[]);
    case 'xstate.error.actor.fetchCoupons':
      return rejectLatest(fake, event.error);
    case 'coupons.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

const TAB_LABEL: Record<CouponStatus, string> = { valid: 'Valid', used: 'Used', expired: 'Expired' };
const EMPTY_COUPONS: Record<CouponStatus, string> = {
  valid: 'No coupons yet',
  used: 'No used coupons',
  expired: 'No expired coupons',
};

function expectCouponsShow(expected: AnyMachineSnapshot) {
  const context = expected.context as CouponsContext;
  const section = region('Coupons');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your coupons…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  const tabs = within(inside.getByRole('navigation', { name: 'Coupon status' }));
  expect(tabs.getByRole('link', { current: 'page' })).toHaveAccessibleName(TAB_LABEL[context.tab]);
  if (context.coupons.length === 0) {
    expect(inside.getByRole('heading', { level: 2, name: EMPTY_COUPONS[context.tab] })).toBeInTheDocument();
    return;
  }
  expect(inside.getAllByRole('article')).toHaveLength(context.coupons.length);
  for (const coupon of context.coupons)
    expect(inside.getByRole('article', { name: coupon.title })).toHaveTextContent(coupon.code);
}

describe('coupons: model paths replayed on /coupons', () => {
  for (const path of pathsOf(couponsModel)) {
    it(path.description, async () => {
      const fake: CouponsFake = controllable();
      const app = await startApp({ fetchCoupons: fake.fn });
      for (const step of path.steps) {
        await performCoupons(app, fake, step.event);
        expectCouponsShow(step.state);
      }
      const loads = path.steps.filter((s) => s.event.type === 'coupons.load');
      if (loads.length > 0)
        expect(fake.fn).toHaveBeenLastCalledWith({ status: loads.at(-1)!.event.tab as string });
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// exchange: /exchange-coupons

interface ExchangeFakes {
  fetchExchangeOffers: Fake<[], { data: ExchangeOffer[]; balance: number }>;
  exchange: Fake<[{ offerId: number; requestId: string }], ExchangeResult>;
}

async function performExchange(app: App, fakes: ExchangeFakes, event: AnyEventObject) {
  const dialog = () => within(screen.getByRole('dialog'));
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'exchange.load':
      return open(app, '/exchange-coupons');
    case 'xstate.done.actor.fetchOffers':
      return resolveLatest(
        fakes.fetchExchangeOffers,
        event.output as { data: ExchangeOffer[]; balance: number },
      );
    case 'xstate.error.actor.fetchOffers':
      return rejectLatest(fakes.fetchExchangeOffers, event.error);
    case 'exchange.retryLoad':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'exchange.choose': {
      const offer = exchangeModel.samples['xstate.done.actor.fetchOffers']![0]!.output as {
        data: ExchangeOffer[];
      };
      const title = offer.data.find((o) => o.id === event.offerId)!.title;
      return app.user.click(main().getByRole('button', { name: `Exchange for ${title}` }));
    }
    case 'exchange.confirm':
      return app.user.click(dialog().getByRole('button', { name: /^Spend / }));
    case 'exchange.retry':
      return app.user.click(dialog().getByRole('button', { name: 'Try again' }));
    case 'exchange.close': {
      const button = dialog().queryByRole('button', { name: 'Choose another offer' });
      return app.user.click(button ?? dialog().getByRole('button', { name: 'Cancel' }));
    }
    case 'xstate.done.actor.exchange': {
      const answer = event.output as ExchangeAnswer;
      if (answer.ok) return resolveLatest(fakes.exchange, { coupon: answer.coupon, balance: answer.balance });
      if (answer.balance !== null)
        return rejectLatest(fakes.exchange, new ApiError(answer.message, 409, { balance: answer.balance }));
      // a 409 without the balance: it is asked for again, and that fails too
      await rejectLatest(fakes.exchange, new ApiError(answer.message, 409));
      return rejectLatest(fakes.fetchExchangeOffers, new ApiError(OFFLINE, 0));
    }
    case 'xstate.error.actor.exchange':
      return rejectLatest(fakes.exchange, new ApiError((event.error as Error).message, 0));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectExchangeShows(expected: AnyMachineSnapshot, event: AnyEventObject) {
  const context = expected.context as ExchangeContext;
  const section = region('Exchange offers');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading the exchange offers…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  expect(inside.getByText(`${context.balance} FruitCoins`, { selector: 'strong' })).toBeInTheDocument();
  for (const offer of context.offers) {
    const button = inside.getByRole('button', { name: `Exchange for ${offer.title}` });
    if (offer.fruitCost <= context.balance) expect(button).toBeEnabled();
    else {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        `You need ${coinsText(offer.fruitCost - context.balance)} more.`,
      );
    }
  }
  const received = inside.queryByRole('region', { name: 'Your new coupon' });
  if (expected.matches({ ready: 'exchanged' })) {
    expect(received).toHaveTextContent('Exchanged! Your new coupon:');
    expect(within(received!).getByRole('article', { name: context.received!.title })).toBeInTheDocument();
    expect(within(received!).getByRole('link', { name: 'See My Coupons' })).toHaveAttribute(
      'href',
      '/coupons',
    );
  } else {
    expect(received).toBeNull();
  }
  if (event.type === 'xstate.done.actor.exchange' && (event.output as ExchangeAnswer).ok)
    expect(
      screen.getByText(EXCHANGE_MESSAGES.exchanged(chosenOffer(context)!.fruitCost, context.received!.title)),
    ).toBeInTheDocument();
  const dialog = screen.queryByRole('dialog');
  if (!expected.hasTag('dialog')) {
    expect(dialog).toBeNull();
    return;
  }
  const offer = chosenOffer(context)!;
  const inDialog = within(dialog!);
  if (expected.matches({ ready: 'notEnough' })) {
    expect(dialog).toHaveAccessibleName('Not enough FruitCoins');
    expect(inDialog.getByRole('alert')).toHaveTextContent(context.notEnough ?? '');
    expect(inDialog.getByRole('button', { name: 'Choose another offer' })).toBeEnabled();
    return;
  }
  expect(dialog).toHaveAccessibleName(
    offer.couponKind === 'percent'
      ? `Spend ${offer.fruitCost} FruitCoins for a ${offer.couponValue}% off coupon?`
      : expect.stringMatching(/^Spend .* FruitCoins for a \$.* off coupon\?$/),
  );
  if (expected.matches({ ready: 'exchanging' })) {
    expect(inDialog.getByRole('button', { name: 'Exchanging…' })).toBeDisabled();
    expect(inDialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  } else if (expected.matches({ ready: 'failed' })) {
    expect(inDialog.getByRole('alert')).toHaveTextContent(context.exchangeError ?? '');
    expect(inDialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  } else {
    expect(inDialog.getByRole('button', { name: `Spend ${offer.fruitCost} FruitCoins` })).toBeEnabled();
    expect(inDialog.queryByRole('alert')).toBeNull();
  }
}

describe('exchange: model paths replayed on /exchange-coupons', () => {
  for (const path of pathsOf(exchangeModel)) {
    it(path.description, async () => {
      const fakes: ExchangeFakes = { fetchExchangeOffers: controllable(), exchange: controllable() };
      const app = await startApp({
        fetchExchangeOffers: fakes.fetchExchangeOffers.fn,
        exchange: fakes.exchange.fn,
      });
      for (const step of path.steps) {
        await performExchange(app, fakes, step.event);
        expectExchangeShows(step.state, step.event);
      }
      // a retry sends the attempt's requestId again; a new confirm makes a new one
      const ids = fakes.exchange.fn.mock.calls.map((c) => c[0].requestId);
      path.steps
        .filter((s) => s.event.type === 'exchange.confirm' || s.event.type === 'exchange.retry')
        .forEach((s, i) => {
          if (s.event.type === 'exchange.retry') expect(ids[i]).toBe(ids[i - 1]);
          else if (i > 0) expect(ids[i]).not.toBe(ids[i - 1]);
        });
      app.system.stop();
    });
  }
});
