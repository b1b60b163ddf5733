// The example images an operator uploaded (migration 011: prompt_image_files, by content hash): read by
// the catalog's image route and by the operator's. The import that writes them is server/operator/.
import type { Queryable } from '../db/index.ts';

/** An uploaded image's WebP bytes at a size, by its content hash; null when there is none. */
export async function readImageFile(
  db: Queryable,
  key: string,
  size: 'full' | 'card',
): Promise<Buffer | null> {
  const row = await db.maybeOne<{ bytes: Uint8Array }>(
    `SELECT ${size === 'full' ? 'full_webp' : 'card_webp'} AS bytes FROM prompt_image_files WHERE sha256 = $1`,
    [key],
  );
  return row === null ? null : Buffer.from(row.bytes);
}
