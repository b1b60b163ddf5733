// FruitCoin balances: the member rows locked first in every write, the ledger entry of each balance change,
// and the referral credit a share link earns.
import { type LedgerKind, NOT_ENOUGH_FRUIT } from '../../domain/commerce.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';

// Locks and the ledger ----------------------------------------------------------------------------------

/** Locks the users rows (in id order) and answers their balances. Call first in a transaction. */
export async function lockUsers(q: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)].sort();
  const rows = await q.query<{ id: string; fruit_cnt: number }>(
    'SELECT id, fruit_cnt FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [unique],
  );
  return new Map(rows.map((r) => [r.id, r.fruit_cnt]));
}

/** Adds `amount` (signed) to a locked member's balance and writes its ledger entry; the new balance. */
export async function moveFruit(
  q: Queryable,
  userId: string,
  amount: number,
  kind: LedgerKind,
  reason: string,
  refs: { orderId?: number | null; offerId?: number | null; topupId?: number | null } = {},
): Promise<number> {
  const { fruit_cnt: balance } = await q.one<{ fruit_cnt: number }>(
    'UPDATE users SET fruit_cnt = fruit_cnt + $2 WHERE id = $1 RETURNING fruit_cnt',
    [userId, amount],
  );
  // clock_timestamp(): entries are ordered as they were written under the lock, not by transaction start.
  await q.query(
    `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason, order_id, exchange_offer_id, topup_id,
                               created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())`,
    [userId, amount, balance, kind, reason, refs.orderId ?? null, refs.offerId ?? null, refs.topupId ?? null],
  );
  return balance;
}

export const notEnoughFruit = (what: string, cost: number, balance: number): ApiError =>
  new ApiError(
    409,
    `${NOT_ENOUGH_FRUIT}: ${what} costs ${cost} and your balance is ${balance}. ` +
      `You need ${cost - balance} more.`,
    { cost, balance },
  );

// Referral credit ----------------------------------------------------------------------------------------

/** What the owner of the share link earns for a paid order: 10% of its FruitCoins (rounded up) and 1 per whole dollar paid, at least 1. */
export const referralBonus = (totalFruit: number, totalCents: number): number =>
  Math.max(1, Math.ceil(totalFruit / 10) + Math.floor(totalCents / 100));

/** The member credited for an order bought through this share link: its owner, never the buyer. */
export async function referralOwner(
  q: Queryable,
  linkId: string | null,
  buyerId: string,
): Promise<string | null> {
  if (linkId === null) return null;
  const link = await q.maybeOne<{ owner_id: string | null }>(
    'SELECT owner_id FROM short_links WHERE id = $1',
    [linkId],
  );
  return link?.owner_id && link.owner_id !== buyerId ? link.owner_id : null;
}
