// The example images an operator uploaded (migration 011: prompt_image_files, keyed by the sha256 of the
// WebP stored, or for files stored before migration 019 of their first upload's bytes): read by the
// catalog's image route and by the operator's. The upload that writes them is server/operator/.
import type { Queryable } from '../db/index.ts';

/** An uploaded image's WebP bytes at a size, by its key; null when there is none. */
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
