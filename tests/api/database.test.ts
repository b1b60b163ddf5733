// Migrations and seeding: idempotent, and the seeder's bookkeeping (ledger, balances, access) is right.
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import type { PgliteDb } from '../../server/db/pglite.ts';
import { seed } from '../../server/seed/index.ts';
import { loadDemoData } from '../../server/seed/demo.ts';
import { openTestDb } from '../support/server.ts';
import { ALICE_ID, DEMO_ID, miniSeed, otherUsers } from './fixtures/mini-seed.ts';
import { openForSuite } from './support/suite.ts';

const TABLES = [
  'users',
  'prompts',
  'coupons',
  'exchange_offers',
  'orders',
  'order_items',
  'user_prompt_access',
  'fruit_ledger',
  'messages',
  'short_links',
  'seed_runs',
  'schema_migrations',
];

const counts = async (db: PgliteDb): Promise<Record<string, number>> => {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    result[table] = (await db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).n;
  }
  return result;
};

describe('the seeded database (demo data)', () => {
  const db = openForSuite(openTestDb);

  it('has every migration recorded, and migrating again applies nothing', async () => {
    const recorded = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(recorded.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  it('seeding a second time changes nothing', async () => {
    const before = await counts(db);
    expect(before.prompts).toBeGreaterThan(0);
    expect(before.seed_runs).toBe(1);
    const result = await seed(db, loadDemoData());
    expect(result).toEqual({ seeded: false });
    expect(await counts(db)).toEqual(before);
  });

  it('keeps every balance equal to the sum of its ledger, never negative', async () => {
    const rows = await db.query<{ fruit_cnt: number; total: number; email: string }>(
      `SELECT u.email, u.fruit_cnt, COALESCE(sum(l.amount), 0)::integer AS total
       FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id GROUP BY u.id`,
    );
    for (const row of rows) expect(row.fruit_cnt, row.email).toBe(row.total);
    const demo = rows.find((r) => r.email === 'demo@example.com');
    expect(demo?.fruit_cnt).toBeGreaterThan(0);
    const running = await db.query<{ ok: boolean }>(
      `SELECT balance_after = sum(amount) OVER (PARTITION BY user_id ORDER BY created_at, id) AS ok FROM fruit_ledger`,
    );
    expect(running.every((r) => r.ok)).toBe(true);
  });

  it('grants access to every prompt of a paid order, and only those', async () => {
    const missing = await db.query(
      `SELECT o.id, i.prompt_id FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.status = 'paid' AND NOT EXISTS (
         SELECT 1 FROM user_prompt_access a WHERE a.user_id = o.user_id AND a.prompt_id = i.prompt_id)`,
    );
    expect(missing).toEqual([]);
    const extra = await db.query(
      `SELECT a.* FROM user_prompt_access a WHERE NOT EXISTS (
         SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
         WHERE o.status = 'paid' AND o.user_id = a.user_id AND i.prompt_id = a.prompt_id)`,
    );
    expect(extra).toEqual([]);
  });

  it('stores argon2id hashes, never the passwords', async () => {
    const users = await db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(users.length).toBeGreaterThanOrEqual(2);
    for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('rejects a second account whose email differs only in case', async () => {
    await expect(
      db.query(`INSERT INTO users (email, name) VALUES ('DEMO@Example.com', 'Copy')`),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('seeding the mini fixture into a migrated database', () => {
  const db = openForSuite(() => openTestDb('migrated'));

  it('writes the exact ledger, balances, totals and access, once', async () => {
    const first = await seed(db, miniSeed(), 'mini');
    expect(first.seeded).toBe(true);

    const users = await db.query<{ id: string; fruit_cnt: number }>(
      'SELECT id, fruit_cnt FROM users ORDER BY id',
    );
    expect(users).toEqual([
      { id: DEMO_ID, fruit_cnt: 80 }, // +100 bonus, -20 for prompt 2
      { id: ALICE_ID, fruit_cnt: 30 }, // +80 bonus, -50 for prompt 5
    ]);
    const ledger = await db.query(
      'SELECT user_id, amount, balance_after, kind FROM fruit_ledger ORDER BY id',
    );
    expect(ledger).toEqual([
      { user_id: DEMO_ID, amount: 100, balance_after: 100, kind: 'bonus' },
      { user_id: ALICE_ID, amount: 80, balance_after: 80, kind: 'bonus' },
      { user_id: DEMO_ID, amount: -20, balance_after: 80, kind: 'purchase' },
      { user_id: ALICE_ID, amount: -50, balance_after: 30, kind: 'purchase' },
    ]);
    const orders = await db.query(
      `SELECT id, status, subtotal_cents, discount_cents, total_cents, total_fruit, coupon_id IS NOT NULL AS coupon
       FROM orders ORDER BY id`,
    );
    expect(orders).toEqual([
      {
        id: 1,
        status: 'paid',
        subtotal_cents: 399,
        discount_cents: 40,
        total_cents: 359,
        total_fruit: 20,
        coupon: true,
      },
      {
        id: 2,
        status: 'pending',
        subtotal_cents: 699,
        discount_cents: 0,
        total_cents: 699,
        total_fruit: 0,
        coupon: false,
      },
      {
        id: 3,
        status: 'paid',
        subtotal_cents: 0,
        discount_cents: 0,
        total_cents: 0,
        total_fruit: 50,
        coupon: false,
      },
    ]);
    const access = await db.query(
      'SELECT user_id, prompt_id, order_id FROM user_prompt_access ORDER BY user_id, prompt_id',
    );
    expect(access).toEqual([
      { user_id: DEMO_ID, prompt_id: 2, order_id: 1 },
      { user_id: DEMO_ID, prompt_id: 3, order_id: 1 },
      { user_id: ALICE_ID, prompt_id: 5, order_id: 3 },
    ]);

    const before = await counts(db);
    expect(await seed(db, miniSeed(), 'mini')).toEqual({ seeded: false });
    expect(await counts(db)).toEqual(before);
  });

  it('rolls back completely when the data is inconsistent', async () => {
    const bad = miniSeed();
    bad.users = otherUsers(bad.users);
    bad.prompts = [];
    bad.orders = [{ ...bad.orders[0]!, userEmail: 'xdemo@example.com' }];
    bad.coupons = [];
    bad.orders[0]!.couponCode = null;
    bad.shortLinks = [];
    bad.fruitBonuses = [];
    bad.messages = [];
    bad.exchangeOffers = [];
    const before = await counts(db);
    await expect(seed(db, bad, 'broken')).rejects.toThrow(/unknown prompt/);
    expect(await counts(db)).toEqual(before);
  });
});
