// The seed's FruitCoin ledger (server/seed/index.ts): bonuses, exchanges and the paid orders' debits in
// time order, each with the balance after it, and every member's balance.
import type { Queryable } from '../db/index.ts';
import type { SeedData } from './types.ts';
import { SeedDataError, insertMany, time, type UserIdOf } from './write-common.ts';
import type { OrderPlan } from './write-orders.ts';

interface LedgerEntry {
  userId: string;
  amount: number;
  kind: 'bonus' | 'purchase' | 'exchange';
  reason: string;
  orderId: number | null;
  createdAt: string;
}

/** The FruitCoin ledger and each member's balance; answers how many entries. */
export async function writeLedger(
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
