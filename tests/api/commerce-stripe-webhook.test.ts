// Fulfilment only from verified Stripe events (issue 38): POST /api/payments/stripe/webhook checks the
// Stripe-Signature header on the raw body, records each event id once and settles the order or credits the
// top-up in one transaction. A forged or re-signed event is refused with 400 and changes nothing; the same
// event twice credits once.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TopUpResult } from '../../domain/commerce.ts';
import { STAND_IN_WEBHOOK_SECRET } from '../../server/commerce/stripe-provider.ts';
import { bearer, post } from './support/auth.ts';
import {
  balanceOf,
  buyer,
  closeCommerce,
  expectLedgerInvariant,
  openCommerce,
  P,
  server,
  snapshot,
} from './support/commerce.ts';
import { add, checkout, order } from './support/commerce-calls.ts';

const stripe = new Stripe('sk_test_webhook_tests');
let eventCount = 0;

/** A Stripe event about this Checkout Session, as Stripe would send it. */
const eventOf = (type: string, session: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_test_${++eventCount}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
  });

const deliver = (payload: string, secret = STAND_IN_WEBHOOK_SECRET, signature?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });

const buyPack = async (user: { token: string }) =>
  (
    await post<{ data: TopUpResult }>(
      server,
      '/api/my/fruit/topups',
      { packId: 'basket', requestId: `wh-${++eventCount}` },
      bearer(user.token),
    )
  ).body.extend.data.topup;

beforeAll(openCommerce);
afterAll(closeCommerce);
afterEach(expectLedgerInvariant);

describe('POST /api/payments/stripe/webhook', () => {
  it('settles a premium order from a verified checkout.session.completed event', async () => {
    const user = await buyer();
    await add(user, P.card499);
    const { cardOrder } = (await checkout(user, [P.card499])).body.extend.data;
    const sessionId = cardOrder?.payment.sessionId ?? '';
    const res = await deliver(
      eventOf('checkout.session.completed', {
        id: sessionId,
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: `order-${cardOrder?.id}`,
        metadata: { orderId: String(cardOrder?.id) },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await order(user, cardOrder?.id ?? 0)).body.extend.data.status).toBe('paid');
  });

  it('refuses a forged or re-signed event with 400 and changes nothing', async () => {
    const user = await buyer();
    const topup = await buyPack(user);
    const before = await snapshot(user.id);
    const payload = eventOf('checkout.session.completed', {
      id: topup.sessionId,
      payment_status: 'paid',
      status: 'complete',
    });
    for (const res of [
      await deliver(payload, 'whsec_not_ours'),
      await deliver(payload, STAND_IN_WEBHOOK_SECRET, 't=1,v1=deadbeef'),
      await deliver(payload, STAND_IN_WEBHOOK_SECRET, ''),
      // signed for another body, then changed
      await deliver(
        payload.replace('"paid"', '"paid" '),
        STAND_IN_WEBHOOK_SECRET,
        stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }),
      ),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, msg: expect.stringMatching(/signature/i) });
    }
    expect(await snapshot(user.id)).toEqual(before);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('credits a pack once when the same event arrives twice, or twice at once', async () => {
    const user = await buyer();
    const topup = await buyPack(user);
    const payload = eventOf('checkout.session.completed', {
      id: topup.sessionId,
      payment_status: 'paid',
      status: 'complete',
    });
    const answers = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(topup.coins);
    expect(
      await server.db.one('SELECT count(*)::integer AS n FROM stripe_events WHERE id = $1', [
        JSON.parse(payload).id,
      ]),
    ).toEqual({ n: 1 });
  });

  it('an unpaid completion settles nothing; async_payment_succeeded does', async () => {
    const user = await buyer();
    const topup = await buyPack(user);
    const session = { id: topup.sessionId, status: 'complete' };
    await deliver(eventOf('checkout.session.completed', { ...session, payment_status: 'unpaid' }));
    expect(await balanceOf(user.id)).toBe(0);
    await deliver(
      eventOf('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
    );
    expect(await balanceOf(user.id)).toBe(topup.coins);
  });

  it('an expired session leaves its order pending and unpaid', async () => {
    const user = await buyer();
    await add(user, P.card300);
    const { cardOrder } = (await checkout(user, [P.card300])).body.extend.data;
    const res = await deliver(
      eventOf('checkout.session.expired', {
        id: cardOrder?.payment.sessionId,
        payment_status: 'unpaid',
        status: 'expired',
      }),
    );
    expect(res.statusCode).toBe(200);
    const after = (await order(user, cardOrder?.id ?? 0)).body.extend.data;
    expect(after.status).toBe('pending');
    expect(after.payment.paymentUrl).toBeNull();
  });

  it('answers 200 to events it does not handle and to sessions it does not know', async () => {
    expect((await deliver(eventOf('customer.created', { id: 'cus_1' }))).statusCode).toBe(200);
    const unknown = eventOf('checkout.session.completed', { id: 'cs_test_unknown', payment_status: 'paid' });
    expect((await deliver(unknown)).statusCode).toBe(200);
  });
});
