// The writes of the buying side (docs/decisions/004-commerce.md). Every write that moves FruitCoins, a
// coupon or an order's state is one transaction that first locks the member's users row (and the row of
// whoever else's balance it changes, in id order, so two members' transactions never deadlock): requests
// of one member are serialised, balances are read and written under the lock, and every balance change is
// one fruit_ledger row whose balance_after is the new users.fruit_cnt. Creating calls carry a requestId; a
// retry finds what the first call made (under the same lock) and answers it again.
import { randomBytes } from 'node:crypto';
import { formatCents } from '../../domain/catalog.ts';
import {
  couponTerms,
  couponDiscount,
  type Cart,
  type CheckoutResult,
  type ExchangeResult,
  type LedgerKind,
  NOT_ENOUGH_FRUIT,
  type OrderDetail,
} from '../../domain/commerce.ts';
import type { PromptRow } from '../catalog/rows.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addMessage } from '../messages/write.ts';
import { ApiError, notFound } from '../http/envelope.ts';
import { newSessionId, paymentUnavailable, type PaymentPage } from './payments.ts';
import {
  balanceOf,
  COUPON_NOT_FOUND,
  couponProblem,
  findCoupon,
  formatDate,
  OFFER_COLUMNS,
  readCart,
  readOrder,
  toCoupon,
  totalsOf,
  type OfferRow,
} from './repository.ts';
import { MAX_CART_ITEMS } from './schemas.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const PROMPT_NOT_FOUND = 'Prompt not found';

export interface Commerce {
  db: Db;
  /** The payment page of card orders; null when card payment is unavailable. */
  payments: PaymentPage | null;
}

const quoted = (title: string): string => `“${title}”`;
const listOf = (titles: readonly string[]): string =>
  titles.length <= 1
    ? titles.map(quoted).join('')
    : `${titles.slice(0, -1).map(quoted).join(', ')} and ${quoted(titles[titles.length - 1] ?? '')}`;
const coins = (n: number): string => `${n} FruitCoin${n === 1 ? '' : 's'}`;

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

const notEnoughFruit = (what: string, cost: number, balance: number): ApiError =>
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
async function referralOwner(q: Queryable, linkId: string | null, buyerId: string): Promise<string | null> {
  if (linkId === null) return null;
  const link = await q.maybeOne<{ owner_id: string | null }>(
    'SELECT owner_id FROM short_links WHERE id = $1',
    [linkId],
  );
  return link?.owner_id && link.owner_id !== buyerId ? link.owner_id : null;
}

// Settlement ---------------------------------------------------------------------------------------------

/**
 * Marks a pending order paid and does what paying means: access to its prompts, their sales counted, the
 * items out of the cart, a message, the referral credit. The buyer (and the referral's owner) must be
 * locked. Answers false, changing nothing, when the order is not pending (settled already: idempotent).
 */
async function settleOrder(q: Queryable, orderId: number): Promise<boolean> {
  const order = await q.maybeOne<{
    user_id: string;
    total_fruit: number;
    total_cents: number;
    referral_link_id: string | null;
  }>(
    `UPDATE orders SET status = 'paid', paid_at = now(), updated_at = now()
     WHERE id = $1 AND status = 'pending'
     RETURNING user_id, total_fruit, total_cents, referral_link_id`,
    [orderId],
  );
  if (order === null) return false;
  const items = await q.query<{ prompt_id: number; title: string }>(
    'SELECT prompt_id, title FROM order_items WHERE order_id = $1 ORDER BY grade, title, prompt_id',
    [orderId],
  );
  const ids = items.map((i) => i.prompt_id);
  await q.query(
    `INSERT INTO user_prompt_access (user_id, prompt_id, source, order_id)
     SELECT $1, prompt_id, 'order', $2 FROM order_items WHERE order_id = $2
     ON CONFLICT (user_id, prompt_id) DO NOTHING`,
    [order.user_id, orderId],
  );
  // Rows locked in id order: two orders sharing prompts never wait on each other crosswise.
  await q.query(
    `UPDATE prompts p SET sales = p.sales + 1
     FROM (SELECT id FROM prompts WHERE id = ANY($1::integer[]) ORDER BY id FOR UPDATE) s
     WHERE p.id = s.id`,
    [ids],
  );
  await q.query('DELETE FROM cart_items WHERE user_id = $1 AND prompt_id = ANY($2::integer[])', [
    order.user_id,
    ids,
  ]);
  const paid = [
    ...(order.total_fruit > 0 ? [coins(order.total_fruit)] : []),
    ...(order.total_cents > 0 ? [formatCents(order.total_cents)] : []),
  ];
  await addMessage(q, order.user_id, {
    kind: 'order',
    title: `Order #${orderId} is paid`,
    body:
      `Your order #${orderId} for ${listOf(items.map((i) => i.title))} is paid` +
      (paid.length > 0 ? ` (${paid.join(' and ')})` : '') +
      `. ${items.length === 1 ? 'The prompt is' : 'The prompts are'} unlocked on ${
        items.length === 1 ? 'its detail page' : 'their detail pages'
      }.`,
  });

  const owner = await referralOwner(q, order.referral_link_id, order.user_id);
  if (owner !== null) {
    await lockUsers(q, [owner]); // normally locked already by the caller (lockFor)
    const bonus = referralBonus(order.total_fruit, order.total_cents);
    await moveFruit(q, owner, bonus, 'bonus', 'Referral reward: a purchase through your share link');
    await addMessage(q, owner, {
      kind: 'notice',
      title: `You earned ${coins(bonus)}`,
      body:
        `Someone bought prompts through a share link of yours, so ${coins(bonus)} were added to your balance. ` +
        'Thanks for spreading the word!',
    });
  }
  return true;
}

/** The members whose rows a change of this order locks: the buyer and the referral's owner, if any. */
async function partiesOf(db: Queryable, orderId: number): Promise<string[]> {
  const row = await db.maybeOne<{ user_id: string; owner_id: string | null }>(
    `SELECT o.user_id, l.owner_id FROM orders o LEFT JOIN short_links l ON l.id = o.referral_link_id
     WHERE o.id = $1`,
    [orderId],
  );
  if (row === null) return [];
  return row.owner_id === null ? [row.user_id] : [row.user_id, row.owner_id];
}

// Cart ---------------------------------------------------------------------------------------------------

/** Drops cart lines that can no longer be bought (owned since, or free now), so the badge agrees. */
export async function pruneCart(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `DELETE FROM cart_items c USING prompts p
     WHERE c.user_id = $1 AND p.id = c.prompt_id
       AND (p.grade = 0 OR EXISTS (
         SELECT 1 FROM user_prompt_access a WHERE a.user_id = c.user_id AND a.prompt_id = c.prompt_id))`,
    [userId],
  );
}

export async function addToCart(db: Db, userId: string, promptId: number): Promise<Cart> {
  return db.tx(async (q) => {
    await lockUsers(q, [userId]);
    const prompt = await q.maybeOne<{ title: string; grade: number; owned: boolean; in_cart: boolean }>(
      `SELECT p.title, p.grade,
              EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $2 AND a.prompt_id = p.id) AS owned,
              EXISTS (SELECT 1 FROM cart_items c WHERE c.user_id = $2 AND c.prompt_id = p.id) AS in_cart
       FROM prompts p WHERE p.id = $1 AND NOT p.hidden`,
      [promptId, userId],
    );
    if (prompt === null) throw notFound(PROMPT_NOT_FOUND);
    if (prompt.grade === 0) {
      throw new ApiError(
        400,
        `${quoted(prompt.title)} is free: open it to use the prompt, no purchase needed.`,
      );
    }
    if (prompt.owned) {
      throw new ApiError(409, `You already own ${quoted(prompt.title)}: it is unlocked on its detail page.`);
    }
    if (!prompt.in_cart) {
      const { n } = await q.one<{ n: number }>(
        'SELECT count(*)::integer AS n FROM cart_items WHERE user_id = $1',
        [userId],
      );
      if (n >= MAX_CART_ITEMS) {
        throw new ApiError(
          409,
          `Your cart is full (${MAX_CART_ITEMS} prompts). Check out or remove some before adding more.`,
        );
      }
      await q.query('INSERT INTO cart_items (user_id, prompt_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        userId,
        promptId,
      ]);
    }
    return readCart(q, userId);
  });
}

export async function removeFromCart(db: Db, userId: string, promptId: number): Promise<Cart> {
  return db.tx(async (q) => {
    await q.query('DELETE FROM cart_items WHERE user_id = $1 AND prompt_id = $2', [userId, promptId]);
    return readCart(q, userId);
  });
}

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
async function openSession(q: Queryable, orderId: number, amountCents: number): Promise<string> {
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

  return c.db.tx(async (q) => {
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
      if (subtotalCents - discountCents > 0) await openSession(q, cardOrderId, subtotalCents - discountCents);
      else await settleOrder(q, cardOrderId); // the coupon paid for everything: nothing to pay by card
    }
    return checkoutResult(q, c, userId, fruitOrderId, cardOrderId);
  });
}

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
    const sessionId =
      order.session_status === 'open' && order.payment_session_id !== null
        ? order.payment_session_id
        : await openSession(q, orderId, order.total_cents);
    return { paymentUrl: c.payments.url(sessionId), order: await mustRead(q, c, userId, orderId) };
  });
  if (answer === null) throw alreadyPaid();
  return answer;
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
  });
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
    const s = await q.one<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [
      sessionId,
    ]);
    if (s.status === 'paid') return 'paid';
    if (s.status === 'open') {
      await q.query(`UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
        sessionId,
      ]);
    }
    return 'cancelled';
  });
}

// Exchange -----------------------------------------------------------------------------------------------

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 characters: byte % 32 is unbiased

/** FRUIT-XXXX-XXXX: 40 random bits, no look-alike characters (0/O, 1/I). */
export const newCouponCode = (): string => {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `FRUIT-${chars.slice(0, 4)}-${chars.slice(4)}`;
};

export async function exchange(
  db: Db,
  userId: string,
  input: { offerId: number; requestId: string },
): Promise<ExchangeResult> {
  return db.tx(async (q) => {
    const balances = await lockUsers(q, [userId]);
    const earlier = await q.maybeOne<{ id: number }>(
      'SELECT id FROM coupons WHERE user_id = $1 AND request_id = $2',
      [userId, input.requestId],
    );
    if (earlier !== null) {
      const coupon = await findCoupon(q, userId, earlier.id);
      return { coupon: toCoupon(coupon!), balance: await balanceOf(q, userId) };
    }
    const offer = await q.maybeOne<OfferRow>(
      `SELECT ${OFFER_COLUMNS} FROM exchange_offers WHERE id = $1 AND active`,
      [input.offerId],
    );
    if (offer === null) throw notFound('Exchange offer not found');
    const balance = balances.get(userId) ?? 0;
    if (offer.fruit_cost > balance) throw notEnoughFruit('this coupon', offer.fruit_cost, balance);

    let couponId: number | null = null;
    let code = '';
    for (let attempt = 0; attempt < 8 && couponId === null; attempt++) {
      code = newCouponCode();
      const inserted = await q.maybeOne<{ id: number }>(
        `INSERT INTO coupons (code, user_id, title, kind, value, min_spend_cents, valid_from, valid_until,
                              exchange_offer_id, request_id)
         VALUES ($1, $2, $3, $4, $5, $6, now(), now() + make_interval(hours => 24 * $7::integer), $8, $9)
         ON CONFLICT (code) DO NOTHING RETURNING id`,
        [
          code,
          userId,
          offer.coupon_title,
          offer.coupon_kind,
          offer.coupon_value,
          offer.coupon_min_spend_cents,
          offer.coupon_valid_days,
          offer.id,
          input.requestId,
        ],
      );
      couponId = inserted?.id ?? null;
    }
    if (couponId === null) throw new Error('could not find a free coupon code');
    const newBalance = await moveFruit(
      q,
      userId,
      -offer.fruit_cost,
      'exchange',
      `Exchanged for coupon ${code} (${offer.coupon_title})`,
      { offerId: offer.id },
    );
    const coupon = toCoupon((await findCoupon(q, userId, couponId))!);
    const terms = couponTerms({
      kind: coupon.kind,
      value: coupon.value,
      minSpendCents: coupon.minSpendCents,
    });
    await addMessage(q, userId, {
      kind: 'coupon',
      title: `Exchange successful: ${coupon.title}`,
      body:
        `You exchanged ${coins(offer.fruit_cost)} for coupon ${code}: ${terms}, valid until ` +
        `${formatDate(new Date(coupon.validUntil))}. You will find it in My Coupons; pick it at checkout to apply it.`,
    });
    return { coupon, balance: newBalance };
  });
}
