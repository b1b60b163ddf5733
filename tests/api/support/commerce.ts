// Helpers of the buying side's API tests (tests/api/commerce-*.test.ts): one server per test file with the
// prompts these tests buy, new members with a FruitCoin balance, coupons, what a member's purchases change,
// and the ledger invariant checked after every test. The calls themselves: commerce-calls.ts.
//
// `server`, `demo` and `alice` are set by `openCommerce` (a test file's beforeAll) and read as live
// bindings: each test file opens its own database and server.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Queryable } from '../../../server/db/index.ts';
import { createTestServer, type TestServer } from '../../support/server.ts';
import { newUser } from './catalog.ts';

export let server: TestServer;
export let demo: { id: string; token: string };
export let alice: { id: string; token: string };

/** Prompts of these tests, with prices to do sums with (ids far above the demo catalog's). */
export const P = {
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
export async function buyer(balance = 0): Promise<{ id: string; token: string }> {
  userCount += 1;
  const user = await newUser(server, `buyer-${userCount}@example.com`);
  if (balance !== 0) await setBalance(user.id, balance);
  return user;
}

/** Sets a member's balance exactly, with the adjustment entry that keeps the ledger summing to it. */
export async function setBalance(userId: string, balance: number): Promise<void> {
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
export async function giveCoupon(
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

export const balanceOf = async (userId: string) =>
  (await server.db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [userId]))
    .fruit_cnt;
export const count = async (sql: string, params: unknown[]) =>
  (await server.db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM (${sql}) x`, params)).n;
export const salesOf = async (promptId: number) =>
  (await server.db.one<{ sales: number }>('SELECT sales FROM prompts WHERE id = $1', [promptId])).sales;

/** Everything a member's purchases change, to compare before and after a refused or repeated call. */
export async function snapshot(userId: string) {
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
export async function expectLedgerInvariant(): Promise<void> {
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

/**
 * One member's ledger in this database: each entry's balance_after follows from the one before and is never
 * below 0, and the entries sum to `balance`. Answers the entries, oldest first.
 */
export async function expectLedgerOf(
  db: Queryable,
  userId: string,
  balance: number,
): Promise<{ amount: number; balance_after: number }[]> {
  const ledger = await db.query<{ amount: number; balance_after: number }>(
    'SELECT amount, balance_after FROM fruit_ledger WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  let running = 0;
  for (const entry of ledger) {
    running += entry.amount;
    expect(entry.balance_after).toBe(running);
    expect(entry.balance_after).toBeGreaterThanOrEqual(0);
  }
  expect(running).toBe(balance);
  return ledger;
}

/** A test file's beforeAll: its server, the demo members' ids and tokens, and the prompts of these tests. */
export async function openCommerce(): Promise<void> {
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
}

/** A test file's afterAll. */
export async function closeCommerce(): Promise<void> {
  await server.close();
}

/** A test file's hooks: openCommerce before its tests, closeCommerce after them, the ledger invariant after each. */
export function openCommerceForFile(): void {
  beforeAll(openCommerce);
  afterAll(closeCommerce);
  afterEach(expectLedgerInvariant);
}
