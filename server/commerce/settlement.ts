// Settling an order once it is paid: access to its prompts, its lines out of the cart, the member's message
// and the referral credit, in the order's transaction.
import { formatCents } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { addMessage } from '../messages/write.ts';
import { coins, listOf } from './commerce-common.ts';
import { lockUsers, moveFruit, referralBonus, referralOwner } from './ledger.ts';

// Settlement ---------------------------------------------------------------------------------------------

/**
 * Marks a pending order paid and does what paying means: access to its prompts, their sales counted, the
 * items out of the cart, a message, the referral credit. The buyer (and the referral's owner) must be
 * locked. Answers false, changing nothing, when the order is not pending (settled already: idempotent).
 */
export async function settleOrder(q: Queryable, orderId: number): Promise<boolean> {
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
export async function partiesOf(db: Queryable, orderId: number): Promise<string[]> {
  const row = await db.maybeOne<{ user_id: string; owner_id: string | null }>(
    `SELECT o.user_id, l.owner_id FROM orders o LEFT JOIN short_links l ON l.id = o.referral_link_id
     WHERE o.id = $1`,
    [orderId],
  );
  if (row === null) return [];
  return row.owner_id === null ? [row.user_id] : [row.user_id, row.owner_id];
}
