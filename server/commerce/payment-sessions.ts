// The development payment page's actions on a payment session: pay (the order settles) and cancel (the
// order stays pending).
import type { Db, Queryable } from '../db/index.ts';
import { lockUsers } from './ledger.ts';
import { partiesOf, settleOrder } from './settlement.ts';

// The development payment page's actions ------------------------------------------------------------------

export interface SessionView {
  id: string;
  status: 'open' | 'paid' | 'cancelled';
  amountCents: number;
  orderId: number;
  orderStatus: 'pending' | 'paid' | 'cancelled';
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  items: { title: string; priceCents: number }[];
}

export async function findSession(db: Queryable, sessionId: string): Promise<SessionView | null> {
  const row = await db.maybeOne<{
    id: string;
    status: SessionView['status'];
    amount_cents: number;
    order_id: number;
    order_status: SessionView['orderStatus'];
    subtotal_cents: number;
    discount_cents: number;
    coupon_code: string | null;
  }>(
    `SELECT s.id, s.status, s.amount_cents, s.order_id, o.status AS order_status, o.subtotal_cents,
            o.discount_cents, c.code AS coupon_code
     FROM payment_sessions s JOIN orders o ON o.id = s.order_id LEFT JOIN coupons c ON c.id = o.coupon_id
     WHERE s.id = $1`,
    [sessionId],
  );
  if (row === null) return null;
  const items = await db.query<{ title: string; price_cents: number }>(
    `SELECT title, price_cents FROM order_items WHERE order_id = $1 AND grade = 2 ORDER BY title, prompt_id`,
    [row.order_id],
  );
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amount_cents,
    orderId: row.order_id,
    orderStatus: row.order_status,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    couponCode: row.coupon_code,
    items: items.map((i) => ({ title: i.title, priceCents: i.price_cents })),
  };
}

export type SessionOutcome = 'paid' | 'cancelled' | 'closed' | null;

/**
 * "Pay" on the payment page, as a provider's webhook: marks the open session paid and settles its order
 * in one transaction. 'paid' also when it was paid before (idempotent); 'closed' when the session or its
 * order was cancelled; null for an unknown session.
 */
export async function paySession(db: Db, sessionId: string): Promise<SessionOutcome> {
  // an order's session (a top-up's is paid by server/commerce/topups.ts)
  const found = await db.maybeOne<{ order_id: number }>(
    'SELECT order_id FROM payment_sessions WHERE id = $1 AND order_id IS NOT NULL',
    [sessionId],
  );
  if (found === null) return null;
  const parties = await partiesOf(db, found.order_id);
  return db.tx(async (q) => {
    await lockUsers(q, parties);
    return paySessionLocked(q, sessionId);
  });
}

/** paySession's transaction, for a caller that holds the order's locks (partiesOf) already. */
export async function paySessionLocked(q: Queryable, sessionId: string): Promise<SessionOutcome> {
  const s = await q.one<{ status: string; order_status: string; order_id: number }>(
    `SELECT s.status, o.status AS order_status, s.order_id FROM payment_sessions s JOIN orders o ON o.id = s.order_id
     WHERE s.id = $1`,
    [sessionId],
  );
  if (s.status === 'paid') {
    await settleOrder(q, s.order_id);
    return 'paid';
  }
  if (s.status === 'cancelled' || s.order_status !== 'pending') return 'closed';
  await q.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [sessionId]);
  await settleOrder(q, s.order_id);
  return 'paid';
}

/** "Cancel" on the payment page: the session closes, the order stays pending (to pay again or cancel). */
export async function cancelSession(db: Db, sessionId: string): Promise<SessionOutcome> {
  const found = await db.maybeOne<{ user_id: string }>(
    'SELECT o.user_id FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE s.id = $1',
    [sessionId],
  );
  if (found === null) return null;
  return db.tx(async (q) => {
    await lockUsers(q, [found.user_id]);
    return cancelSessionLocked(q, sessionId);
  });
}

/** cancelSession's transaction, for a caller that holds the buyer's lock already. */
export async function cancelSessionLocked(q: Queryable, sessionId: string): Promise<SessionOutcome> {
  const s = await q.one<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [sessionId]);
  if (s.status === 'paid') return 'paid';
  if (s.status === 'open') {
    await q.query(`UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      sessionId,
    ]);
  }
  return 'cancelled';
}
