// The Stripe stand-in's hosted Checkout page (issue 38): GET /dev-stripe/pay/:id shows what the session
// sells and its total with "Pay" and "Cancel" (plain form posts, requirements §C4 Payment). Pay marks the session
// complete and paid, posts a signed `checkout.session.completed` event to the shop's webhook (Stripe's
// scheme: Stripe-Signature t=…,v1=HMAC-SHA256(secret, t + "." + body)) and redirects to the success URL;
// Cancel expires the session, posts `checkout.session.expired` and redirects to the cancel URL. The
// webhook is this server's own (in-process) when the return URL is on our origin, else the return URL's
// origin over HTTP (a production server pointed at this stand-in).
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatCents } from '../../../domain/catalog.ts';
import type { Db } from '../../db/index.ts';
import { escapeHtml, STAND_IN_PAGE_HEADERS } from '../../http/html.ts';
import { page } from '../dev-pay.ts';
import { STAND_IN_PATH } from '../stripe-provider.ts';
import { STRIPE_WEBHOOK_PATH } from '../stripe-webhook.ts';
import {
  findStandInSession,
  hostedPagePath,
  saveStandInSession,
  type StandInLineItem,
  type StandInSession,
} from './api.ts';

export interface StandInPageOptions {
  db: Db;
  webhookSecret: string;
  publicOrigin: string;
}

/** Stripe's signature header of this payload at this time. */
export const signatureOf = (payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

function hostedPage(session: StandInSession, items: StandInLineItem[]): string {
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</td>` +
        `<td class="num">${formatCents(i.unitAmount * i.quantity)}</td></tr>`,
    )
    .join('\n');
  const action = (a: string) => `${hostedPagePath(session.id)}/${a}`;
  return page(
    'Checkout',
    `<h1>Checkout</h1>
<p>This page stands in for Stripe Checkout: no card is needed and no money moves.</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr class="total"><th scope="row">Total</th><td class="num" id="amount">${formatCents(session.amount_total)}</td></tr></tfoot>
</table>
<div class="actions">
<form method="post" action="${action('pay')}"><button type="submit" class="primary" aria-describedby="amount">Pay</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="secondary">Cancel</button></form>
</div>`,
  );
}

const closedPage = (session: StandInSession): string =>
  page(
    'This checkout is closed',
    `<h1>This checkout is closed</h1>
<p role="alert">${session.payment_status === 'paid' ? 'It is paid already; nothing more to do here.' : 'It was cancelled or has expired.'}</p>
<p><a href="${escapeHtml(session.payment_status === 'paid' ? returnOf(session.success_url, session) : session.cancel_url)}">Back to the shop</a></p>`,
  );

const returnOf = (url: string, session: StandInSession): string =>
  url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

export async function standInPageRoutes(
  fastify: FastifyInstance,
  options: StandInPageOptions,
): Promise<void> {
  const { db, webhookSecret, publicOrigin } = options;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).headers(STAND_IN_PAGE_HEADERS).send(body);
  /** Back to the shop: a same-origin path when the URL is ours (the SPA keeps its origin). */
  const redirect = (reply: FastifyReply, url: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(url.startsWith(`${publicOrigin}/`) ? url.slice(publicOrigin.length) : url, 303);
  const notFoundPage = (reply: FastifyReply) =>
    html(
      reply,
      404,
      page(
        'Checkout not found',
        '<h1>Checkout not found</h1><p role="alert">This payment link is not valid.</p>',
      ),
    );

  /** Posts the signed event about this session to the shop's webhook, as Stripe would. */
  const deliver = async (type: string, session: StandInSession): Promise<void> => {
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(16).toString('hex')}`,
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    const headers = {
      'content-type': 'application/json',
      'stripe-signature': signatureOf(payload, webhookSecret),
    };
    const origin = new URL(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).origin;
    if (origin === publicOrigin) {
      await fastify.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers, payload });
    } else {
      await fetch(`${origin}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers, body: payload }).catch(
        () => null,
      );
    }
  };

  fastify.get<{ Params: { id: string } }>(`${STAND_IN_PATH}/pay/:id`, async (request, reply) => {
    const found = await findStandInSession(db, request.params.id);
    if (found === null) return notFoundPage(reply);
    const open = found.session.status === 'open';
    return html(reply, 200, open ? hostedPage(found.session, found.items) : closedPage(found.session));
  });

  fastify.post<{ Params: { id: string } }>(`${STAND_IN_PATH}/pay/:id/pay`, async (request, reply) => {
    const found = await findStandInSession(db, request.params.id);
    if (found === null) return notFoundPage(reply);
    const session = found.session;
    if (session.status === 'expired') return html(reply, 409, closedPage(session));
    if (session.status === 'open') {
      const paid: StandInSession = { ...session, status: 'complete', payment_status: 'paid' };
      await saveStandInSession(db, paid);
      await deliver('checkout.session.completed', paid);
    }
    return redirect(reply, returnOf(session.success_url, session));
  });

  fastify.post<{ Params: { id: string } }>(`${STAND_IN_PATH}/pay/:id/cancel`, async (request, reply) => {
    const found = await findStandInSession(db, request.params.id);
    if (found === null) return notFoundPage(reply);
    const session = found.session;
    if (session.status === 'complete') return redirect(reply, returnOf(session.success_url, session));
    if (session.status === 'open') {
      const expired: StandInSession = { ...session, status: 'expired' };
      await saveStandInSession(db, expired);
      await deliver('checkout.session.expired', expired);
    }
    return redirect(reply, session.cancel_url);
  });
}
