// Reads of the buying side: the cart priced now, orders, coupons (status `expired` computed), the FruitCoin
// ledger and the exchange offers, as the shapes of domain/commerce.ts. Every query names the
// member (user_id), so another member's rows are simply not found. Each function takes a Queryable, so the
// writes (checkout.ts, pending-orders.ts, exchange.ts…) call them inside their transaction.
import type { GeneratorType } from '../../domain/catalog.ts';
import { formatCents, slugIdOf } from '../../domain/catalog.ts';
import {
  couponDiscount,
  type Cart,
  type CartItem,
  type Coupon,
  type CouponKind,
  type CouponStatus,
  type ExchangeOffer,
  type LedgerEntry,
  type LedgerKind,
  type LedgerPage,
  type OrderDetail,
  type OrderItem,
  type OrderPage,
  type OrderStatus,
  type OrderSummary,
  type OrderWithItems,
  type Totals,
} from '../../domain/commerce.ts';
import { CARD_IMAGE, imageUrl } from '../catalog/rows.ts';
import { checkOfferPrice } from '../../domain/coin-price.ts';
import type { Queryable } from '../db/index.ts';
import { FRUIT_PACKS } from './packs.ts';
import type { PaymentPage } from './payments.ts';
import { MAX_ID } from './schemas.ts';

/** A path parameter as an order id: a positive int4, else null (answered like an unknown order). */
export const parseOrderId = (raw: string): number | null => {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
};

/** "January 10, 2027" (UTC), for messages and coupon errors. */
export const formatDate = (date: Date): string =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

const image = (promptId: number, title: string) => ({
  url: imageUrl(promptId, 0),
  ...CARD_IMAGE,
  alt: `Example image for the prompt "${title}"`,
});

// Balance ------------------------------------------------------------------------------------------------

export async function balanceOf(q: Queryable, userId: string): Promise<number> {
  return (await q.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [userId]))
    .fruit_cnt;
}

// Coupons ------------------------------------------------------------------------------------------------

export interface CouponRow {
  id: number;
  user_id: string;
  code: string;
  title: string;
  kind: CouponKind;
  value: number;
  min_spend_cents: number;
  valid_from: Date;
  valid_until: Date;
  /** As shown: a valid coupon past its end reads `expired`. */
  status: CouponStatus;
  /** Not valid before valid_from. */
  not_yet: boolean;
  used_at: Date | null;
  order_id: number | null;
  exchange_offer_id: number | null;
}

/** The order a used coupon is on: the one order with it that is not cancelled. */
const COUPON_COLUMNS = `
  c.id, c.user_id, c.code, c.title, c.kind, c.value, c.min_spend_cents, c.valid_from, c.valid_until,
  CASE WHEN c.status = 'valid' AND c.valid_until < now() THEN 'expired' ELSE c.status END AS status,
  c.valid_from > now() AS not_yet, c.used_at, c.exchange_offer_id,
  CASE WHEN c.status = 'used' THEN (
    SELECT o.id FROM orders o WHERE o.coupon_id = c.id AND o.status <> 'cancelled' ORDER BY o.id LIMIT 1
  ) END AS order_id`;

export const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  title: row.title,
  kind: row.kind,
  value: row.value,
  minSpendCents: row.min_spend_cents,
  validFrom: row.valid_from.toISOString(),
  validUntil: row.valid_until.toISOString(),
  status: row.status,
  usedAt: iso(row.used_at),
  orderId: row.order_id,
  exchangeOfferId: row.exchange_offer_id,
});

/** The member's coupon with this id, or null (unknown, or another member's). */
export async function findCoupon(q: Queryable, userId: string, couponId: number): Promise<CouponRow | null> {
  return q.maybeOne<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM coupons c WHERE c.id = $1 AND c.user_id = $2`, [
    couponId,
    userId,
  ]);
}

export async function listCoupons(
  q: Queryable,
  userId: string,
  status: CouponStatus | null,
): Promise<Coupon[]> {
  const rows = await q.query<CouponRow>(
    `SELECT * FROM (SELECT ${COUPON_COLUMNS} FROM coupons c WHERE c.user_id = $1) x
     WHERE $2::text IS NULL OR x.status = $2
     ORDER BY (x.status = 'valid') DESC, CASE WHEN x.status = 'valid' THEN x.valid_until END ASC,
              x.valid_from DESC, x.id DESC`,
    [userId, status],
  );
  return rows.map(toCoupon);
}

export const COUPON_NOT_FOUND = 'Coupon not found. Pick one of the coupons in My Coupons.';

/**
 * Why the member's coupon cannot take money off a premium subtotal now, or null when it can. The same
 * rules price the cart (as couponError) and check a checkout (as a 409).
 */
export function couponProblem(coupon: CouponRow, subtotalCents: number): string | null {
  const code = coupon.code;
  if (coupon.status === 'used') return `Coupon ${code} has already been used.`;
  if (coupon.status === 'expired') return `Coupon ${code} expired on ${formatDate(coupon.valid_until)}.`;
  if (coupon.not_yet) return `Coupon ${code} can be used from ${formatDate(coupon.valid_from)}.`;
  if (subtotalCents <= 0) {
    return `Coupon ${code} takes money off premium prompts, and there are none to pay for here.`;
  }
  if (subtotalCents < coupon.min_spend_cents) {
    return (
      `Coupon ${code} needs premium prompts worth at least ${formatCents(coupon.min_spend_cents)}; ` +
      `these come to ${formatCents(subtotalCents)}.`
    );
  }
  return null;
}

// Cart ---------------------------------------------------------------------------------------------------

interface CartRow {
  prompt_id: number;
  added_at: Date;
  slug: string;
  sort_id: number;
  title: string;
  generator_type: number;
  grade: 1 | 2;
  price_fruit: number | null;
  price_cents: number | null;
}

export const totalsOf = (
  items: readonly { grade: number; priceFruit: number | null; priceCents: number | null }[],
  discountCents = 0,
): Totals => {
  const fruit = items.reduce((sum, i) => sum + (i.grade === 1 ? (i.priceFruit ?? 0) : 0), 0);
  const subtotalCents = items.reduce((sum, i) => sum + (i.grade === 2 ? (i.priceCents ?? 0) : 0), 0);
  return { fruit, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
};

/** The coupon asked for with ?couponId=: the raw query text, or undefined when none was asked for. */
export async function readCart(q: Queryable, userId: string, couponQuery?: string): Promise<Cart> {
  const rows = await q.query<CartRow>(
    `SELECT c.prompt_id, c.added_at, p.slug, p.sort_id, p.title, p.generator_type, p.grade, p.price_fruit,
            p.price_cents
     FROM cart_items c JOIN prompts p ON p.id = c.prompt_id
     WHERE c.user_id = $1 AND p.grade > 0
       AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = c.user_id AND a.prompt_id = c.prompt_id)
     ORDER BY c.added_at, c.prompt_id`,
    [userId],
  );
  const items: CartItem[] = rows.map((row) => ({
    promptId: row.prompt_id,
    slugId: slugIdOf(row.slug, row.sort_id),
    title: row.title,
    image: image(row.prompt_id, row.title),
    generatorType: row.generator_type as GeneratorType,
    grade: row.grade,
    priceFruit: row.grade === 1 ? row.price_fruit : null,
    priceCents: row.grade === 2 ? row.price_cents : null,
    addedAt: row.added_at.toISOString(),
  }));
  const totals = totalsOf(items);

  let coupon: Coupon | null = null;
  let couponError: string | null = null;
  const asked = couponQuery?.trim() ?? '';
  if (asked !== '') {
    const id = /^[1-9][0-9]{0,9}$/.test(asked) && Number(asked) <= MAX_ID ? Number(asked) : null;
    const row = id === null ? null : await findCoupon(q, userId, id);
    if (row === null) couponError = COUPON_NOT_FOUND;
    else {
      couponError = couponProblem(row, totals.subtotalCents);
      if (couponError === null) {
        coupon = toCoupon(row);
        const discountCents = couponDiscount(coupon, totals.subtotalCents);
        totals.discountCents = discountCents;
        totals.totalCents = totals.subtotalCents - discountCents;
      }
    }
  }
  return { items, totals, coupon, couponError, balance: await balanceOf(q, userId) };
}

// Orders -------------------------------------------------------------------------------------------------

interface OrderRow {
  id: number;
  status: OrderStatus;
  created_at: Date;
  paid_at: Date | null;
  cancelled_at: Date | null;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  total_fruit: number;
  payment_method: 'fruit' | 'card';
  payment_session_id: string | null;
  session_status: 'open' | 'paid' | 'cancelled' | null;
  session_url: string | null;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_title: string | null;
  coupon_kind: CouponKind | null;
  coupon_value: number | null;
  item_count: number;
  titles: string[];
  checkout_id: number;
  checkout_order_ids: number[];
}

const ORDER_SELECT = `
  SELECT o.id, o.status, o.created_at, o.paid_at, o.cancelled_at, o.subtotal_cents, o.discount_cents,
         o.total_cents, o.total_fruit, o.payment_method, o.payment_session_id, s.status AS session_status, s.url AS session_url,
         c.id AS coupon_id, c.code AS coupon_code, c.title AS coupon_title, c.kind AS coupon_kind,
         c.value AS coupon_value,
         (SELECT count(*)::integer FROM order_items i WHERE i.order_id = o.id) AS item_count,
         ARRAY(SELECT i.title FROM order_items i WHERE i.order_id = o.id
               ORDER BY i.grade, i.title, i.prompt_id LIMIT 3) AS titles,
         o.checkout_id,
         -- the orders of its checkout: the same member's only
         ARRAY(SELECT k.id FROM orders k WHERE k.checkout_id = o.checkout_id AND k.user_id = o.user_id
               ORDER BY k.id) AS checkout_order_ids
  FROM orders o
  LEFT JOIN coupons c ON c.id = o.coupon_id
  LEFT JOIN payment_sessions s ON s.id = o.payment_session_id`;

const toSummary = (row: OrderRow): OrderSummary => ({
  id: row.id,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  paidAt: iso(row.paid_at),
  cancelledAt: iso(row.cancelled_at),
  itemCount: row.item_count,
  titles: row.titles,
  totals: {
    fruit: row.total_fruit,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    totalCents: row.total_cents,
  },
  checkout: { id: row.checkout_id, orderIds: row.checkout_order_ids },
});

export async function listOrders(
  q: Queryable,
  userId: string,
  query: { page: number; pageSize: number; status: OrderStatus | null },
): Promise<OrderPage> {
  const { page, pageSize, status } = query;
  const rows = await q.query<OrderRow>(
    `${ORDER_SELECT}
     WHERE o.user_id = $1 AND ($2::text IS NULL OR o.status = $2)
     ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
    [userId, status, pageSize, (page - 1) * pageSize],
  );
  const total = await q.one<{ n: number }>(
    'SELECT count(*)::integer AS n FROM orders WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)',
    [userId, status],
  );
  return { data: rows.map(toSummary), total: total.n, page, pageSize };
}

interface OrderItemRow {
  prompt_id: number;
  title: string;
  grade: 1 | 2;
  price_fruit: number | null;
  price_cents: number | null;
  slug: string;
  sort_id: number;
}

/** The member's order with its items, or null (unknown, or another member's). */
async function readOrderWithItems(
  q: Queryable,
  userId: string,
  orderId: number,
  payments: PaymentPage | null,
): Promise<OrderWithItems | null> {
  const row = await q.maybeOne<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.user_id = $2`, [
    orderId,
    userId,
  ]);
  if (row === null) return null;
  const items = await q.query<OrderItemRow>(
    `SELECT i.prompt_id, i.title, i.grade, i.price_fruit, i.price_cents, p.slug, p.sort_id
     FROM order_items i JOIN prompts p ON p.id = i.prompt_id
     WHERE i.order_id = $1 ORDER BY i.grade, i.title, i.prompt_id`,
    [orderId],
  );
  const open = row.status === 'pending' && row.session_status === 'open' && row.payment_session_id !== null;
  return {
    ...toSummary(row),
    items: items.map((i): OrderItem => ({
      promptId: i.prompt_id,
      slugId: slugIdOf(i.slug, i.sort_id),
      title: i.title,
      image: image(i.prompt_id, i.title),
      grade: i.grade,
      priceFruit: i.grade === 1 ? i.price_fruit : null,
      priceCents: i.grade === 2 ? i.price_cents : null,
    })),
    coupon:
      row.coupon_id === null
        ? null
        : {
            id: row.coupon_id,
            code: row.coupon_code ?? '',
            title: row.coupon_title ?? '',
            kind: row.coupon_kind ?? 'amount',
            value: row.coupon_value ?? 0,
          },
    payment: {
      method: row.payment_method,
      sessionId: row.payment_session_id,
      paymentUrl:
        open && payments !== null ? (row.session_url ?? payments.url(row.payment_session_id ?? '')) : null,
    },
  };
}

/** The member's order with the other orders of its checkout, or null (unknown, or another member's). */
export async function readOrder(
  q: Queryable,
  userId: string,
  orderId: number,
  payments: PaymentPage | null,
): Promise<OrderDetail | null> {
  const order = await readOrderWithItems(q, userId, orderId, payments);
  if (order === null) return null;
  const otherOrders: OrderWithItems[] = [];
  for (const id of order.checkout.orderIds) {
    if (id === orderId) continue;
    const other = await readOrderWithItems(q, userId, id, payments);
    if (other !== null) otherOrders.push(other);
  }
  return { ...order, otherOrders };
}

// Ledger and exchange offers ----------------------------------------------------------------------------

interface LedgerRow {
  id: number;
  amount: number;
  balance_after: number;
  kind: LedgerKind;
  reason: string;
  order_id: number | null;
  created_at: Date;
}

export async function readLedger(
  q: Queryable,
  userId: string,
  query: { page: number; pageSize: number },
): Promise<LedgerPage> {
  const { page, pageSize } = query;
  const rows = await q.query<LedgerRow>(
    `SELECT id, amount, balance_after, kind, reason, order_id, created_at FROM fruit_ledger
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const total = await q.one<{ n: number }>(
    'SELECT count(*)::integer AS n FROM fruit_ledger WHERE user_id = $1',
    [userId],
  );
  return {
    data: rows.map((r): LedgerEntry => ({
      id: r.id,
      amount: r.amount,
      balanceAfter: r.balance_after,
      kind: r.kind,
      reason: r.reason,
      orderId: r.order_id,
      createdAt: r.created_at.toISOString(),
    })),
    total: total.n,
    page,
    pageSize,
    balance: await balanceOf(q, userId),
  };
}

export interface OfferRow {
  id: number;
  title: string;
  fruit_cost: number;
  coupon_title: string;
  coupon_kind: CouponKind;
  coupon_value: number;
  coupon_min_spend_cents: number;
  coupon_valid_days: number;
}

export const OFFER_COLUMNS =
  'id, title, fruit_cost, coupon_title, coupon_kind, coupon_value, coupon_min_spend_cents, coupon_valid_days';

/**
 * Whether an offer's coin price obeys the coin price rule (domain/coin-price.ts). The seed and the operator
 * API refuse one that does not; one written around them (SQL, an older version's data) is not for sale.
 */
export const offerForSale = (row: OfferRow): boolean =>
  checkOfferPrice(
    {
      fruitCost: row.fruit_cost,
      coupon: { kind: row.coupon_kind, value: row.coupon_value, minSpendCents: row.coupon_min_spend_cents },
    },
    FRUIT_PACKS,
  ) === null;

export async function listOffers(q: Queryable): Promise<ExchangeOffer[]> {
  const rows = await q.query<OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM exchange_offers WHERE active ORDER BY fruit_cost, id`,
  );
  return rows.filter(offerForSale).map((r) => ({
    id: r.id,
    title: r.title,
    fruitCost: r.fruit_cost,
    couponTitle: r.coupon_title,
    couponKind: r.coupon_kind,
    couponValue: r.coupon_value,
    couponMinSpendCents: r.coupon_min_spend_cents,
    couponValidDays: r.coupon_valid_days,
  }));
}
