// The member's cart: lines added and removed, and lines that can no longer be bought dropped.
import { type Cart } from '../../domain/commerce.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError, notFound } from '../http/envelope.ts';
import { readCart } from './repository.ts';
import { MAX_CART_ITEMS } from './schemas.ts';
import { PROMPT_NOT_FOUND, quoted } from './commerce-common.ts';
import { lockUsers } from './ledger.ts';

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
