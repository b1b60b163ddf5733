// NODE_ENV=production with Stripe keys (issue 38): the production server's `stripe` client is pointed at the
// stand-in of a second, development server (STRIPE_API_BASE), which posts its signed events back over HTTP.
// A premium prompt and a FruitCoin pack are bought end to end: checkout, the hosted page's Pay, the
// webhook, the paid order and the credited coins.
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, OrderDetail, TopUpResult } from '../../domain/commerce.ts';
import {
  STAND_IN_PATH,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
} from '../../server/commerce/stripe-provider.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { newUser } from './support/catalog.ts';

let standIn: TestServer;
let shop: TestServer;
let shopOrigin = '';

/** A free port: the production server's public origin must be known before it is built. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

const listen = (s: TestServer, port: number) => s.app.listen({ port, host: '127.0.0.1' });

const call = async <T>(method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${shopOrigin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { extend: { data: T } } };
};

/** The buyer's click on the hosted page's Pay: answered 303 to the shop's return URL. */
const payOn = async (paymentUrl: string) => {
  const page = await fetch(paymentUrl);
  expect(await page.text()).toMatch(/>Pay<\/button>/);
  return fetch(`${paymentUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
};

beforeAll(async () => {
  const standInPort = await freePort();
  const standInOrigin = `http://127.0.0.1:${standInPort}`;
  standIn = await createTestServer({ config: { publicOrigin: standInOrigin } });
  await listen(standIn, standInPort);
  const port = await freePort();
  shopOrigin = `http://127.0.0.1:${port}`;
  shop = await createTestServer({
    config: {
      publicOrigin: shopOrigin,
      production: true,
      nodeEnv: 'production',
      devStandIns: false,
      seedDemo: false,
      stripe: {
        secretKey: STAND_IN_SECRET_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiBase: `${standInOrigin}${STAND_IN_PATH}`,
      },
    },
  });
  await listen(shop, port);
});
afterAll(async () => {
  await shop.close();
  await standIn.close();
});

describe('production with Stripe keys, against the stand-in', () => {
  it('buys a premium prompt end to end', async () => {
    const user = await newUser(shop, 'prod-premium@example.com');
    const prompt = await shop.db.one<{ id: number; title: string }>(
      'SELECT id, title FROM prompts WHERE grade = 2 AND NOT hidden ORDER BY id LIMIT 1',
    );
    expect((await call('POST', '/api/my/cart/add', user.token, { promptId: prompt.id })).status).toBe(200);
    const made = await call<CheckoutResult>('POST', '/api/my/orders', user.token, {
      promptIds: [prompt.id],
      requestId: 'prod-1',
    });
    expect(made.status).toBe(200);
    const { cardOrder, paymentUrl } = made.body.extend.data;
    expect(paymentUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${STAND_IN_PATH}/pay/cs_test_`));
    const back = await payOn(paymentUrl!);
    expect(back.status).toBe(303);
    const sessionId = cardOrder!.payment.sessionId!;
    expect(back.headers.get('location')).toBe(`${shopOrigin}/paiddetail-${cardOrder!.id}-${sessionId}.html`);
    const after = await call<OrderDetail>('GET', `/api/my/orders/${cardOrder!.id}`, user.token);
    expect(after.body.extend.data.status).toBe('paid');
  });

  it('buys a FruitCoin pack end to end', async () => {
    const user = await newUser(shop, 'prod-pack@example.com');
    const bought = await call<TopUpResult>('POST', '/api/my/fruit/topups', user.token, {
      packId: 'basket',
      requestId: 'prod-pack-1',
    });
    expect(bought.status).toBe(200);
    const { topup } = bought.body.extend.data;
    const back = await payOn(topup.paymentUrl!);
    expect(back.headers.get('location')).toBe(`${shopOrigin}/buy-fruitcoins?payment=${topup.sessionId}`);
    const confirmed = await call<TopUpResult>('POST', '/api/my/fruit/topups/confirm', user.token, {
      sessionId: topup.sessionId,
    });
    expect(confirmed.body.extend.data).toMatchObject({ topup: { status: 'paid' }, balance: topup.coins });
  });
});
