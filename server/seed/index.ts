// Writes the demo data (requirements §C3) into the database, once; its prompts go through the operator's
// catalog import (seedPromptLine, importCatalogIn). Deterministic: the same SeedData gives the same rows
// (apart from argon2 salts); idempotent: the whole seed runs in one transaction that also
// records a seed_runs marker, and a later run that finds the marker changes nothing. Never used in
// production (server/main.ts checks config.seedDemo).
import { createHash } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Queryable } from '../db/index.ts';
import { formatLineError, generatorName, gradeName, type CatalogLine } from '../operator/catalog-format.ts';
import { importCatalogIn } from '../operator/catalog-import.ts';
import type { SeedData, SeedOrder, SeedPrompt } from './types.ts';

export const DEMO_SEED = 'demo';
/** The advisory lock of seeding (concurrent starts against one PostgreSQL server). */
const SEED_LOCK = 727_017_002;

export interface SeedCounts {
  users: number;
  prompts: number;
  coupons: number;
  exchangeOffers: number;
  orders: number;
  orderItems: number;
  access: number;
  ledger: number;
  messages: number;
  supportRequests: number;
  shortLinks: number;
}

export type SeedResult = { seeded: true; counts: SeedCounts } | { seeded: false };

export class SeedDataError extends Error {
  override name = 'SeedDataError';
}

export const contentHash = (data: SeedData): string =>
  createHash('sha256').update(JSON.stringify(data)).digest('hex');

const isSeeded = async (q: Queryable, name: string): Promise<boolean> =>
  (await q.maybeOne('SELECT name FROM seed_runs WHERE name = $1', [name])) !== null;

/** Writes `rows` (plain objects) with one INSERT ... SELECT FROM jsonb_to_recordset. */
const insertMany = async (
  q: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: readonly Record<string, unknown>[],
  suffix = '',
): Promise<void> => {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  await q.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${definition}) ${suffix}`,
    [JSON.stringify(rows)],
  );
};

/** A demo prompt as a line of the catalog file: its example images drawn from its art. */
export const seedPromptLine = (p: SeedPrompt): CatalogLine => ({
  slug: p.slug,
  title: p.title,
  description: p.description,
  generator: generatorName(p.generatorType),
  grade: gradeName(p.grade),
  ...(p.grade === 1 && p.priceFruit !== null ? { priceFruit: p.priceFruit } : {}),
  ...(p.grade === 2 && p.priceCents !== null ? { priceCents: p.priceCents } : {}),
  tags: p.tags,
  template: p.template,
  variables: [...p.variables]
    .sort((a, b) => a.index - b.index)
    .map((v) => ({ label: v.label, example: v.example })),
  art: {
    scene: p.art.scene,
    palette: p.art.palette,
    seed: p.art.seed,
    ...(p.art.subject === undefined ? {} : { subject: p.art.subject }),
  },
  drawnImages: p.imageCount,
});

interface OrderPlan {
  order: SeedOrder;
  userId: string;
  items: SeedPrompt[];
  subtotalCents: number;
  discountCents: number;
  totalFruit: number;
  couponId: number | null;
}

interface LedgerEntry {
  userId: string;
  amount: number;
  kind: 'bonus' | 'purchase' | 'exchange';
  reason: string;
  orderId: number | null;
  createdAt: string;
}

const time = (iso: string): number => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new SeedDataError(`Not an ISO date: ${iso}`);
  return t;
};

/**
 * Seeds `data` under the marker `name`. Returns { seeded: false } when that seed already ran.
 * Password hashing happens before the transaction so the embedded database is not held while argon2 runs.
 */
export async function seed(db: Db, data: SeedData, name: string = DEMO_SEED): Promise<SeedResult> {
  if (await isSeeded(db, name)) return { seeded: false };

  const userIds = new Map<string, string>();
  for (const user of data.users) userIds.set(user.email.toLowerCase(), user.id);
  const userId = (email: string, what: string): string => {
    const id = userIds.get(email.toLowerCase());
    if (id === undefined) throw new SeedDataError(`${what} names an unknown user ${email}`);
    return id;
  };
  const prompts = new Map(data.prompts.map((p) => [p.id, p]));
  const hashes = await Promise.all(data.users.map((user) => hashPassword(user.password)));

  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await isSeeded(q, name)) return { seeded: false } as const;

    await writeUsers(q, data, hashes);
    await writePrompts(q, data);
    await writeOffers(q, data);
    const coupons = await writeCoupons(q, data, userId);
    // Orders, in the order given (ids 1..n on a fresh database).
    const plans = planOrders(data, prompts, coupons, userId);
    const orderIds = await writeOrders(q, plans);
    const written = await writeItemsAndAccess(q, plans, orderIds);
    const ledger = await writeLedger(q, data, plans, orderIds, userId);
    const requestIds = await writeSupport(q, data, userId);
    await writeMessages(q, data, plans, orderIds, requestIds, userId);
    await writeShortLinks(q, data, userId);

    await q.query('INSERT INTO seed_runs (name, content_hash) VALUES ($1, $2)', [name, contentHash(data)]);

    return {
      seeded: true,
      counts: {
        users: data.users.length,
        prompts: data.prompts.length,
        coupons: data.coupons.length,
        exchangeOffers: data.exchangeOffers.length,
        orders: plans.length,
        orderItems: written.items,
        access: written.access,
        ledger,
        messages: data.messages.length,
        supportRequests: requestIds.size,
        shortLinks: data.shortLinks.length,
      },
    } as const;
  });
}

type UserIdOf = (email: string, what: string) => string;

/** The demo members, with the password hashes made before the transaction. */
async function writeUsers(q: Queryable, data: SeedData, hashes: string[]): Promise<void> {
  await insertMany(
    q,
    'users',
    {
      id: 'uuid',
      email: 'text',
      password_hash: 'text',
      name: 'text',
      provider: 'text',
      email_verified_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    data.users.map((u, i) => ({
      id: u.id,
      email: u.email,
      password_hash: hashes[i],
      name: u.name,
      provider: 'email',
      email_verified_at: u.createdAt,
      created_at: u.createdAt,
      updated_at: u.createdAt,
    })),
  );
}

/** The prompts, through the operator's catalog import. */
async function writePrompts(q: Queryable, data: SeedData): Promise<void> {
  // The prompts go through the operator's catalog import (docs/catalog-format.md): the same validator and
  // the same writes, with their fixed ids, counters and dates given.
  const imported = await importCatalogIn(q, {
    lines: data.prompts.map(seedPromptLine),
    images: {},
    dryRun: false,
    given: new Map(
      data.prompts.map((p) => [
        p.slug,
        { id: p.id, sortId: p.sortId, views: p.views, sales: p.sales, createdAt: p.createdAt },
      ]),
    ),
  });
  if ('errors' in imported) {
    throw new SeedDataError(
      `The seed's prompts are not valid catalog lines: ${imported.errors.slice(0, 5).map(formatLineError).join('; ')}`,
    );
  }
  if (imported.result.added !== data.prompts.length) {
    throw new SeedDataError(
      `The seed's prompts must all be new: ${data.prompts.length - imported.result.added} slugs already exist`,
    );
  }
}

/** The FruitCoin exchange's offers. */
async function writeOffers(q: Queryable, data: SeedData): Promise<void> {
  await insertMany(
    q,
    'exchange_offers',
    {
      id: 'integer',
      title: 'text',
      fruit_cost: 'integer',
      coupon_title: 'text',
      coupon_kind: 'text',
      coupon_value: 'integer',
      coupon_min_spend_cents: 'integer',
      coupon_valid_days: 'integer',
    },
    data.exchangeOffers.map((o) => ({
      id: o.id,
      title: o.title,
      fruit_cost: o.fruitCost,
      coupon_title: o.coupon.title,
      coupon_kind: o.coupon.kind,
      coupon_value: o.coupon.value,
      coupon_min_spend_cents: o.coupon.minSpendCents,
      coupon_valid_days: o.coupon.validDays,
    })),
  );
}

type SeedCoupons = { couponIds: Map<string, number>; coupons: Map<string, SeedData['coupons'][number]> };

/** The coupons, and their ids by code for the orders that name them. */
async function writeCoupons(q: Queryable, data: SeedData, userId: UserIdOf): Promise<SeedCoupons> {
  // Coupons: a used coupon is marked used at the time of the first order that names it.
  const firstUse = new Map<string, string>();
  for (const order of data.orders) {
    if (order.couponCode !== null && order.status !== 'cancelled' && !firstUse.has(order.couponCode)) {
      firstUse.set(order.couponCode, order.createdAt);
    }
  }
  await insertMany(
    q,
    'coupons',
    {
      code: 'text',
      user_id: 'uuid',
      title: 'text',
      kind: 'text',
      value: 'integer',
      min_spend_cents: 'integer',
      valid_from: 'timestamptz',
      valid_until: 'timestamptz',
      status: 'text',
      used_at: 'timestamptz',
      created_at: 'timestamptz',
    },
    data.coupons.map((c) => ({
      code: c.code,
      user_id: userId(c.ownerEmail, `Coupon ${c.code}`),
      title: c.title,
      kind: c.kind,
      value: c.value,
      min_spend_cents: c.minSpendCents,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      status: c.status,
      used_at: c.status === 'used' ? (firstUse.get(c.code) ?? c.validFrom) : null,
      created_at: c.validFrom,
    })),
  );
  const couponRows = await q.query<{ id: number; code: string }>('SELECT id, code FROM coupons');
  const couponIds = new Map(couponRows.map((c) => [c.code, c.id]));
  const coupons = new Map(data.coupons.map((c) => [c.code, c]));
  return { couponIds, coupons };
}

/** Each order's member, prompts, totals and coupon, checked against the data. */
function planOrders(
  data: SeedData,
  prompts: Map<number, SeedPrompt>,
  { couponIds, coupons }: SeedCoupons,
  userId: UserIdOf,
): OrderPlan[] {
  return data.orders.map((order, index) => {
    const what = `Order ${index + 1}`;
    const items = order.promptIds.map((id) => {
      const prompt = prompts.get(id);
      if (prompt === undefined) throw new SeedDataError(`${what} names an unknown prompt ${id}`);
      if (prompt.grade === 0) throw new SeedDataError(`${what} buys the free prompt ${id}`);
      return prompt;
    });
    if (new Set(order.promptIds).size !== items.length || items.length === 0) {
      throw new SeedDataError(`${what} must list distinct prompts, at least one`);
    }
    const subtotalCents = items.reduce((sum, p) => sum + (p.grade === 2 ? (p.priceCents ?? 0) : 0), 0);
    const totalFruit = items.reduce((sum, p) => sum + (p.grade === 1 ? (p.priceFruit ?? 0) : 0), 0);
    let discountCents = 0;
    let couponId: number | null = null;
    if (order.couponCode !== null) {
      const coupon = coupons.get(order.couponCode);
      couponId = couponIds.get(order.couponCode) ?? null;
      if (coupon === undefined || couponId === null) {
        throw new SeedDataError(`${what} names an unknown coupon ${order.couponCode}`);
      }
      if (subtotalCents >= coupon.minSpendCents) {
        discountCents =
          coupon.kind === 'percent'
            ? Math.round((subtotalCents * coupon.value) / 100)
            : Math.min(coupon.value, subtotalCents);
      }
    }
    return {
      order,
      userId: userId(order.userEmail, what),
      items,
      subtotalCents,
      discountCents,
      totalFruit,
      couponId,
    };
  });
}

/** The orders with their payment sessions; answers their ids, in the plans' order. */
async function writeOrders(q: Queryable, plans: OrderPlan[]): Promise<number[]> {
  const orderIds: number[] = [];
  for (const plan of plans) {
    const { order } = plan;
    const row = await q.one<{ id: number }>(
      `INSERT INTO orders (user_id, status, subtotal_cents, discount_cents, total_cents, total_fruit, coupon_id,
                           paid_at, cancelled_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       RETURNING id`,
      [
        plan.userId,
        order.status,
        plan.subtotalCents,
        plan.discountCents,
        plan.subtotalCents - plan.discountCents,
        plan.totalFruit,
        plan.couponId,
        order.status === 'paid' ? order.createdAt : null,
        order.status === 'cancelled' ? order.createdAt : null,
        order.createdAt,
      ],
    );
    orderIds.push(row.id);
    if (plan.subtotalCents > 0) {
      await q.query(`UPDATE orders SET payment_session_id = 'cs_demo_' || id WHERE id = $1`, [row.id]);
      // Its session on the development payment page: open while pending, closed like the order.
      await q.query(
        `INSERT INTO payment_sessions (id, order_id, amount_cents, status, created_at, paid_at, cancelled_at)
         SELECT payment_session_id, id, total_cents, CASE status WHEN 'pending' THEN 'open' ELSE status END,
                created_at, paid_at, cancelled_at
         FROM orders WHERE id = $1 AND total_cents > 0`,
        [row.id],
      );
    }
  }
  return orderIds;
}

/** The orders' lines, and the access every paid order grants; answers how many of each. */
async function writeItemsAndAccess(
  q: Queryable,
  plans: OrderPlan[],
  orderIds: number[],
): Promise<{ items: number; access: number }> {
  const itemRows = plans.flatMap((plan, i) =>
    plan.items.map((p) => ({
      order_id: orderIds[i],
      prompt_id: p.id,
      title: p.title,
      grade: p.grade,
      price_fruit: p.grade === 1 ? p.priceFruit : null,
      price_cents: p.grade === 2 ? p.priceCents : null,
    })),
  );
  await insertMany(
    q,
    'order_items',
    {
      order_id: 'integer',
      prompt_id: 'integer',
      title: 'text',
      grade: 'smallint',
      price_fruit: 'integer',
      price_cents: 'integer',
    },
    itemRows,
  );

  // Access: every prompt of a paid order, granted when the order was paid (the first order wins).
  const accessRows = plans.flatMap((plan, i) =>
    plan.order.status !== 'paid'
      ? []
      : plan.items.map((p) => ({
          user_id: plan.userId,
          prompt_id: p.id,
          source: 'order',
          order_id: orderIds[i],
          granted_at: plan.order.createdAt,
        })),
  );
  await insertMany(
    q,
    'user_prompt_access',
    {
      user_id: 'uuid',
      prompt_id: 'integer',
      source: 'text',
      order_id: 'integer',
      granted_at: 'timestamptz',
    },
    accessRows,
    'ON CONFLICT (user_id, prompt_id) DO NOTHING',
  );
  return { items: itemRows.length, access: accessRows.length };
}

/** The FruitCoin ledger and each member's balance; answers how many entries. */
async function writeLedger(
  q: Queryable,
  data: SeedData,
  plans: OrderPlan[],
  orderIds: number[],
  userId: UserIdOf,
): Promise<number> {
  // The FruitCoin ledger: bonuses and exchanges as given, debits for paid orders with a FruitCoin part,
  // in time order (credits first on a tie); the balance may never go below zero.
  const entries: LedgerEntry[] = [
    ...data.fruitBonuses.map((b, i) => {
      if (!Number.isInteger(b.amount) || b.amount === 0) {
        throw new SeedDataError(`Fruit bonus ${i + 1} must have a non-zero integer amount`);
      }
      return {
        userId: userId(b.userEmail, `Fruit bonus ${i + 1}`),
        amount: b.amount,
        kind: b.amount > 0 ? ('bonus' as const) : ('exchange' as const),
        reason: b.reason,
        orderId: null,
        createdAt: b.createdAt,
      };
    }),
    ...plans.flatMap((plan, i) =>
      plan.order.status === 'paid' && plan.totalFruit > 0
        ? [
            {
              userId: plan.userId,
              amount: -plan.totalFruit,
              kind: 'purchase' as const,
              reason: `Order #${orderIds[i]}`,
              orderId: orderIds[i] ?? null,
              createdAt: plan.order.createdAt,
            },
          ]
        : [],
    ),
  ];
  const ordered = entries
    .map((entry, index) => ({ entry, index, at: time(entry.createdAt) }))
    .sort(
      (a, b) => a.at - b.at || Math.sign(b.entry.amount) - Math.sign(a.entry.amount) || a.index - b.index,
    );
  const balances = new Map<string, number>();
  const ledgerRows = ordered.map(({ entry }) => {
    const balance = (balances.get(entry.userId) ?? 0) + entry.amount;
    if (balance < 0) {
      throw new SeedDataError(
        `FruitCoin balance of user ${entry.userId} would go negative at ${entry.createdAt}`,
      );
    }
    balances.set(entry.userId, balance);
    return {
      user_id: entry.userId,
      amount: entry.amount,
      balance_after: balance,
      kind: entry.kind,
      reason: entry.reason,
      order_id: entry.orderId,
      created_at: entry.createdAt,
    };
  });
  await insertMany(
    q,
    'fruit_ledger',
    {
      user_id: 'uuid',
      amount: 'integer',
      balance_after: 'integer',
      kind: 'text',
      reason: 'text',
      order_id: 'integer',
      created_at: 'timestamptz',
    },
    ledgerRows,
  );
  await q.query(
    `UPDATE users u SET fruit_cnt = l.total
     FROM (SELECT user_id, sum(amount)::integer AS total FROM fruit_ledger GROUP BY user_id) l
     WHERE l.user_id = u.id`,
  );
  return ledgerRows.length;
}

/** The support requests; answers their ids by member and subject, for the messages that answer them. */
async function writeSupport(q: Queryable, data: SeedData, userId: UserIdOf): Promise<Map<string, number>> {
  // Support requests, in the order given (ids 1..n on a fresh database), with the account's address.
  const requestIds = new Map<string, number>();
  for (const [i, r] of (data.supportRequests ?? []).entries()) {
    const owner = userId(r.userEmail, `Support request ${i + 1}`);
    const user = data.users.find((u) => u.id === owner) as SeedData['users'][number];
    const row = await q.one<{ id: number }>(
      `INSERT INTO support_requests (user_id, email, subject, body, status, reply, replied_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        owner,
        user.email,
        r.subject,
        r.message,
        r.reply === null ? 'open' : 'answered',
        r.reply?.body ?? null,
        r.reply?.repliedAt ?? null,
        r.createdAt,
      ],
    );
    requestIds.set(`${owner} ${r.subject}`, row.id);
  }
  return requestIds;
}

/** The members' messages, each linked to the order or support request it is about. */
async function writeMessages(
  q: Queryable,
  data: SeedData,
  plans: OrderPlan[],
  orderIds: number[],
  requestIds: Map<string, number>,
  userId: UserIdOf,
): Promise<void> {
  // A message points to what it is about: an order message to the member's latest order placed before it,
  // a support message `Re: {subject}` to that request of the member's.
  const ordersByUser = plans
    .map((plan, i) => ({ userId: plan.userId, at: time(plan.order.createdAt), id: orderIds[i] as number }))
    .sort((a, b) => a.at - b.at || a.id - b.id);
  await insertMany(
    q,
    'messages',
    {
      user_id: 'uuid',
      kind: 'text',
      title: 'text',
      body: 'text',
      read_at: 'timestamptz',
      created_at: 'timestamptz',
      order_id: 'integer',
      support_request_id: 'integer',
    },
    data.messages.map((m, i) => {
      const owner = userId(m.userEmail, `Message ${i + 1}`);
      const at = time(m.createdAt);
      const order =
        m.kind === 'order' ? ordersByUser.filter((o) => o.userId === owner && o.at <= at).at(-1) : undefined;
      const request =
        m.kind === 'support' && m.title.startsWith('Re: ')
          ? requestIds.get(`${owner} ${m.title.slice(4)}`)
          : undefined;
      return {
        user_id: owner,
        kind: m.kind,
        title: m.title,
        body: m.body,
        read_at: m.read ? m.createdAt : null,
        created_at: m.createdAt,
        order_id: order?.id ?? null,
        support_request_id: request ?? null,
      };
    }),
  );
}

/** The share links. */
async function writeShortLinks(q: Queryable, data: SeedData, userId: UserIdOf): Promise<void> {
  await insertMany(
    q,
    'short_links',
    { id: 'text', prompt_id: 'integer', owner_id: 'uuid', partner: 'boolean', partner_name: 'text' },
    data.shortLinks.map((s) => ({
      id: s.id,
      prompt_id: s.promptId,
      owner_id: s.ownerEmail === null ? null : userId(s.ownerEmail, `Short link ${s.id}`),
      partner: s.partner,
      partner_name: s.partnerName,
    })),
  );
}
