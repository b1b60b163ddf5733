// A member's saved prompts (favorites-routes.ts): their ids, saving and removing one.
import type { Queryable } from '../db/index.ts';

/** The ids of the caller's saved prompts, most recently saved first. */
export async function listFavorites(db: Queryable, userId: string): Promise<number[]> {
  const rows = await db.query<{ prompt_id: number }>(
    'SELECT prompt_id FROM favorites WHERE user_id = $1 ORDER BY created_at DESC, prompt_id DESC',
    [userId],
  );
  return rows.map((r) => r.prompt_id);
}

/** Saves a prompt (again: no change). False when there is no such prompt. */
export async function addFavorite(db: Queryable, userId: string, promptId: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO favorites (user_id, prompt_id)
     SELECT $1, id FROM prompts WHERE id = $2
     ON CONFLICT (user_id, prompt_id) DO NOTHING
     RETURNING prompt_id`,
    [userId, promptId],
  );
  if (rows.length > 0) return true;
  return (await db.maybeOne('SELECT 1 FROM prompts WHERE id = $1', [promptId])) !== null;
}

/** Removes a saved prompt (not saved: no change). False when there is no such prompt. */
export async function removeFavorite(db: Queryable, userId: string, promptId: number): Promise<boolean> {
  await db.query('DELETE FROM favorites WHERE user_id = $1 AND prompt_id = $2', [userId, promptId]);
  return (await db.maybeOne('SELECT 1 FROM prompts WHERE id = $1', [promptId])) !== null;
}
