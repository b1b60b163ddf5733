// The history pages against their independent models (issue 17): the paths of tests/models/spec/
// order-list.ts and order-detail.ts here (fruit-history.ts, coupons.ts and exchange.ts in
// tests/views/history-coins.model.test.tsx), written from docs/requirements.md,
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
import { screen, within } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import type { OrderDetail, OrderPage, OrderStatus } from '../../domain/commerce.ts';
import { externalPage } from '../../src/commerce/history-logic.ts';
import { ApiError } from '../../src/platform/api.ts';
import {
  CANCEL_FAILED,
  FAILED as ORDER_FAILED,
  orderDetailSpec,
  PAY_FAILED,
  type OrderDetailState,
} from '../models/spec/order-detail.ts';
import { FAILED as ORDERS_FAILED, orderListSpec, type OrderListState } from '../models/spec/order-list.ts';
import { controllable } from './support/controllable.ts';
import { region, type Fake } from './support/replay.ts';
import type { PageReplay } from './support/spec-page.ts';
import { orderDetailDriver } from '../drivers/order-detail.ts';
import { orderListDriver } from '../drivers/order-list.ts';
import {
  resetAfterEachPath,
  oneCallPage,
  startApp,
  type App,
  isAnswer,
  sent,
  take,
  answer,
  callLog,
  words,
  nameOf,
  buttons,
  headings,
  toasts,
  loadOf,
  loadShown,
  paginationOf,
  paginationShown,
  walkable,
  replayOnPage,
  ORDER_STATUS_TEXT,
} from './support/history-pages.ts';

resetAfterEachPath();

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
  (): PageReplay<OrderListState, App> =>
    oneCallPage(ordersModel, 'fetchOrders', orderListDriver, {
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
    }),
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
