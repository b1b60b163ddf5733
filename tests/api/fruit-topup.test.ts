// Buy FruitCoins (issue 15): packs priced by the server, bought through the same payment page as premium
// prompts. Paying credits the balance and writes one `topup` ledger entry in one transaction, once per
// payment: a retry of the purchase with its requestId answers the first result, a payment confirmed twice
// credits once. Bad input is a 4xx envelope that says what is wrong.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FruitPack, LedgerPage, TopUpResult } from '../../domain/commerce.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { bearer, get, post } from './support/auth.ts';
import { newUser } from './support/catalog.ts';

let server: TestServer;
let userCount = 0;
let requestCount = 0;

const member = () => newUser(server, `topup-${++userCount}@example.com`);
const auth = (user: { token: string }) => bearer(user.token);

const packs = (user: { token: string }) =>
  get<{ data: FruitPack[]; balance: number }>(server, '/api/my/fruit/packs', auth(user));
const buy = (user: { token: string }, body: Record<string, unknown>) =>
  post<{ data: TopUpResult }>(server, '/api/my/fruit/topups', body, auth(user));
const buyPack = (user: { token: string }, packId: string, requestId = `topup-req-${++requestCount}`) =>
  buy(user, { packId, requestId });
const confirm = (user: { token: string }, sessionId: unknown) =>
  post<{ data: TopUpResult }>(server, '/api/my/fruit/topups/confirm', { sessionId }, auth(user));
const ledger = (user: { token: string }) => get<LedgerPage>(server, '/api/my/fruit/transactions', auth(user));

/** The payment page's buttons: plain form posts, answered 303 (or an HTML page). */
const devPay = (sessionId: string, action: 'pay' | 'cancel') =>
  server.app.inject({
    method: 'POST',
    url: `/dev-pay/${sessionId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const balanceOf = async (userId: string) =>
  (await server.db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [userId]))
    .fruit_cnt;
const topupEntries = (userId: string) =>
  server.db.query<{ amount: number; balance_after: number; reason: string }>(
    `SELECT amount, balance_after, reason FROM fruit_ledger WHERE user_id = $1 AND kind = 'topup' ORDER BY id`,
    [userId],
  );

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  // the ledger invariant: every balance is the sum of its entries, each balance_after the running sum
  const off = await server.db.query(
    `SELECT u.id FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id
     GROUP BY u.id HAVING u.fruit_cnt <> COALESCE(sum(l.amount), 0)::integer`,
  );
  expect(off).toEqual([]);
  const running = await server.db.query(
    `SELECT * FROM (
       SELECT id, balance_after, sum(amount) OVER (PARTITION BY user_id ORDER BY created_at, id) AS running
       FROM fruit_ledger) x
     WHERE balance_after <> running OR balance_after < 0`,
  );
  expect(running).toEqual([]);
});

describe('the FruitCoin packs', () => {
  it('are listed with their coins and money prices (the server’s), cheapest first, with the balance', async () => {
    const me = await member();
    const res = await packs(me);
    expect(res.status).toBe(200);
    const list = res.body.extend.data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const pack of list) {
      expect(pack).toEqual({
        id: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        coins: expect.any(Number),
        bonusCoins: expect.any(Number),
        priceCents: expect.any(Number),
      });
      expect(pack.coins).toBeGreaterThan(pack.bonusCoins);
      expect(pack.priceCents).toBeGreaterThan(0);
    }
    const prices = list.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.extend.balance).toBe(0);
  });

  it('answer 401 without a session, on every Buy FruitCoins call', async () => {
    for (const [method, url] of [
      ['GET', '/api/my/fruit/packs'],
      ['POST', '/api/my/fruit/topups'],
      ['POST', '/api/my/fruit/topups/confirm'],
    ] as const) {
      const res = await server.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('buying a pack', () => {
  it('opens the payment page; paying credits the balance with one top-up entry and a message', async () => {
    const me = await member();
    const basket = (await packs(me)).body.extend.data[1]!;
    const res = await buyPack(me, basket.id);
    expect(res.status).toBe(200);
    const { topup, balance } = res.body.extend.data;
    expect(balance).toBe(0);
    expect(topup).toMatchObject({
      packId: basket.id,
      title: basket.title,
      coins: basket.coins,
      amountCents: basket.priceCents,
      status: 'pending',
      paidAt: null,
    });
    expect(topup.sessionId).toMatch(/^cs_[0-9a-f]{32}$/);
    expect(topup.paymentUrl).toBe(`/dev-pay/${topup.sessionId}`);
    // nothing is credited before the payment
    expect(await balanceOf(me.id)).toBe(0);
    expect(await topupEntries(me.id)).toEqual([]);

    // the same development payment page as premium prompts, with Pay and Cancel
    const page = await server.app.inject({ method: 'GET', url: topup.paymentUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Buy ${basket.coins.toLocaleString('en-US')} FruitCoins`);
    expect(page.body).toContain(`$${(basket.priceCents / 100).toFixed(2)}`);
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${topup.sessionId}/pay">`);
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${topup.sessionId}/cancel">`);

    const paid = await devPay(topup.sessionId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/buy-fruitcoins?payment=${topup.sessionId}`);
    expect(await balanceOf(me.id)).toBe(basket.coins);
    const entries = await topupEntries(me.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: basket.coins, balance_after: basket.coins });
    expect(entries[0]!.reason).toContain(`${basket.coins.toLocaleString('en-US')} FruitCoins`);
    const messages = await server.db.query<{ title: string; body: string }>(
      `SELECT title, body FROM messages WHERE user_id = $1 AND kind = 'notice'`,
      [me.id],
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.title).toBe(`${basket.coins.toLocaleString('en-US')} FruitCoins added`);

    // the page the payment returns to confirms it: paid, and the new balance
    const back = await confirm(me, topup.sessionId);
    expect(back.status).toBe(200);
    expect(back.body.extend.data).toMatchObject({
      topup: { id: topup.id, status: 'paid', paymentUrl: null, paidAt: expect.any(String) },
      balance: basket.coins,
    });

    // Fruit History lists it with its own kind
    const history = await ledger(me);
    expect(history.body.extend.data[0]).toMatchObject({
      amount: basket.coins,
      balanceAfter: basket.coins,
      kind: 'topup',
      orderId: null,
    });
    expect(history.body.extend.balance).toBe(basket.coins);
  });

  it('reads the price from its own table: a price or a coin count in the body is refused', async () => {
    const me = await member();
    const [cheapest] = (await packs(me)).body.extend.data;
    for (const extra of [{ priceCents: 1 }, { coins: 99999 }, { amountCents: 0 }]) {
      const res = await buy(me, { packId: cheapest!.id, requestId: `extra-${++requestCount}`, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`Unknown body field '${Object.keys(extra)[0]}'`);
    }
    expect(await server.db.query('SELECT 1 FROM fruit_topups WHERE user_id = $1', [me.id])).toEqual([]);
  });

  it('answers a retry with the same requestId with the first top-up, whatever the body says', async () => {
    const me = await member();
    const [small, large] = (await packs(me)).body.extend.data;
    const first = await buyPack(me, small!.id, 'same-request');
    const again = await buyPack(me, large!.id, 'same-request');
    expect(again.status).toBe(200);
    expect(again.body.extend.data.topup).toEqual(first.body.extend.data.topup);
    // paid, the retry answers it paid, and pays nothing more
    await devPay(first.body.extend.data.topup.sessionId, 'pay');
    const afterPaying = await buyPack(me, small!.id, 'same-request');
    expect(afterPaying.body.extend.data).toMatchObject({
      topup: { id: first.body.extend.data.topup.id, status: 'paid', paymentUrl: null },
      balance: small!.coins,
    });
    expect(await server.db.query('SELECT id FROM fruit_topups WHERE user_id = $1', [me.id])).toHaveLength(1);
    // another requestId is another purchase
    const other = await buyPack(me, small!.id);
    expect(other.body.extend.data.topup.id).not.toBe(first.body.extend.data.topup.id);
  });

  it('credits once however often the payment is confirmed, paid again or retried', async () => {
    const me = await member();
    const [pack] = (await packs(me)).body.extend.data;
    const { topup } = (await buyPack(me, pack!.id)).body.extend.data;
    expect((await devPay(topup.sessionId, 'pay')).statusCode).toBe(303);
    // Pay pressed again (back button, second tab): the same place, nothing more credited
    const twice = await devPay(topup.sessionId, 'pay');
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toBe(`/buy-fruitcoins?payment=${topup.sessionId}`);
    const confirmations = await Promise.all([1, 2, 3, 4].map(() => confirm(me, topup.sessionId)));
    for (const c of confirmations) {
      expect(c.status).toBe(200);
      expect(c.body.extend.data.topup.status).toBe('paid');
      expect(c.body.extend.data.balance).toBe(pack!.coins);
    }
    // Cancel after paying changes nothing either: it goes back to the result
    const late = await devPay(topup.sessionId, 'cancel');
    expect(late.statusCode).toBe(303);
    expect(await balanceOf(me.id)).toBe(pack!.coins);
    expect(await topupEntries(me.id)).toHaveLength(1);
    // the closed payment page says it is done
    const page = await server.app.inject({ method: 'GET', url: `/dev-pay/${topup.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('FruitCoins are added');
    expect(page.body).not.toContain('/pay">');
  });

  it('settles on confirm when the provider reports the payment before its webhook arrives', async () => {
    const me = await member();
    const [pack] = (await packs(me)).body.extend.data;
    const { topup } = (await buyPack(me, pack!.id)).body.extend.data;
    // what a provider's redirect can come before: the session paid, the top-up not settled yet
    await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [
      topup.sessionId,
    ]);
    expect(await balanceOf(me.id)).toBe(0);
    const [a, b] = await Promise.all([confirm(me, topup.sessionId), confirm(me, topup.sessionId)]);
    expect(a.body.extend.data.topup.status).toBe('paid');
    expect(b.body.extend.data.topup.status).toBe('paid');
    expect(await balanceOf(me.id)).toBe(pack!.coins);
    expect(await topupEntries(me.id)).toHaveLength(1);
    // and the payment page's Pay (the webhook, late) credits nothing more
    expect((await devPay(topup.sessionId, 'pay')).statusCode).toBe(303);
    expect(await topupEntries(me.id)).toHaveLength(1);
  });

  it('Cancel returns to the same page, which says it was cancelled; it cannot be paid after', async () => {
    const me = await member();
    const [pack] = (await packs(me)).body.extend.data;
    const { topup } = (await buyPack(me, pack!.id)).body.extend.data;
    const cancelled = await devPay(topup.sessionId, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/buy-fruitcoins?payment=${topup.sessionId}`);
    const back = await confirm(me, topup.sessionId);
    expect(back.body.extend.data).toMatchObject({
      topup: { status: 'cancelled', paymentUrl: null, paidAt: null },
      balance: 0,
    });
    const late = await devPay(topup.sessionId, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This payment is closed');
    expect(await balanceOf(me.id)).toBe(0);
    expect(await topupEntries(me.id)).toEqual([]);
    // a new purchase is a new payment
    const retry = await buyPack(me, pack!.id);
    expect(retry.body.extend.data.topup.status).toBe('pending');
    expect(retry.body.extend.data.topup.sessionId).not.toBe(topup.sessionId);
  });

  it('answers 20 simultaneous copies of one request with one top-up and one payment session', async () => {
    const me = await member();
    const [pack] = (await packs(me)).body.extend.data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyPack(me, pack!.id, 'rushed-request')),
    );
    const ids = new Set(answers.map((a) => a.body.extend.data.topup.id));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(ids.size).toBe(1);
    const sessions = await server.db.query(
      `SELECT s.id FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id WHERE t.user_id = $1`,
      [me.id],
    );
    expect(sessions).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('gets a 4xx envelope that says what is wrong', async () => {
    const me = await member();
    const cases: [Record<string, unknown> | string, number, string | RegExp][] = [
      [{ packId: 'no-such-pack', requestId: 'bad-1' }, 404, /^FruitCoin pack not found/],
      [{ packId: 'handful' }, 400, "Missing body field 'requestId'"],
      [{ requestId: 'bad-2' }, 400, "Missing body field 'packId'"],
      [{ packId: 7, requestId: 'bad-3' }, 400, /^Invalid body field 'packId'/],
      [{ packId: 'handful', requestId: 5 }, 400, /^Invalid body field 'requestId'/],
      [{ packId: 'handful', requestId: '' }, 400, /^Invalid body field 'requestId'/],
      [{ packId: 'x'.repeat(200), requestId: 'bad-4' }, 400, /^Invalid body field 'packId'/],
      ['not json at all', 400, /./],
    ];
    for (const [body, status, msg] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/my/fruit/topups',
        headers: { ...auth(me), 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const envelope = res.json<{ success: boolean; msg: string }>();
      expect(envelope.success).toBe(false);
      expect(envelope.msg).toMatch(msg);
    }
    expect((await buyPack(me, 'no-such-pack')).body.msg).toContain(
      'Choose one of the packs on Buy FruitCoins',
    );

    for (const [sessionId, status] of [
      [undefined, 400],
      [42, 400],
      ['', 400],
      ['cs_no_such_session', 404],
    ] as const) {
      const res = await confirm(me, sessionId);
      expect(res.status, String(sessionId)).toBe(status);
      expect(res.body.success).toBe(false);
    }
    expect((await confirm(me, 'cs_no_such_session')).body.msg).toBe('Payment not found');
  });

  it("answers another member's payment, and an order's, as not found", async () => {
    const [me, other] = [await member(), await member()];
    const [pack] = (await packs(me)).body.extend.data;
    const theirs = (await buyPack(other, pack!.id)).body.extend.data.topup;
    const res = await confirm(me, theirs.sessionId);
    expect(res.status).toBe(404);
    await devPay(theirs.sessionId, 'pay');
    expect((await confirm(me, theirs.sessionId)).status).toBe(404);
    expect(await balanceOf(me.id)).toBe(0);

    // a top-up's session is no order's, and an order's session is no top-up's
    const demoToken = await server.tokenFor('demo@example.com');
    const orderSession = await server.db.one<{ id: string; order_id: number }>(
      `SELECT s.id, s.order_id FROM payment_sessions s JOIN orders o ON o.id = s.order_id
       JOIN users u ON u.id = o.user_id WHERE u.email = 'demo@example.com' LIMIT 1`,
    );
    expect((await confirm({ token: demoToken }, orderSession.id)).status).toBe(404);
    const mine = (await buyPack(me, pack!.id)).body.extend.data.topup;
    const asOrder = await post(
      server,
      `/api/my/orders/${orderSession.order_id}/confirm`,
      { sessionId: mine.sessionId },
      bearer(demoToken),
    );
    expect(asOrder.status).toBe(404);
  });
});

describe('without a payment page (development stand-ins off)', () => {
  it('lists the packs but refuses to sell them with 503, and serves no /dev-pay', async () => {
    const prod = await createTestServer({ config: { devStandIns: false } });
    try {
      const token = await prod.tokenFor('demo@example.com');
      const list = await get<{ data: FruitPack[] }>(prod, '/api/my/fruit/packs', bearer(token));
      expect(list.status).toBe(200);
      const res = await post(
        prod,
        '/api/my/fruit/topups',
        { packId: list.body.extend.data[0]!.id, requestId: 'prod-1' },
        bearer(token),
      );
      expect(res.status).toBe(503);
      expect(res.body.msg).toMatch(/Card payment is not available/);
    } finally {
      await prod.close();
    }
  });
});

describe('the API reference', () => {
  it('documents the Buy FruitCoins calls', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(paths['/api/my/fruit/packs']?.get).toBeDefined();
    expect(paths['/api/my/fruit/topups']?.post).toBeDefined();
    expect(paths['/api/my/fruit/topups/confirm']?.post).toBeDefined();
  });
});
