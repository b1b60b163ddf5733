// Catalog queries. The template column is selected only for callers who may see it (requirements §4 Prompt
// access): for everyone else it never leaves the database, so no later code path can leak it. Search
// headlines are made from the title and the description only, never from the template.
import {
  kindOfGenerator,
  slugIdOf,
  type GeneratorType,
  GENERATOR_TYPES,
  type Grade,
  type PromptCard,
  type PromptFull,
  type PromptImage,
  type PromptPage,
  type PromptVariable,
  type Sort,
} from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import type { ArtSpec } from '../images/art-spec.ts';
import { compileSearch } from './search.ts';
import { excerptMatches, markMatches } from './search-highlights.ts';
import { suggestionsFor } from './search-suggestions.ts';
import { filterCells } from './search-words.ts';

export const CARD_IMAGE = { width: 480, height: 360 } as const;
/** The condition of a prompt the public sees (alias p): not hidden by the operator (migration 011). */
export const VISIBLE = 'NOT p.hidden';
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

// ---- list totals ----------------------------------------------------------------------------------------

/**
 * From this many prompts on, a list's total (the count of its filter, which costs time in proportion to
 * the catalog) is kept per filter until clearListTotals(); a smaller catalog is counted on every call, so
 * its totals are always exact.
 */
export const KEPT_TOTALS_FROM = 5000;
/** Filters whose totals are kept per database; the least recently used go first. */
const KEPT_TOTALS = 500;
const CATALOG_SIZE = 'catalog';
let keptTotals = new WeakMap<object, Map<string, number>>();

/**
 * Forgets the kept list totals (and catalog size). Call it when the catalog changes: prompts written or
 * removed, or a prompt's grade, generator or tags changed.
 */
export function clearListTotals(): void {
  keptTotals = new WeakMap();
}

function totalsOf(db: Queryable): Map<string, number> {
  let totals = keptTotals.get(db);
  if (totals === undefined) {
    totals = new Map();
    keptTotals.set(db, totals);
  }
  return totals;
}

function keptTotal(db: Queryable, key: string): number | undefined {
  const totals = totalsOf(db);
  const total = totals.get(key);
  if (total !== undefined) {
    totals.delete(key);
    totals.set(key, total);
  }
  return total;
}

function keepTotal(db: Queryable, key: string, total: number): void {
  const totals = totalsOf(db);
  totals.set(key, total);
  for (const old of totals.keys()) {
    if (totals.size <= KEPT_TOTALS) break;
    if (old !== CATALOG_SIZE) totals.delete(old);
  }
}

/** How many prompts the catalog shows (hidden ones are not counted; kept while it is big). */
export async function catalogSize(db: Queryable): Promise<number> {
  const kept = keptTotal(db, CATALOG_SIZE);
  if (kept !== undefined) return kept;
  const { total } = await db.one<{ total: number }>(
    'SELECT count(*)::integer AS total FROM prompts p WHERE NOT p.hidden',
  );
  if (total >= KEPT_TOTALS_FROM) keepTotal(db, CATALOG_SIZE, total);
  return total;
}

/** The total of a list filter (`key` names it), counted by `sql`, or kept from before in a big catalog. */
async function listTotal(db: Queryable, key: string, sql: string, params: unknown[]): Promise<number> {
  const kept = keptTotal(db, key);
  if (kept !== undefined) return kept;
  const [{ total }, size] = await Promise.all([db.one<{ total: number }>(sql, params), catalogSize(db)]);
  if (size >= KEPT_TOTALS_FROM) keepTotal(db, key, total);
  return total;
}

// ---- search ---------------------------------------------------------------------------------------------

/**
 * A search counts and serves at most this many results (like most search engines): beyond it `total` is
 * this number and `totalExact` false. Counting every match of a very common word would cost time in
 * proportion to the catalog; nobody pages past 40 pages of results.
 */
export const SEARCH_RESULT_LIMIT = 1000;
/** The most matches the first read of a search likely within the limit takes (see firstCap). */
const FIRST_READ_MOST = 3 * SEARCH_RESULT_LIMIT;
/** The longest walk of an order's index: past it, the matches are read whole instead. */
const WALK_LIMIT = 16_000;
/**
 * What a row walked in popularity order costs, for the plan, relative to a match read through a
 * full-text index: read matches are fetched from all over the table and then sorted, while a walk follows
 * its index and mostly visits the same popular prompts, which stay in the cache (about 0.5 against 2 µs
 * a row on PGlite with 100,000 prompts). Walks that test filters first visit more of the table: 1.
 */
const WALK_ROW_COST = 0.25;
/**
 * Windows of the other orders (newest, price; see firstMatches in searchPrompts): about the first k
 * prompts of the catalog in the order, k WINDOW_MIN times a power of two and less than half the catalog,
 * in a catalog of KEPT_TOTALS_FROM prompts or more.
 */
const WINDOW_MIN = 1024;
/**
 * For the plan, what a prompt of a window costs (its index entry, in a bitmap) relative to a match read
 * (its row fetched and sorted), and what a window costs besides. An entry takes about 0.07 µs on PGlite;
 * a match read whole, 1 to 2 µs when its page is cached and 10 to 15 µs when it is not: matches read
 * whole are spread over the table, while a window's are among the popular or new prompts.
 */
const WINDOW_ENTRY_COST = 1 / 80;
const WINDOW_COST = 200;
type WindowSort = 'trending' | 'newest' | 'price_asc' | 'price_desc';
/**
 * The orders' windows: `at` is the order's values at a prompt (SQL expressions, as text), `where` the
 * condition on a prompt to be in the window that ends at those values (literals): each prompt in it comes
 * before every prompt outside it in the order. Written so the database ANDs the bitmap of the order's
 * index with the full-text index's (a range, or ranges of the price index).
 */
const WINDOWS: Record<WindowSort, { order: string; at: string; where: (at: readonly string[]) => string }> = {
  // Popularity changes with every view and sale: a window's end kept since then holds a few more or fewer
  // prompts, and still every prompt before it (prompts of one popularity are whole in it).
  trending: {
    order: '(p.views + p.sales * 25) DESC, p.id ASC',
    at: '(p.views + p.sales * 25)::text',
    where: ([popularity]) => `p.popularity >= ${popularity}`,
  },
  newest: {
    order: 'p.created_at DESC, p.id DESC',
    at: `quote_literal(p.created_at) || '::timestamptz'`,
    where: ([at]) => `p.created_at >= ${at}`,
  },
  price_asc: {
    order: 'p.grade, COALESCE(p.price_fruit, p.price_cents, 0), p.id',
    at: 'p.grade::text, COALESCE(p.price_fruit, p.price_cents, 0)::text, p.id::text',
    where: ([g, k, id]) =>
      `(p.grade < ${g} OR (p.grade = ${g} AND p.price_key < ${k}) OR (p.grade = ${g} AND p.price_key = ${k} AND p.id <= ${id}))`,
  },
  // Prompts of one price are in id order (ascending) in the descending order: the window has whole prices.
  price_desc: {
    order: 'p.grade DESC, COALESCE(p.price_fruit, p.price_cents, 0) DESC',
    at: 'p.grade::text, COALESCE(p.price_fruit, p.price_cents, 0)::text',
    where: ([g, k]) => `(p.grade > ${g} OR (p.grade = ${g} AND p.price_key >= ${k}))`,
  },
};
/** What a window's end may be, as SQL: an integer or a quoted timestamp. */
const WINDOW_VALUE = /^(?:\d+|'[\d :.+-]+'::timestamptz)$/;
/** Rows of the catalog sampled for the windows' ends. */
const WINDOW_SAMPLE = 1000;
/**
 * The ends of an order's windows (by size, null: none), estimated from a sample of the catalog's pages
 * once, and kept with the list totals (until clearListTotals). An end need not be exact: a window holds
 * the prompts before it in the order, whatever its size.
 */
const windowEnds = new WeakMap<object, Map<WindowSort, Map<number, string[]>>>();
async function windowEnd(db: Queryable, sort: WindowSort, k: number, size: number): Promise<string[] | null> {
  const totals = totalsOf(db);
  let orders = windowEnds.get(totals);
  if (orders === undefined) {
    // A new map of totals: the catalog changed (clearListTotals), so may have its windows.
    orders = new Map();
    windowEnds.set(totals, orders);
  }
  let ends = orders.get(sort);
  if (ends === undefined) {
    const sizes: number[] = [];
    for (let n = WINDOW_MIN; n < size / 2; n *= 2) sizes.push(n);
    const percent = Math.min(100, (100 * WINDOW_SAMPLE) / Math.max(size, 1));
    const rows = await db.query<{ k: number; at: string[] | null }>(
      `WITH s AS MATERIALIZED (
         SELECT ARRAY[${WINDOWS[sort].at}] AS at, row_number() OVER (ORDER BY ${WINDOWS[sort].order}) AS n,
                count(*) OVER () AS c
         FROM prompts p TABLESAMPLE SYSTEM (${percent.toFixed(3)}) REPEATABLE (1))
       SELECT k, (SELECT s.at FROM s WHERE s.n = GREATEST(1, ceil(k * s.c / ${size}::float8))) AS at
       FROM unnest(ARRAY[${sizes.join(',') || '0'}]::integer[]) AS k`,
    );
    ends = new Map(
      rows.flatMap((row) =>
        row.at !== null && row.at.every((v) => WINDOW_VALUE.test(v)) ? [[row.k, row.at]] : [],
      ),
    );
    orders.set(sort, ends);
  }
  return ends.get(k) ?? null;
}
/**
 * Shares of the catalog assumed for a grade and for a generator, for the estimates when no word of the
 * search has counts per grade and generator (search.ts filterShare).
 */
const FILTER_SHARE = { grade: 1 / 3, generator: 1 / 4 } as const;

/**
 * Relevance groups of a search, best first: the title alone matches (title_doc); the title with the tags
 * and the generator's name matches (label_doc); it matches only with the description (search_doc). Each
 * document contains the one before, so a group is "matches this document, not the one before".
 */
const RELEVANCE_DOCS = ['p.title_doc', 'p.label_doc', 'p.search_doc'] as const;

/**
 * A search's plan is chosen before any prompt is read, from the vocabulary's counts (search.ts
 * estimateMatches, migration 008).
 *
 * - At most SEARCH_RESULT_LIMIT matches (surely, or likely): one statement reads them through the
 *   full-text index, ranks, orders, counts and pages them, and returns the page's cards. The total is
 *   exact. When more may match (the estimate's bound is past the limit), it reads up to a few thousand
 *   (firstCap): more than the limit but within those, the page is theirs and the total approximate; past
 *   them, the plan below takes over, knowing the total is past the limit.
 * - More: the relevance groups are read one after the other in popularity order (or the search in the
 *   order asked for), only as far as the page needs; the total is SEARCH_RESULT_LIMIT, totalExact false
 *   (exact after all when every match was read). A group is read whole through its full-text index when
 *   that costs less than a walk of the order's index (rows needed × catalog size ÷ matches, each
 *   cheaper) and than a window of it; else, in popularity order, it is walked (a common word: a short
 *   walk) or read within a window of the order (a rarer one, or filters). A window is the first prompts
 *   of the catalog in the order, as many as it takes to hold about twice the rows needed: only its
 *   matches are fetched, its index ANDed with the full-text index's (firstMatches). The other orders
 *   read a group whole or within a window.
 *
 * Highlights are made here from the title and the description (never the template): search-highlights.ts
 * markMatches.
 */
async function searchPrompts(
  db: Queryable,
  query: ListQuery,
  q: string,
  base: { params: unknown[]; where: string[]; joins: string },
): Promise<ListPage> {
  const params = [...base.params];
  const where = [...base.where];
  const { joins } = base;
  // The caller's rows are joined where the cards are made; where matches are read, only for the saved
  // filter (that the planner removes them otherwise still costs planning time in every statement). The
  // count of a page past the limit keeps them: $1 must be in each statement.
  const matchJoins = query.saved ? joins : '';
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const offset = (query.page - 1) * query.pageSize;
  const signedIn = query.userId !== null;
  const pageOf = (data: PromptCard[], total: { total: number; totalExact: boolean }): ListPage => ({
    data,
    page: query.page,
    pageSize: query.pageSize,
    ...total,
  });

  const [search, size] = await Promise.all([compileSearch(db, q, query.tags), catalogSize(db)]);
  if (search.tsQuery === null) {
    // Only stop words, or only exclusions: nothing to look for.
    return {
      ...pageOf([], { total: 0, totalExact: true }),
      suggestions: await suggestionsFor(db, search.words),
    };
  }
  const tsQueryText = param(search.tsQuery.positive);
  // In an index condition (and for the planner's estimates), and once per statement for row filters.
  const positive = `to_tsquery('english', ${tsQueryText})`;
  const positiveOnce = `(SELECT to_tsquery('english', ${tsQueryText}))`;
  if (search.tsQuery.negative !== null) {
    where.push(`NOT (p.search_doc @@ (SELECT to_tsquery('english', ${param(search.tsQuery.negative)})))`);
  }
  const matching = (doc: string, once = false): string =>
    [...where, `${doc} @@ ${once ? positiveOnce : positive}`].join(' AND ');
  const capped = (count: number) => ({
    total: Math.min(count, SEARCH_RESULT_LIMIT),
    totalExact: count <= SEARCH_RESULT_LIMIT,
  });
  const pastLimit = { total: SEARCH_RESULT_LIMIT, totalExact: false };

  // The filters' share of the matches: from the words' counts per grade and generator (else a fixed
  // share); a tag's share: how many prompts have it as a word of their title or tags, at most.
  const filtered = query.grade !== null || query.generatorType !== null;
  const share =
    (filtered
      ? (search.filterShare(filterCells(query.grade, query.generatorType)) ??
        (query.grade === null ? 1 : FILTER_SHARE.grade) *
          (query.generatorType === null ? 1 : FILTER_SHARE.generator))
      : 1) *
    query.tags.reduce(
      (product, tag) => product * Math.min(1, (search.tags.get(tag)?.[1] ?? 0) / Math.max(size, 1)),
      1,
    );
  const estimate = search.estimate(size);
  /**
   * Raised when more matched than estimated (the parts or the filters are not independent): the likely
   * counts are at least what was found.
   */
  let underestimate = 1;
  /** More than SEARCH_RESULT_LIMIT match: counted past it. */
  let pastLimitSurely = false;
  /** How many prompts are likely to match in a relevance document (with the filters). */
  const likely = (doc: 0 | 1 | 2): number => estimate.expected[doc] * share * underestimate;
  /**
   * How many prompts its full-text index gives (before the filters): between the likely and the most
   * (the same for one word).
   */
  const candidates = (doc: 0 | 1 | 2): number =>
    Math.sqrt(Math.max(estimate.expected[doc], 1) * Math.max(estimate.upper[doc], 1));
  /** Rows of an order's index walked to find `limit` matches, and the most read at once (see above). */
  const walkLength = (limit: number, matches: number): number => (limit * size) / Math.max(matches, 1);
  const readCap = (limit: number): number => Math.ceil(2 * Math.sqrt(limit * size));
  const reach = Math.min(offset + query.pageSize, SEARCH_RESULT_LIMIT);
  const surelyFew = query.saved === true || estimate.upper[2] <= SEARCH_RESULT_LIMIT;
  const likelyFew = surelyFew || likely(2) <= SEARCH_RESULT_LIMIT;
  /**
   * Matches the first read (likely few) takes: the limit when surely no more match; else, when more may
   * match, up to the bound (with the filters' share), readCap and FIRST_READ_MOST. Ordered, they give the
   * page whatever their count: an estimate too low (words that go together, as in "sticker sheet")
   * costs no second read of the same matches, as long as they are within this many.
   */
  const firstCap = surelyFew
    ? SEARCH_RESULT_LIMIT
    : Math.max(
        SEARCH_RESULT_LIMIT,
        Math.min(readCap(reach), FIRST_READ_MOST, Math.ceil(estimate.upper[2] * share)),
      );

  if (offset >= SEARCH_RESULT_LIMIT) {
    if (!likelyFew) return pageOf([], pastLimit);
    const { count } = await db.one<{ count: number }>(
      `SELECT count(*)::integer AS count FROM (
         SELECT 1 FROM prompts p ${joins} WHERE ${matching('p.search_doc')} LIMIT ${SEARCH_RESULT_LIMIT + 1}) AS c`,
      params,
    );
    return pageOf([], capped(count));
  }

  const sort = query.sort ?? 'relevance';
  const order = ORDER_BY[sort];
  const columns = 'p.id, p.popularity, p.created_at, p.grade, p.price_key';
  const ordered = `SELECT p0.*, (p0.views + p0.sales * 25) AS popularity,
      COALESCE(p0.price_fruit, p0.price_cents, 0) AS price_key FROM prompts p0`;
  const rank = `CASE WHEN p.title_doc @@ ${positiveOnce} THEN 3 WHEN p.label_doc @@ ${positiveOnce} THEN 2 ELSE 1 END`;

  const highlighted = (rows: CardRow[]): PromptCard[] =>
    rows.map((row) => ({
      ...toCard(row, signedIn),
      match: {
        title: markMatches(row.title, search.highlight) ?? row.title,
        excerpt: excerptMatches(row.description, search.highlight) ?? excerptOf(row.description),
      },
    }));
  const answer = async (data: PromptCard[], total: { total: number; totalExact: boolean }) =>
    total.total === 0
      ? { ...pageOf(data, total), suggestions: await suggestionsFor(db, search.words) }
      : pageOf(data, total);

  if (likelyFew) {
    // Every match (up to one past the limit), ranked, ordered and counted; the page's cards.
    const rows = await db.query<CardRow & { count: number; id: number | null }>(
      `WITH m AS MATERIALIZED (
         SELECT ${columns}${sort === 'relevance' ? `, ${rank} AS rank` : ''}
         FROM (${ordered}) AS p ${matchJoins}
         WHERE ${matching('p.search_doc')} LIMIT ${firstCap + 1}),
       page AS (
         SELECT m.id, row_number() OVER (ORDER BY ${order}) AS n FROM m
         ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset})
       SELECT c.count, ${CARD_COLUMNS}
       FROM (SELECT count(*)::integer AS count FROM m) AS c
       LEFT JOIN (page JOIN prompts p ON p.id = page.id ${joins}) ON true
       ORDER BY page.n`,
      params,
    );
    const count = rows[0]?.count ?? 0;
    if (count <= firstCap) {
      return answer(highlighted(rows.filter((row) => row.id !== null)), capped(count));
    }
    underestimate = Math.max(1, count / Math.max(likely(2), 1));
    pastLimitSurely = true;
  }

  /**
   * The page's cards among the first rows of an order (`top`: id and n, its place), but for the first
   * `skip`: only their ids (they come before the page).
   */
  const cardsOf = (skip: number): string =>
    skip > 0
      ? `${CARD_COLUMNS.replace(/^p\.id,/, 'top.id AS id,')}
         FROM top LEFT JOIN (prompts p ${joins}) ON p.id = top.id AND top.n > ${skip}`
      : `${CARD_COLUMNS} FROM top JOIN prompts p ON p.id = top.id ${joins}`;
  /**
   * The first `limit` matches of a document through its full-text index (up to `cap` read; those within
   * a window only), as cards (see cardsOf), and how many matched (cap + 1: more than cap).
   */
  const readAll = async (
    doc: string,
    order: string,
    limit: number,
    read: { cap: number | null; window?: string; skip: number; rank?: string },
  ) => {
    const rows = await db.query<CardRow & { count: number }>(
      `WITH m AS MATERIALIZED (
         SELECT ${columns}${read.rank === undefined ? '' : `, ${read.rank} AS rank`}
         FROM (${ordered}) AS p ${matchJoins}
         WHERE ${matching(doc)}${read.window === undefined ? '' : ` AND ${read.window}`}
         ${read.cap === null ? '' : `LIMIT ${read.cap + 1}`}),
       top AS (SELECT m.id, row_number() OVER (ORDER BY ${order}) AS n FROM m ORDER BY ${order} LIMIT ${limit})
       SELECT (SELECT count(*) FROM m)::integer AS count, ${cardsOf(read.skip)}
       ORDER BY top.n`,
      params,
    );
    return { rows, count: rows[0]?.count ?? 0 };
  };
  // The filters' conditions on the prompt alone (cheap), tested before a walk tests its rows against the
  // search: else the planner tests the search first (it puts equalities with constants last).
  const prefilter =
    query.grade !== null || query.generatorType !== null || query.tags.length > 0
      ? base.where.filter((condition) => !condition.includes('f.user_id'))
      : [];
  /** The first `limit` matches of a document among the first `rows` prompts of an order, as cards. */
  const walk = (doc: string, order: string, limit: number, rows: number, skip: number) =>
    db.query<CardRow>(
      `WITH w AS MATERIALIZED (
         SELECT ${columns} FROM (${
           prefilter.length === 0
             ? `${ordered} ORDER BY ${order} LIMIT ${rows}`
             : `SELECT * FROM (${ordered} ORDER BY ${order} LIMIT ${rows}) AS p
                WHERE ${prefilter.join(' AND ')} ORDER BY ${order} OFFSET 0`
         }) AS p ${matchJoins}
         WHERE ${matching(doc, true)} ORDER BY ${order} LIMIT ${limit}),
       top AS (SELECT w.id, row_number() OVER (ORDER BY ${order}) AS n FROM w)
       SELECT ${cardsOf(skip)}
       ORDER BY top.n`,
      params,
    );
  /** What a row walked costs in popularity order (see WALK_ROW_COST), for relevance document `i`. */
  const walkCostOf = (i: 0 | 1 | 2): number =>
    prefilter.length === 0 && (i < 2 || pastLimitSurely) ? WALK_ROW_COST : 1;
  /** A window of about `k` prompts (see WINDOW_MIN), or null: none that small in this catalog. */
  const windowOf = (k: number): number | null => {
    const rounded = WINDOW_MIN * 2 ** Math.max(0, Math.ceil(Math.log2(k / WINDOW_MIN)));
    return size >= KEPT_TOTALS_FROM && rounded < size / 2 ? rounded : null;
  };
  /**
   * What reading the first `limit` of `found` matches of relevance document `i` in the popularity order
   * within a window costs, for the plan (Infinity: no window in this catalog).
   */
  const windowCost = (i: 0 | 1 | 2, limit: number, found = likely(i)): number => {
    const k = windowOf((2 * limit * size) / Math.max(found, 1));
    return k === null ? Infinity : (k + candidates(i)) * WINDOW_ENTRY_COST + 2 * limit + WINDOW_COST;
  };
  /**
   * Whether the first `limit` matches of relevance document `i` in the popularity order are read whole.
   * With a grade or generator filter, the filters' indexes are ANDed with the full-text index's: fewer
   * rows are fetched than the full-text index gives, and a window holds fewer matches than estimated
   * (the filters' share of a title or tag word is not known): a window is no cheaper.
   */
  const readWhole = (i: 0 | 1 | 2, limit: number, found = likely(i)): boolean =>
    candidates(i) <=
    Math.min(walkLength(limit, found) * walkCostOf(i), filtered ? Infinity : windowCost(i, limit, found));
  /**
   * The first `limit` matches of relevance document `i` in an order, read within a window of the order of
   * about `k` prompts, wider (twice to four times) while it holds too few; past half the catalog, all of
   * them (see firstMatches).
   */
  const windowed = async (
    i: 0 | 1 | 2,
    orderBy: WindowSort,
    limit: number,
    skip: number,
    first: number | null,
  ): Promise<{ rows: CardRow[]; count: number | null }> => {
    const doc = RELEVANCE_DOCS[i];
    const order = ORDER_BY[orderBy];
    for (let k = first, tries = 0; k !== null && tries < 3; tries++) {
      const end = await windowEnd(db, orderBy, k, size);
      if (end === null) break;
      const read = await readAll(doc, order, limit, {
        cap: null,
        window: WINDOWS[orderBy].where(end),
        skip,
      });
      if (read.rows.length >= limit) return { rows: read.rows, count: null };
      // Matches of a series are close in these orders: what one window holds says little of the next
      // (twice to four times as wide).
      k = windowOf(Math.min(4 * k, Math.max(2 * k, (1.5 * limit * k) / Math.max(read.count, 1))));
    }
    return readAll(doc, order, limit, { cap: null, skip });
  };
  /**
   * The first `limit` matches of relevance document `i` in an order, and how many match when all of them
   * were read (else null); the first `skip` as ids only (see cardsOf).
   *
   * In popularity order: read through the full-text index when that costs less than a walk of the
   * order's index would and than a window of it (up to readCap matches: more, and it walks or takes a
   * window after all); else walked (see below; at most WALK_LIMIT rows at a time) or, when that costs
   * less, read within a window. Words are spread over the popularity order about evenly; over newness
   * and price less so (a series of prompts shares its words, its date and its price): in those orders, the
   * matches within a window of the order instead, its first k prompts in the catalog, k for about twice
   * `limit` matches by the estimate. The database ANDs the window's bitmap from the order's index with the
   * full-text index's, so only the window's matches are fetched, and their first `limit` are the order's
   * first (every prompt past the window comes after them). Too few in it: a wider window (two to four
   * times); past half the catalog, all of them.
   *
   * The search document's count may be the total: it is read whole when likely within the limit.
   */
  const firstMatches = async (
    i: 0 | 1 | 2,
    orderBy: Exclude<ListSort, 'relevance'>,
    limit: number,
    skip: number,
  ): Promise<{ rows: CardRow[]; count: number | null }> => {
    const doc = RELEVANCE_DOCS[i];
    const order = ORDER_BY[orderBy];
    const counted = i === 2 && !pastLimitSurely;
    let found = likely(i);
    if (orderBy !== 'trending') {
      let k = windowOf((2 * limit * size) / Math.max(found, 1));
      const many = search.tsQuery?.negative === null && found >= 2 * SEARCH_RESULT_LIMIT;
      if (
        k === null ||
        (counted && !many) ||
        candidates(i) <= k * WINDOW_ENTRY_COST + 2 * limit + WINDOW_COST
      ) {
        const cap = readCap(limit);
        const read = await readAll(doc, order, limit, { cap, skip });
        if (read.count <= cap) return read;
        found = read.count;
        k = windowOf((2 * limit * size) / found);
      }
      return windowed(i, orderBy, limit, skip, k);
    }
    const walkCost = walkCostOf(i);
    if (readWhole(i, limit, found)) {
      const cap = readCap(limit);
      const read = await readAll(doc, order, limit, { cap, skip });
      if (read.count <= cap) return read;
      found = read.count;
    }
    // A window of the popularity order instead of the walk, when its index entries and the full-text
    // index's cost less than the rows the walk would visit (a rarer word, or a filter).
    if (windowCost(i, limit, found) < 2 * walkLength(limit, found) * walkCost) {
      return windowed(i, orderBy, limit, skip, windowOf((2 * limit * size) / Math.max(found, 1)));
    }
    // Walked for twice the expected length. Not found by then: again, as far as the matches found so far
    // say it takes (half as far again, at least twice and at most eight times as far), while that costs
    // less than reading the rows the full-text index gives; then all of those.
    let length = Math.min(WALK_LIMIT, Math.ceil(2 * walkLength(limit, found)) + 100);
    for (;;) {
      const rows = await walk(doc, order, limit, length, skip);
      if (rows.length === limit) return { rows, count: null };
      const further = Math.ceil((1.5 * length * limit) / Math.max(rows.length, 1));
      const next = Math.min(WALK_LIMIT, Math.max(2 * length, Math.min(8 * length, further)));
      if (next === length || next * walkCost >= candidates(i)) break;
      length = next;
    }
    return readAll(doc, order, limit, { cap: null, skip });
  };

  // The results up to the end of the page, in order, and the count when every match was read.
  const results: CardRow[] = [];
  let count: number | null = null;
  if (sort === 'relevance') {
    const seen = new Set<number>();
    let from = 0;
    // Few title matches likely, and the title-and-tags group read whole: both groups in one read of the
    // label document (it holds the title), title matches first. With a grade or generator filter, also
    // when the title group would be read whole: the filters' index is ANDed with the label document's, so
    // the wider read fetches few more rows, and the filters' share of the title group is not known (title
    // words go with grades and generators far more than the search document's).
    if ((likely(0) < reach || (filtered && readWhole(0, reach))) && readWhole(1, reach)) {
      const cap = readCap(reach);
      const both = await readAll(RELEVANCE_DOCS[1], ORDER_BY.relevance, reach, {
        cap,
        skip: offset,
        rank: `CASE WHEN p.title_doc @@ ${positiveOnce} THEN 3 ELSE 2 END`,
      });
      if (both.count <= cap) {
        for (const row of both.rows) seen.add(row.id);
        results.push(...both.rows);
        from = 2;
      }
    }
    for (const i of ([0, 1, 2] as const).filter((i) => i >= from)) {
      if (results.length >= reach) break;
      // This document's matches include those taken so far (the groups before), so its first `reach`
      // matches hold at least the `reach - results.length` new ones the page needs; its first
      // `offset - results.length` come before the page, whichever of them are new.
      const group = await firstMatches(i, 'trending', reach, Math.max(0, offset - results.length));
      for (const row of group.rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        results.push(row);
      }
      if (i === 2) count = group.count;
      if (results.length >= reach) break;
    }
  } else {
    const all = await firstMatches(2, sort, reach, offset);
    results.push(...all.rows);
    count = all.count;
  }
  // Uncounted: past the limit, or estimated to be.
  return answer(
    highlighted(results.slice(offset, offset + query.pageSize)),
    count === null ? pastLimit : capped(count),
  );
}

export async function listPrompts(db: Queryable, query: ListQuery): Promise<ListPage> {
  const params: unknown[] = [query.userId];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // $1 is the caller; every query below joins their access and favourite rows (unused joins are removed).
  const joins = userJoins(1);
  // Hidden prompts (migration 011) are in no list and no search.
  const where: string[] = [VISIBLE];
  if (query.grade !== null) where.push(`p.grade = ${param(query.grade)}`);
  if (query.generatorType !== null) where.push(`p.generator_type = ${param(query.generatorType)}`);
  if (query.tags.length > 0) where.push(`p.tags @> ${param(query.tags)}::text[]`);
  if (query.saved) where.push('f.user_id IS NOT NULL');

  const q = query.q?.trim() ?? '';
  if (q !== '') return searchPrompts(db, query, q, { params, where, joins });

  const offset = (query.page - 1) * query.pageSize;
  const sort = query.sort === null || query.sort === 'relevance' ? 'trending' : query.sort;
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const countSql = `SELECT count(*)::integer AS total FROM prompts p ${joins} ${filter}`;
  // A caller's saved prompts change with every save: never kept. Tags in any order are the same filter.
  const key = JSON.stringify([query.grade, query.generatorType, [...query.tags].sort()]);
  const [rows, total] = await Promise.all([
    db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM prompts p ${joins} ${filter}
       ORDER BY ${ORDER_BY[sort]} LIMIT ${query.pageSize} OFFSET ${offset}`,
      params,
    ),
    query.saved
      ? db.one<{ total: number }>(countSql, params).then((row) => row.total)
      : where.length === 1
        ? catalogSize(db)
        : listTotal(db, key, countSql, params),
  ]);
  return {
    data: rows.map((row) => toCard(row, query.userId !== null)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Cards by an arbitrary filter and order (home sections, related, popular). */
async function cardsWhere(
  db: Queryable,
  options: { where: string; params: unknown[]; order: string; limit: number; userId: string | null },
): Promise<PromptCard[]> {
  const n = options.params.length + 1;
  const rows = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM prompts p ${userJoins(n)}
     WHERE ${VISIBLE} AND (${options.where}) ORDER BY ${options.order} LIMIT ${options.limit}`,
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

/** Views counted together (server/catalog/view-counts.ts): per prompt, and the signed-in viewers. */
export interface ViewBatch {
  /** How many views each prompt got. */
  views: { promptId: number; count: number }[];
  /** One row per viewer and prompt: when they last viewed it. */
  viewers: { userId: string; promptId: number; viewedAt: Date }[];
}

/**
 * Counts a batch of views in one statement, like recordView for each: the prompts' view counts, and each
 * signed-in viewer's row (viewed_at their latest view). Prompts or users that no longer exist are
 * skipped. The prompts are locked in id order, so two batches written at once cannot deadlock.
 */
export async function recordViews(db: Queryable, batch: ViewBatch): Promise<void> {
  if (batch.views.length === 0 && batch.viewers.length === 0) return;
  const viewers = new Map<string, ViewBatch['viewers'][number]>();
  for (const v of batch.viewers) {
    const key = `${v.userId} ${v.promptId}`;
    const seen = viewers.get(key);
    if (seen === undefined || seen.viewedAt < v.viewedAt) viewers.set(key, v);
  }
  const rows = [...viewers.values()];
  await db.query(
    `WITH v AS (
       SELECT prompt_id, sum(n)::integer AS n FROM unnest($1::integer[], $2::integer[]) AS v(prompt_id, n)
       GROUP BY prompt_id),
     locked AS (SELECT p.id FROM prompts p JOIN v ON v.prompt_id = p.id ORDER BY p.id FOR UPDATE OF p),
     counted AS (
       UPDATE prompts p SET views = p.views + v.n FROM v
       WHERE p.id = v.prompt_id AND p.id IN (SELECT id FROM locked) RETURNING p.id)
     INSERT INTO prompt_views AS pv (user_id, prompt_id, viewed_at)
     SELECT w.user_id, w.prompt_id, w.viewed_at
     FROM unnest($3::uuid[], $4::integer[], $5::timestamptz[]) AS w(user_id, prompt_id, viewed_at)
     WHERE EXISTS (SELECT 1 FROM prompts p WHERE p.id = w.prompt_id)
       AND EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)
     ON CONFLICT (user_id, prompt_id) DO UPDATE SET viewed_at = GREATEST(pv.viewed_at, EXCLUDED.viewed_at)`,
    [
      batch.views.map((v) => v.promptId),
      batch.views.map((v) => v.count),
      rows.map((v) => v.userId),
      rows.map((v) => v.promptId),
      rows.map((v) => v.viewedAt.toISOString()),
    ],
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

/**
 * The art of one shown prompt's example images and its stored image files in order (sha256 keys of
 * prompt_image_files; empty: its images are drawn from the art), or null for an unknown or hidden prompt.
 */
export async function findPromptArt(
  db: Queryable,
  id: number,
): Promise<{ art: ArtSpec; generatorType: number; imageCount: number; files: string[] } | null> {
  const row = await db.maybeOne<{
    art: ArtSpec;
    generator_type: number;
    image_count: number;
    files: string[] | null;
  }>(
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
