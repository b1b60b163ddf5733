// The buying side's independent model of the payment result pages (tests/models/spec/payment-result.ts,
// written from docs/requirements.md, not from the machines) replayed on the rendered app. Each step of a
// model path becomes what a person does (signing in or out, opening an address, clicking by role and name,
// picking a coupon), time passing on the fake clock, or the fake server call answering with the step's own
// output (shaped as the app's effect returns it); after every step the page must show what the model
// expects, read from the DOM (headings, status and alert texts, buttons and whether they are disabled or
// busy, the coupon picker, the dialog, the header's balance, the toasts seen, the payment page the browser
// went to). What the buying pages' replays share is in tests/views/support/buying-pages.ts.
//
// Left to the machine test (tests/machines/payment-result.model.test.ts), because a person cannot take the
// step on these pages, or it only repeats one that is taken (kept out by `canTake`, to keep this file well
// under a minute): a page opened over another that has not answered yet (only another order's, and
// leaving), more than one abandoned call, failed checks and actions with a reason (the fallback is shown),
// and what the cart and the badge heard. The poll that stops after 20 checks is the model's hand-made
// `followedPaths`, replayed as they are.
import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { OrderDetail } from '../../domain/commerce.ts';
import { orderFixture } from '../support/cart-fixtures.ts';
import type { SpecStep } from '../support/spec-model.ts';
import {
  followedPaths,
  NOT_FOUND,
  paymentResultSpec,
  type PaymentResultState,
} from '../models/spec/payment-result.ts';
import { settle } from './support/controllable.ts';
import { jsdomPerson } from './support/person.ts';
import { paymentResultDriver } from '../drivers/payment-result.ts';
import { describePagePaths, pagePaths } from './support/spec-page.ts';
import {
  alertsIn,
  answerStep,
  buttonsIn,
  FAST,
  main,
  mainElement,
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

async function performOnPaymentPages(app: ServedApp, step: SpecStep, before: PaymentResultState) {
  if ('wait' in step) {
    await act(() => vi.advanceTimersByTimeAsync(step.wait));
    await settle();
    return;
  }
  if (!('send' in step)) return answerStep(app.server, step, paymentShapes);
  return jsdomPerson(app).take(paymentResultDriver, step.send, before);
}

function observePaymentPages(app: ServedApp) {
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

describePagePaths(
  `paymentResult on the page against ${paymentModel.spec}`,
  paymentModel,
  paymentPaths,
  {
    start: async () => {
      const app = await startWithServer(
        '/terms',
        member,
        (server) => ({
          confirmOrder: server.call('confirmOrder'),
          fetchOrder: server.call('fetchOrder'),
          payOrder: server.call('payOrder'),
          cancelOrder: server.call('cancelOrder'),
        }),
        { clock: 'timers' },
      );
      // the poll's delays on a fake clock
      vi.useFakeTimers();
      return app;
    },
    perform: (app, step, before) => performOnPaymentPages(app, step, before),
    observe: observePaymentPages,
    shown: shownOnPaymentPages,
    stop: (app) => app.system.stop(),
  },
  PATH_TIMEOUT,
);
