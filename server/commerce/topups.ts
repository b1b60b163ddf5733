// Buy FruitCoins (issue 15): packs of FruitCoins sold for money, paid through the same payment sessions
// and payment page as premium orders (docs/decisions/004-commerce.md). The packs and their prices live
// here, on the server; a purchase names a pack's id and nothing else. Paying a top-up marks it paid,
// credits the balance with one `topup` ledger entry and writes a message, in one transaction that holds
// the member's row lock, and only while it is pending: a payment confirmed twice credits once (and the
// ledger's unique index on topup_id would refuse a second entry anyway).
import { formatCents } from '../../domain/catalog.ts';
import type { FruitPack, FruitTopUp, TopUpResult, TopUpStatus } from '../../domain/commerce.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addMessage } from '../messages/write.ts';
import { notFound } from '../http/envelope.ts';
import { newSessionId, paymentUnavailable } from './payments.ts';
import { FRUIT_PACKS } from './packs.ts';
import { balanceOf } from './repository.ts';
import { type Commerce, fruitCoins } from './commerce-common.ts';
import { lockUsers, moveFruit } from './ledger.ts';
import { type SessionOutcome } from './payment-sessions.ts';
import { createStripeSession, pageUrlOf, paidAtStripe, type StripeCheckout } from './stripe-checkout.ts';

export { FRUIT_PACKS };

export const PACK_NOT_FOUND =
  'FruitCoin pack not found. Choose one of the packs on Buy FruitCoins: ' +
  `${FRUIT_PACKS.map((p) => p.id).join(', ')}.`;
export const TOPUP_PAYMENT_NOT_FOUND = 'Payment not found';

export { fruitCoins };

interface TopUpRow {
  id: number;
  user_id: string;
  pack_id: string;
  title: string;
  coins: number;
  amount_cents: number;
  status: TopUpStatus;
  created_at: Date;
  paid_at: Date | null;
  session_id: string;
  session_status: 'open' | 'paid' | 'cancelled';
  session_url: string | null;
}

const TOPUP_SELECT = `
  SELECT t.id, t.user_id, t.pack_id, t.title, t.coins, t.amount_cents, t.status, t.created_at, t.paid_at,
         s.id AS session_id, s.status AS session_status, s.url AS session_url
  FROM fruit_topups t JOIN payment_sessions s ON s.topup_id = t.id`;

function toTopUp(row: TopUpRow, c: Commerce): FruitTopUp {
  const open = row.status === 'pending' && row.session_status === 'open';
  return {
    id: row.id,
    packId: row.pack_id,
    title: row.title,
    coins: row.coins,
    amountCents: row.amount_cents,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at === null ? null : row.paid_at.toISOString(),
    sessionId: row.session_id,
    paymentUrl: open && c.payments !== null ? (row.session_url ?? c.payments.url(row.session_id)) : null,
  };
}

async function resultOf(q: Queryable, c: Commerce, userId: string, topupId: number): Promise<TopUpResult> {
  const row = await q.one<TopUpRow>(`${TOPUP_SELECT} WHERE t.id = $1 AND t.user_id = $2`, [topupId, userId]);
  return { topup: toTopUp(row, c), balance: await balanceOf(q, userId) };
}

/**
 * Marks a pending top-up paid and credits it: one ledger entry, one message. The member must be locked.
 * Answers false, changing nothing, when it is not pending (paid already: idempotent; or cancelled).
 */
async function settleTopUp(q: Queryable, topupId: number): Promise<boolean> {
  const topup = await q.maybeOne<{ user_id: string; title: string; coins: number; amount_cents: number }>(
    `UPDATE fruit_topups SET status = 'paid', paid_at = now()
     WHERE id = $1 AND status = 'pending'
     RETURNING user_id, title, coins, amount_cents`,
    [topupId],
  );
  if (topup === null) return false;
  const price = formatCents(topup.amount_cents);
  const balance = await moveFruit(
    q,
    topup.user_id,
    topup.coins,
    'topup',
    `${topup.title} pack: ${fruitCoins(topup.coins)} for ${price}`,
    { topupId },
  );
  await addMessage(q, topup.user_id, {
    kind: 'notice',
    title: `${fruitCoins(topup.coins)} added`,
    body:
      `Your payment of ${price} for the ${topup.title} pack went through: ${fruitCoins(topup.coins)} were ` +
      `added to your balance, which is now ${fruitCoins(balance)}.`,
  });
  return true;
}

/** GET /api/my/fruit/packs */
export async function listPacks(
  db: Queryable,
  userId: string,
): Promise<{ data: FruitPack[]; balance: number }> {
  return { data: FRUIT_PACKS.map((p) => ({ ...p })), balance: await balanceOf(db, userId) };
}

/**
 * POST /api/my/fruit/topups: a pending top-up of the pack with its payment session. A requestId this member
 * used before answers that top-up as it is now (pending, paid or cancelled), whatever the pack named.
 */
export async function buyPack(
  c: Commerce,
  userId: string,
  input: { packId: string; requestId: string },
): Promise<TopUpResult> {
  const topupId = await c.db.tx(async (q) => {
    await lockUsers(q, [userId]);
    const earlier = await q.maybeOne<{ id: number }>(
      'SELECT id FROM fruit_topups WHERE user_id = $1 AND request_id = $2',
      [userId, input.requestId],
    );
    if (earlier !== null) return earlier.id;
    const pack = FRUIT_PACKS.find((p) => p.id === input.packId);
    if (pack === undefined) throw notFound(PACK_NOT_FOUND);
    if (c.payments === null) throw paymentUnavailable();
    const { id } = await q.one<{ id: number }>(
      `INSERT INTO fruit_topups (user_id, pack_id, title, coins, amount_cents, request_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, pack.id, pack.title, pack.coins, pack.priceCents, input.requestId],
    );
    // Stripe's session is made after this transaction (no row lock held over the call)
    if (c.payments.kind !== 'stripe') {
      await q.query('INSERT INTO payment_sessions (id, topup_id, amount_cents) VALUES ($1, $2, $3)', [
        newSessionId(),
        id,
        pack.priceCents,
      ]);
    }
    return id;
  });
  if (c.stripeSessions) await openStripeTopUpSession(c.stripeSessions, topupId);
  return resultOf(c.db, c, userId, topupId);
}

/** A top-up's one Stripe Checkout Session (an idempotency key per top-up: a retry answers the same one). */
async function openStripeTopUpSession(s: StripeCheckout, topupId: number): Promise<void> {
  const has = await s.db.maybeOne('SELECT 1 FROM payment_sessions WHERE topup_id = $1', [topupId]);
  if (has !== null) return;
  const session = await createStripeSession(s, { kind: 'topup', id: topupId });
  if (session === null) return;
  await s.db.query(
    `INSERT INTO payment_sessions (id, topup_id, amount_cents, url) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [session.id, topupId, session.amount_total ?? 0, pageUrlOf(s.publicOrigin, session.url)],
  );
}

/**
 * POST /api/my/fruit/topups/confirm: the page the payment returns to. Settles the member's top-up when its
 * session is paid (a provider's redirect can come before its webhook) and answers it as it is. Safe to
 * repeat; another member's session, or an order's, is not found.
 */
export async function confirmTopUp(c: Commerce, userId: string, sessionId: string): Promise<TopUpResult> {
  const found = await c.db.maybeOne<{ id: number; status: TopUpStatus; session_status: string }>(
    `SELECT t.id, t.status, s.status AS session_status
     FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id
     WHERE s.id = $1 AND t.user_id = $2`,
    [sessionId, userId],
  );
  if (found === null) throw notFound(TOPUP_PAYMENT_NOT_FOUND);
  if (
    found.session_status === 'open' &&
    found.status === 'pending' &&
    c.stripe &&
    (await paidAtStripe(c.stripe, sessionId))
  ) {
    // paid at Stripe, its webhook not here yet: the same settlement the webhook would do (once)
    await payTopUpSession(c.db, sessionId);
    return resultOf(c.db, c, userId, found.id);
  }
  if (found.session_status === 'paid' && found.status === 'pending') {
    return c.db.tx(async (q) => {
      await lockUsers(q, [userId]);
      await settleTopUp(q, found.id);
      return resultOf(q, c, userId, found.id);
    });
  }
  return resultOf(c.db, c, userId, found.id);
}

// The development payment page's side --------------------------------------------------------------------

export interface TopUpSessionView {
  id: string;
  status: 'open' | 'paid' | 'cancelled';
  amountCents: number;
  topupId: number;
  topupStatus: TopUpStatus;
  title: string;
  coins: number;
  bonusCoins: number;
}

/** A top-up's payment session, or null (unknown, or an order's). */
export async function findTopUpSession(db: Queryable, sessionId: string): Promise<TopUpSessionView | null> {
  const row = await db.maybeOne<{
    id: string;
    status: TopUpSessionView['status'];
    amount_cents: number;
    topup_id: number;
    topup_status: TopUpStatus;
    pack_id: string;
    title: string;
    coins: number;
  }>(
    `SELECT s.id, s.status, s.amount_cents, t.id AS topup_id, t.status AS topup_status, t.pack_id, t.title,
            t.coins
     FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id WHERE s.id = $1`,
    [sessionId],
  );
  if (row === null) return null;
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amount_cents,
    topupId: row.topup_id,
    topupStatus: row.topup_status,
    title: row.title,
    coins: row.coins,
    bonusCoins: FRUIT_PACKS.find((p) => p.id === row.pack_id)?.bonusCoins ?? 0,
  };
}

const ownerOf = (db: Queryable, sessionId: string) =>
  db.maybeOne<{ user_id: string }>(
    `SELECT t.user_id FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id WHERE s.id = $1`,
    [sessionId],
  );

/**
 * "Pay" on the payment page, as a provider's webhook: marks the open session paid and settles its top-up in
 * one transaction. 'paid' also when it was paid before (nothing credited again); 'closed' when cancelled;
 * null for a session that is no top-up's.
 */
export async function payTopUpSession(db: Db, sessionId: string): Promise<SessionOutcome> {
  const owner = await ownerOf(db, sessionId);
  if (owner === null) return null;
  return db.tx(async (q) => {
    await lockUsers(q, [owner.user_id]);
    return payTopUpSessionLocked(q, sessionId);
  });
}

/** payTopUpSession's transaction, for a caller that holds the member's lock already. */
export async function payTopUpSessionLocked(q: Queryable, sessionId: string): Promise<SessionOutcome> {
  const s = await q.one<{ status: string; topup_id: number; topup_status: TopUpStatus }>(
    `SELECT s.status, s.topup_id, t.status AS topup_status
     FROM payment_sessions s JOIN fruit_topups t ON t.id = s.topup_id WHERE s.id = $1`,
    [sessionId],
  );
  if (s.status === 'paid') {
    await settleTopUp(q, s.topup_id);
    return 'paid';
  }
  if (s.status === 'cancelled' || s.topup_status !== 'pending') return 'closed';
  await q.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [sessionId]);
  await settleTopUp(q, s.topup_id);
  return 'paid';
}

/** "Cancel" on the payment page: the session and its top-up are cancelled (nothing was paid). */
export async function cancelTopUpSession(db: Db, sessionId: string): Promise<SessionOutcome> {
  const owner = await ownerOf(db, sessionId);
  if (owner === null) return null;
  return db.tx(async (q) => {
    await lockUsers(q, [owner.user_id]);
    return cancelTopUpSessionLocked(q, sessionId);
  });
}

/** cancelTopUpSession's transaction, for a caller that holds the member's lock already. */
export async function cancelTopUpSessionLocked(q: Queryable, sessionId: string): Promise<SessionOutcome> {
  const s = await q.one<{ status: string; topup_id: number }>(
    'SELECT status, topup_id FROM payment_sessions WHERE id = $1',
    [sessionId],
  );
  if (s.status === 'paid') return 'paid';
  if (s.status === 'open') {
    await q.query(`UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      sessionId,
    ]);
    await q.query(
      `UPDATE fruit_topups SET status = 'cancelled', cancelled_at = now() WHERE id = $1 AND status = 'pending'`,
      [s.topup_id],
    );
  }
  return 'cancelled';
}
