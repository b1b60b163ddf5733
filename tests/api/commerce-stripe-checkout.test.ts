// A premium order paid through a Stripe Checkout Session on the stand-in (issue 38): the session is made by
// the `stripe` client with the server's line items, amount and return URLs; "Pay" on the stand-in's hosted
// page posts a signed checkout.session.completed event to our webhook and returns to the paid page; the
// paid page's confirm retrieves the session from Stripe, so a slow webhook does not leave the buyer waiting;
// 30 concurrent confirms and webhook deliveries pay once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStripeSession } from '../../server/commerce/stripe-checkout.ts';
import { STAND_IN_PATH, stripeClient, stripeSettingsOf } from '../../server/commerce/stripe-provider.ts';
import {
  buyer,
  closeCommerce,
  count,
  expectLedgerInvariant,
  openCommerce,
  P,
  salesOf,
  server,
} from './support/commerce.ts';
import { add, checkout, confirm, order } from './support/commerce-calls.ts';

const hosted = (sessionId: string, action?: 'pay' | 'cancel') =>
  server.app.inject({
    method: action ? 'POST' : 'GET',
    url: `${STAND_IN_PATH}/pay/${sessionId}${action ? `/${action}` : ''}`,
    ...(action ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
  });

/** Stripe took the payment and its event is late: the stand-in's session is paid, nothing delivered. */
const paidAtStripe = (sessionId: string) =>
  server.db.query(
    `UPDATE stripe_stand_in_sessions
     SET session = session || '{"status":"complete","payment_status":"paid"}'::jsonb WHERE id = $1`,
    [sessionId],
  );

/** A pending premium order of a new buyer and its Stripe Checkout Session on the stand-in. */
async function pendingOrder(promptId: number = P.card499) {
  const user = await buyer();
  await add(user, promptId);
  const orderId = (await checkout(user, [promptId])).body.extend.data.cardOrder!.id;
  const stripe = stripeClient(stripeSettingsOf(server.config)!, server.app);
  const session = (await openStripeSession(
    { db: server.db, stripe, publicOrigin: server.config.publicOrigin },
    { kind: 'order', id: orderId },
  ))!;
  return { user, orderId, session, stripe };
}

beforeAll(openCommerce);
afterAll(closeCommerce);
afterEach(expectLedgerInvariant);

describe('a premium order through Stripe Checkout on the stand-in', () => {
  it("is priced by the server and paid by the hosted page's Pay through the signed webhook", async () => {
    const { user, orderId, session, stripe } = await pendingOrder();
    const remote = await stripe.checkout.sessions.retrieve(session.id);
    expect(remote).toMatchObject({
      amount_total: 499,
      currency: 'usd',
      client_reference_id: `order-${orderId}`,
      metadata: { orderId: String(orderId) },
      success_url: `${server.config.publicOrigin}/paiddetail-${orderId}-{CHECKOUT_SESSION_ID}.html`,
      cancel_url: `${server.config.publicOrigin}/pendingdetail-${orderId}.html`,
    });
    expect((await order(user, orderId)).body.extend.data.payment).toMatchObject({
      sessionId: session.id,
      paymentUrl: `${STAND_IN_PATH}/pay/${session.id}`,
    });
    const page = await hosted(session.id);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dune caravan at dusk');
    expect(page.body).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/);
    const paid = await hosted(session.id, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paiddetail-${orderId}-${session.id}.html`);
    expect((await order(user, orderId)).body.extend.data.status).toBe('paid');
    expect(await count('SELECT 1 FROM stripe_events WHERE session_id = $1', [session.id])).toBe(1);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('Cancel returns to the pending page and leaves the order pending', async () => {
    const { user, orderId, session } = await pendingOrder(P.card300);
    const res = await hosted(session.id, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pendingdetail-${orderId}.html`);
    expect((await order(user, orderId)).body.extend.data.status).toBe('pending');
  });

  it('the paid page confirm settles from the retrieved session before the webhook arrives', async () => {
    const { user, orderId, session } = await pendingOrder(P.card1250);
    expect((await confirm(user, orderId, session.id)).body.extend.data.status).toBe('pending');
    await paidAtStripe(session.id);
    expect(await count('SELECT 1 FROM stripe_events WHERE session_id = $1', [session.id])).toBe(0);
    expect((await confirm(user, orderId, session.id)).body.extend.data.status).toBe('paid');
  });

  it('30 concurrent confirms and webhook deliveries pay the order once', async () => {
    const before = await salesOf(P.card999);
    const { user, orderId, session } = await pendingOrder(P.card999);
    await paidAtStripe(session.id);
    const event = JSON.stringify({
      id: `evt_test_concurrent_${orderId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { object: 'checkout.session', id: session.id, payment_status: 'paid' } },
    });
    const { default: Stripe } = await import('stripe');
    const secret = stripeSettingsOf(server.config)!.webhookSecret;
    const deliveries = Array.from({ length: 15 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({
            payload: i % 2 === 0 ? event : event.replace('concurrent', `concurrent_${i}`),
            secret,
          }),
        },
        payload: i % 2 === 0 ? event : event.replace('concurrent', `concurrent_${i}`),
      }),
    );
    const confirms = Array.from({ length: 15 }, () => confirm(user, orderId, session.id));
    const answers = await Promise.all([...deliveries, ...confirms]);
    expect(answers.slice(0, 15).map((r) => ('statusCode' in r ? r.statusCode : 0))).toEqual(
      Array(15).fill(200),
    );
    expect((await order(user, orderId)).body.extend.data.status).toBe('paid');
    expect(await salesOf(P.card999)).toBe(before + 1);
    expect(
      await count(`SELECT 1 FROM messages WHERE user_id = $1 AND title = $2`, [
        user.id,
        `Order #${orderId} is paid`,
      ]),
    ).toBe(1);
  });
});
