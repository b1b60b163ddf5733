// The seed's orders (server/seed/index.ts): each planned from the data (member, prompts, totals, coupon),
// then written with its payment session, its lines and the access a paid order grants.
import type { Queryable } from '../db/index.ts';
import type { SeedData, SeedOrder, SeedPrompt } from './types.ts';
import type { SeedCoupons } from './write-catalog.ts';
import { SeedDataError, insertMany, type UserIdOf } from './write-common.ts';

export interface OrderPlan {
  order: SeedOrder;
  userId: string;
  items: SeedPrompt[];
  subtotalCents: number;
  discountCents: number;
  totalFruit: number;
  couponId: number | null;
}

/** Each order's member, prompts, totals and coupon, checked against the data. */
export function planOrders(
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
export async function writeOrders(q: Queryable, plans: OrderPlan[]): Promise<number[]> {
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
export async function writeItemsAndAccess(
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
