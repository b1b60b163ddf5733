// Concurrency of the buying side against real databases: 50 simultaneous FruitCoin purchases and exchanges
// from one account whose balance covers only some of them. Exactly the affordable number succeed, the rest
// answer 409, the balance never goes below zero and the ledger sums to it. Then FruitCoin top-ups (issue
// 15): copies of one purchase request sent at once make one top-up, and each payment paid and confirmed
// several times at once, while purchases spend from the same balance, credits exactly once. Runs on the embedded database
// (PGlite, one connection: transactions queue) and on a scratch PostgreSQL cluster (tests/support/postgres.ts;
// a pool of 10 connections: the row lock on the member is what serialises), skipped only outside `npm test`
// where PostgreSQL's server binaries are missing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { signToken } from '../../server/auth/tokens.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { createTestServer, TEST_CONFIG } from '../support/server.ts';
import { expectLedgerOf } from './support/commerce.ts';
import type { TopUpResult } from '../../domain/commerce.ts';

const PRICE = 20;
const PURCHASES = 25;
const EXCHANGES = 25;
const AFFORDABLE = 17;
const LEFT_OVER = 7; // less than one more purchase

interface Outcome {
  status: number;
  msg: string;
  kind: 'purchase' | 'exchange';
}

/** A new member with a verified address, this FruitCoin balance (one adjustment entry) and a signed token. */
async function memberWithBalance(
  db: Db,
  email: string,
  balance: number,
): Promise<{ userId: string; headers: Record<string, string> }> {
  const user = await db.one<{ id: string; name: string; token_version: number }>(
    `INSERT INTO users (email, name, provider, email_verified_at) VALUES ($1, 'Rusher', 'email', now())
     RETURNING id, name, token_version`,
    [email],
  );
  await db.tx(async (q) => {
    await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    await q.query('UPDATE users SET fruit_cnt = $2 WHERE id = $1', [user.id, balance]);
    await q.query(
      `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason, created_at)
       VALUES ($1, $2, $2, 'adjustment', 'Concurrency test balance', clock_timestamp())`,
      [user.id, balance],
    );
  });
  const token = await signToken(
    { id: user.id, name: user.name, tokenVersion: user.token_version },
    TEST_CONFIG.jwtSecret,
  );
  return { userId: user.id, headers: { authorization: `Bearer ${token}` } };
}

/**
 * One member with exactly AFFORDABLE * PRICE + LEFT_OVER FruitCoins fires PURCHASES checkouts (a different
 * FruitCoin prompt each) and EXCHANGES coupon exchanges, all costing PRICE, at the same time.
 */
async function rush(
  app: FastifyInstance,
  db: Db,
  base: number,
): Promise<{ userId: string; outcomes: Outcome[] }> {
  const promptIds = Array.from({ length: PURCHASES }, (_, i) => base + i + 1);
  for (const id of promptIds) {
    await db.query(
      `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit, tags,
                            template, variables, image_count, art)
       VALUES ($1, $1, $2, $3, 'A prompt of the concurrency test.', 2, 1, $4, '{rush}', 'Template [Variable 1]',
               '[]', 1, '{"scene":"abstract","palette":["#000","#888","#fff"],"seed":2}')`,
      [id, `rush-prompt-${id}`, `Rush prompt ${id}`, PRICE],
    );
  }
  const offerId = base;
  // a coupon worth less than PRICE coins at the best pack's rate (the coin price rule, domain/coin-price.ts)
  await db.query(
    `INSERT INTO exchange_offers (id, title, fruit_cost, coupon_title, coupon_kind, coupon_value, coupon_valid_days)
     VALUES ($1, 'Rush offer', $2, '10¢ off', 'amount', 10, 30)`,
    [offerId, PRICE],
  );
  const balance = AFFORDABLE * PRICE + LEFT_OVER;
  const { userId, headers } = await memberWithBalance(db, `rush-${base}@example.com`, balance);

  const calls: (() => Promise<Outcome>)[] = [];
  for (let i = 0; i < Math.max(PURCHASES, EXCHANGES); i++) {
    if (i < PURCHASES) {
      calls.push(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/my/orders',
          headers,
          payload: { promptIds: [promptIds[i]], requestId: `rush-buy-${i}` },
        });
        return { status: res.statusCode, msg: res.json<{ msg: string }>().msg, kind: 'purchase' };
      });
    }
    if (i < EXCHANGES) {
      calls.push(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/my/exchange',
          headers,
          payload: { offerId, requestId: `rush-swap-${i}` },
        });
        return { status: res.statusCode, msg: res.json<{ msg: string }>().msg, kind: 'exchange' };
      });
    }
  }
  const outcomes = await Promise.all(calls.map((call) => call()));
  return { userId, outcomes };
}

async function expectSettledCorrectly(db: Db, userId: string, outcomes: Outcome[]): Promise<void> {
  expect(outcomes).toHaveLength(PURCHASES + EXCHANGES);
  const ok = outcomes.filter((o) => o.status === 200);
  const refused = outcomes.filter((o) => o.status !== 200);
  expect(ok).toHaveLength(AFFORDABLE);
  for (const r of refused) {
    expect(r.status).toBe(409);
    expect(r.msg).toMatch(
      /^Not enough FruitCoins: this (order|coupon) costs 20 and your balance is [0-9]+\./,
    );
  }
  const user = await db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [userId]);
  expect(user.fruit_cnt).toBe(LEFT_OVER);

  const entries = await expectLedgerOf(db, userId, user.fruit_cnt);
  expect(entries).toHaveLength(1 + AFFORDABLE);

  const bought = ok.filter((o) => o.kind === 'purchase').length;
  const swapped = ok.filter((o) => o.kind === 'exchange').length;
  const count = async (sql: string) => (await db.one<{ n: number }>(sql, [userId])).n;
  expect(
    await count(`SELECT count(*)::integer AS n FROM orders WHERE user_id = $1 AND status = 'paid'`),
  ).toBe(bought);
  expect(await count('SELECT count(*)::integer AS n FROM orders WHERE user_id = $1')).toBe(bought);
  expect(await count('SELECT count(*)::integer AS n FROM user_prompt_access WHERE user_id = $1')).toBe(
    bought,
  );
  expect(await count('SELECT count(*)::integer AS n FROM coupons WHERE user_id = $1')).toBe(swapped);
  expect(
    await count(`SELECT count(*)::integer AS n FROM fruit_ledger WHERE user_id = $1 AND kind = 'purchase'`),
  ).toBe(bought);
  expect(
    await count(`SELECT count(*)::integer AS n FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange'`),
  ).toBe(swapped);

  // And for every member of the database: the ledger sums to the balance.
  const off = await db.query(
    `SELECT u.id FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id
     GROUP BY u.id HAVING u.fruit_cnt <> COALESCE(sum(l.amount), 0)::integer`,
  );
  expect(off).toEqual([]);
}

// Top-ups ---------------------------------------------------------------------------------------------------

const TOPUPS = 8;
/** Copies of each top-up request sent at once (a client retrying while the first is in flight). */
const COPIES = 3;
/** Payment-page "Pay" presses and return-page confirmations of each payment, all at once. */
const PAYS = 2;
const CONFIRMS = 2;
const SPENDS = 12;

interface TopUpRush {
  userId: string;
  initial: number;
  coins: Map<number, number>;
  spent: number;
}

/**
 * One member buys TOPUPS packs, each request sent COPIES times at once; then every payment is paid PAYS times
 * on the payment page and confirmed CONFIRMS times by the return page, all at once, while SPENDS FruitCoin
 * purchases spend from the same balance.
 */
async function topUpRush(app: FastifyInstance, db: Db, base: number): Promise<TopUpRush> {
  const promptIds = Array.from({ length: SPENDS }, (_, i) => base + 100 + i);
  for (const id of promptIds) {
    await db.query(
      `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit, tags,
                            template, variables, image_count, art)
       VALUES ($1, $1, $2, $3, 'A prompt of the top-up test.', 2, 1, $4, '{rush}', 'Template [Variable 1]',
               '[]', 1, '{"scene":"abstract","palette":["#000","#888","#fff"],"seed":3}')`,
      [id, `topup-rush-prompt-${id}`, `Top-up rush prompt ${id}`, PRICE],
    );
  }
  const initial = PRICE * 3; // enough for a few purchases before any credit arrives
  const { userId, headers } = await memberWithBalance(db, `topup-rush-${base}@example.com`, initial);
  const packs = (await app.inject({ method: 'GET', url: '/api/my/fruit/packs', headers })).json<{
    extend: { data: { id: string }[] };
  }>().extend.data;

  // 1. every request COPIES times at once
  const created = await Promise.all(
    Array.from({ length: TOPUPS * COPIES }, async (_, n) => {
      const i = n % TOPUPS;
      const res = await app.inject({
        method: 'POST',
        url: '/api/my/fruit/topups',
        headers,
        payload: { packId: packs[i % packs.length]!.id, requestId: `topup-rush-${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { i, topup: res.json<{ extend: { data: TopUpResult } }>().extend.data.topup };
    }),
  );
  const byRequest = new Map<number, Set<number>>();
  for (const { i, topup } of created) byRequest.set(i, (byRequest.get(i) ?? new Set()).add(topup.id));
  for (const ids of byRequest.values()) expect(ids.size).toBe(1);
  const topups = [...new Map(created.map(({ topup }) => [topup.id, topup])).values()];
  expect(topups).toHaveLength(TOPUPS);
  const count = async (sql: string) => (await db.one<{ n: number }>(sql, [userId])).n;
  expect(await count('SELECT count(*)::integer AS n FROM fruit_topups WHERE user_id = $1')).toBe(TOPUPS);
  expect(
    await count(
      `SELECT count(*)::integer AS n FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id
       WHERE t.user_id = $1`,
    ),
  ).toBe(TOPUPS);

  // 2. each payment paid and confirmed several times, all at once, among purchases
  const calls: (() => Promise<unknown>)[] = [];
  for (const topup of topups) {
    for (let k = 0; k < PAYS; k++)
      calls.push(async () => {
        const res = await app.inject({ method: 'POST', url: `/dev-pay/${topup.sessionId}/pay` });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`/buy-fruitcoins?payment=${topup.sessionId}`);
      });
    for (let k = 0; k < CONFIRMS; k++)
      calls.push(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/my/fruit/topups/confirm',
          headers,
          payload: { sessionId: topup.sessionId },
        });
        expect(res.statusCode).toBe(200);
      });
  }
  let spent = 0;
  promptIds.forEach((promptId, i) =>
    calls.push(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/my/orders',
        headers,
        payload: { promptIds: [promptId], requestId: `topup-rush-buy-${i}` },
      });
      // refused only for want of FruitCoins, when the credits had not arrived yet
      if (res.statusCode === 200) spent += PRICE;
      else expect(res.json<{ msg: string }>().msg).toMatch(/^Not enough FruitCoins/);
    }),
  );
  // interleaved, so pays, confirmations and purchases of one member race each other
  const interleaved = [...calls.entries()]
    .sort(([a], [b]) => (a % 5) - (b % 5) || a - b)
    .map(([, call]) => call);
  await Promise.all(interleaved.map((call) => call()));

  // the return page, once more after everything: each top-up paid
  for (const topup of topups) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/my/fruit/topups/confirm',
      headers,
      payload: { sessionId: topup.sessionId },
    });
    expect(res.json<{ extend: { data: TopUpResult } }>().extend.data.topup.status).toBe('paid');
  }
  return { userId, initial, coins: new Map(topups.map((t) => [t.id, t.coins])), spent };
}

async function expectCreditedOnce(db: Db, rush: TopUpRush): Promise<void> {
  const entries = await db.query<{ topup_id: number; amount: number }>(
    `SELECT topup_id, amount FROM fruit_ledger WHERE user_id = $1 AND kind = 'topup' ORDER BY topup_id`,
    [rush.userId],
  );
  expect(entries).toEqual(
    [...rush.coins.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, coins]) => ({ topup_id: id, amount: coins })),
  );
  const credited = [...rush.coins.values()].reduce((sum, n) => sum + n, 0);
  const user = await db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [
    rush.userId,
  ]);
  expect(user.fruit_cnt).toBe(rush.initial + credited - rush.spent);
  const messages = await db.one<{ n: number }>(
    `SELECT count(*)::integer AS n FROM messages WHERE user_id = $1 AND kind = 'notice'`,
    [rush.userId],
  );
  expect(messages.n).toBe(TOPUPS);
  await expectLedgerOf(db, rush.userId, user.fruit_cnt);
}

describe('50 simultaneous purchases and exchanges from one account', () => {
  it('on the embedded database', async () => {
    const server = await createTestServer();
    try {
      const { userId, outcomes } = await rush(server.app, server.db, 9500);
      await expectSettledCorrectly(server.db, userId, outcomes);
    } finally {
      await server.close();
    }
  });

  it('top-ups on the embedded database: one per request, credited once per payment', async () => {
    const server = await createTestServer();
    try {
      await expectCreditedOnce(server.db, await topUpRush(server.app, server.db, 9700));
    } finally {
      await server.close();
    }
  });

  describe('on PostgreSQL', () => {
    const skip = skipPostgres('commerce-concurrency');
    let cluster: PgCluster | null = null;
    let db: Db | null = null;
    let app: FastifyInstance | null = null;

    beforeAll(async () => {
      if (skip) return;
      cluster = await startTestPostgres();
      db = await openPg(await cluster.createDatabase('concurrency'));
      await migrate(db);
      await seedDemo(db); // the demo seed runs on PostgreSQL too
      app = await buildApp({ db, config: TEST_CONFIG, distDir: null, imageStore: memoryImageStore() });
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
      await cluster?.stop();
    });

    it.skipIf(skip)('a pool of connections, serialised by the member’s row lock', async () => {
      const { userId, outcomes } = await rush(app!, db!, 9500);
      await expectSettledCorrectly(db!, userId, outcomes);
      // The demo data's ledger holds too, and the seeded pending order's payment page is there.
      const session = await db!.one<{ status: string }>(
        `SELECT s.status FROM payment_sessions s JOIN orders o ON o.payment_session_id = s.id
         WHERE o.status = 'pending' ORDER BY o.id LIMIT 1`,
      );
      expect(session.status).toBe('open');
    });

    it.skipIf(skip)('top-ups: one per request, credited once per payment', async () => {
      await expectCreditedOnce(db!, await topUpRush(app!, db!, 9700));
    });
  });
});
