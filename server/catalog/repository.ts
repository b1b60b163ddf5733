// Catalog queries. The template column is selected only for callers who may see it (SPEC.md §4 Prompt
// access): for everyone else it never leaves the database, so no later code path can leak it. Search
// headlines are made from the title and the description only, never from the template.
import {
  kindOfGenerator,
  slugIdOf,
  type GeneratorType,
  type Grade,
  type PromptCard,
  type PromptFull,
  type PromptImage,
  type PromptPage,
  type PromptVariable,
  type Sort,
} from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import type { ArtSpec } from '../seed/types.ts';
import { compileSearch, MARK_END, MARK_START, suggestionsFor } from './search.ts';

export const CARD_IMAGE = { width: 480, height: 360 } as const;
export const FULL_IMAGE = { width: 960, height: 720 } as const;

/** The list orders: SORTS of the shared vocabulary, and relevance for searches. */
export type ListSort = Sort | 'relevance';

export interface ListQuery {
  grade: Grade | null;
  generatorType: GeneratorType | null;
  tags: string[];
  /** Default: relevance when q is given, else trending. Relevance without q is trending. */
  sort: ListSort | null;
  page: number;
  pageSize: number;
  /** The caller (from a valid token), or null for anonymous. */
  userId: string | null;
  /** Search text (full-text, ranked); null or blank: no search. */
  q?: string | null;
  /** Only the caller's saved prompts (the route requires a caller). */
  saved?: boolean;
}

interface CardRow {
  id: number;
  sort_id: number;
  slug: string;
  title: string;
  description: string;
  generator_type: number;
  grade: number;
  price_fruit: number | null;
  price_cents: number | null;
  tags: string[];
  image_count: number;
  views: number;
  sales: number;
  created_at: Date;
  has_access: boolean;
  saved: boolean;
}

interface ListRow extends CardRow {
  match_title?: string;
  match_excerpt?: string;
}

interface FullRow extends CardRow {
  template: string | null;
  variables: PromptVariable[];
}

/**
 * The card columns, with the names the ORDER BY clauses use (popularity, price_key). `$n` is the
 * caller's user id or null (see userJoins).
 */
const CARD_COLUMNS = `p.id, p.sort_id, p.slug, p.title, p.description, p.generator_type, p.grade, p.price_fruit,
  p.price_cents, p.tags, p.image_count, p.views, p.sales, p.created_at,
  (p.grade = 0 OR a.user_id IS NOT NULL) AS has_access, (f.user_id IS NOT NULL) AS saved,
  (p.views + p.sales * 25) AS popularity, COALESCE(p.price_fruit, p.price_cents, 0) AS price_key`;

/** LEFT JOINs of the caller's access and favourite rows; parameter $n is the caller's user id or null. */
const userJoins = (n: number): string =>
  `LEFT JOIN user_prompt_access a ON a.prompt_id = p.id AND a.user_id = $${n}::uuid
   LEFT JOIN favorites f ON f.prompt_id = p.id AND f.user_id = $${n}::uuid`;

/** ORDER BY clauses over output columns: those of CARD_COLUMNS, and rank (relevance group) of searches. */
const ORDER_BY: Record<ListSort, string> = {
  // Popularity: a sale weighs as much as 25 views.
  trending: 'popularity DESC, id ASC',
  newest: 'created_at DESC, id DESC',
  // Free first, then FruitCoin prompts by coins, then premium prompts by cents (the currencies differ).
  price_asc: 'grade ASC, price_key ASC, id ASC',
  price_desc: 'grade DESC, price_key DESC, id ASC',
  // Title matches above title-and-tag matches above description matches, then popularity.
  relevance: 'rank DESC, popularity DESC, id ASC',
};

export const imageUrl = (id: number, n: number, size: 'card' | 'full' = 'card'): string =>
  `/api/images/prompts/${id}/${n}.webp${size === 'full' ? '?size=full' : ''}`;

const imageAlt = (title: string, n: number): string =>
  n === 0 ? `Example image for the prompt "${title}"` : `Example image ${n + 1} for the prompt "${title}"`;

/** The first sentence of the description, at most `max` characters (cut at a word). */
export const excerptOf = (description: string, max = 160): string => {
  const text = description.trim().replace(/\s+/g, ' ');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
};

/** Cards carry `saved` only for a signed-in caller (anonymous cards keep their documented shape). */
const toCard = (row: CardRow, signedIn: boolean): PromptCard => {
  const generatorType = row.generator_type as GeneratorType;
  const grade = row.grade as Grade;
  return {
    id: row.id,
    sortId: row.sort_id,
    slug: row.slug,
    slugId: slugIdOf(row.slug, row.sort_id),
    title: row.title,
    excerpt: excerptOf(row.description),
    type: kindOfGenerator(generatorType),
    generatorType,
    grade,
    priceFruit: grade === 1 ? row.price_fruit : null,
    priceCents: grade === 2 ? row.price_cents : null,
    tags: row.tags,
    image: { url: imageUrl(row.id, 0), ...CARD_IMAGE, alt: imageAlt(row.title, 0) },
    hasAccess: row.has_access ? 1 : 0,
    views: row.views,
    sales: row.sales,
    createdAt: row.created_at.toISOString(),
    ...(signedIn ? { saved: row.saved } : {}),
  };
};

/** A detail always says whether the caller saved it (false for anonymous callers). */
export type PromptDetail = PromptFull & { saved: boolean };

const toFull = (row: FullRow): PromptDetail => {
  const card = toCard(row, true);
  const images: PromptImage[] = Array.from({ length: row.image_count }, (_, n) => ({
    url: imageUrl(row.id, n, 'full'),
    ...FULL_IMAGE,
    alt: imageAlt(row.title, n),
  }));
  return {
    ...card,
    saved: row.saved,
    description: row.description,
    images,
    promptDetail: {
      slugId: card.slugId,
      slug: card.slug,
      sortId: card.sortId,
      template: row.has_access ? row.template : null,
      variables: row.variables,
    },
  };
};

/** Tags of a query: comma-separated, trimmed, lower-cased, without empties and duplicates. */
export const parseTags = (raw: string | undefined): string[] => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t.length > 0),
  ),
];

/** A page of cards; a search adds totalExact, and suggestions when it found nothing. */
export type ListPage = PromptPage & { suggestions?: string[]; totalExact?: boolean };

/**
 * A search counts and serves at most this many results (like most search engines): beyond it `total` is
 * this number and `totalExact` false. Counting every match of a very common word would cost time in
 * proportion to the catalog; nobody pages past 40 pages of results.
 */
export const SEARCH_RESULT_LIMIT = 1000;
/** Rows of an order's index a search looks through for common words before reading every match. */
const WALK_LIMIT = 4000;

const TITLE_HEADLINE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const EXCERPT_HEADLINE = `MaxFragments=1, MaxWords=24, MinWords=10, ShortWord=2, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const MARKS = MARK_START + MARK_END;

/** The description's fragment around the matches, with ellipses where it is cut; else the plain excerpt. */
const excerptMatch = (headline: string | undefined, description: string): string => {
  if (headline === undefined || !headline.includes(MARK_START)) return excerptOf(description);
  const plain = headline.replaceAll(MARK_START, '').replaceAll(MARK_END, '').trim();
  const text = description.trim().replace(/\s+/g, ' ');
  const flat = headline.trim().replace(/\s+/g, ' ');
  return `${text.startsWith(plain) ? '' : '… '}${flat}${text.endsWith(plain) ? '' : ' …'}`;
};

/**
 * Relevance groups of a search, best first: the title alone matches (title_doc); the title with the tags
 * and the generator's name matches (label_doc); it matches only with the description (search_doc). Each
 * document contains the one before, so a group is "matches this document, not the one before". The groups
 * are read one after the other, each in popularity order with a LIMIT, and only as far as the page needs:
 * a common word then costs a short walk of the popularity index, never a ranking of every match.
 */
const RELEVANCE_DOCS = ['p.title_doc', 'p.label_doc', 'p.search_doc'] as const;

export async function listPrompts(db: Queryable, query: ListQuery): Promise<ListPage> {
  const params: unknown[] = [query.userId];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // $1 is the caller; every query below joins their access and favourite rows (unused joins are removed).
  const joins = userJoins(1);
  const where: string[] = [];
  if (query.grade !== null) where.push(`p.grade = ${param(query.grade)}`);
  if (query.generatorType !== null) where.push(`p.generator_type = ${param(query.generatorType)}`);
  if (query.tags.length > 0) where.push(`p.tags @> ${param(query.tags)}::text[]`);
  if (query.saved) where.push('f.user_id IS NOT NULL');

  const offset = (query.page - 1) * query.pageSize;
  const signedIn = query.userId !== null;
  const pageOf = (data: PromptCard[], total: number): ListPage => ({
    data,
    total,
    page: query.page,
    pageSize: query.pageSize,
  });

  const q = query.q?.trim() ?? '';
  if (q === '') {
    const sort = query.sort === null || query.sort === 'relevance' ? 'trending' : query.sort;
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, count] = await Promise.all([
      db.query<CardRow>(
        `SELECT ${CARD_COLUMNS} FROM prompts p ${joins} ${filter}
         ORDER BY ${ORDER_BY[sort]} LIMIT ${query.pageSize} OFFSET ${offset}`,
        params,
      ),
      db.one<{ total: number }>(
        `SELECT count(*)::integer AS total FROM prompts p ${joins} ${filter}`,
        params,
      ),
    ]);
    return pageOf(
      rows.map((row) => toCard(row, signedIn)),
      count.total,
    );
  }

  const search = await compileSearch(db, q);
  if (search.tsQuery === null) {
    // Only stop words, or only exclusions: nothing to look for.
    return { ...pageOf([], 0), totalExact: true, suggestions: await suggestionsFor(db, search.words) };
  }
  const positive = `to_tsquery('english', ${param(search.tsQuery.positive)})`;
  if (search.tsQuery.negative !== null) {
    where.push(`NOT (p.search_doc @@ to_tsquery('english', ${param(search.tsQuery.negative)}))`);
  }
  const matching = (doc: string): string => [...where, `${doc} @@ ${positive}`].join(' AND ');
  const countSql = `SELECT count(*)::integer AS count FROM (
      SELECT 1 FROM prompts p ${joins} WHERE ${matching('p.search_doc')} LIMIT ${SEARCH_RESULT_LIMIT + 1}) AS c`;
  const capped = (count: number) => ({
    total: Math.min(count, SEARCH_RESULT_LIMIT),
    totalExact: count <= SEARCH_RESULT_LIMIT,
  });
  if (offset >= SEARCH_RESULT_LIMIT) {
    return { ...pageOf([], 0), ...capped((await db.one<{ count: number }>(countSql, params)).count) };
  }

  // The ids of the results up to the end of the page, in order.
  const sort = query.sort ?? 'relevance';
  const reach = Math.min(offset + query.pageSize, SEARCH_RESULT_LIMIT);
  const columns = 'p.id, p.popularity, p.created_at, p.grade, p.price_key';
  const ordered = `SELECT p0.*, (p0.views + p0.sales * 25) AS popularity,
      COALESCE(p0.price_fruit, p0.price_cents, 0) AS price_key FROM prompts p0`;
  /**
   * The first `limit` matches of a document in an order, and how many match (up to SEARCH_RESULT_LIMIT + 1).
   * Few matches (at most SEARCH_RESULT_LIMIT) are all read, by the GIN index, and sorted. More are looked
   * for by walking the order's index for a while (common words are found at once); if that does not fill
   * the page, every match is read and sorted. Neither way can end up checking the whole catalog row by row.
   */
  const firstMatches = async (doc: string, order: string, limit: number) => {
    const few = await db.query<{ id: number; n: number }>(
      `SELECT id, count(*) OVER ()::integer AS n
       FROM (SELECT ${columns} FROM (${ordered}) AS p ${joins} WHERE ${matching(doc)}
             LIMIT ${SEARCH_RESULT_LIMIT + 1}) AS m
       ORDER BY ${order} LIMIT ${limit}`,
      params,
    );
    const count = few[0]?.n ?? 0;
    if (count <= SEARCH_RESULT_LIMIT) return { ids: few.map((row) => row.id), count };
    const walked = await db.query<{ id: number }>(
      `SELECT ${columns} FROM (${ordered} ORDER BY ${order} LIMIT ${WALK_LIMIT}) AS p ${joins}
       WHERE ${matching(doc)} ORDER BY ${order} LIMIT ${limit}`,
      params,
    );
    if (walked.length === limit) return { ids: walked.map((row) => row.id), count };
    const all = await db.query<{ id: number }>(
      `WITH m AS MATERIALIZED (SELECT ${columns} FROM (${ordered}) AS p ${joins} WHERE ${matching(doc)})
       SELECT id FROM m ORDER BY ${order} LIMIT ${limit}`,
      params,
    );
    return { ids: all.map((row) => row.id), count };
  };
  const ids: number[] = [];
  /** How many prompts match (up to SEARCH_RESULT_LIMIT + 1), once known. */
  let count: number | null = null;
  if (sort === 'relevance') {
    const seen = new Set<number>();
    for (const doc of RELEVANCE_DOCS) {
      // This document's matches include the ids taken so far (the groups before), so its first `reach`
      // matches hold at least the `reach - ids.length` new ones the page needs.
      const matches = await firstMatches(doc, ORDER_BY.trending, reach);
      for (const id of matches.ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        ids.push(id);
      }
      if (doc === 'p.search_doc') count = matches.count;
      if (ids.length >= reach) break;
    }
  } else {
    const matches = await firstMatches('p.search_doc', ORDER_BY[sort], reach);
    ids.push(...matches.ids);
    count = matches.count;
  }
  const pageIds = ids.slice(offset, offset + query.pageSize);

  // The page's cards with their highlights (parameters of their own), and the count when not yet known.
  const rows =
    pageIds.length === 0
      ? []
      : await db.query<ListRow>(
          `SELECT ${CARD_COLUMNS},
                  ts_headline('english', translate(p.title, $3, ''), to_tsquery('english', $2), $4) AS match_title,
                  ts_headline('english', translate(p.description, $3, ''), to_tsquery('english', $2), $5)
                    AS match_excerpt
           FROM unnest($6::integer[]) WITH ORDINALITY AS page(id, n)
           JOIN prompts p ON p.id = page.id ${joins}
           ORDER BY page.n`,
          [query.userId, search.tsQuery.positive, MARKS, TITLE_HEADLINE, EXCERPT_HEADLINE, pageIds],
        );
  count ??= (await db.one<{ count: number }>(countSql, params)).count;
  const data = rows.map((row) => ({
    ...toCard(row, signedIn),
    match: {
      title: row.match_title?.includes(MARK_START) ? row.match_title : row.title,
      excerpt: excerptMatch(row.match_excerpt, row.description),
    },
  }));
  const page = { ...pageOf(data, 0), ...capped(count) };
  return count === 0 ? { ...page, suggestions: await suggestionsFor(db, search.words) } : page;
}

/** Cards by an arbitrary filter and order (home sections, related, popular). */
async function cardsWhere(
  db: Queryable,
  options: { where: string; params: unknown[]; order: string; limit: number; userId: string | null },
): Promise<PromptCard[]> {
  const n = options.params.length + 1;
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM prompts p ${userJoins(n)}
     WHERE ${options.where} ORDER BY ${options.order} LIMIT ${options.limit}`,
    [...options.params, options.userId],
  );
  return rows.map((row) => toCard(row, options.userId !== null));
}

export const HOME_SECTION_SIZE = 8;

export const HOME_SECTIONS = [
  { key: 'trending', title: 'Trending now', where: 'true', order: ORDER_BY.trending },
  { key: 'newest', title: 'New arrivals', where: 'true', order: ORDER_BY.newest },
  { key: 'free', title: 'Free prompts', where: 'p.grade = 0', order: ORDER_BY.trending },
  {
    key: 'midjourney',
    title: 'Midjourney prompts',
    where: 'p.generator_type = 1',
    order: ORDER_BY.trending,
  },
  {
    key: 'dalle',
    title: 'DALL.E prompts',
    where: 'p.generator_type = 2',
    order: ORDER_BY.trending,
  },
  {
    key: 'chatgpt',
    title: 'ChatGPT prompts',
    where: 'p.generator_type = 3',
    order: ORDER_BY.trending,
  },
  {
    key: 'kling',
    title: 'Kling video prompts',
    where: 'p.generator_type = 4',
    order: ORDER_BY.trending,
  },
] as const;

export type HomeSectionKey = (typeof HOME_SECTIONS)[number]['key'];

export interface HomeSection {
  key: HomeSectionKey;
  title: string;
  data: PromptCard[];
}

/**
 * The home page's shelves: 8 cards each, trending first. No prompt stands on two shelves (issue 15):
 * each shelf takes the best of what the shelves before it have not shown.
 */
export async function homeSections(db: Queryable, userId: string | null): Promise<HomeSection[]> {
  const shown: number[] = [];
  const sections: HomeSection[] = [];
  for (const section of HOME_SECTIONS) {
    const data = await cardsWhere(db, {
      where: `(${section.where}) AND NOT (p.id = ANY($1::integer[]))`,
      params: [shown],
      order: section.order,
      limit: HOME_SECTION_SIZE,
      userId,
    });
    shown.push(...data.map((card) => card.id));
    sections.push({ key: section.key, title: section.title, data });
  }
  return sections;
}

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
     WHERE ${column} = $2`,
    [userId, value],
  );
  return row === null ? null : toFull(row);
}

/** The id of the prompt named by ref, or null. */
export async function findPromptId(db: Queryable, ref: PromptRef): Promise<number | null> {
  const [column, value] = refCondition(ref);
  const row = await db.maybeOne<{ id: number }>(`SELECT p.id FROM prompts p WHERE ${column} = $1`, [value]);
  return row?.id ?? null;
}

/**
 * Counts one view of a prompt (everyone), and remembers it for a signed-in viewer (recommendations):
 * one statement, one row per viewer and prompt.
 */
export async function recordView(db: Queryable, promptId: number, userId: string | null): Promise<void> {
  await db.query(
    `WITH counted AS (UPDATE prompts SET views = views + 1 WHERE id = $1 RETURNING id)
     INSERT INTO prompt_views (user_id, prompt_id)
     SELECT $2::uuid, id FROM counted WHERE $2::uuid IS NOT NULL
     ON CONFLICT (user_id, prompt_id) DO UPDATE SET viewed_at = now()`,
    [promptId, userId],
  );
}

export const RELATED_COUNT = 8;
/** Candidates per tag (and for the generator) of related prompts and recommendations: the most popular. */
const CANDIDATES_PER_TAG = 200;

/**
 * A subquery of candidate ids: the CANDIDATES_PER_TAG most popular prompts of each tag (and of each
 * generator). One branch per value, each with its value as a parameter, so the planner knows how common
 * the tag is and picks the popularity index or the tags index accordingly.
 */
const candidatesOf = (
  tags: readonly string[],
  generators: readonly number[],
  param: (value: unknown) => string,
): string =>
  [
    ...tags.map((tag) => `p.tags @> ARRAY[${param(tag)}::text]`),
    ...generators.map((g) => `p.generator_type = ${param(g)}`),
  ]
    .map(
      (condition) => `(SELECT p.id FROM prompts p WHERE ${condition}
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
  const source = await db.maybeOne<{ tags: string[]; generator_type: number }>(
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
 */
async function bestSellers(
  db: Queryable,
  userId: string | null,
  page: number,
  pageSize: number,
): Promise<RecommendedPage> {
  const rows = await db.query<CardRow & { total: number }>(
    `SELECT ${CARD_COLUMNS}, count(*) OVER ()::integer AS total
     FROM prompts p ${userJoins(1)}
     ORDER BY row_number() OVER (PARTITION BY p.generator_type ORDER BY p.sales DESC, p.id ASC),
              p.generator_type ASC
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    [userId],
  );
  const total =
    rows[0]?.total ??
    (await db.one<{ count: number }>('SELECT count(*)::integer AS count FROM prompts')).count;
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

/** The art of one prompt's example images, or null for an unknown prompt. */
export async function findPromptArt(
  db: Queryable,
  id: number,
): Promise<{ art: ArtSpec; imageCount: number } | null> {
  const row = await db.maybeOne<{ art: ArtSpec; image_count: number }>(
    'SELECT art, image_count FROM prompts WHERE id = $1',
    [id],
  );
  return row === null ? null : { art: row.art, imageCount: row.image_count };
}
