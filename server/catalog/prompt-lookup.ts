// One prompt: by the reference of a detail call (a numeric id or a slugId), or its example images' art by
// id. The template column is selected only for callers who may see it (requirements §4 Prompt access).
import type { Queryable } from '../db/index.ts';
import type { ArtSpec } from '../images/art-spec.ts';
import {
  CARD_COLUMNS,
  toFull,
  userJoins,
  VISIBLE,
  type FullRow,
  type PromptDetail,
  type PromptRow,
} from './rows.ts';

/** A prompt reference from the detail call: a numeric id, or a slugId (`slug-sortId`). */
export type PromptRef = { id: number } | { sortId: number; slug: string };

const MAX_INT = 2_147_483_647;

export const parsePromptRef = (raw: string): PromptRef | null => {
  const text = raw.trim();
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_INT ? { id } : null;
  }
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,10})$/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const sortId = Number(match[2]);
  return sortId >= 1 && sortId <= MAX_INT ? { sortId, slug: match[1].toLowerCase() } : null;
};

const refCondition = (ref: PromptRef): [string, number] =>
  'id' in ref ? ['p.id', ref.id] : ['p.sort_id', ref.sortId];

/**
 * The prompt named by ref, as the caller sees it. A slugId is found by its trailing number (the slug part
 * may be stale; the answer carries the canonical slugId for the client to redirect to).
 */
export async function findPrompt(
  db: Queryable,
  ref: PromptRef,
  userId: string | null,
): Promise<PromptDetail | null> {
  const [column, value] = refCondition(ref);
  const row = await db.maybeOne<FullRow>(
    `SELECT ${CARD_COLUMNS}, p.variables,
            CASE WHEN p.grade = 0 OR a.user_id IS NOT NULL THEN p.template END AS template
     FROM prompts p ${userJoins(1)}
     WHERE ${column} = $2 AND ${VISIBLE}`,
    [userId, value],
  );
  return row === null ? null : toFull(row);
}

/** The id of the prompt named by ref, or null. */
export async function findPromptId(db: Queryable, ref: PromptRef): Promise<number | null> {
  const [column, value] = refCondition(ref);
  const row = await db.maybeOne<{ id: number }>(
    `SELECT p.id FROM prompts p WHERE ${column} = $1 AND ${VISIBLE}`,
    [value],
  );
  return row?.id ?? null;
}

/**
 * The art of one shown prompt's example images and its stored image files in order (sha256 keys of
 * prompt_image_files; empty: its images are drawn from the art), or null for an unknown or hidden prompt.
 */
export async function findPromptArt(
  db: Queryable,
  id: number,
): Promise<{ art: ArtSpec; generatorType: number; imageCount: number; files: string[] } | null> {
  const row = await db.maybeOne<
    Pick<PromptRow, 'art' | 'generator_type' | 'image_count'> & { files: string[] | null }
  >(
    `SELECT p.art, p.generator_type, p.image_count,
            (SELECT array_agg(i.sha256 ORDER BY i.n) FROM prompt_images i WHERE i.prompt_id = p.id) AS files
     FROM prompts p WHERE p.id = $1 AND ${VISIBLE}`,
    [id],
  );
  return row === null
    ? null
    : {
        art: row.art,
        generatorType: row.generator_type,
        imageCount: row.image_count,
        files: row.files ?? [],
      };
}
