// Searches of the catalog (GET /api/prompts?q=): the plan of a search, chosen from the vocabulary's counts
// before any prompt is read, and the statements that read its page. Search headlines are made from the
// title and the description only, never from the template.
import type { PromptCard } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { ORDER_BY, type ListPage, type ListQuery, type ListSort } from './list-query.ts';
import { catalogSize, KEPT_TOTALS_FROM, totalsOf } from './list-totals.ts';
import { CARD_COLUMNS, excerptOf, toCard, type CardRow } from './rows.ts';
import { compileSearch } from './search.ts';
import { excerptMatches, markMatches } from './search-highlights.ts';
import { suggestionsFor } from './search-suggestions.ts';
import { filterCells } from './search-words.ts';

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
export async function searchPrompts(
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
