// Checkout: one order per currency, the FruitCoin part paid at once, the card part pending on its payment
// page; a retry with the same requestId answers the same orders.
import { couponDiscount, type CheckoutResult } from '../../domain/commerce.ts';
import type { PromptRow } from '../catalog/rows.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError, notFound } from '../http/envelope.ts';
import { newSessionId, paymentUnavailable } from './payments.ts';
import {
  balanceOf,
  COUPON_NOT_FOUND,
  couponProblem,
  findCoupon,
  readOrder,
  toCoupon,
  totalsOf,
} from './repository.ts';
import { type Commerce, quoted } from './commerce-common.ts';
import { lockUsers, moveFruit, notEnoughFruit } from './ledger.ts';
import { settleOrder } from './settlement.ts';
import { openStripeSession } from './stripe-checkout.ts';

// Checkout -----------------------------------------------------------------------------------------------

export interface CheckoutInput {
  promptIds: readonly number[];
  couponId: number | null;
  requestId: string;
  referral: string | null;
}

/** A prompt as a checkout prices it. */
type PricedPrompt = Pick<PromptRow, 'id' | 'title' | 'grade' | 'price_fruit' | 'price_cents'>;

async function checkoutResult(
  q: Queryable,
  c: Commerce,
  userId: string,
  fruitOrderId: number | null,
  cardOrderId: number | null,
): Promise<CheckoutResult> {
  const fruitOrder = fruitOrderId === null ? null : await readOrder(q, userId, fruitOrderId, c.payments);
  const cardOrder = cardOrderId === null ? null : await readOrder(q, userId, cardOrderId, c.payments);
  return {
    fruitOrder,
    cardOrder,
    paymentUrl: cardOrder?.payment.paymentUrl ?? null,
    balance: await balanceOf(q, userId),
  };
}

async function insertOrder(
  q: Queryable,
  userId: string,
  items: readonly PricedPrompt[],
  fields: {
    couponId: number | null;
    discountCents: number;
    requestId: string;
    referral: string | null;
    /** The checkout's first order, for its later ones; null for the first (it names the checkout). */
    checkoutId: number | null;
  },
): Promise<number> {
  const totals = totalsOf(
    items.map((p) => ({ grade: p.grade, priceFruit: p.price_fruit, priceCents: p.price_cents })),
    fields.discountCents,
  );
  const { id } = await q.one<{ id: number }>(
    `INSERT INTO orders (user_id, status, subtotal_cents, discount_cents, total_cents, total_fruit, coupon_id,
                         request_id, referral_link_id, checkout_id)
     VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      userId,
      totals.subtotalCents,
      totals.discountCents,
      totals.totalCents,
      totals.fruit,
      fields.couponId,
      fields.requestId,
      fields.referral,
      fields.checkoutId,
    ],
  );
  // The items as priced above (not read again: the order's totals and its items must agree).
  await q.query(
    `INSERT INTO order_items (order_id, prompt_id, title, grade, price_fruit, price_cents)
     SELECT $1, x.id, x.title, x.grade, x.price_fruit, x.price_cents
     FROM jsonb_to_recordset($2::jsonb)
       AS x(id integer, title text, grade smallint, price_fruit integer, price_cents integer)`,
    [id, JSON.stringify(items)],
  );
  return id;
}

/** Opens a payment session for a pending card order and makes it the order's current one. */
export async function openSession(q: Queryable, orderId: number, amountCents: number): Promise<string> {
  const sessionId = newSessionId();
  await q.query('INSERT INTO payment_sessions (id, order_id, amount_cents) VALUES ($1, $2, $3)', [
    sessionId,
    orderId,
    amountCents,
  ]);
  await q.query('UPDATE orders SET payment_session_id = $2, updated_at = now() WHERE id = $1', [
    orderId,
    sessionId,
  ]);
  return sessionId;
}

export async function checkout(c: Commerce, userId: string, input: CheckoutInput): Promise<CheckoutResult> {
  const promptIds = [...new Set(input.promptIds)];
  // The share link, when it exists (an unknown one is ignored: it must not stop a purchase).
  const link =
    input.referral && /^[A-Za-z0-9_-]{1,64}$/.test(input.referral)
      ? await c.db.maybeOne<{ id: string; owner_id: string | null }>(
          'SELECT id, owner_id FROM short_links WHERE id = $1',
          [input.referral],
        )
      : null;
  const owner = link?.owner_id && link.owner_id !== userId ? link.owner_id : null;

  const result = await c.db.tx(async (q) => {
    const balances = await lockUsers(q, owner === null ? [userId] : [userId, owner]);
    const balance = balances.get(userId) ?? 0;

    const earlier = await q.query<{ id: number; payment_method: 'fruit' | 'card' }>(
      'SELECT id, payment_method FROM orders WHERE user_id = $1 AND request_id = $2',
      [userId, input.requestId],
    );
    if (earlier.length > 0) {
      const of = (method: 'fruit' | 'card') => earlier.find((o) => o.payment_method === method)?.id ?? null;
      return checkoutResult(q, c, userId, of('fruit'), of('card'));
    }

    const prompts = await q.query<PricedPrompt>(
      // a prompt the shop has hidden is no longer sold (its owners keep it)
      'SELECT id, title, grade, price_fruit, price_cents FROM prompts WHERE id = ANY($1::integer[]) AND NOT hidden',
      [promptIds],
    );
    const byId = new Map(prompts.map((p) => [p.id, p]));
    const missing = promptIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw notFound(`Prompt ${missing} not found: remove it from your cart.`);
    const items = promptIds.map((id) => byId.get(id) as PricedPrompt);
    const free = items.find((p) => p.grade === 0);
    if (free) {
      throw new ApiError(
        400,
        `${quoted(free.title)} is free: open it to use the prompt, no purchase needed.`,
      );
    }
    const owned = await q.maybeOne<{ prompt_id: number }>(
      'SELECT prompt_id FROM user_prompt_access WHERE user_id = $1 AND prompt_id = ANY($2::integer[]) LIMIT 1',
      [userId, promptIds],
    );
    if (owned !== null) {
      const title = byId.get(owned.prompt_id)?.title ?? '';
      throw new ApiError(
        409,
        `You already own ${quoted(title)}: remove it from your cart and check out again.`,
        {
          promptId: owned.prompt_id,
        },
      );
    }
    const waiting = await q.maybeOne<{ prompt_id: number; order_id: number }>(
      `SELECT i.prompt_id, o.id AS order_id FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.user_id = $1 AND o.status = 'pending' AND i.prompt_id = ANY($2::integer[])
       ORDER BY o.id LIMIT 1`,
      [userId, promptIds],
    );
    if (waiting !== null) {
      const title = byId.get(waiting.prompt_id)?.title ?? '';
      throw new ApiError(
        409,
        `${quoted(title)} is already in order #${waiting.order_id}, waiting for payment: pay or cancel that order first.`,
        { promptId: waiting.prompt_id, orderId: waiting.order_id },
      );
    }

    const fruitItems = items.filter((p) => p.grade === 1);
    const cardItems = items.filter((p) => p.grade === 2);
    const fruit = fruitItems.reduce((sum, p) => sum + (p.price_fruit ?? 0), 0);
    const subtotalCents = cardItems.reduce((sum, p) => sum + (p.price_cents ?? 0), 0);

    let discountCents = 0;
    if (input.couponId !== null) {
      const coupon = await findCoupon(q, userId, input.couponId);
      if (coupon === null) throw notFound(COUPON_NOT_FOUND);
      const problem = couponProblem(coupon, subtotalCents);
      if (problem !== null) throw new ApiError(409, problem, { couponId: coupon.id });
      discountCents = couponDiscount(toCoupon(coupon), subtotalCents);
    }
    if (subtotalCents - discountCents > 0 && c.payments === null) throw paymentUnavailable();
    if (fruit > balance) throw notEnoughFruit('this order', fruit, balance);

    // The orders this checkout makes (one per currency) share its number: the first order's id.
    let checkoutId: number | null = null;
    let fruitOrderId: number | null = null;
    if (fruitItems.length > 0) {
      fruitOrderId = await insertOrder(q, userId, fruitItems, {
        couponId: null,
        discountCents: 0,
        requestId: input.requestId,
        referral: link?.id ?? null,
        checkoutId,
      });
      checkoutId = fruitOrderId;
      await moveFruit(q, userId, -fruit, 'purchase', `Order #${fruitOrderId}`, { orderId: fruitOrderId });
      await settleOrder(q, fruitOrderId);
    }

    let cardOrderId: number | null = null;
    if (cardItems.length > 0) {
      cardOrderId = await insertOrder(q, userId, cardItems, {
        couponId: input.couponId,
        discountCents,
        requestId: input.requestId,
        referral: link?.id ?? null,
        checkoutId,
      });
      if (input.couponId !== null) {
        await q.query(`UPDATE coupons SET status = 'used', used_at = now() WHERE id = $1`, [input.couponId]);
      }
      if (subtotalCents - discountCents <= 0)
        await settleOrder(q, cardOrderId); // the coupon paid for everything
      else if (c.payments?.kind !== 'stripe')
        await openSession(q, cardOrderId, subtotalCents - discountCents);
    }
    return checkoutResult(q, c, userId, fruitOrderId, cardOrderId);
  });
  // Stripe: the Checkout Session is made after the order is committed (no row lock held over the call)
  const card = result.cardOrder;
  if (c.stripeSessions && card?.status === 'pending' && card.payment.paymentUrl === null) {
    await openStripeSession(c.stripeSessions, { kind: 'order', id: card.id });
    return checkoutResult(c.db, c, userId, result.fruitOrder?.id ?? null, card.id);
  }
  return result;
}
