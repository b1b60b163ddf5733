// The development payment page (requirements §C4), standing in for a card payment provider's hosted checkout
// while none is configured; registered only with the development stand-ins. It pays orders' premium parts
// and FruitCoin top-ups alike (a top-up returns to /buy-fruitcoins?payment={sessionId} either way). GET /dev-pay/:sessionId shows
// the order's premium items and total with "Pay" and "Cancel", each a plain form POST (no JavaScript).
// Pay marks the session paid and settles the order in one transaction, as a provider's webhook would, and
// answers 303 to /paiddetail-{orderId}-{sessionId}.html; Cancel closes the session and answers 303 to
// /pendingdetail-{orderId}.html (the order stays pending, to pay again or cancel). The session id is the
// capability, as with a provider's checkout link.
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { formatCents, PRODUCT_NAME } from '../../domain/catalog.ts';
import type { Db } from '../db/index.ts';
import { NO_NUL } from '../http/errors.ts';
import { escapeHtml, STAND_IN_PAGE_HEADERS, standInBaseStyle } from '../http/html.ts';
import { DEV_PAY_PATH, paidPagePath, pendingPagePath, topupReturnPath } from './payments.ts';
import { cancelSession, findSession, paySession, type SessionView } from './payment-sessions.ts';
import {
  cancelTopUpSession,
  findTopUpSession,
  fruitCoins,
  payTopUpSession,
  type TopUpSessionView,
} from './topups.ts';

const STYLE =
  standInBaseStyle(480) +
  `
  .badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fef3c7;
    color:#92400e;font-size:12px;font-weight:600}
  h1{font-size:22px;margin:0 0 8px}
  p{margin:0 0 16px;color:#4b5563;font-size:14px}
  table{width:100%;border-collapse:collapse;margin:0 0 20px;font-size:15px}
  caption{text-align:left;font-weight:600;margin:0 0 6px}
  th,td{padding:8px 0;text-align:left;border-bottom:1px solid #e5e7eb;vertical-align:top}
  thead th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#6b7280;font-weight:600}
  .num{text-align:right;white-space:nowrap;padding-left:16px}
  tfoot th,tfoot td{border-bottom:none;padding:4px 0}
  tfoot tr.total th,tfoot tr.total td{font-weight:700;font-size:17px;padding-top:10px;border-top:2px solid #1f2937}
  .discount{color:#047857}
  .actions{display:flex;gap:12px}
  .actions form{margin:0}
  button{font:inherit;font-weight:600;padding:10px 22px;border-radius:8px;cursor:pointer;border:1px solid transparent}
  button:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  .primary{background:#16a34a;color:#fff}
  .primary:hover{background:#15803d}
  a{color:#1d4ed8}
`;

/** A development payment page around this body (also the Stripe stand-in's hosted page). */
export const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Development payment page</p>
${body}
</main>
</body>
</html>
`;

const path = (sessionId: string, action?: 'pay' | 'cancel'): string =>
  `${DEV_PAY_PATH}/${encodeURIComponent(sessionId)}${action ? `/${action}` : ''}`;

/** The open session: the items, the total and the two buttons. */
export function paymentPage(session: SessionView): string {
  const rows = session.items
    .map((i) => `<tr><td>${escapeHtml(i.title)}</td><td class="num">${formatCents(i.priceCents)}</td></tr>`)
    .join('\n');
  const discount =
    session.discountCents > 0
      ? `<tr><th scope="row">Subtotal</th><td class="num">${formatCents(session.subtotalCents)}</td></tr>
<tr class="discount"><th scope="row">Coupon${session.couponCode ? ` ${escapeHtml(session.couponCode)}` : ''}</th><td class="num">−${formatCents(session.discountCents)}</td></tr>`
      : '';
  const title = `Pay for order #${session.orderId}`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>This page stands in for a card payment provider while none is configured: no card is needed and no money moves.</p>
<table>
<caption>Premium prompts</caption>
<thead><tr><th scope="col">Prompt</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${discount}
<tr class="total"><th scope="row">Total</th><td class="num" id="amount">${formatCents(session.amountCents)}</td></tr>
</tfoot>
</table>
<div class="actions">
<form method="post" action="${path(session.id, 'pay')}"><button type="submit" class="primary" aria-describedby="amount">Pay</button></form>
<form method="post" action="${path(session.id, 'cancel')}"><button type="submit" class="secondary">Cancel</button></form>
</div>
<p class="note">Pay marks the order paid; Cancel returns to the order, which stays waiting for payment.</p>`,
  );
}

/** A session that can no longer be paid (paid, cancelled, or its order cancelled). */
export function closedPage(session: SessionView): string {
  if (session.status === 'paid') {
    return page(
      `Order #${session.orderId} is paid`,
      `<h1>Order #${session.orderId} is paid</h1>
<p>This payment went through already; nothing more to do here.</p>
<p><a href="${paidPagePath(session.orderId, session.id)}">Back to your order</a></p>`,
    );
  }
  if (session.orderStatus === 'paid') {
    return page(
      `Order #${session.orderId} is paid`,
      `<h1>Order #${session.orderId} is paid</h1>
<p>The order was paid with another payment; nothing more to do here.</p>
<p><a href="${pendingPagePath(session.orderId)}">Back to your order</a></p>`,
    );
  }
  const orderOpen = session.orderStatus === 'pending';
  return page(
    'This payment is closed',
    `<h1>This payment is closed</h1>
<p role="alert">${
      orderOpen
        ? 'It was cancelled. Your order is still waiting for payment: pay it again from the order page.'
        : `Order #${session.orderId} was cancelled, so it can no longer be paid.`
    }</p>
<p><a href="${pendingPagePath(session.orderId)}">Back to your order</a></p>`,
  );
}

/** An open top-up session: the pack, its price and the two buttons (Buy FruitCoins, issue 15). */
export function topUpPaymentPage(session: TopUpSessionView): string {
  const title = `Buy ${fruitCoins(session.coins)}`;
  const bonus =
    session.bonusCoins > 0 ? `, including ${session.bonusCoins.toLocaleString('en-US')} bonus` : '';
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>This page stands in for a card payment provider while none is configured: no card is needed and no money moves.</p>
<table>
<caption>FruitCoin pack</caption>
<thead><tr><th scope="col">Pack</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
<tr><td>${escapeHtml(session.title)} pack: ${fruitCoins(session.coins)}${bonus}</td><td class="num">${formatCents(session.amountCents)}</td></tr>
</tbody>
<tfoot>
<tr class="total"><th scope="row">Total</th><td class="num" id="amount">${formatCents(session.amountCents)}</td></tr>
</tfoot>
</table>
<div class="actions">
<form method="post" action="${path(session.id, 'pay')}"><button type="submit" class="primary" aria-describedby="amount">Pay</button></form>
<form method="post" action="${path(session.id, 'cancel')}"><button type="submit" class="secondary">Cancel</button></form>
</div>
<p class="note">Pay adds the FruitCoins to your balance; Cancel goes back to Buy FruitCoins and nothing is charged.</p>`,
  );
}

/** A top-up session that can no longer be paid: paid already, or cancelled. */
export function topUpClosedPage(session: TopUpSessionView): string {
  const back = `<p><a href="${escapeHtml(topupReturnPath(session.id))}">Back to Buy FruitCoins</a></p>`;
  if (session.status === 'paid' || session.topupStatus === 'paid') {
    const title = `${fruitCoins(session.coins)} are added`;
    return page(
      title,
      `<h1>${escapeHtml(title)}</h1>
<p>This payment went through already and the FruitCoins are added to your balance; nothing more to do here.</p>
${back}`,
    );
  }
  return page(
    'This payment is closed',
    `<h1>This payment is closed</h1>
<p role="alert">It was cancelled, so nothing was charged. Choose a pack again on Buy FruitCoins to buy FruitCoins.</p>
${back}`,
  );
}

export const unknownSessionPage = (): string =>
  page(
    'Payment not found',
    `<h1>Payment not found</h1>
<p role="alert">This payment link is not valid. Open your order in ${escapeHtml(PRODUCT_NAME)} and choose to pay again.</p>`,
  );

const Params = Type.Object({ sessionId: Type.String({ maxLength: 128, pattern: NO_NUL }) });

export async function devPayRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // The buttons post HTML forms (application/x-www-form-urlencoded): parsed here only, not on the API.
  await fastify.register(formbody, { bodyLimit: 1024 });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).headers(STAND_IN_PAGE_HEADERS).send(body);
  const seeOther = (reply: FastifyReply, url: string) =>
    reply.header('cache-control', 'no-store').redirect(url, 303);

  app.get(
    `${DEV_PAY_PATH}/:sessionId`,
    { schema: { summary: 'Development payment page: the order and Pay / Cancel', params: Params } },
    async (request, reply) => {
      const topup = await findTopUpSession(db, request.params.sessionId);
      if (topup !== null) {
        const open = topup.status === 'open' && topup.topupStatus === 'pending';
        return html(reply, 200, open ? topUpPaymentPage(topup) : topUpClosedPage(topup));
      }
      const session = await findSession(db, request.params.sessionId);
      if (session === null) return html(reply, 404, unknownSessionPage());
      const open = session.status === 'open' && session.orderStatus === 'pending';
      return html(reply, 200, open ? paymentPage(session) : closedPage(session));
    },
  );

  app.post(
    `${DEV_PAY_PATH}/:sessionId/pay`,
    { schema: { summary: 'Development payment page: pay (settles the order)', params: Params } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const topup = await payTopUpSession(db, sessionId);
      if (topup === 'paid') return seeOther(reply, topupReturnPath(sessionId));
      if (topup !== null) {
        const closed = await findTopUpSession(db, sessionId);
        if (closed !== null) return html(reply, 409, topUpClosedPage(closed));
      }
      const outcome = await paySession(db, sessionId);
      const session = outcome === null ? null : await findSession(db, sessionId);
      if (session === null) return html(reply, 404, unknownSessionPage());
      if (outcome === 'paid') return seeOther(reply, paidPagePath(session.orderId, sessionId));
      return html(reply, 409, closedPage(session));
    },
  );

  app.post(
    `${DEV_PAY_PATH}/:sessionId/cancel`,
    { schema: { summary: 'Development payment page: cancel (the order stays pending)', params: Params } },
    async (request, reply) => {
      const { sessionId } = request.params;
      // a top-up's Cancel goes back to Buy FruitCoins, which asks the server how it ended
      if ((await cancelTopUpSession(db, sessionId)) !== null)
        return seeOther(reply, topupReturnPath(sessionId));
      const outcome = await cancelSession(db, sessionId);
      const session = outcome === null ? null : await findSession(db, sessionId);
      if (session === null) return html(reply, 404, unknownSessionPage());
      if (outcome === 'paid') return seeOther(reply, paidPagePath(session.orderId, sessionId));
      return seeOther(reply, pendingPagePath(session.orderId));
    },
  );
}
