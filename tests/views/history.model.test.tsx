// The history pages against their independent models (issue 17): the paths of tests/models/spec/
// order-list.ts, order-detail.ts, fruit-history.ts, coupons.ts and exchange.ts, written from docs/requirements.md,
// replayed on the whole app in jsdom with a member signed in. Each step becomes what a person does
// (opening the page's address, clicking a button by role and name) or the answer of a fake call (the
// oldest one still out, as the model has it: calls the page left behind answer first); after every step
// what the page shows, read from the DOM, must equal what the model expects, and the calls the step
// made must be the ones the model names.
//
// Left to the machine replays (tests/machines/<name>.model.test.ts), which walk every path:
// - the model's tags and the call under way (`running`): the page shows what they mean (the skeleton,
//   a busy section, disabled buttons), not their names; what the order's page tells the cart and the
//   cart badge after a cancel (no text of this page says it; its toast is checked here);
// - steps nobody can take on the page (`canTake`): "Try again" when nothing failed, "Pay now" / "Cancel
//   order" / a dialog's buttons when they are not there or disabled, an offer the page does not list,
//   confirming or retrying an exchange without the dialog's button for it, anything once the browser
//   has left for the payment page;
// - repetitive variations, which would make this file slow (`walkable`): more than one call left
//   behind at a time; anything but the calls' answers while one is left behind, and then only each
//   call's first answer and its failure with the server's words; anything done after a fallback text
//   ("… could not be loaded.") or an empty list is shown (checked where reached); on the exchange page,
//   more than two attempts, and what a person does after opening the page again over a dialog, a new
//   coupon or a call under way (the answers that follow are replayed).
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, it, vi, type Mock } from 'vitest';
import { SimulatedClock } from 'xstate';
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
import type { Restored } from '../../machines/auth/session.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { externalPage } from '../../src/commerce/history-logic.ts';
import { ApiError } from '../../src/platform/api.ts';
import { couponsSpec, FAILED as COUPONS_FAILED, type CouponsState } from '../models/spec/coupons.ts';
import {
  exchangeSpec,
  FAILED as EXCHANGE_FAILED,
  LOAD_FAILED,
  type ExchangeState,
} from '../models/spec/exchange.ts';
import {
  fruitHistorySpec,
  FAILED as LEDGER_FAILED,
  type FruitHistoryState,
} from '../models/spec/fruit-history.ts';
import {
  CANCEL_FAILED,
  FAILED as ORDER_FAILED,
  orderDetailSpec,
  PAY_FAILED,
  type OrderDetailState,
} from '../models/spec/order-detail.ts';
import { FAILED as ORDERS_FAILED, orderListSpec, type OrderListState } from '../models/spec/order-list.ts';
import { emptyCart, fakeEffects } from '../support/fake-effects.ts';
import { specStepLabel, type EffectCall, type SpecModel, type SpecStep } from '../support/spec-model.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import { region, type Fake } from './support/replay.ts';
import { pagePaths, replaySpecPathOnPage, type PageReplay } from './support/spec-page.ts';
import { jsdomPerson } from './support/person.ts';
import type { PageDriver } from '../support/page-driver.ts';
import { couponsDriver } from '../drivers/coupons.ts';
import { exchangeDriver } from '../drivers/exchange.ts';
import { fruitHistoryDriver } from '../drivers/fruit-history.ts';
import { orderDetailDriver } from '../drivers/order-detail.ts';
import { orderListDriver } from '../drivers/order-list.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const MEMBER_BALANCE = 650;
/** A small page without any history machine, where the replays start. */
const ELSEWHERE = '/nowhere';

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
  // the system's timers wait for the model's own `wait` steps (these models take none): a toast stays
  // up however slow the machine running the replay is
  const app = await renderApp(ELSEWHERE, {}, { effects: base, restored, clock: new SimulatedClock() });
  await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
  await within(screen.getByRole('banner')).findByRole('link', {
    name: `FruitCoin balance: ${MEMBER_BALANCE}`,
  });
  return app;
}

type App = Awaited<ReturnType<typeof startApp>>;

// ---------------------------------------------------------------------------------------------
// Shared: the steps, the calls, reading the page

type Answer = Extract<SpecStep, { settle: string } | { fail: string }>;
const isAnswer = (step: SpecStep): step is Answer => 'settle' in step || 'fail' in step;
const sent = (step: SpecStep): string | null => ('send' in step ? step.send.type : null);
/** A field of the event a step sends. */
const arg = <T,>(step: SpecStep, key: string): T => ('send' in step ? step.send[key] : undefined) as T;

/**
 * What a person does for a sent step, by the machine's driver (tests/drivers, which the browser scripts
 * share): clicks through the app's user-event, addresses left for ELSEWHERE when already shown.
 */
async function take<S>(app: App, driver: PageDriver<S>, step: SpecStep, before: S): Promise<void> {
  if (!('send' in step)) throw new Error(`No page action for ${specStepLabel(step)}`);
  await jsdomPerson(app, { user: app.user, elsewhere: ELSEWHERE }).take(driver, step.send, before);
}

/** The oldest call still out answers (`value`), or fails with the step's error (or what `error` gives). */
async function answer<A extends unknown[], R>(
  fake: Fake<A, R>,
  step: Answer,
  value?: (output: unknown) => R,
  error?: (output: unknown) => unknown,
): Promise<void> {
  if ('fail' in step) return fake.reject(step.error);
  const failure = error?.(step.output);
  if (failure) return fake.reject(failure);
  return fake.resolve(value ? value(step.output) : (step.output as R));
}

/** Object keys in one order, so that two inputs compare by content. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

interface Source {
  /** The effect's name in the model. */
  actor: string;
  fn: Mock;
  /** Its input in the model's terms (default: the call's first argument). */
  input?: (args: unknown[]) => unknown;
}

/** The calls the page makes through its fakes, step by step, in the model's terms. */
function callLog(sources: Source[]) {
  const seen = sources.map(() => 0);
  const take = (): EffectCall[] =>
    sources.flatMap((source, i) => {
      const calls = source.fn.mock.calls.slice(seen[i]) as unknown[][];
      seen[i] = source.fn.mock.calls.length;
      return calls.map((args) => ({
        actor: source.actor,
        input: source.input ? source.input(args) : args[0],
      }));
    });
  return {
    take,
    /** Throws, naming the step, when the step made other calls than the model names. */
    check<S>(model: SpecModel<S>, before: S, step: SpecStep, after: S): void {
      const made = JSON.stringify(canonical(take()));
      const named = JSON.stringify(canonical(model.calls?.(before, step, after) ?? []));
      if (made !== named)
        throw new Error(
          `After ${specStepLabel(step)}: expected the calls ${named} but the page made ${made}`,
        );
    },
  };
}

const words = (el: Element | null | undefined): string | null =>
  el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;

/** An element's accessible name as this app gives them: aria-label, aria-labelledby, else its text. */
const nameOf = (el: Element): string | null => {
  const label = el.getAttribute('aria-label');
  if (label !== null) return label;
  const by = el.getAttribute('aria-labelledby');
  if (by)
    return by
      .split(' ')
      .map((id) => words(document.getElementById(id)) ?? '')
      .join(' ');
  return words(el);
};
const descriptionOf = (el: Element): string | null => {
  const by = el.getAttribute('aria-describedby');
  return by
    ? by
        .split(' ')
        .map((id) => words(document.getElementById(id)) ?? '')
        .join(' ')
    : null;
};
const buttons = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('button')
    .map((b) => ({ name: nameOf(b), disabled: (b as HTMLButtonElement).disabled }));
const headings = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('heading', { level: 2 })
    .map((h) => words(h));

/** "300 FruitCoins", as people read it. */
const coins = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'FruitCoin' : 'FruitCoins'}`;

/** The balance the header shows. */
const headerBalance = () =>
  nameOf(within(screen.getByRole('banner')).getByRole('link', { name: /^FruitCoin balance: / }));
const headerShows = (balance: number) => `FruitCoin balance: ${balance.toLocaleString('en-US')}`;

/** The toasts on screen, oldest first. */
const toasts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('paragraph')
    .map((p) => words(p));

/** A history section's load: busy, its skeleton's status, or why it failed with "Try again". */
function loadOf(section: HTMLElement) {
  const inside = within(section);
  const retry = inside.queryByRole('button', { name: 'Try again' });
  return {
    busy: section.getAttribute('aria-busy') === 'true',
    loading: words(inside.queryByRole('status')),
    failed: retry
      ? { says: words(inside.queryByRole('alert')), retry: !(retry as HTMLButtonElement).disabled }
      : null,
  };
}

/** What a load in the model shows: the skeleton's words, the error view, or neither. */
const loadShown = (expected: { status: string; error: string | null }, loadingText: string) => ({
  busy: expected.status === 'loading',
  loading: expected.status === 'loading' ? loadingText : null,
  failed: expected.status === 'error' ? { says: expected.error, retry: true } : null,
});

/** "Previous · Page 2 of 2 · Next" as links where there is another page. */
function paginationOf(section: HTMLElement) {
  const nav = within(section).queryByRole('navigation', { name: 'Pagination' });
  if (!nav) return null;
  return {
    at: words(within(nav).getByText(/^Page \d+ of \d+$/)),
    links: within(nav)
      .queryAllByRole('link')
      .map((a) => words(a)),
  };
}
function paginationShown(page: { page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (pages <= 1) return null;
  return {
    at: `Page ${page.page} of ${pages}`,
    links: [page.page > 1 ? 'Previous' : null, page.page < pages ? 'Next' : null].filter(Boolean),
  };
}

const staleCount = (s: { stale: number | unknown[] }) =>
  typeof s.stale === 'number' ? s.stale : s.stale.length;

/** The first way the model tries for an answer: its first output, or a failure with the server's words. */
const firstWay = <S,>(model: SpecModel<S>, step: Answer, before: S) =>
  'fail' in step
    ? step.error instanceof Error && step.error.message !== ''
    : JSON.stringify(model.steps(before).find((s) => 'settle' in s && s.settle === step.settle)) ===
      JSON.stringify(step);

/**
 * The steps replayed on a page (see the top of the file): those a person can take there (`onPage`),
 * without the repetitive variations: at most one call left behind; while one is out, only the calls
 * answer, each its first way; nothing more is done on a page that shows a fallback text or an empty
 * list (`secondary`: checked where it is reached).
 */
const walkable =
  <S extends { stale: number | unknown[] }>(
    model: SpecModel<S>,
    secondary: (s: S) => boolean,
    onPage: (step: SpecStep, before: S, after: S) => boolean,
  ) =>
  (step: SpecStep, before: S, after: S): boolean => {
    if (staleCount(after) > 1) return false;
    if (staleCount(before) > 0) return isAnswer(step) && firstWay(model, step, before);
    if (!isAnswer(step) && secondary(before)) return false;
    return onPage(step, before, after);
  };

/** A path renders the whole app and takes up to seven steps: more than a unit test's five seconds on a busy machine. */
const PATH_TIMEOUT = 20_000;

function replayOnPage<S>(
  model: SpecModel<S>,
  canTake: (step: SpecStep, before: S, after: S) => boolean,
  replay: () => PageReplay<S, App>,
) {
  describe(`${model.name} on the page against ${model.spec}`, () => {
    for (const path of pagePaths(model, canTake))
      it(path.title, () => replaySpecPathOnPage(model, replay(), path), PATH_TIMEOUT);
  });
}

const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

// ---------------------------------------------------------------------------------------------
// orderList: /orders

const EMPTY_ORDERS: Record<OrderStatus, string> = {
  pending: 'No orders awaiting payment',
  paid: 'No paid orders',
  cancelled: 'No cancelled orders',
};

const ordersModel = orderListSpec();

replayOnPage(
  ordersModel,
  walkable(
    ordersModel,
    (s) => s.error === ORDERS_FAILED || s.page?.data.length === 0,
    (step, before) => sent(step) !== 'orders.retry' || before.phase === 'error',
  ),
  (): PageReplay<OrderListState, App> => {
    const fake: Fake<[Parameters<AppEffects['fetchOrders']>[0]], OrderPage> = controllable();
    const log = callLog([{ actor: 'fetchOrders', fn: fake.fn }]);
    return {
      start: () => startApp({ fetchOrders: fake.fn }),
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) await answer(fake, step);
        else await take(app, orderListDriver, step, before);
        log.check(ordersModel, before, step, after);
      },
      observe() {
        const section = region('Orders');
        if (!section) return { section: null };
        const inside = within(section);
        const filters = within(inside.getByRole('navigation', { name: 'Order status' }));
        return {
          section: {
            ...loadOf(section),
            filter: words(filters.queryByRole('link', { current: 'page' })),
            headings: headings(section),
            orders: inside.queryAllByRole('article').map((article) => {
              const link = within(article).getByRole('link', { name: /^Order #/ });
              return {
                link: words(link),
                href: link.getAttribute('href'),
                status:
                  Object.values(ORDER_STATUS_TEXT).find((text) => within(article).queryByText(text)) ?? null,
              };
            }),
            pagination: paginationOf(section),
          },
        };
      },
      shown(expected, state) {
        if (state.phase === 'idle') return { section: null };
        const e = expected as { status: string; error: string | null; orders: OrderPage | null };
        const page = e.status === 'ready' ? e.orders : null;
        const status = state.query?.status;
        return {
          section: {
            ...loadShown(e, 'Loading your orders…'),
            filter: status ? ORDER_STATUS_TEXT[status] : 'All orders',
            headings:
              e.status === 'error'
                ? ["We couldn't load your orders"]
                : !page
                  ? []
                  : page.data.length === 0
                    ? [status ? EMPTY_ORDERS[status] : 'No orders yet']
                    : page.data.map((o) => `Order #${o.id}`),
            orders: (page?.data ?? []).map((o) => ({
              link: `Order #${o.id}`,
              href: `/order-detail/${o.id}`,
              status: ORDER_STATUS_TEXT[o.status],
            })),
            pagination: page && page.data.length > 0 ? paginationShown(page) : null,
          },
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);

// ---------------------------------------------------------------------------------------------
// orderDetail: /order-detail/42

const PAYMENT_TEXT: Record<OrderStatus, string> = {
  pending: 'Waiting for your payment',
  paid: 'Paid',
  cancelled: 'Cancelled, nothing was charged',
};

const detailModel = orderDetailSpec();

replayOnPage(
  detailModel,
  walkable(
    detailModel,
    // a fallback text is shown, or the browser has left for the payment page (nobody is on this one)
    (s) =>
      s.error === ORDER_FAILED ||
      s.actionError === PAY_FAILED ||
      s.actionError === CANCEL_FAILED ||
      s.phase === 'redirecting',
    (step, before) => {
      switch (sent(step)) {
        case null:
        case 'order.load':
          return true;
        case 'order.retry':
          return before.phase === 'error';
        case 'order.pay':
        case 'order.cancel':
          return before.phase === 'viewing' && before.order?.status === 'pending';
        default:
          // "Yes, cancel order" and "Keep order" are in the dialog, enabled until the cancel is sent
          return before.phase === 'confirmingCancel';
      }
    },
  ),
  (): PageReplay<OrderDetailState, App> => {
    const fetchOrder: Fake<[{ orderId: string }], OrderDetail> = controllable();
    const payOrder: Fake<[{ orderId: string }], { paymentUrl: string; order: OrderDetail }> = controllable();
    const cancelOrder: Fake<[{ orderId: string }], OrderDetail> = controllable();
    const log = callLog([
      { actor: 'fetchOrder', fn: fetchOrder.fn },
      { actor: 'payOrder', fn: payOrder.fn },
      { actor: 'cancelOrder', fn: cancelOrder.fn },
    ]);
    let left: Mock<(url: string) => void>;
    return {
      start() {
        // the browser leaving for the payment page
        left = vi.spyOn(externalPage, 'assign').mockImplementation(() => {});
        return startApp({ fetchOrder: fetchOrder.fn, payOrder: payOrder.fn, cancelOrder: cancelOrder.fn });
      },
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) {
          const effect = 'settle' in step ? step.settle : step.fail;
          if (effect === 'fetchOrder')
            // the server says 404 for an order that is not the member's (or none)
            await answer(
              fetchOrder,
              step,
              (output) => (output as { order: OrderDetail }).order,
              (output) =>
                (output as { found: boolean }).found ? undefined : new ApiError('Order not found', 404),
            );
          else if (effect === 'payOrder') await answer(payOrder, step);
          else await answer(cancelOrder, step);
        } else await take(app, orderDetailDriver, step, before);
        log.check(detailModel, before, step, after);
      },
      observe() {
        const section = region('Order #42');
        const shownDialog = screen.queryByRole('dialog');
        const card = section && within(section).queryByRole('article');
        return {
          section: section && {
            ...loadOf(section),
            headings: headings(section),
            order: card && {
              payment: (() => {
                const facts = within(card).queryAllByRole('term');
                const at = facts.findIndex((dt) => words(dt) === 'Payment');
                return at < 0 ? null : words(facts[at]!.nextElementSibling);
              })(),
              prompts: within(card)
                .queryAllByRole('link')
                .filter((a) => a.getAttribute('href')?.startsWith('/detail/'))
                .map((a) => words(a)),
              actions: buttons(card),
              alert: words(within(card).queryByRole('alert')),
            },
          },
          dialog: shownDialog && { name: nameOf(shownDialog), buttons: buttons(shownDialog) },
          toasts: toasts(),
          left: left.mock.calls.map(([url]) => url),
        };
      },
      shown(expected, state) {
        const e = expected as {
          status: string;
          error: string | null;
          order: OrderDetail | null;
          busy: boolean;
          openingPayment: boolean;
          cancelDialog: boolean;
          cancelling: boolean;
          actionError: string | null;
          told: { toast: { message: string }[] };
          left: string[];
        };
        const order = e.status === 'ready' ? e.order : null;
        return {
          section:
            state.phase === 'idle'
              ? null
              : {
                  ...loadShown(e, 'Loading the order…'),
                  headings:
                    e.status === 'error'
                      ? ["We couldn't load this order"]
                      : e.status === 'notFound'
                        ? ['Order not found']
                        : order
                          ? [`Order #${order.id}`]
                          : [],
                  order: order && {
                    payment: PAYMENT_TEXT[order.status],
                    prompts: order.items.map((item) => item.title),
                    // Pay now and Cancel order for a pending order only; both wait while one is under way
                    actions:
                      order.status === 'pending'
                        ? [
                            {
                              name: e.openingPayment ? 'Opening the payment page…' : 'Pay now',
                              disabled: e.busy,
                            },
                            { name: 'Cancel order', disabled: e.busy },
                          ]
                        : [],
                    alert: e.actionError,
                  },
                },
          dialog: e.cancelDialog
            ? {
                name: `Cancel order #${e.order!.id}?`,
                buttons: [
                  { name: e.cancelling ? 'Cancelling…' : 'Yes, cancel order', disabled: e.cancelling },
                  { name: 'Keep order', disabled: e.cancelling },
                ],
              }
            : null,
          toasts: e.told.toast.map((t) => t.message),
          left: e.left,
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);

// ---------------------------------------------------------------------------------------------
// fruitHistory: /fruit-transactions

const ledgerModel = fruitHistorySpec();

replayOnPage(
  ledgerModel,
  walkable(
    ledgerModel,
    (s) => s.error === LEDGER_FAILED || s.ledger?.data.length === 0,
    (step, before) => sent(step) !== 'fruit.retry' || before.phase === 'error',
  ),
  (): PageReplay<FruitHistoryState, App> => {
    const fake: Fake<[Parameters<AppEffects['fetchLedger']>[0]], LedgerPage> = controllable();
    const log = callLog([{ actor: 'fetchLedger', fn: fake.fn }]);
    return {
      start: () => startApp({ fetchLedger: fake.fn }),
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) await answer(fake, step);
        else await take(app, fruitHistoryDriver, step, before);
        log.check(ledgerModel, before, step, after);
      },
      observe() {
        const section = region('FruitCoin history');
        const table = section && within(section).queryByRole('table');
        return {
          header: headerBalance(),
          section: section && {
            ...loadOf(section),
            balance: words(within(section).getByText(/^Balance:/)),
            headings: headings(section),
            table: table && {
              caption: words(table.querySelector('caption')),
              // amount and balance after, as written in each entry's row
              rows: within(table)
                .getAllByRole('row')
                .slice(1)
                .map((row) =>
                  within(row)
                    .getAllByRole('cell')
                    .slice(2)
                    .map((cell) => words(cell)),
                ),
            },
            pagination: paginationOf(section),
          },
        };
      },
      shown(expected, state) {
        const e = expected as {
          status: string;
          error: string | null;
          ledger: LedgerPage | null;
          sessionHeard: { fruitCnt: number }[];
        };
        // the session (and the header) has the balance the last page came with
        const balance = e.sessionHeard.at(-1)?.fruitCnt ?? MEMBER_BALANCE;
        const ledger = e.status === 'ready' ? e.ledger : null;
        const pages = ledger ? paginationShown(ledger) : null;
        return {
          header: headerShows(balance),
          section:
            state.phase === 'idle'
              ? null
              : {
                  ...loadShown(e, 'Loading your FruitCoin history…'),
                  balance: `Balance: ${coins(ledger?.balance ?? balance)}`,
                  headings:
                    e.status === 'error'
                      ? ["We couldn't load your FruitCoin history"]
                      : ledger && ledger.data.length === 0
                        ? ['No FruitCoin activity yet']
                        : [],
                  table:
                    ledger && ledger.data.length > 0
                      ? {
                          caption: `FruitCoin activity, newest first${pages ? ` (${pages.at.toLowerCase()})` : ''}`,
                          rows: ledger.data.map((entry) => [
                            entry.amount > 0
                              ? `+${entry.amount.toLocaleString('en-US')}`
                              : `−${(-entry.amount).toLocaleString('en-US')}`,
                            entry.balanceAfter.toLocaleString('en-US'),
                          ]),
                        }
                      : null,
                  pagination: ledger && ledger.data.length > 0 ? pages : null,
                },
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);

// ---------------------------------------------------------------------------------------------
// coupons: /coupons

const TAB_TEXT: Record<CouponStatus, string> = { valid: 'Valid', used: 'Used', expired: 'Expired' };
const EMPTY_COUPONS: Record<CouponStatus, string> = {
  valid: 'No coupons yet',
  used: 'No used coupons',
  expired: 'No expired coupons',
};

const couponsModel = couponsSpec();

replayOnPage(
  couponsModel,
  walkable(
    couponsModel,
    (s) => s.error === COUPONS_FAILED || (s.phase === 'ready' && s.coupons.length === 0),
    (step, before) => sent(step) !== 'coupons.retry' || before.phase === 'error',
  ),
  (): PageReplay<CouponsState, App> => {
    const fake: Fake<[Parameters<AppEffects['fetchCoupons']>[0]], Coupon[]> = controllable();
    const log = callLog([{ actor: 'fetchCoupons', fn: fake.fn }]);
    return {
      start: () => startApp({ fetchCoupons: fake.fn }),
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) await answer(fake, step);
        else await take(app, couponsDriver, step, before);
        log.check(couponsModel, before, step, after);
      },
      observe() {
        const section = region('Coupons');
        if (!section) return { section: null };
        const inside = within(section);
        const tabs = within(inside.getByRole('navigation', { name: 'Coupon status' }));
        return {
          section: {
            ...loadOf(section),
            tab: words(tabs.queryByRole('link', { current: 'page' })),
            headings: headings(section),
            coupons: inside.queryAllByRole('article').map((article) => ({
              title: nameOf(article),
              code: words(within(article).getByText('Code')),
              links: within(article)
                .queryAllByRole('link')
                .map((a) => words(a)),
            })),
          },
        };
      },
      shown(expected, state) {
        if (state.phase === 'idle') return { section: null };
        const e = expected as { status: string; error: string | null; coupons: Coupon[] };
        const tab = state.tab ?? 'valid';
        const coupons = e.status === 'ready' ? e.coupons : [];
        return {
          section: {
            ...loadShown(e, 'Loading your coupons…'),
            tab: TAB_TEXT[tab],
            headings:
              e.status === 'error'
                ? ["We couldn't load your coupons"]
                : e.status !== 'ready'
                  ? []
                  : coupons.length === 0
                    ? [EMPTY_COUPONS[tab]]
                    : coupons.map((c) => c.title),
            coupons: coupons.map((c) => ({
              title: c.title,
              code: `Code ${c.code}`,
              // a used coupon names the order it went to
              links: c.status === 'used' && c.usedAt && c.orderId !== null ? [`Order #${c.orderId}`] : [],
            })),
          },
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);

// ---------------------------------------------------------------------------------------------
// exchange: /exchange-coupons

/** "Spend 300 FruitCoins for a 20% off coupon?" */
const question = (offer: ExchangeOffer) =>
  `Spend ${coins(offer.fruitCost)} for a ${
    offer.couponKind === 'percent' ? `${offer.couponValue}%` : `$${(offer.couponValue / 100).toFixed(2)}`
  } off coupon?`;

const exchangeModel = exchangeSpec();

replayOnPage(
  exchangeModel,
  walkable(
    exchangeModel,
    (s) => s.error === LOAD_FAILED || s.exchangeError === EXCHANGE_FAILED,
    (step, before) => {
      // What a person can press, and where: the first visit's offers, one attempt (and after a coupon
      // came, a second), and the page opened again at a few moments only (while the offers or an attempt
      // are out, over a dialog, over a new coupon); what follows a reopening is left to the calls.
      const { phase, told, drawn } = before;
      const firstVisit = drawn === 0 && told.length === 1;
      switch (sent(step)) {
        case null:
          return true;
        case 'exchange.load':
          return (
            phase === 'idle' ||
            (phase === 'loading' && told.length === 0) ||
            (phase === 'confirming' && firstVisit) ||
            ((phase === 'exchanging' || phase === 'exchanged') && drawn === 1)
          );
        case 'exchange.retryLoad':
          return phase === 'loadFailed' && told.length === 0;
        // an offer's button, there (enabled or not) beside the offers with no dialog over them
        case 'exchange.choose': {
          const id = arg<number>(step, 'offerId');
          if (!before.offers.some((o) => o.id === id)) return false;
          return (
            (phase === 'browsing' && (firstVisit || (drawn === 1 && before.notEnough !== null))) ||
            (phase === 'exchanged' && drawn === 1)
          );
        }
        case 'exchange.confirm':
          return phase === 'confirming' && (drawn === 0 || before.received !== null);
        case 'exchange.retry':
          return phase === 'failed' && drawn === 1;
        case 'exchange.close':
          return (
            (phase === 'confirming' && (drawn === 0 || before.received !== null)) ||
            (phase === 'failed' && drawn === 1) ||
            phase === 'notEnough'
          );
        default:
          return false;
      }
    },
  ),
  (): PageReplay<ExchangeState, App> => {
    const offers: Fake<[], { data: ExchangeOffer[]; balance: number }> = controllable();
    const exchange: Fake<[{ offerId: number; requestId: string }], ExchangeResult> = controllable();
    // each attempt's id, as the Nth drawn (the page draws them from `crypto`)
    const drawn: string[] = [];
    const log = callLog([
      { actor: 'fetchOffers', fn: offers.fn },
      {
        actor: 'exchange',
        fn: exchange.fn,
        input: ([input]) => {
          const { offerId, requestId } = input as { offerId: number; requestId: string };
          if (!drawn.includes(requestId)) drawn.push(requestId);
          return { offerId, requestId: `req-${drawn.indexOf(requestId) + 1}` };
        },
      },
    ]);
    return {
      start: () => startApp({ fetchExchangeOffers: offers.fn, exchange: exchange.fn }),
      async perform(app, step, before, after) {
        log.take();
        if (isAnswer(step)) {
          const effect = 'settle' in step ? step.settle : step.fail;
          if (effect === 'fetchOffers') await answer(offers, step);
          else {
            const output = ('settle' in step ? step.output : null) as {
              ok: boolean;
              coupon?: Coupon;
              balance: number | null;
              message?: string;
            } | null;
            // a refusal is a 409, with the balance now when the server gives it
            await answer(
              exchange,
              step,
              (o) => {
                const ok = o as { coupon: Coupon; balance: number };
                return { coupon: ok.coupon, balance: ok.balance };
              },
              output && !output.ok
                ? () =>
                    new ApiError(
                      output.message ?? '',
                      409,
                      output.balance === null ? {} : { balance: output.balance },
                    )
                : undefined,
            );
            if (output && !output.ok && output.balance === null) {
              // without it the page asks for the balance again, and that fails too: the newest call
              const call = offers.pending.pop();
              if (!call)
                throw new Error(`After ${specStepLabel(step)}: the page did not ask for the balance`);
              await act(async () => {
                call.reject(new ApiError("Can't reach FruitPrompt right now.", 0));
                await new Promise((resolve) => setTimeout(resolve, 0));
              });
              // the page's own call, not the machine's
              log.take();
            }
          }
        } else await take(app, exchangeDriver, step, before);
        log.check(exchangeModel, before, step, after);
      },
      observe() {
        const section = region('Exchange offers');
        const shownDialog = screen.queryByRole('dialog');
        const received = section && within(section).queryByRole('region', { name: 'Your new coupon' });
        return {
          header: headerBalance(),
          toasts: toasts(),
          section: section && {
            ...loadOf(section),
            balance: words(within(section).queryByText(/^Balance:/)),
            offers: within(section)
              .queryAllByRole('button', { name: /^Exchange for / })
              .map((b) => ({
                name: nameOf(b),
                disabled: (b as HTMLButtonElement).disabled,
                why: descriptionOf(b),
              })),
            received: received && within(received).queryAllByRole('article').map(nameOf),
          },
          dialog: shownDialog && {
            name: nameOf(shownDialog),
            alert: words(within(shownDialog).queryByRole('alert')),
            buttons: buttons(shownDialog),
          },
        };
      },
      shown(expected, state) {
        const e = expected as {
          status: string;
          error: string | null;
          offers: ExchangeOffer[];
          balance: number;
          dialogOpen: boolean;
          exchanging: boolean;
          offer: ExchangeOffer | null;
          showsNewCoupon: boolean;
          received: Coupon | null;
          exchangeFailed: boolean;
          exchangeError: string | null;
          showsNotEnough: boolean;
          notEnough: string | null;
          told: { session: { fruitCnt: number }[]; toast: { message: string }[] };
        };
        const ready = e.status === 'ready';
        const offer = e.offer;
        return {
          // the session (and the header) has the balance the server gave last
          header: headerShows(e.told.session.at(-1)?.fruitCnt ?? MEMBER_BALANCE),
          toasts: e.told.toast.map((t) => t.message),
          section:
            state.phase === 'idle'
              ? null
              : {
                  ...loadShown(e, 'Loading the exchange offers…'),
                  balance: ready ? `Balance: ${coins(e.balance)}` : null,
                  // an offer the balance does not cover cannot be chosen, and says what is missing
                  offers: (ready ? e.offers : []).map((o) => ({
                    name: `Exchange for ${o.title}`,
                    disabled: o.fruitCost > e.balance,
                    why: o.fruitCost > e.balance ? `You need ${coins(o.fruitCost - e.balance)} more.` : null,
                  })),
                  received: e.showsNewCoupon && e.received ? [e.received.title] : null,
                },
          dialog:
            !e.dialogOpen || !offer
              ? null
              : e.showsNotEnough
                ? {
                    name: 'Not enough FruitCoins',
                    alert: e.notEnough,
                    buttons: [{ name: 'Choose another offer', disabled: false }],
                  }
                : {
                    name: question(offer),
                    alert: e.exchangeFailed ? e.exchangeError : null,
                    buttons: [
                      {
                        name: e.exchanging
                          ? 'Exchanging…'
                          : e.exchangeFailed
                            ? 'Try again'
                            : `Spend ${coins(offer.fruitCost)}`,
                        disabled: e.exchanging,
                      },
                      { name: 'Cancel', disabled: e.exchanging },
                    ],
                  },
        };
      },
      stop: (app) => app.system.stop(),
    };
  },
);
