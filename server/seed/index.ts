// Writes the demo data (requirements §C3) into the database, once; its prompts go through the operator's
// catalog import (seedPromptLine, importCatalogIn). Deterministic: the same SeedData gives the same rows
// (apart from argon2 salts); idempotent: the whole seed runs in one transaction that also
// records a seed_runs marker, and a later run that finds the marker changes nothing. Never used in
// production (server/main.ts checks config.seedDemo). The writers of its parts stand beside it (write-*.ts).
import { createHash } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { SeedData } from './types.ts';
import { writeCoupons, writeOffers, writePrompts } from './write-catalog.ts';
import { SeedDataError } from './write-common.ts';
import { writeLedger } from './write-ledger.ts';
import { writeMessages, writeShortLinks, writeSupport, writeUsers } from './write-members.ts';
import { planOrders, writeItemsAndAccess, writeOrders } from './write-orders.ts';

export { SeedDataError } from './write-common.ts';
export { seedPromptLine } from './write-catalog.ts';

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

export const contentHash = (data: SeedData): string =>
  createHash('sha256').update(JSON.stringify(data)).digest('hex');

const isSeeded = async (q: Queryable, name: string): Promise<boolean> =>
  (await q.maybeOne('SELECT name FROM seed_runs WHERE name = $1', [name])) !== null;

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
