// The buying side's independent model of the checkout dialog (tests/models/spec/checkout.ts, written from
// docs/requirements.md, not from the machines) replayed on the rendered app. Each step of a model path
// becomes what a person does (signing in or out, opening an address, clicking by role and name, picking a
// coupon), time passing on the fake clock, or the fake server call answering with the step's own output
// (shaped as the app's effect returns it); after every step the page must show what the model expects, read
// from the DOM (headings, status and alert texts, buttons and whether they are disabled or busy, the coupon
// picker, the dialog, the header's balance, the toasts seen, the payment page the browser went to). What
// the buying pages' replays share is in tests/views/support/buying-pages.ts.
//
// Left to the machine test (tests/machines/checkout.model.test.ts), because a person cannot take the step
// on these pages, or it only repeats one that is taken (kept out by `canTake`, to keep this file well under
// a minute): an empty cart's checkout (the cart page has no "Check out" then), a second start while the
// dialog is open (it covers the page), "Buy now" after FruitCoins were spent (the page sends the balance it
// shows, not the model's sample order), the failures that differ from those kept only by their text
// (network, 408, 429, a message without status, 499), and what the detail page heard.
import { fireEvent, screen, within } from '@testing-library/react';
import { isNotEnoughFruit, type Cart, type CheckoutRequest } from '../../domain/commerce.ts';
import { LOCAL_KEYS } from '../../src/platform/storage-keys.ts';
import { cartItem, couponFixture, totalsOf } from '../support/cart-fixtures.ts';
import { fullFixture } from '../support/fixtures.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { checkoutSpec, type CheckoutState, type SampleOrder } from '../models/spec/checkout.ts';
import { settle } from './support/controllable.ts';
import { jsdomPerson } from './support/person.ts';
import { open as openAddress } from '../support/page-driver.ts';
import { checkoutDriver } from '../drivers/checkout.ts';
import { describePagePaths, pagePaths } from './support/spec-page.ts';
import {
  answerStep,
  balanceShown,
  controlOf,
  FAST,
  lastBalance,
  main,
  member,
  path,
  PATH_TIMEOUT,
  payments,
  resetAroundEachPath,
  statusesIn,
  textOf,
  startWithServer,
  type ServedApp,
} from './support/buying-pages.ts';

resetAroundEachPath();

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

interface CheckoutApp extends ServedApp {
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

describePagePaths(
  `checkout on the page against ${checkoutModel.spec}`,
  checkoutModel,
  checkoutPaths,
  {
    start: async () => {
      localStorage.setItem(LOCAL_KEYS.referral, JSON.stringify({ shortUrlId: REFERRAL, at: Date.now() }));
      const app = await startWithServer('/', member, (server) => ({
        fetchHomeSections: async () => [],
        fetchCart: async () => structuredClone(CHECKOUT_CART),
        getPrompt: async () => ({ found: true, prompt: structuredClone(lockedPrompt) }),
        checkout: server.call('placeOrder'),
      }));
      return Object.assign(app, { startedAt: 0 });
    },
    perform: performInCheckout,
    observe: observeCheckout,
    shown: shownInCheckout,
    stop: (app) => app.system.stop(),
  },
  PATH_TIMEOUT,
);
