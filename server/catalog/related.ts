// Related prompts (GET /api/prompts/related): the prompts sharing tags and the generator with one prompt,
// scored among the most popular prompts of each of its tags (candidatesOf, also of recommendations).
import type { PromptCard } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { CARD_COLUMNS, toCard, userJoins, VISIBLE, type CardRow, type PromptRow } from './rows.ts';

export const RELATED_COUNT = 8;
/** Candidates per tag (and for the generator) of related prompts and recommendations: the most popular. */
const CANDIDATES_PER_TAG = 200;

/**
 * A subquery of candidate ids: the CANDIDATES_PER_TAG most popular prompts of each tag (and of each
 * generator). One branch per value, each with its value as a parameter, so the planner knows how common
 * the tag is and picks the popularity index or the tags index accordingly.
 */
export const candidatesOf = (
  tags: readonly string[],
  generators: readonly number[],
  param: (value: unknown) => string,
): string =>
  [
    ...tags.map((tag) => `p.tags @> ARRAY[${param(tag)}::text]`),
    ...generators.map((g) => `p.generator_type = ${param(g)}`),
  ]
    .map(
      (condition) => `(SELECT p.id FROM prompts p WHERE ${VISIBLE} AND ${condition}
        ORDER BY (p.views + p.sales * 25) DESC, p.id ASC LIMIT ${CANDIDATES_PER_TAG})`,
    )
    .join(' UNION ');

/**
 * Prompts sharing tags (two points each) and the generator (one point) with prompt `id`, never itself,
 * ties by popularity. Scored among the most popular prompts of each of its tags and of its generator, so
 * the cost does not grow with the catalog (exact while a tag has at most CANDIDATES_PER_TAG prompts).
 */
export async function relatedPrompts(
  db: Queryable,
  id: number,
  userId: string | null,
): Promise<PromptCard[]> {
  const source = await db.maybeOne<Pick<PromptRow, 'tags' | 'generator_type'>>(
    'SELECT tags, generator_type FROM prompts WHERE id = $1',
    [id],
  );
  if (source === null) return [];
  const params: unknown[] = [id, userId, source.tags, source.generator_type];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS},
            2 * cardinality(ARRAY(SELECT unnest(p.tags) INTERSECT SELECT unnest($3::text[])))
              + (p.generator_type = $4)::integer AS score
     FROM (${candidatesOf(source.tags, [source.generator_type], param)}) AS c
     JOIN prompts p ON p.id = c.id ${userJoins(2)}
     WHERE p.id <> $1
     ORDER BY score DESC, popularity DESC, id ASC
     LIMIT ${RELATED_COUNT}`,
    params,
  );
  return rows.map((row) => toCard(row, userId !== null));
}
