// The Stripe stand-in (issue 38): our own server speaking the part of Stripe's HTTP API we use, reached by
// the official `stripe` client. Checkout Sessions are created from Stripe's form encoding with the secret
// key as Bearer and an Idempotency-Key, retrieved by id, and answered in Stripe's JSON shapes and errors.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAND_IN_PATH,
  STAND_IN_SECRET_KEY,
  stripeClient,
  stripeSettingsOf,
} from '../../server/commerce/stripe-provider.ts';
import { createTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let stripe: Stripe;

const sessionParams = (orderId: number): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 499, product_data: { name: 'Dune caravan at dusk' } },
    },
    {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 300, product_data: { name: 'Foggy [harbour] & lanterns' } },
    },
  ],
  client_reference_id: `order-${orderId}`,
  metadata: { orderId: String(orderId) },
  success_url: `http://localhost:3000/paiddetail-${orderId}-{CHECKOUT_SESSION_ID}.html`,
  cancel_url: `http://localhost:3000/pendingdetail-${orderId}.html`,
});

beforeAll(async () => {
  server = await createTestServer();
  stripe = stripeClient(stripeSettingsOf(server.config)!, server.app);
});
afterAll(async () => {
  await server.close();
});

describe('the Stripe stand-in', () => {
  it('creates a Checkout Session from the stripe client and retrieves it', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(41));
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 799,
      currency: 'usd',
      client_reference_id: 'order-41',
      metadata: { orderId: '41' },
      livemode: false,
      success_url: 'http://localhost:3000/paiddetail-41-{CHECKOUT_SESSION_ID}.html',
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`http://localhost:3000${STAND_IN_PATH}/pay/${session.id}`);
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again).toMatchObject({ id: session.id, status: 'open', amount_total: 799 });
  });

  it('answers the first session again for the same Idempotency-Key, and refuses it with other params', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(42), { idempotencyKey: 'order-42-1' });
    const second = await stripe.checkout.sessions.create(sessionParams(42), { idempotencyKey: 'order-42-1' });
    expect(second.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(sessionParams(43), { idempotencyKey: 'order-42-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('refuses a wrong secret key (401), an unknown session (404) and a session without a price (400)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${STAND_IN_PATH}/v1/checkout/sessions`,
      headers: { authorization: 'Bearer sk_test_wrong', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mode=payment',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams(44), line_items: [] }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(STAND_IN_SECRET_KEY).toMatch(/^sk_test_/);
  });
});
