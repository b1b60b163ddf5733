// Recommendations (GET /api/prompts/recommended): by a member's history (purchases, saved and viewed
// prompts), or the best sellers of each generator for a visitor.
import { GENERATOR_TYPES, type PromptPage } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { catalogSize } from './list-totals.ts';
import { candidatesOf } from './related.ts';
import { CARD_COLUMNS, toCard, userJoins, VISIBLE, type CardRow } from './rows.ts';

export interface RecommendedPage extends PromptPage {
  mode: 'personal' | 'popular';
  /** Why: the strongest tags of the member's history (personal); empty for the best sellers. */
  because: string[];
}

/** Weights of a user's history: a purchase says more than a saved prompt, which says more than a view. */
const HISTORY = `
  SELECT prompt_id, 3.0::float8 AS w FROM user_prompt_access WHERE user_id = $1::uuid
  UNION ALL
  SELECT prompt_id, 2.0::float8 FROM favorites WHERE user_id = $1::uuid
  UNION ALL
  SELECT prompt_id, 1.0::float8 FROM (
    SELECT prompt_id FROM prompt_views WHERE user_id = $1::uuid ORDER BY viewed_at DESC LIMIT 50
  ) AS recent`;

/**
 * Recommendations. A signed-in caller with purchases, saved or viewed prompts gets prompts ranked by the
 * tags (weighted by how often and how strongly they occur in that history) and generators they share
 * with it, without the prompts in the history (owned, saved, viewed); anyone else gets the trending list.
 * The personal ranking scores the CANDIDATES_PER_TAG most popular prompts of each of the 16 strongest tags.
 */
export async function recommendedPrompts(
  db: Queryable,
  options: { userId: string | null; page: number; pageSize: number },
): Promise<RecommendedPage> {
  const { userId, page, pageSize } = options;
  const personal =
    userId === null || (await db.maybeOne(`SELECT 1 FROM (${HISTORY}) AS h LIMIT 1`, [userId])) === null
      ? null
      : await personalPage(db, userId, page, pageSize);
  if (personal !== null) return personal;
  return bestSellers(db, userId, page, pageSize);
}

/**
 * For a visitor (or a member with no history): the best-selling prompts of each generator in turn, so
 * the page is not the catalog's default order (issue 15): each generator's best, then its second, ….
 * The first `offset + pageSize` places hold at most that many prompts of one generator: each
 * generator's best that many, read from its sales index (migration 018), are enough to order them. (It
 * numbered and sorted the whole catalog's cards: 330 ms for 100,000 prompts on PGlite.)
 */
async function bestSellers(
  db: Queryable,
  userId: string | null,
  page: number,
  pageSize: number,
): Promise<RecommendedPage> {
  const offset = (page - 1) * pageSize;
  const [rows, total] = await Promise.all([
    db.query<CardRow>(
      `WITH best AS (
         SELECT g.generator_type, t.id,
                row_number() OVER (PARTITION BY g.generator_type ORDER BY t.sales DESC, t.id ASC) AS n
         FROM unnest($2::smallint[]) AS g(generator_type)
         CROSS JOIN LATERAL (
           SELECT p.id, p.sales FROM prompts p
           WHERE p.generator_type = g.generator_type AND ${VISIBLE}
           ORDER BY p.sales DESC, p.id ASC LIMIT ${offset + pageSize}) AS t),
       page AS (
         SELECT best.id, best.n, best.generator_type FROM best
         ORDER BY best.n, best.generator_type LIMIT ${pageSize} OFFSET ${offset})
       SELECT ${CARD_COLUMNS}
       FROM page JOIN prompts p ON p.id = page.id ${userJoins(1)}
       ORDER BY page.n, page.generator_type`,
      [userId, GENERATOR_TYPES],
    ),
    catalogSize(db),
  ]);
  return {
    mode: 'popular',
    because: [],
    data: rows.map((row) => toCard(row, userId !== null)),
    total,
    page,
    pageSize,
  };
}

/** The personal ranking, or null when the history leads nowhere (nothing left that shares a tag). */
async function personalPage(
  db: Queryable,
  userId: string,
  page: number,
  pageSize: number,
): Promise<RecommendedPage | null> {
  // The profile: the 16 tags weighted most in the history, and the generators' weights.
  const profile = await db.one<{
    tags: string[] | null;
    weights: number[] | null;
    generators: number[] | null;
    generator_weights: number[] | null;
  }>(
    `WITH history AS (${HISTORY}),
     weighted AS (
       SELECT p.id, p.tags, p.generator_type, sum(h.w) AS w
       FROM history h JOIN prompts p ON p.id = h.prompt_id GROUP BY p.id
     ),
     profile_tags AS (
       SELECT t.tag, sum(wt.w) AS w FROM weighted wt CROSS JOIN unnest(wt.tags) AS t(tag)
       GROUP BY t.tag ORDER BY w DESC, t.tag LIMIT 16
     ),
     profile_generators AS (SELECT generator_type, sum(w) AS w FROM weighted GROUP BY generator_type)
     SELECT (SELECT array_agg(tag ORDER BY w DESC, tag) FROM profile_tags) AS tags,
            (SELECT array_agg(w ORDER BY w DESC, tag)::float8[] FROM profile_tags) AS weights,
            (SELECT array_agg(generator_type ORDER BY generator_type)::integer[] FROM profile_generators) AS generators,
            (SELECT array_agg(w ORDER BY generator_type)::float8[] FROM profile_generators) AS generator_weights`,
    [userId],
  );
  const tags = profile.tags ?? [];
  if (tags.length === 0) return null;
  const offset = (page - 1) * pageSize;
  const params: unknown[] = [userId, tags, profile.weights, profile.generators, profile.generator_weights];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const rows = await db.query<CardRow & { total: number }>(
    `WITH history AS (${HISTORY})
     SELECT ${CARD_COLUMNS},
            (SELECT COALESCE(sum(t.w), 0) FROM unnest($2::text[], $3::float8[]) AS t(tag, w)
             WHERE t.tag = ANY (p.tags))
              + 0.5 * COALESCE((SELECT g.w FROM unnest($4::integer[], $5::float8[]) AS g(generator_type, w)
                                WHERE g.generator_type = p.generator_type), 0) AS score,
            count(*) OVER ()::integer AS total
     FROM (${candidatesOf(tags, [], param)}) AS c
     JOIN prompts p ON p.id = c.id ${userJoins(1)}
     WHERE a.user_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM history h WHERE h.prompt_id = p.id)
     ORDER BY score DESC, popularity DESC, id ASC
     LIMIT ${pageSize} OFFSET ${offset}`,
    params,
  );
  if (rows.length === 0) {
    if (offset === 0) return null;
    const first = await personalPage(db, userId, 1, 1);
    return first === null ? null : { ...first, data: [], page, pageSize };
  }
  return {
    mode: 'personal',
    because: tags.slice(0, 3),
    data: rows.map((row) => toCard(row, true)),
    total: rows[0]!.total,
    page,
    pageSize,
  };
}
