// The buying side (docs/decisions/004-commerce.md): cart, checkout, orders, payment page, coupons, ledger,
// exchange. Every number is the server's; every call is the token's own user's; the FruitCoin ledger
// always sums to the balance (checked after every test).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Cart,
  CheckoutResult,
  Coupon,
  ExchangeOffer,
  ExchangeResult,
  LedgerPage,
  OrderDetail,
  OrderPage,
} from '../../domain/commerce.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createTestServer, openTestDb, type TestServer } from '../support/server.ts';
import { bearer, call, get, post } from './support/auth.ts';
import { newUser } from './support/catalog.ts';

let server: TestServer;
let demo: { id: string; token: string };
let alice: { id: string; token: string };

/** Prompts of these tests, with prices to do sums with (ids far above the demo catalog's). */
const P = {
  fruit10: 9001,
  fruit25: 9002,
  fruit40: 9003,
  card499: 9011,
  card1250: 9012,
  card300: 9013,
  card999: 9014,
  free: 9021,
} as const;

let userCount = 0;
/** A new member with this FruitCoin balance (an adjustment entry, so the ledger sums to it). */
async function buyer(balance = 0): Promise<{ id: string; token: string }> {
  userCount += 1;
  const user = await newUser(server, `buyer-${userCount}@example.com`);
  if (balance !== 0) await setBalance(user.id, balance);
  return user;
}

/** Sets a member's balance exactly, with the adjustment entry that keeps the ledger summing to it. */
async function setBalance(userId: string, balance: number): Promise<void> {
  await server.db.tx(async (q) => {
    const { fruit_cnt } = await q.one<{ fruit_cnt: number }>(
      'SELECT fruit_cnt FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (fruit_cnt === balance) return;
    await q.query('UPDATE users SET fruit_cnt = $2 WHERE id = $1', [userId, balance]);
    await q.query(
      `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason, created_at)
       VALUES ($1, $2, $3, 'adjustment', 'Test balance', clock_timestamp())`,
      [userId, balance - fruit_cnt, balance],
    );
  });
}

async function addPrompt(id: number, grade: 0 | 1 | 2, price: number | null, title: string): Promise<void> {
  await server.db.query(
    `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit, price_cents,
                          tags, template, variables, image_count, art)
     VALUES ($1, $1, $2, $3, 'A prompt of the commerce tests.', 1, $4, $5, $6, '{commerce}',
             'Secret template [Variable 1]', '[]', 1, '{"scene":"abstract","palette":["#000","#888","#fff"],"seed":1}')`,
    [id, `commerce-test-${id}`, title, grade, grade === 1 ? price : null, grade === 2 ? price : null],
  );
}

/** A coupon of the member's, valid from yesterday for `days` days unless told otherwise. */
async function giveCoupon(
  userId: string,
  fields: {
    kind?: 'percent' | 'amount';
    value?: number;
    minSpendCents?: number;
    status?: 'valid' | 'used' | 'expired';
    validFrom?: string;
    validUntil?: string;
  } = {},
): Promise<number> {
  const code = `TEST-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const row = await server.db.one<{ id: number }>(
    `INSERT INTO coupons (code, user_id, title, kind, value, min_spend_cents, valid_from, valid_until, status)
     VALUES ($1, $2, 'Test coupon', $3, $4, $5, COALESCE($6::timestamptz, now() - interval '1 day'),
             COALESCE($7::timestamptz, now() + interval '30 days'), $8)
     RETURNING id`,
    [
      code,
      userId,
      fields.kind ?? 'percent',
      fields.value ?? 10,
      fields.minSpendCents ?? 0,
      fields.validFrom ?? null,
      fields.validUntil ?? null,
      fields.status ?? 'valid',
    ],
  );
  return row.id;
}

// Calls --------------------------------------------------------------------------------------------------

const auth = (user: { token: string }) => bearer(user.token);
const cartOf = (user: { token: string }, couponId?: number | string) =>
  get<{ data: Cart }>(
    server,
    `/api/my/cart${couponId === undefined ? '' : `?couponId=${encodeURIComponent(String(couponId))}`}`,
    auth(user),
  );
const add = (user: { token: string }, promptId: unknown) =>
  post<{ data: Cart }>(server, '/api/my/cart/add', { promptId }, auth(user));
const remove = (user: { token: string }, promptId: unknown) =>
  post<{ data: Cart }>(server, '/api/my/cart/remove', { promptId }, auth(user));
let requestCount = 0;
const checkout = (
  user: { token: string },
  promptIds: number[],
  extra: { couponId?: number | null; requestId?: string; referral?: string | null } = {},
) =>
  post<{ data: CheckoutResult }>(
    server,
    '/api/my/orders',
    { promptIds, requestId: extra.requestId ?? `req-${++requestCount}`, ...extra },
    auth(user),
  );
const order = (user: { token: string }, id: number | string) =>
  get<{ data: OrderDetail }>(server, `/api/my/orders/${id}`, auth(user));
const cancel = (user: { token: string }, id: number | string) =>
  post<{ data: OrderDetail }>(server, `/api/my/orders/${id}/cancel`, {}, auth(user));
const pay = (user: { token: string }, id: number | string) =>
  post<{ data: { paymentUrl: string; order: OrderDetail } }>(
    server,
    `/api/my/orders/${id}/pay`,
    {},
    auth(user),
  );
const confirm = (user: { token: string }, id: number | string, sessionId: string) =>
  post<{ data: OrderDetail }>(server, `/api/my/orders/${id}/confirm`, { sessionId }, auth(user));
const coupons = (user: { token: string }, status?: string) =>
  get<{ data: Coupon[] }>(server, `/api/my/coupons${status ? `?status=${status}` : ''}`, auth(user));
const exchange = (user: { token: string }, offerId: unknown, requestId = `ex-${++requestCount}`) =>
  post<{ data: ExchangeResult }>(server, '/api/my/exchange', { offerId, requestId }, auth(user));
const ledger = (user: { token: string }, query = '') =>
  get<LedgerPage>(server, `/api/my/fruit/transactions${query}`, auth(user));

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
const count = async (sql: string, params: unknown[]) =>
  (await server.db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM (${sql}) x`, params)).n;
const salesOf = async (promptId: number) =>
  (await server.db.one<{ sales: number }>('SELECT sales FROM prompts WHERE id = $1', [promptId])).sales;

/** Everything a member's purchases change, to compare before and after a refused or repeated call. */
async function snapshot(userId: string) {
  const q = server.db;
  return {
    balance: await balanceOf(userId),
    ledger: await q.query('SELECT id, amount FROM fruit_ledger WHERE user_id = $1 ORDER BY id', [userId]),
    orders: await q.query(
      'SELECT id, status, payment_session_id FROM orders WHERE user_id = $1 ORDER BY id',
      [userId],
    ),
    access: await q.query('SELECT prompt_id FROM user_prompt_access WHERE user_id = $1 ORDER BY prompt_id', [
      userId,
    ]),
    cart: await q.query('SELECT prompt_id FROM cart_items WHERE user_id = $1 ORDER BY prompt_id', [userId]),
    coupons: await q.query('SELECT id, status, used_at FROM coupons WHERE user_id = $1 ORDER BY id', [
      userId,
    ]),
    messages: await count('SELECT 1 FROM messages WHERE user_id = $1', [userId]),
    sessions: await q.query(
      `SELECT s.id, s.status FROM payment_sessions s JOIN orders o ON o.id = s.order_id
       WHERE o.user_id = $1 ORDER BY s.id`,
      [userId],
    ),
  };
}

/** The ledger invariant: every balance is the sum of its entries, each balance_after the running sum. */
async function expectLedgerInvariant(): Promise<void> {
  const off = await server.db.query(
    `SELECT u.email, u.fruit_cnt, COALESCE(sum(l.amount), 0)::integer AS total
     FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id
     GROUP BY u.id HAVING u.fruit_cnt <> COALESCE(sum(l.amount), 0)`,
  );
  expect(off).toEqual([]);
  const running = await server.db.query(
    `SELECT * FROM (
       SELECT id, balance_after, sum(amount) OVER (PARTITION BY user_id ORDER BY created_at, id) AS running
       FROM fruit_ledger) x
     WHERE balance_after <> running OR balance_after < 0`,
  );
  expect(running).toEqual([]);
}

beforeAll(async () => {
  server = await createTestServer();
  demo = { id: '', token: await server.tokenFor('demo@example.com') };
  alice = { id: '', token: await server.tokenFor('alice@example.com') };
  demo.id = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`)).id;
  alice.id = (
    await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'alice@example.com'`)
  ).id;
  await addPrompt(P.fruit10, 1, 10, 'Amber forest path');
  await addPrompt(P.fruit25, 1, 25, 'Brass clockwork owl');
  await addPrompt(P.fruit40, 1, 40, 'Cobalt night market');
  await addPrompt(P.card499, 2, 499, 'Dune caravan at dusk');
  await addPrompt(P.card1250, 2, 1250, 'Emerald glasshouse');
  await addPrompt(P.card300, 2, 300, 'Foggy harbour lanterns');
  await addPrompt(P.card999, 2, 999, 'Golden hour rooftop');
  await addPrompt(P.free, 0, null, 'Harvest still life');
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await expectLedgerInvariant();
});

// Cart ---------------------------------------------------------------------------------------------------

describe('the cart', () => {
  it('adds and removes prompts, prices them and keeps the totals of both currencies apart', async () => {
    const me = await buyer(100);
    const empty = await cartOf(me);
    expect(empty.status).toBe(200);
    expect(empty.body.extend.data).toEqual({
      items: [],
      totals: { fruit: 0, subtotalCents: 0, discountCents: 0, totalCents: 0 },
      coupon: null,
      couponError: null,
      balance: 100,
    });

    for (const id of [P.fruit10, P.card499, P.fruit25, P.card1250])
      expect((await add(me, id)).status).toBe(200);
    const again = await add(me, P.fruit10); // adding twice changes nothing
    expect(again.status).toBe(200);
    const cart = again.body.extend.data;
    expect(cart.items.map((i) => i.promptId)).toEqual([P.fruit10, P.card499, P.fruit25, P.card1250]);
    expect(cart.totals).toEqual({ fruit: 35, subtotalCents: 1749, discountCents: 0, totalCents: 1749 });
    expect(cart.items[1]).toMatchObject({
      promptId: P.card499,
      slugId: `commerce-test-${P.card499}-${P.card499}`,
      title: 'Dune caravan at dusk',
      grade: 2,
      generatorType: 1,
      priceFruit: null,
      priceCents: 499,
      image: {
        url: `/api/images/prompts/${P.card499}/0.webp`,
        width: expect.any(Number),
        alt: expect.any(String),
      },
    });
    expect(cart.balance).toBe(100);
    const badge = await get<{ data: number }>(server, '/api/my/cart/count', auth(me));
    expect(badge.body.extend.data).toBe(4);

    const removed = await remove(me, P.card499);
    expect(removed.status).toBe(200);
    expect(removed.body.extend.data.totals).toEqual({
      fruit: 35,
      subtotalCents: 1250,
      discountCents: 0,
      totalCents: 1250,
    });
    // Removing what is not there (or does not exist) is not an error.
    expect((await remove(me, P.card499)).status).toBe(200);
    expect((await remove(me, 2_000_000_000)).status).toBe(200);
    expect((await cartOf(me)).body.extend.data.items).toHaveLength(3);
  });

  it('refuses free (400), unknown (404) and owned (409) prompts, and bad input (400)', async () => {
    const me = await buyer(50);
    const free = await add(me, P.free);
    expect(free.status).toBe(400);
    expect(free.body.msg).toMatch(/free/);
    const unknown = await add(me, 1_999_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Prompt not found');

    expect((await checkout(me, [P.fruit10])).status).toBe(200);
    const owned = await add(me, P.fruit10);
    expect(owned.status).toBe(409);
    expect(owned.body.msg).toMatch(/already own “Amber forest path”/);

    for (const promptId of [0, -1, 'abc', 1.5, 2 ** 31, null]) {
      const bad = await add(me, promptId);
      expect(bad.status, String(promptId)).toBe(400);
      expect(bad.body.success).toBe(false);
    }
    const missing = await post(server, '/api/my/cart/add', {}, auth(me));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Missing body field 'promptId'");
    expect((await cartOf(me)).body.extend.data.items).toEqual([]);
  });

  it('needs a signed-in member (401) for every call of the buying side', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/my/cart'],
      ['POST', '/api/my/cart/add'],
      ['POST', '/api/my/cart/remove'],
      ['POST', '/api/my/orders'],
      ['GET', '/api/my/orders'],
      ['GET', '/api/my/orders/1'],
      ['POST', '/api/my/orders/1/cancel'],
      ['POST', '/api/my/orders/1/pay'],
      ['POST', '/api/my/orders/1/confirm'],
      ['GET', '/api/my/fruit/transactions'],
      ['GET', '/api/my/coupons'],
      ['GET', '/api/my/exchange/offers'],
      ['POST', '/api/my/exchange'],
    ];
    for (const [method, url] of calls) {
      const res = await call(server, {
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});

// Coupons on the cart and at checkout ------------------------------------------------------------------

describe('coupons', () => {
  it('apply to the money part only: percent rounded down, amount capped, shown on the cart', async () => {
    const me = await buyer(100);
    await add(me, P.fruit25);
    await add(me, P.card1250);
    await add(me, P.card999);
    const percent = await giveCoupon(me.id, { kind: 'percent', value: 15 });
    const priced = await cartOf(me, percent);
    expect(priced.status).toBe(200);
    // 15% of 2249 = 337.35 -> 337
    expect(priced.body.extend.data.totals).toEqual({
      fruit: 25,
      subtotalCents: 2249,
      discountCents: 337,
      totalCents: 1912,
    });
    expect(priced.body.extend.data.coupon).toMatchObject({
      id: percent,
      kind: 'percent',
      value: 15,
      status: 'valid',
    });
    expect(priced.body.extend.data.couponError).toBeNull();

    const big = await giveCoupon(me.id, { kind: 'amount', value: 5000 });
    expect((await cartOf(me, big)).body.extend.data.totals).toMatchObject({
      discountCents: 2249,
      totalCents: 0,
    });
  });

  it('never fail the cart: a bad coupon answers coupon null and why', async () => {
    const me = await buyer();
    await add(me, P.card499);
    const expired = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const minSpend = await giveCoupon(me.id, { kind: 'amount', value: 200, minSpendCents: 1000 });
    const later = await giveCoupon(me.id, {
      validFrom: '2099-01-01T00:00:00Z',
      validUntil: '2099-02-01T00:00:00Z',
    });
    const alices = (await server.db.one<{ id: number }>(`SELECT id FROM coupons WHERE code = 'CREATOR20-AM'`))
      .id;
    const cases: [number | string, RegExp][] = [
      [expired, /expired on February 1, 2025/],
      [used, /has already been used/],
      [minSpend, /at least \$10\.00; these come to \$4\.99/],
      [later, /can be used from January 1, 2099/],
      [alices, /Coupon not found/],
      [2_000_000_000, /Coupon not found/],
      ['abc', /Coupon not found/],
      ['-3', /Coupon not found/],
    ];
    for (const [id, message] of cases) {
      const res = await cartOf(me, id);
      expect(res.status, String(id)).toBe(200);
      expect(res.body.extend.data.coupon).toBeNull();
      expect(res.body.extend.data.couponError).toMatch(message);
      expect(res.body.extend.data.totals).toEqual({
        fruit: 0,
        subtotalCents: 499,
        discountCents: 0,
        totalCents: 499,
      });
    }
    expect((await cartOf(me, '')).body.extend.data.couponError).toBeNull();
  });

  it('that do not apply are refused at checkout (404 another member’s, 409 expired / used / min spend), changing nothing', async () => {
    const me = await buyer(100);
    const expired = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const minSpend = await giveCoupon(me.id, { kind: 'amount', value: 200, minSpendCents: 1000 });
    const alices = await giveCoupon(alice.id);
    const good = await giveCoupon(me.id);
    const before = await snapshot(me.id);
    const aliceBefore = await snapshot(alice.id);
    const cases: [number, number, RegExp][] = [
      [expired, 409, /expired/],
      [used, 409, /already been used/],
      [minSpend, 409, /at least \$10\.00/],
      [alices, 404, /Coupon not found/],
    ];
    for (const [couponId, status, message] of cases) {
      const res = await checkout(me, [P.fruit10, P.card499], { couponId });
      expect(res.status, String(couponId)).toBe(status);
      expect(res.body.msg).toMatch(message);
    }
    // A coupon on an order with nothing to pay in money.
    const fruitOnly = await checkout(me, [P.fruit10], { couponId: good });
    expect(fruitOnly.status).toBe(409);
    expect(fruitOnly.body.msg).toMatch(/premium prompts/);
    expect(await snapshot(me.id)).toEqual(before);
    expect(await snapshot(alice.id)).toEqual(aliceBefore);
  });

  it('are listed with their computed status and filtered by it', async () => {
    const me = await buyer();
    const valid = await giveCoupon(me.id);
    const pastEnd = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const all = await coupons(me);
    expect(all.status).toBe(200);
    expect(all.body.extend.data.map((c) => [c.id, c.status])).toEqual(
      expect.arrayContaining([
        [valid, 'valid'],
        [pastEnd, 'expired'],
        [used, 'used'],
      ]),
    );
    expect(all.body.extend.data[0]?.id).toBe(valid); // valid ones first
    expect((await coupons(me, 'expired')).body.extend.data.map((c) => c.id)).toEqual([pastEnd]);
    expect((await coupons(me, 'valid')).body.extend.data.map((c) => c.id)).toEqual([valid]);
    expect((await coupons(me, 'used')).body.extend.data.map((c) => c.id)).toEqual([used]);
    expect((await coupons(me, 'lost')).status).toBe(400);
    // Only the member's own.
    const demos = await coupons(demo);
    expect(demos.body.extend.data.map((c) => c.code)).toContain('FRESH15-DM');
    expect(demos.body.extend.data.map((c) => c.code)).not.toContain('CREATOR20-AM');
    const spring = demos.body.extend.data.find((c) => c.code === 'SPRING3-DM');
    expect(spring).toMatchObject({ status: 'used', orderId: expect.any(Number) });
  });
});

// Checkout -----------------------------------------------------------------------------------------------

describe('checkout', () => {
  it('of FruitCoin prompts pays at once: one debit, access, sales, cart emptied, a message', async () => {
    const me = await buyer(100);
    await add(me, P.fruit10);
    await add(me, P.fruit25);
    await add(me, P.card300); // stays in the cart: not bought here
    const sales = await salesOf(P.fruit10);
    const res = await checkout(me, [P.fruit10, P.fruit25]);
    expect(res.status).toBe(200);
    const result = res.body.extend.data;
    expect(result.cardOrder).toBeNull();
    expect(result.paymentUrl).toBeNull();
    expect(result.balance).toBe(65);
    expect(result.fruitOrder).toMatchObject({
      status: 'paid',
      itemCount: 2,
      totals: { fruit: 35, subtotalCents: 0, discountCents: 0, totalCents: 0 },
      payment: { method: 'fruit', sessionId: null, paymentUrl: null },
      coupon: null,
      paidAt: expect.any(String),
    });
    const orderId = result.fruitOrder!.id;
    expect(await balanceOf(me.id)).toBe(65);
    const entries = await server.db.query(
      `SELECT amount, balance_after, kind, order_id FROM fruit_ledger WHERE user_id = $1 AND kind = 'purchase'`,
      [me.id],
    );
    expect(entries).toEqual([{ amount: -35, balance_after: 65, kind: 'purchase', order_id: orderId }]);
    const access = await server.db.query(
      'SELECT prompt_id, source, order_id FROM user_prompt_access WHERE user_id = $1 ORDER BY prompt_id',
      [me.id],
    );
    expect(access).toEqual([
      { prompt_id: P.fruit10, source: 'order', order_id: orderId },
      { prompt_id: P.fruit25, source: 'order', order_id: orderId },
    ]);
    expect(await salesOf(P.fruit10)).toBe(sales + 1);
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId)).toEqual([P.card300]);
    const messages = await server.db.query<{ kind: string; title: string; body: string }>(
      'SELECT kind, title, body FROM messages WHERE user_id = $1',
      [me.id],
    );
    expect(messages).toEqual([
      {
        kind: 'order',
        title: `Order #${orderId} is paid`,
        body: expect.stringContaining('“Amber forest path”'),
      },
    ]);
    // The template is now the member's.
    const detail = await get<{ data: { hasAccess: number; promptDetail: { template: string | null } } }>(
      server,
      `/api/prompts/detail?id=${P.fruit25}`,
      auth(me),
    );
    expect(detail.body.extend.data.hasAccess).toBe(1);
    expect(detail.body.extend.data.promptDetail.template).toMatch(/Secret template/);
  });

  it('refuses when the FruitCoins do not cover it: 409 with both numbers, nothing changes', async () => {
    const me = await buyer(30);
    const before = await snapshot(me.id);
    const res = await checkout(me, [P.fruit25, P.fruit10, P.card499]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'Not enough FruitCoins: this order costs 35 and your balance is 30. You need 5 more.',
    );
    expect(res.body.extend).toEqual({ cost: 35, balance: 30 });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it('refuses what the member owns (409), free (400) and unknown (404) prompts, client prices ignored', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit40]);
    const before = await snapshot(me.id);
    const owned = await checkout(me, [P.fruit10, P.fruit40]);
    expect(owned.status).toBe(409);
    expect(owned.body.msg).toMatch(/You already own “Cobalt night market”/);
    const free = await checkout(me, [P.free]);
    expect(free.status).toBe(400);
    const unknown = await checkout(me, [P.fruit10, 1_999_999_999]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toMatch(/Prompt 1999999999 not found/);
    expect(await snapshot(me.id)).toEqual(before);

    // Prices in the body are not read: the server's are charged.
    const res = await post<{ data: CheckoutResult }>(
      server,
      '/api/my/orders',
      {
        promptIds: [P.fruit10],
        requestId: 'priced-by-client',
        totalFruit: 1,
        priceFruit: 0,
        totals: { fruit: 0 },
      },
      auth(me),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.data.fruitOrder?.totals.fruit).toBe(10);
    expect(res.body.extend.data.balance).toBe(50);
  });

  it('rejects malformed bodies with 400, never 500', async () => {
    const me = await buyer(100);
    const bodies: unknown[] = [
      {},
      { promptIds: [], requestId: 'x' },
      { promptIds: [P.fruit10] },
      { promptIds: [P.fruit10], requestId: '' },
      { promptIds: [P.fruit10], requestId: 'has space' },
      { promptIds: [P.fruit10], requestId: 'x'.repeat(129) },
      { promptIds: ['a'], requestId: 'x' },
      { promptIds: [0], requestId: 'x' },
      { promptIds: Array.from({ length: 101 }, (_, i) => i + 1), requestId: 'x' },
      { promptIds: [P.fruit10], requestId: 'x', couponId: 'abc' },
      { promptIds: [P.fruit10], requestId: 'x', referral: 'y'.repeat(65) },
      { promptIds: 'all', requestId: 'x' },
    ];
    for (const body of bodies) {
      const res = await post(server, '/api/my/orders', body, auth(me));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const malformed = await call(server, {
      method: 'POST',
      url: '/api/my/orders',
      headers: { ...auth(me), 'content-type': 'application/json' },
      payload: '{"promptIds": [',
    });
    expect(malformed.status).toBe(400);
    expect(await balanceOf(me.id)).toBe(100);
  });

  it('of premium prompts makes a pending order with a payment page, and reserves the coupon', async () => {
    const me = await buyer();
    await add(me, P.card1250);
    await add(me, P.card300);
    const couponId = await giveCoupon(me.id, { kind: 'amount', value: 500, minSpendCents: 1200 });
    const res = await checkout(me, [P.card1250, P.card300], { couponId });
    expect(res.status).toBe(200);
    const { cardOrder, fruitOrder, paymentUrl, balance } = res.body.extend.data;
    expect(fruitOrder).toBeNull();
    expect(balance).toBe(0);
    expect(cardOrder).toMatchObject({
      status: 'pending',
      paidAt: null,
      totals: { fruit: 0, subtotalCents: 1550, discountCents: 500, totalCents: 1050 },
      coupon: { id: couponId, kind: 'amount', value: 500 },
      payment: { method: 'card', sessionId: expect.stringMatching(/^cs_[a-f0-9]{32}$/) },
    });
    expect(paymentUrl).toBe(`/dev-pay/${cardOrder!.payment.sessionId}`);
    expect(cardOrder!.payment.paymentUrl).toBe(paymentUrl);
    expect(cardOrder!.items.map((i) => [i.promptId, i.priceCents])).toEqual([
      [P.card1250, 1250],
      [P.card300, 300],
    ]);
    const coupon = (await coupons(me)).body.extend.data.find((c) => c.id === couponId);
    expect(coupon).toMatchObject({ status: 'used', orderId: cardOrder!.id, usedAt: expect.any(String) });
    // Not paid: no access yet, the items stay in the cart, the same coupon cannot be used twice.
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(0);
    expect((await cartOf(me)).body.extend.data.items).toHaveLength(2);
    expect((await cartOf(me, couponId)).body.extend.data.couponError).toMatch(/already been used/);
    // Nor can the same prompts be checked out again while the order waits.
    const twice = await checkout(me, [P.card300]);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(new RegExp(`already in order #${cardOrder!.id}, waiting for payment`));
  });

  it('of a mixed cart makes two orders: the FruitCoin one paid, the premium one pending', async () => {
    const me = await buyer(60);
    for (const id of [P.fruit10, P.fruit40, P.card499]) await add(me, id);
    const res = await checkout(me, [P.fruit10, P.fruit40, P.card499]);
    expect(res.status).toBe(200);
    const { fruitOrder, cardOrder, paymentUrl, balance } = res.body.extend.data;
    expect(fruitOrder).toMatchObject({ status: 'paid', totals: { fruit: 50, subtotalCents: 0 } });
    expect(cardOrder).toMatchObject({
      status: 'pending',
      totals: { fruit: 0, subtotalCents: 499, totalCents: 499 },
    });
    expect(fruitOrder!.id).not.toBe(cardOrder!.id);
    expect(paymentUrl).toMatch(/^\/dev-pay\/cs_/);
    expect(balance).toBe(10);
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId)).toEqual([P.card499]);
  });

  it('with a coupon that covers everything is paid at once, without a payment page', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'amount', value: 1000 });
    const res = await checkout(me, [P.card300], { couponId });
    expect(res.status).toBe(200);
    expect(res.body.extend.data.cardOrder).toMatchObject({
      status: 'paid',
      totals: { subtotalCents: 300, discountCents: 300, totalCents: 0 },
      payment: { method: 'card', sessionId: null, paymentUrl: null },
    });
    expect(res.body.extend.data.paymentUrl).toBeNull();
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(1);
  });

  it('retried with the same requestId answers the first result and buys nothing twice', async () => {
    const me = await buyer(100);
    const first = await checkout(me, [P.fruit25, P.card999], { requestId: 'retry-1' });
    expect(first.status).toBe(200);
    const after = await snapshot(me.id);
    const again = await checkout(me, [P.fruit25, P.card999], { requestId: 'retry-1' });
    expect(again.status).toBe(200);
    expect(again.body.extend.data).toEqual(first.body.extend.data);
    // Even with another body: the requestId names the checkout.
    const other = await checkout(me, [P.fruit40], { requestId: 'retry-1' });
    expect(other.body.extend.data).toEqual(first.body.extend.data);
    expect(await snapshot(me.id)).toEqual(after);
    // Concurrent retries: still one checkout.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => checkout(me, [P.fruit10], { requestId: 'retry-2' })),
    );
    expect(new Set(racing.map((r) => JSON.stringify(r.body.extend.data))).size).toBe(1);
    expect(await balanceOf(me.id)).toBe(65);
    // Another member's requestId is theirs: the same id buys for this member.
    const other2 = await buyer(100);
    const theirs = await checkout(other2, [P.fruit10], { requestId: 'retry-2' });
    expect(theirs.body.extend.data.fruitOrder?.id).not.toBe(racing[0]!.body.extend.data.fruitOrder?.id);
  });
});

// Checkouts: the orders one "Place order" made ------------------------------------------------------------

describe('the orders of one checkout', () => {
  it('share its checkout id; each order names the others, with their items and what each paid', async () => {
    const me = await buyer(60);
    for (const id of [P.fruit10, P.card499]) await add(me, id);
    const res = await checkout(me, [P.fruit10, P.card499], { requestId: 'together-1' });
    expect(res.status).toBe(200);
    const { fruitOrder, cardOrder } = res.body.extend.data;
    const ids = [fruitOrder!.id, cardOrder!.id].sort((a, b) => a - b);
    // the checkout is named by its first order (the FruitCoin one, made first)
    const checkoutId = fruitOrder!.checkout.id;
    expect(checkoutId).toBe(fruitOrder!.id);
    expect(fruitOrder!.checkout).toEqual({ id: checkoutId, orderIds: ids });
    expect(cardOrder!.checkout).toEqual({ id: checkoutId, orderIds: ids });
    // each order carries the others of its checkout, with their items and totals, not itself
    expect(fruitOrder!.otherOrders.map((o) => o.id)).toEqual([cardOrder!.id]);
    expect(cardOrder!.otherOrders).toEqual([
      expect.objectContaining({
        id: fruitOrder!.id,
        status: 'paid',
        totals: { fruit: 10, subtotalCents: 0, discountCents: 0, totalCents: 0 },
        items: [expect.objectContaining({ promptId: P.fruit10, title: 'Amber forest path' })],
        payment: { method: 'fruit', sessionId: null, paymentUrl: null },
        checkout: { id: checkoutId, orderIds: ids },
      }),
    ]);
    expect(cardOrder!.otherOrders[0]).not.toHaveProperty('otherOrders');

    // the order detail and the list say the same
    const detail = (await order(me, cardOrder!.id)).body.extend.data;
    expect(detail.checkout).toEqual({ id: checkoutId, orderIds: ids });
    expect(detail.otherOrders.map((o) => [o.id, o.status])).toEqual([[fruitOrder!.id, 'paid']]);
    const list = (await get<OrderPage>(server, '/api/my/orders', auth(me))).body.extend.data;
    expect(list.map((o) => o.checkout)).toEqual([
      { id: checkoutId, orderIds: ids },
      { id: checkoutId, orderIds: ids },
    ]);

    // paid on the payment page: the paid page's confirm answers the whole checkout
    const sessionId = cardOrder!.payment.sessionId!;
    expect((await devPay(sessionId, 'pay')).statusCode).toBe(303);
    const confirmed = (await confirm(me, cardOrder!.id, sessionId)).body.extend.data;
    expect(confirmed).toMatchObject({ status: 'paid', checkout: { id: checkoutId, orderIds: ids } });
    expect(confirmed.otherOrders.map((o) => [o.id, o.status, o.totals.fruit])).toEqual([
      [fruitOrder!.id, 'paid', 10],
    ]);

    // a retry of that checkout answers the same checkout; the next checkout is another one
    const again = await checkout(me, [P.fruit10, P.card499], { requestId: 'together-1' });
    expect(again.body.extend.data.cardOrder!.checkout.id).toBe(checkoutId);
    const next = await checkout(me, [P.card300]);
    const alone = next.body.extend.data.cardOrder!;
    expect(alone.checkout).toEqual({ id: alone.id, orderIds: [alone.id] });
    expect(alone.otherOrders).toEqual([]);
  });

  it('never names another member’s order, whatever the database holds', async () => {
    const me = await buyer(60);
    const mine = (await checkout(me, [P.fruit10, P.card300])).body.extend.data;
    const checkoutId = mine.cardOrder!.checkout.id;
    // another member's order forced into the same checkout id
    const other = await buyer(60);
    const theirs = (await checkout(other, [P.fruit25])).body.extend.data.fruitOrder!;
    await server.db.query('UPDATE orders SET checkout_id = $1 WHERE id = $2', [checkoutId, theirs.id]);
    const detail = (await order(me, mine.cardOrder!.id)).body.extend.data;
    expect(detail.checkout.orderIds).toEqual([mine.fruitOrder!.id, mine.cardOrder!.id].sort((a, b) => a - b));
    expect(detail.otherOrders.map((o) => o.id)).toEqual([mine.fruitOrder!.id]);
    const list = (await get<OrderPage>(server, '/api/my/orders', auth(me))).body.extend.data;
    expect(list.flatMap((o) => o.checkout.orderIds)).not.toContain(theirs.id);
    expect((await order(other, theirs.id)).body.extend.data).toMatchObject({
      checkout: { id: checkoutId, orderIds: [theirs.id] },
      otherOrders: [],
    });
  });

  it('gives every demo order a checkout of its own', async () => {
    const list = (await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(alice))).body.extend.data;
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) expect(o.checkout.orderIds).toEqual([o.id]);
    expect(new Set(list.map((o) => o.checkout.id)).size).toBe(list.length);
  });

  it('are back-filled by the migration from the requestId that made them', async () => {
    const db = await openTestDb();
    try {
      const ids = await db.query<{ id: number; user_id: string }>(
        `SELECT o.id, o.user_id FROM orders o JOIN users u ON u.id = o.user_id
         WHERE u.email IN ('demo@example.com', 'alice@example.com') ORDER BY o.id`,
      );
      const [a, , c] = ids.filter((o) => o.user_id === ids[0]!.user_id);
      const aliceOrder = ids.find((o) => o.user_id !== ids[0]!.user_id)!;
      // as the database was before migration 007: two orders of one checkout share its requestId
      await db.exec(`DROP TRIGGER orders_checkout_default ON orders;
                     DROP FUNCTION orders_checkout_trigger();
                     ALTER TABLE orders DROP COLUMN checkout_id;
                     DELETE FROM schema_migrations WHERE version = 7;`);
      await db.query(`UPDATE orders SET request_id = 'old-1' WHERE id = ANY($1::integer[])`, [
        [a!.id, c!.id, aliceOrder.id],
      ]);
      expect(await migrate(db)).toEqual([7]);
      const rows = await db.query<{ id: number; checkout_id: number }>(
        'SELECT id, checkout_id FROM orders ORDER BY id',
      );
      // each checkout is named by its first order: a and c together, every other order (b between them) alone
      for (const row of rows) {
        expect(row.checkout_id, `order ${row.id}`).toBe(row.id === c!.id ? a!.id : row.id);
      }
      // an order written without one is the first of its own checkout
      const written = await db.one<{ id: number; checkout_id: number }>(
        `INSERT INTO orders (user_id, status, total_fruit) VALUES ($1, 'pending', 1) RETURNING id, checkout_id`,
        [a!.user_id],
      );
      expect(written.checkout_id).toBe(written.id);
    } finally {
      await db.close();
    }
  });
});

// Orders: pay, the payment page, confirm, cancel ------------------------------------------------------------

describe('paying a pending order', () => {
  it('on the payment page settles it exactly once; confirm is idempotent', async () => {
    const me = await buyer();
    await add(me, P.card999);
    await add(me, P.card499);
    const created = await checkout(me, [P.card999, P.card499]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    const sales = await salesOf(P.card999);

    // pay answers the same open session (no new one while it is open)
    const payRes = await pay(me, orderId);
    expect(payRes.status).toBe(200);
    expect(payRes.body.extend.data.paymentUrl).toBe(`/dev-pay/${sessionId}`);
    expect(payRes.body.extend.data.order.status).toBe('pending');

    // Confirming before paying changes nothing.
    const early = await confirm(me, orderId, sessionId);
    expect(early.status).toBe(200);
    expect(early.body.extend.data.status).toBe('pending');

    // The page shows the order and two buttons, no JavaScript.
    const page = await server.app.inject({ method: 'GET', url: `/dev-pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(new RegExp(`<h1>Pay for order #${orderId}</h1>`));
    expect(page.body).toContain('Golden hour rooftop');
    expect(page.body).toContain('$9.99');
    expect(page.body).toContain('$14.98');
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${sessionId}/pay">`);
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${sessionId}/cancel">`);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Pay<\/button>/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Cancel<\/button>/);
    expect(page.body).not.toContain('<script');

    const paid = await devPay(sessionId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paiddetail-${orderId}-${sessionId}.html`);
    const once = await snapshot(me.id);

    // Pressing Pay again, and confirming twice, settle nothing more.
    expect((await devPay(sessionId, 'pay')).headers.location).toBe(
      `/paiddetail-${orderId}-${sessionId}.html`,
    );
    const c1 = await confirm(me, orderId, sessionId);
    const c2 = await confirm(me, orderId, sessionId);
    expect(c1.status).toBe(200);
    expect(c2.body.extend.data).toEqual(c1.body.extend.data);
    expect(c1.body.extend.data).toMatchObject({
      status: 'paid',
      paidAt: expect.any(String),
      payment: { method: 'card', sessionId, paymentUrl: null },
    });
    expect(await snapshot(me.id)).toEqual(once);

    expect(once.access).toEqual([{ prompt_id: P.card499 }, { prompt_id: P.card999 }]);
    expect(once.cart).toEqual([]);
    expect(once.sessions).toEqual([{ id: sessionId, status: 'paid' }]);
    expect(await salesOf(P.card999)).toBe(sales + 1);
    const messages = await server.db.query<{ title: string }>(
      `SELECT title FROM messages WHERE user_id = $1 AND kind = 'order'`,
      [me.id],
    );
    expect(messages).toEqual([{ title: `Order #${orderId} is paid` }]);
    // A paid order cannot be paid or cancelled; its page says so.
    expect((await pay(me, orderId)).status).toBe(409);
    const cancelPaid = await cancel(me, orderId);
    expect(cancelPaid.status).toBe(409);
    expect(cancelPaid.body.msg).toMatch(/is paid and cannot be cancelled/);
    const closed = await server.app.inject({ method: 'GET', url: `/dev-pay/${sessionId}` });
    expect(closed.body).toContain(`Order #${orderId} is paid`);
    expect(closed.body).not.toContain('<form');
  });

  it('after Cancel on the payment page stays pending; paying again opens a new session', async () => {
    const me = await buyer();
    const created = await checkout(me, [P.card300]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const first = created.body.extend.data.cardOrder!.payment.sessionId!;

    const back = await devPay(first, 'cancel');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/pendingdetail-${orderId}.html`);
    const pending = await order(me, orderId);
    expect(pending.body.extend.data).toMatchObject({
      status: 'pending',
      payment: { sessionId: first, paymentUrl: null },
    });
    // The cancelled session can no longer be paid.
    const late = await devPay(first, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This payment is closed');
    expect((await order(me, orderId)).body.extend.data.status).toBe('pending');

    const again = await pay(me, orderId);
    expect(again.status).toBe(200);
    const second = again.body.extend.data.order.payment.sessionId!;
    expect(second).not.toBe(first);
    expect(again.body.extend.data.paymentUrl).toBe(`/dev-pay/${second}`);
    expect(again.body.extend.data.order.payment.paymentUrl).toBe(`/dev-pay/${second}`);
    expect((await devPay(second, 'pay')).headers.location).toBe(`/paiddetail-${orderId}-${second}.html`);
    // The old session's paid page does not settle anything (it is not paid), the new one is.
    expect((await confirm(me, orderId, first)).body.extend.data.status).toBe('paid');
    const sessions = await server.db.query(
      'SELECT id, status FROM payment_sessions WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    );
    expect(sessions).toEqual([
      { id: first, status: 'cancelled' },
      { id: second, status: 'paid' },
    ]);
  });

  it('confirm settles a paid session that was not settled yet (a provider redirect before its webhook)', async () => {
    const me = await buyer();
    const created = await checkout(me, [P.card499]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [
      sessionId,
    ]);
    const [a, b] = await Promise.all([confirm(me, orderId, sessionId), confirm(me, orderId, sessionId)]);
    expect(a.body.extend.data.status).toBe('paid');
    expect(b.body.extend.data.status).toBe('paid');
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(1);
    expect(await count(`SELECT 1 FROM messages WHERE user_id = $1 AND kind = 'order'`, [me.id])).toBe(1);
    // Another order's session, or an unknown one: 404.
    expect((await confirm(me, orderId, 'cs_unknown_session')).status).toBe(404);

    // Asking to pay an order whose session was paid but not settled settles it (and says it is paid).
    const next = await checkout(me, [P.card300]);
    const nextId = next.body.extend.data.cardOrder!.id;
    await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [
      next.body.extend.data.cardOrder!.payment.sessionId,
    ]);
    const payPaid = await pay(me, nextId);
    expect(payPaid.status).toBe(409);
    expect(payPaid.body.msg).toBe(`Order #${nextId} is already paid.`);
    expect((await order(me, nextId)).body.extend.data.status).toBe('paid');
    expect((await confirm(me, orderId, next.body.extend.data.cardOrder!.payment.sessionId!)).status).toBe(
      404,
    );
  });

  it('cancelled returns its items to the cart and its coupon; cancelling again changes nothing', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'percent', value: 20 });
    const created = await checkout(me, [P.card1250, P.card300], { couponId });
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    expect((await cartOf(me)).body.extend.data.items).toEqual([]); // bought from a detail page: not in the cart

    const res = await cancel(me, orderId);
    expect(res.status).toBe(200);
    expect(res.body.extend.data).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
      payment: { paymentUrl: null },
    });
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId).sort()).toEqual(
      [P.card1250, P.card300].sort(),
    );
    const coupon = (await coupons(me)).body.extend.data.find((c) => c.id === couponId);
    expect(coupon).toMatchObject({ status: 'valid', usedAt: null, orderId: null });
    expect(await server.db.one('SELECT status FROM payment_sessions WHERE id = $1', [sessionId])).toEqual({
      status: 'cancelled',
    });
    const once = await snapshot(me.id);
    const again = await cancel(me, orderId);
    expect(again.status).toBe(200);
    expect(again.body.extend.data.status).toBe('cancelled');
    expect(await snapshot(me.id)).toEqual(once);

    // A cancelled order cannot be paid; its session's page says it is closed.
    const payCancelled = await pay(me, orderId);
    expect(payCancelled.status).toBe(409);
    expect(payCancelled.body.msg).toMatch(/was cancelled/);
    expect((await devPay(sessionId, 'pay')).statusCode).toBe(409);
    // The coupon works again on a new order.
    const reused = await checkout(me, [P.card1250], { couponId });
    expect(reused.status).toBe(200);
    expect(reused.body.extend.data.cardOrder?.totals).toMatchObject({ discountCents: 250, totalCents: 1000 });
  });

  it('a coupon released after its end date reads expired', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'percent', value: 20 });
    const created = await checkout(me, [P.card999], { couponId });
    await server.db.query(
      `UPDATE coupons SET valid_from = now() - interval '10 days', valid_until = now() - interval '1 day' WHERE id = $1`,
      [couponId],
    );
    await cancel(me, created.body.extend.data.cardOrder!.id);
    expect((await coupons(me, 'expired')).body.extend.data.map((c) => c.id)).toEqual([couponId]);
  });
});

describe('orders', () => {
  it('lists the member’s own orders, newest first, filtered and paged', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit10]);
    await checkout(me, [P.card300]);
    const mixed = await checkout(me, [P.fruit25, P.card499]);
    await cancel(me, mixed.body.extend.data.cardOrder!.id);
    const all = await get<OrderPage>(server, '/api/my/orders', auth(me));
    expect(all.status).toBe(200);
    expect(all.body.extend.total).toBe(4);
    expect(all.body.extend.data.map((o) => o.status)).toEqual(['cancelled', 'paid', 'pending', 'paid']);
    expect(all.body.extend.data[3]).toMatchObject({ itemCount: 1, titles: ['Amber forest path'] });
    const paged = await get<OrderPage>(server, '/api/my/orders?page=2&pageSize=3', auth(me));
    expect(paged.body.extend).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.extend.data).toHaveLength(1);
    const pending = await get<OrderPage>(server, '/api/my/orders?status=pending', auth(me));
    expect(pending.body.extend.data.map((o) => o.status)).toEqual(['pending']);
    for (const query of ['?status=lost', '?pageSize=51', '?page=0', '?page=x']) {
      expect((await get(server, `/api/my/orders${query}`, auth(me))).status, query).toBe(400);
    }
  });

  it('answers 404 for an order id that is not a positive integer, or does not exist', async () => {
    const me = await buyer();
    for (const id of ['abc', '0', '-1', '1.5', '01', '99999999999', '2147483648', '1e3', '%20']) {
      for (const res of [
        await order(me, id),
        await cancel(me, id),
        await pay(me, id),
        await confirm(me, id, 'cs_x'),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.body.success).toBe(false);
      }
    }
    expect((await order(me, 2_000_000_000)).body.msg).toBe('Order not found');
  });

  it('shows the demo orders with items, coupon and payment', async () => {
    const list = await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(demo));
    const seededPending = list.body.extend.data.find(
      (o) => o.status === 'pending' && o.createdAt < '2026-11-01',
    );
    expect(seededPending).toBeDefined();
    const detail = await order(demo, seededPending!.id);
    expect(detail.body.extend.data.payment).toEqual({
      method: 'card',
      sessionId: `cs_demo_${seededPending!.id}`,
      paymentUrl: `/dev-pay/cs_demo_${seededPending!.id}`,
    });
    const page = await server.app.inject({ method: 'GET', url: `/dev-pay/cs_demo_${seededPending!.id}` });
    expect(page.statusCode).toBe(200);
    const withCoupon = list.body.extend.data.find((o) => o.totals.discountCents > 0);
    expect((await order(demo, withCoupon!.id)).body.extend.data.coupon).toMatchObject({ code: 'SPRING3-DM' });
  });
});

// Another member's ids -----------------------------------------------------------------------------------

describe("another member's ids", () => {
  it('answer 404 on every call that takes one, and change nothing', async () => {
    const alicePending = await server.db.one<{ id: number; payment_session_id: string }>(
      `SELECT id, payment_session_id FROM orders WHERE user_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`,
      [alice.id],
    );
    const alicePaid = await server.db.one<{ id: number }>(
      `SELECT id FROM orders WHERE user_id = $1 AND status = 'paid' ORDER BY id LIMIT 1`,
      [alice.id],
    );
    const aliceCoupon = await giveCoupon(alice.id, { kind: 'percent', value: 50 });
    await add(alice, P.card999);
    const aliceBefore = await snapshot(alice.id);
    const demoBefore = await snapshot(demo.id);

    for (const id of [alicePending.id, alicePaid.id]) {
      const detail = await order(demo, id);
      expect(detail.status).toBe(404);
      expect(detail.body.msg).toBe('Order not found');
      expect((await cancel(demo, id)).status).toBe(404);
      expect((await pay(demo, id)).status).toBe(404);
      expect((await confirm(demo, id, alicePending.payment_session_id)).status).toBe(404);
    }
    // Alice's session with demo's own order id: not demo's order's session.
    const demoOrder = await server.db.one<{ id: number }>(
      'SELECT id FROM orders WHERE user_id = $1 ORDER BY id LIMIT 1',
      [demo.id],
    );
    expect((await confirm(demo, demoOrder.id, alicePending.payment_session_id)).status).toBe(404);
    // Alice's coupon: not found for demo, on the cart and at checkout.
    const cart = await cartOf(demo, aliceCoupon);
    expect(cart.status).toBe(200);
    expect(cart.body.extend.data).toMatchObject({
      coupon: null,
      couponError: expect.stringMatching(/not found/),
    });
    const bought = await checkout(demo, [P.card1250], { couponId: aliceCoupon });
    expect(bought.status).toBe(404);
    expect(bought.body.msg).toMatch(/Coupon not found/);
    // Alice's cart line: demo's remove touches demo's cart only.
    expect((await remove(demo, P.card999)).status).toBe(200);
    // Lists show the caller's own rows only.
    const orders = await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(demo));
    const aliceOrderIds = (
      await server.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [alice.id])
    ).map((r) => r.id);
    expect(orders.body.extend.data.some((o) => aliceOrderIds.includes(o.id))).toBe(false);
    const entries = await ledger(demo, '?pageSize=100');
    const aliceEntryIds = (
      await server.db.query<{ id: number }>('SELECT id FROM fruit_ledger WHERE user_id = $1', [alice.id])
    ).map((r) => r.id);
    expect(entries.body.extend.data.some((e) => aliceEntryIds.includes(e.id))).toBe(false);

    expect(await snapshot(alice.id)).toEqual(aliceBefore);
    expect(await snapshot(demo.id)).toEqual(demoBefore);
  });

  it('ignore userId / memberId in the query: the token decides', async () => {
    const res = await get<{ data: Cart }>(
      server,
      `/api/my/cart?userId=${alice.id}&memberId=${alice.id}`,
      auth(demo),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.data.balance).toBe(await balanceOf(demo.id));
  });
});

// Ledger, offers, exchange ---------------------------------------------------------------------------------

describe('the FruitCoin ledger', () => {
  it('pages the member’s entries newest first with the balance', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit10]);
    await checkout(me, [P.fruit25]);
    const page = await ledger(me, '?pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body.extend).toMatchObject({ total: 3, page: 1, pageSize: 2, balance: 65 });
    expect(page.body.extend.data.map((e) => [e.amount, e.balanceAfter, e.kind])).toEqual([
      [-25, 65, 'purchase'],
      [-10, 90, 'purchase'],
    ]);
    expect(page.body.extend.data[0]!.orderId).toEqual(expect.any(Number));
    const rest = await ledger(me, '?page=2&pageSize=2');
    expect(rest.body.extend.data.map((e) => e.kind)).toEqual(['adjustment']);
    expect((await ledger(me, '?pageSize=101')).status).toBe(400);
  });
});

describe('the exchange', () => {
  let offers: ExchangeOffer[];
  beforeAll(async () => {
    const res = await get<{ data: ExchangeOffer[]; balance: number }>(
      server,
      '/api/my/exchange/offers',
      auth(demo),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.balance).toBe(await balanceOf(demo.id));
    offers = res.body.extend.data;
    expect(offers.length).toBeGreaterThan(0);
  });

  it('turns FruitCoins into a coupon: one debit, a new code, a message', async () => {
    const offer = offers[0]!;
    const me = await buyer(offer.fruitCost + 7);
    const res = await exchange(me, offer.id, 'swap-1');
    expect(res.status).toBe(200);
    const { coupon, balance } = res.body.extend.data;
    expect(balance).toBe(7);
    expect(coupon).toMatchObject({
      title: offer.couponTitle,
      kind: offer.couponKind,
      value: offer.couponValue,
      minSpendCents: offer.couponMinSpendCents,
      status: 'valid',
      usedAt: null,
      orderId: null,
      exchangeOfferId: offer.id,
      code: expect.stringMatching(/^FRUIT-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    });
    const days = (Date.parse(coupon.validUntil) - Date.parse(coupon.validFrom)) / 86_400_000;
    expect(days).toBeCloseTo(offer.couponValidDays, 5);
    const entries = await server.db.query(
      `SELECT amount, balance_after, kind, exchange_offer_id FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange'`,
      [me.id],
    );
    expect(entries).toEqual([
      { amount: -offer.fruitCost, balance_after: 7, kind: 'exchange', exchange_offer_id: offer.id },
    ]);
    const messages = await server.db.query<{ kind: string; body: string }>(
      'SELECT kind, body FROM messages WHERE user_id = $1',
      [me.id],
    );
    expect(messages).toEqual([{ kind: 'coupon', body: expect.stringContaining(coupon.code) }]);
    // A retry answers the same coupon; nothing is debited twice.
    const again = await exchange(me, offer.id, 'swap-1');
    expect(again.body.extend.data.coupon).toEqual(coupon);
    expect(again.body.extend.data.balance).toBe(7);
    expect((await coupons(me)).body.extend.data).toHaveLength(1);
  });

  it('refuses without enough FruitCoins (409), an unknown offer (404) and bad input (400)', async () => {
    const offer = offers[0]!;
    const me = await buyer(offer.fruitCost - 1);
    const before = await snapshot(me.id);
    const poor = await exchange(me, offer.id);
    expect(poor.status).toBe(409);
    expect(poor.body.msg).toBe(
      `Not enough FruitCoins: this coupon costs ${offer.fruitCost} and your balance is ${offer.fruitCost - 1}. You need 1 more.`,
    );
    expect((await exchange(me, 999_999)).status).toBe(404);
    for (const body of [
      {},
      { offerId: 'x', requestId: 'a' },
      { offerId: 1 },
      { offerId: 0, requestId: 'a' },
    ]) {
      expect((await post(server, '/api/my/exchange', body, auth(me))).status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(me.id)).toEqual(before);
  });

  it('makes a coupon that works at checkout', async () => {
    const offer = offers.find((o) => o.couponKind === 'percent' && o.couponMinSpendCents <= 999)!;
    const me = await buyer(offer.fruitCost);
    const { coupon } = (await exchange(me, offer.id)).body.extend.data;
    const res = await checkout(me, [P.card999], { couponId: coupon.id });
    expect(res.status).toBe(200);
    expect(res.body.extend.data.cardOrder?.totals.discountCents).toBe(
      Math.floor((999 * offer.couponValue) / 100),
    );
  });
});

// Referral ------------------------------------------------------------------------------------------------

describe('a purchase through a share link', () => {
  it('credits the link’s owner once the order is paid, once, never the buyer', async () => {
    const link = await server.db.one<{ id: string }>(
      `SELECT id FROM short_links WHERE owner_id = $1 AND NOT partner ORDER BY id LIMIT 1`,
      [demo.id],
    );
    const me = await buyer(100);
    const demoBalance = await balanceOf(demo.id);
    // FruitCoin part 40 -> 4 coins; card part $12.50 -> 12 coins.
    const res = await checkout(me, [P.fruit40, P.card1250], { referral: link.id });
    expect(res.status).toBe(200);
    expect(await balanceOf(demo.id)).toBe(demoBalance + 4);
    const sessionId = res.body.extend.data.cardOrder!.payment.sessionId!;
    await devPay(sessionId, 'pay');
    await devPay(sessionId, 'pay');
    await confirm(me, res.body.extend.data.cardOrder!.id, sessionId);
    expect(await balanceOf(demo.id)).toBe(demoBalance + 4 + 12);
    const bonuses = await server.db.query<{ amount: number }>(
      `SELECT amount FROM fruit_ledger WHERE user_id = $1 AND kind = 'bonus' AND reason LIKE 'Referral%' ORDER BY id`,
      [demo.id],
    );
    expect(bonuses.slice(-2)).toEqual([{ amount: 4 }, { amount: 12 }]);
    expect(await balanceOf(me.id)).toBe(60);

    // Through one's own link: no credit. An unknown link: ignored, the purchase goes through.
    const demoNow = await balanceOf(demo.id);
    await setBalance(demo.id, demoNow + 100);
    const own = await checkout(demo, [P.fruit10], { referral: link.id });
    expect(own.status).toBe(200);
    expect(await balanceOf(demo.id)).toBe(demoNow + 100 - 10);
    const stray = await checkout(me, [P.fruit10], { referral: 'nope-not-a-link' });
    expect(stray.status).toBe(200);
  });
});

// Without the development stand-ins -------------------------------------------------------------------------

describe('without a payment page (development stand-ins off)', () => {
  it('refuses premium checkouts with 503, still sells FruitCoin prompts, and serves no /dev-pay', async () => {
    const prod = await createTestServer({ config: { devStandIns: false } });
    try {
      const token = await prod.tokenFor('demo@example.com');
      const premium = await prod.db.one<{ id: number }>(
        `SELECT p.id FROM prompts p WHERE p.grade = 2 AND NOT EXISTS (
           SELECT 1 FROM user_prompt_access a JOIN users u ON u.id = a.user_id
           WHERE u.email = 'demo@example.com' AND a.prompt_id = p.id) ORDER BY p.id LIMIT 1`,
      );
      const res = await post(
        prod,
        '/api/my/orders',
        { promptIds: [premium.id], requestId: 'p-1' },
        bearer(token),
      );
      expect(res.status).toBe(503);
      expect(res.body.msg).toMatch(/Card payment is not available/);
      const fruit = await prod.db.one<{ id: number }>(
        `SELECT p.id FROM prompts p WHERE p.grade = 1 AND p.price_fruit <= 50 AND NOT EXISTS (
           SELECT 1 FROM user_prompt_access a JOIN users u ON u.id = a.user_id
           WHERE u.email = 'demo@example.com' AND a.prompt_id = p.id) ORDER BY p.id LIMIT 1`,
      );
      const sold = await post<{ data: CheckoutResult }>(
        prod,
        '/api/my/orders',
        { promptIds: [fruit.id], requestId: 'p-2' },
        bearer(token),
      );
      expect(sold.status).toBe(200);
      expect(sold.body.extend.data.fruitOrder?.status).toBe('paid');
      const page = await prod.app.inject({ method: 'GET', url: '/dev-pay/cs_demo_5' });
      expect(page.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the development payment page', () => {
  it('answers an unknown session with a 404 page', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/dev-pay/cs_nothing_here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Payment not found');
    expect((await devPay('cs_nothing_here', 'pay')).statusCode).toBe(404);
    expect((await devPay('cs_nothing_here', 'cancel')).statusCode).toBe(404);
    // The buttons work without a form body too.
    expect(
      (await server.app.inject({ method: 'POST', url: '/dev-pay/cs_nothing_here/pay' })).statusCode,
    ).toBe(404);
  });
});

describe('the API reference', () => {
  it('documents every call of the buying side', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const expected: [string, string][] = [
      ['/api/my/cart', 'get'],
      ['/api/my/cart/add', 'post'],
      ['/api/my/cart/remove', 'post'],
      ['/api/my/orders', 'post'],
      ['/api/my/orders', 'get'],
      ['/api/my/orders/{orderId}', 'get'],
      ['/api/my/orders/{orderId}/cancel', 'post'],
      ['/api/my/orders/{orderId}/pay', 'post'],
      ['/api/my/orders/{orderId}/confirm', 'post'],
      ['/api/my/fruit/transactions', 'get'],
      ['/api/my/coupons', 'get'],
      ['/api/my/exchange/offers', 'get'],
      ['/api/my/exchange', 'post'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // the orders of one checkout: its id on every order, the others on an order's detail
    const text = JSON.stringify(paths['/api/my/orders/{orderId}']);
    expect(text).toContain('"otherOrders"');
    expect(text).toContain('"checkout"');
    expect(JSON.stringify(paths['/api/my/orders']?.get)).toContain('"orderIds"');
  });
});
