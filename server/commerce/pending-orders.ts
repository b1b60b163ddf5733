// A pending order: paid on its payment page, cancelled (coupon valid again, items back in the cart) or
// confirmed.
import { type OrderDetail } from '../../domain/commerce.ts';
import type { Queryable } from '../db/index.ts';
import { addMessage } from '../messages/write.ts';
import { ApiError, notFound } from '../http/envelope.ts';
import { paymentUnavailable } from './payments.ts';
import { readOrder } from './repository.ts';
import { openSession } from './checkout.ts';
import { type Commerce, ORDER_NOT_FOUND, listOf, quoted } from './commerce-common.ts';
import { lockUsers } from './ledger.ts';
import { paySession } from './payment-sessions.ts';
import { partiesOf, settleOrder } from './settlement.ts';
import { openStripeSession, paidAtStripe } from './stripe-checkout.ts';

// Pending orders: pay, cancel, confirm ------------------------------------------------------------------

interface OrderState {
  id: number;
  user_id: string;
  status: 'pending' | 'paid' | 'cancelled';
  total_cents: number;
  coupon_id: number | null;
  payment_session_id: string | null;
  session_status: 'open' | 'paid' | 'cancelled' | null;
}

const readState = (q: Queryable, userId: string, orderId: number): Promise<OrderState | null> =>
  q.maybeOne<OrderState>(
    `SELECT o.id, o.user_id, o.status, o.total_cents, o.coupon_id, o.payment_session_id, s.status AS session_status
     FROM orders o LEFT JOIN payment_sessions s ON s.id = o.payment_session_id
     WHERE o.id = $1 AND o.user_id = $2`,
    [orderId, userId],
  );

const mustRead = async (q: Queryable, c: Commerce, userId: string, orderId: number): Promise<OrderDetail> => {
  const order = await readOrder(q, userId, orderId, c.payments);
  if (order === null) throw notFound(ORDER_NOT_FOUND);
  return order;
};

/** A pending order's payment page: its open session, or a new one when the last was cancelled. */
export async function payOrder(
  c: Commerce,
  userId: string,
  orderId: number,
): Promise<{ paymentUrl: string; order: OrderDetail }> {
  const parties = await partiesOf(c.db, orderId);
  const alreadyPaid = () => new ApiError(409, `Order #${orderId} is already paid.`);
  const answer = await c.db.tx(async (q) => {
    await lockUsers(q, parties.includes(userId) ? parties : [userId]);
    const order = await readState(q, userId, orderId);
    if (order === null) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'paid') throw alreadyPaid();
    if (order.status === 'cancelled') {
      throw new ApiError(
        409,
        `Order #${orderId} was cancelled. Add its prompts to your cart again to buy them in a new order.`,
      );
    }
    if (order.session_status === 'paid') {
      // Paid at the provider but not settled yet: settle it now (committed), rather than charge twice.
      await settleOrder(q, orderId);
      return null;
    }
    if (c.payments === null) throw paymentUnavailable();
    const owned = await q.maybeOne<{ title: string }>(
      `SELECT i.title FROM order_items i JOIN user_prompt_access a ON a.prompt_id = i.prompt_id AND a.user_id = $2
       WHERE i.order_id = $1 ORDER BY i.title LIMIT 1`,
      [orderId, userId],
    );
    if (owned !== null) {
      throw new ApiError(
        409,
        `You already own ${quoted(owned.title)} from order #${orderId}: cancel this order and check out again.`,
      );
    }
    const open = order.session_status === 'open' && order.payment_session_id !== null;
    // Stripe's session is made after this transaction (no row lock held over the call)
    if (!open && c.payments.kind !== 'stripe') await openSession(q, orderId, order.total_cents);
    return mustRead(q, c, userId, orderId);
  });
  if (answer === null) throw alreadyPaid();
  let order = answer;
  if (order.payment.paymentUrl === null && c.stripeSessions) {
    await openStripeSession(c.stripeSessions, { kind: 'order', id: orderId });
    order = await mustRead(c.db, c, userId, orderId);
  }
  if (order.payment.paymentUrl === null) throw paymentUnavailable();
  return { paymentUrl: order.payment.paymentUrl, order };
}

/** Cancels a pending order: its session closes, its coupon is valid again, its items return to the cart. */
export async function cancelOrder(c: Commerce, userId: string, orderId: number): Promise<OrderDetail> {
  return c.db.tx(async (q) => {
    await lockUsers(q, [userId]);
    const order = await readState(q, userId, orderId);
    if (order === null) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'cancelled') return mustRead(q, c, userId, orderId); // cancelling again changes nothing
    if (order.status === 'paid')
      throw new ApiError(409, `Order #${orderId} is paid and cannot be cancelled.`);
    if (order.session_status === 'paid') {
      throw new ApiError(
        409,
        `The payment of order #${orderId} has been received: it can no longer be cancelled.`,
      );
    }
    await q.query(
      `UPDATE orders SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = $1`,
      [orderId],
    );
    await q.query(
      `UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now() WHERE order_id = $1 AND status = 'open'`,
      [orderId],
    );
    if (order.coupon_id !== null) {
      await q.query(`UPDATE coupons SET status = 'valid', used_at = NULL WHERE id = $1 AND status = 'used'`, [
        order.coupon_id,
      ]);
    }
    await q.query(
      `INSERT INTO cart_items (user_id, prompt_id)
       SELECT $1, i.prompt_id FROM order_items i JOIN prompts p ON p.id = i.prompt_id
       WHERE i.order_id = $2 AND p.grade > 0
         AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $1 AND a.prompt_id = i.prompt_id)
       ON CONFLICT (user_id, prompt_id) DO NOTHING`,
      [userId, orderId],
    );
    const titles = await q.query<{ title: string }>(
      'SELECT title FROM order_items WHERE order_id = $1 ORDER BY grade, title, prompt_id',
      [orderId],
    );
    await addMessage(q, userId, {
      kind: 'order',
      title: `Order #${orderId} was cancelled`,
      body:
        `Your order #${orderId} for ${listOf(titles.map((t) => t.title))} was cancelled before payment. ` +
        'You have not been charged; the prompts are back in your cart' +
        (order.coupon_id === null ? '.' : ' and the coupon is yours to use again.'),
    });
    return mustRead(q, c, userId, orderId);
  });
}

/**
 * The paid page's call: settles the order when this session of it is paid (a provider's redirect can come
 * before its webhook); answers the order as it is otherwise. Safe to repeat.
 */
export async function confirmOrder(
  c: Commerce,
  userId: string,
  orderId: number,
  sessionId: string,
): Promise<OrderDetail> {
  const session = await c.db.maybeOne<{ status: string; order_status: string }>(
    `SELECT s.status, o.status AS order_status FROM payment_sessions s JOIN orders o ON o.id = s.order_id
     WHERE s.id = $1 AND s.order_id = $2 AND o.user_id = $3`,
    [sessionId, orderId, userId],
  );
  if (session === null) {
    const order = await readOrder(c.db, userId, orderId, c.payments);
    throw notFound(order === null ? ORDER_NOT_FOUND : `Payment session not found for order #${orderId}.`);
  }
  if (
    session.status === 'open' &&
    session.order_status === 'pending' &&
    c.stripe &&
    (await paidAtStripe(c.stripe, sessionId))
  ) {
    // paid at Stripe, its webhook not here yet: the same settlement the webhook would do (once)
    await paySession(c.db, sessionId);
    return mustRead(c.db, c, userId, orderId);
  }
  if (session.status === 'paid' && session.order_status === 'pending') {
    const parties = await partiesOf(c.db, orderId);
    return c.db.tx(async (q) => {
      await lockUsers(q, parties);
      await settleOrder(q, orderId);
      return mustRead(q, c, userId, orderId);
    });
  }
  return mustRead(c.db, c, userId, orderId);
}
