// Searches of the catalog (GET /api/prompts?q=): the plan of a search, chosen from the vocabulary's counts
// before any prompt is read, and the steps that read its page (search-sql.ts). Search headlines are made from the
// title and the description only, never from the template.
import type { PromptCard } from '../../domain/catalog.ts';
import type { Queryable } from '../db/index.ts';
import { ORDER_BY, type ListPage, type ListQuery, type ListSort } from './list-query.ts';
import { catalogSize } from './list-totals.ts';
import { CARD_COLUMNS, excerptOf, toCard, type CardRow } from './rows.ts';
import { compileSearch, type CompiledSearch, type Estimate } from './search.ts';
import { excerptMatches, markMatches } from './search-highlights.ts';
import {
  MATCH_COLUMNS,
  ORDERED,
  readAll,
  searchSql,
  walk,
  type ListFilter,
  type SearchStatements,
} from './search-sql.ts';
import { suggestionsFor } from './search-suggestions.ts';
import { filterCells } from './search-words.ts';
import {
  WINDOW_COST,
  WINDOW_ENTRY_COST,
  WINDOWS,
  windowEnd,
  windowOf,
  type WindowSort,
} from './search-windows.ts';

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
/** A relevance document: its place in RELEVANCE_DOCS and in the estimates' counts. */
type Doc = 0 | 1 | 2;

interface Total {
  total: number;
  totalExact: boolean;
}

const capped = (count: number): Total => ({
  total: Math.min(count, SEARCH_RESULT_LIMIT),
  totalExact: count <= SEARCH_RESULT_LIMIT,
});
const PAST_LIMIT: Total = { total: SEARCH_RESULT_LIMIT, totalExact: false };

/**
 * The estimates of a search (see searchPrompts) and what each way of reading its matches costs; the
 * estimates are raised when a read finds more matches than they said.
 */
class SearchPlan {
  /**
   * Raised when more matched than estimated (the parts or the filters are not independent): the likely
   * counts are at least what was found.
   */
  underestimate = 1;
  /** More than SEARCH_RESULT_LIMIT match: counted past it. */
  pastLimitSurely = false;
  /** A grade or generator filter. */
  readonly filtered: boolean;
  /** The filters' share of the matches. */
  readonly share: number;
  readonly estimate: Estimate;
  /** The end of the page, within the limit. */
  readonly reach: number;
  readonly likelyFew: boolean;
  /**
   * Matches the first read (likely few) takes: the limit when surely no more match; else, when more may
   * match, up to the bound (with the filters' share), readCap and FIRST_READ_MOST. Ordered, they give the
   * page whatever their count: an estimate too low (words that go together, as in "sticker sheet")
   * costs no second read of the same matches, as long as they are within this many.
   */
  readonly firstCap: number;

  constructor(
    query: ListQuery,
    search: CompiledSearch,
    private readonly size: number,
    offset: number,
    /** The filters tested before a walk (SearchSql.prefilter). */
    private readonly prefilter: readonly string[],
  ) {
    // The filters' share of the matches: from the words' counts per grade and generator (else a fixed
    // share); a tag's share: how many prompts have it as a word of their title or tags, at most.
    this.filtered = query.grade !== null || query.generatorType !== null;
    this.share =
      (this.filtered
        ? (search.filterShare(filterCells(query.grade, query.generatorType)) ??
          (query.grade === null ? 1 : FILTER_SHARE.grade) *
            (query.generatorType === null ? 1 : FILTER_SHARE.generator))
        : 1) *
      query.tags.reduce(
        (product, tag) => product * Math.min(1, (search.tags.get(tag)?.[1] ?? 0) / Math.max(size, 1)),
        1,
      );
    this.estimate = search.estimate(size);
    this.reach = Math.min(offset + query.pageSize, SEARCH_RESULT_LIMIT);
    const surelyFew = query.saved === true || this.estimate.upper[2] <= SEARCH_RESULT_LIMIT;
    this.likelyFew = surelyFew || this.likely(2) <= SEARCH_RESULT_LIMIT;
    this.firstCap = surelyFew
      ? SEARCH_RESULT_LIMIT
      : Math.max(
          SEARCH_RESULT_LIMIT,
          Math.min(this.readCap(this.reach), FIRST_READ_MOST, Math.ceil(this.estimate.upper[2] * this.share)),
        );
  }

  /** How many prompts are likely to match in a relevance document (with the filters). */
  likely(doc: Doc): number {
    return this.estimate.expected[doc] * this.share * this.underestimate;
  }

  /**
   * How many prompts its full-text index gives (before the filters): between the likely and the most
   * (the same for one word).
   */
  candidates(doc: Doc): number {
    return Math.sqrt(Math.max(this.estimate.expected[doc], 1) * Math.max(this.estimate.upper[doc], 1));
  }

  /** Rows of an order's index walked to find `limit` matches (see searchPrompts). */
  walkLength(limit: number, matches: number): number {
    return (limit * this.size) / Math.max(matches, 1);
  }

  /** The most matches read at once (see searchPrompts). */
  readCap(limit: number): number {
    return Math.ceil(2 * Math.sqrt(limit * this.size));
  }

  /** What a row walked costs in popularity order (see WALK_ROW_COST), for relevance document `i`. */
  walkCostOf(i: Doc): number {
    return this.prefilter.length === 0 && (i < 2 || this.pastLimitSurely) ? WALK_ROW_COST : 1;
  }

  /** A window of about `k` prompts in this catalog (see search-windows.ts windowOf). */
  windowOf(k: number): number | null {
    return windowOf(k, this.size);
  }

  /**
   * What reading the first `limit` of `found` matches of relevance document `i` in the popularity order
   * within a window costs, for the plan (Infinity: no window in this catalog).
   */
  windowCost(i: Doc, limit: number, found = this.likely(i)): number {
    const k = this.windowOf((2 * limit * this.size) / Math.max(found, 1));
    return k === null ? Infinity : (k + this.candidates(i)) * WINDOW_ENTRY_COST + 2 * limit + WINDOW_COST;
  }

  /**
   * Whether the first `limit` matches of relevance document `i` in the popularity order are read whole.
   * With a grade or generator filter, the filters' indexes are ANDed with the full-text index's: fewer
   * rows are fetched than the full-text index gives, and a window holds fewer matches than estimated
   * (the filters' share of a title or tag word is not known): a window is no cheaper.
   */
  readWhole(i: Doc, limit: number, found = this.likely(i)): boolean {
    return (
      this.candidates(i) <=
      Math.min(
        this.walkLength(limit, found) * this.walkCostOf(i),
        this.filtered ? Infinity : this.windowCost(i, limit, found),
      )
    );
  }
}

/** One search as its steps share it. */
interface SearchRun extends SearchStatements {
  query: ListQuery;
  search: CompiledSearch;
  /** How many prompts the catalog shows. */
  size: number;
  offset: number;
  plan: SearchPlan;
}

const pageOf = (query: ListQuery, data: PromptCard[], total: Total): ListPage => ({
  data,
  page: query.page,
  pageSize: query.pageSize,
  ...total,
});

/** The page, with suggestions when nothing matched. */
const answer = async (run: SearchRun, data: PromptCard[], total: Total): Promise<ListPage> =>
  total.total === 0
    ? { ...pageOf(run.query, data, total), suggestions: await suggestionsFor(run.db, run.search.words) }
    : pageOf(run.query, data, total);

/** Cards with the search's matches marked in their title and excerpt. */
const highlighted = (run: SearchRun, rows: CardRow[]): PromptCard[] =>
  rows.map((row) => ({
    ...toCard(row, run.query.userId !== null),
    match: {
      title: markMatches(row.title, run.search.highlight) ?? row.title,
      excerpt: excerptMatches(row.description, run.search.highlight) ?? excerptOf(row.description),
    },
  }));

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
  base: ListFilter,
): Promise<ListPage> {
  const offset = (query.page - 1) * query.pageSize;
  const [search, size] = await Promise.all([compileSearch(db, q, query.tags), catalogSize(db)]);
  if (search.tsQuery === null) {
    // Only stop words, or only exclusions: nothing to look for.
    return {
      ...pageOf(query, [], { total: 0, totalExact: true }),
      suggestions: await suggestionsFor(db, search.words),
    };
  }
  const sql = searchSql(query, base, search.tsQuery);
  const plan = new SearchPlan(query, search, size, offset, sql.prefilter);
  const run: SearchRun = { db, query, search, size, offset, sql, plan };

  if (offset >= SEARCH_RESULT_LIMIT) return countPastLimit(run);
  const sort = query.sort ?? 'relevance';
  if (plan.likelyFew) {
    const page = await readLikelyFew(run, sort);
    if (page !== null) return page;
  }
  // The results up to the end of the page, in order, and the count when every match was read.
  const { rows, count } =
    sort === 'relevance' ? await relevanceGroups(run) : await firstMatches(run, 2, sort, plan.reach, offset);
  // Uncounted: past the limit, or estimated to be.
  return answer(
    run,
    highlighted(run, rows.slice(offset, offset + query.pageSize)),
    count === null ? PAST_LIMIT : capped(count),
  );
}

/** A page past the limit: empty; its total counted (up to one past the limit) when likely few match. */
async function countPastLimit(run: SearchRun): Promise<ListPage> {
  const { db, query, sql } = run;
  if (!run.plan.likelyFew) return pageOf(query, [], PAST_LIMIT);
  const { count } = await db.one<{ count: number }>(
    `SELECT count(*)::integer AS count FROM (
         SELECT 1 FROM prompts p ${sql.joins} WHERE ${sql.matching('p.search_doc')} LIMIT ${SEARCH_RESULT_LIMIT + 1}) AS c`,
    sql.params,
  );
  return pageOf(query, [], capped(count));
}

/**
 * The first read of a search likely within the limit (up to firstCap matches, see SearchPlan), as its
 * page; null when more matched than that: the plan then knows by how much it underestimated.
 */
async function readLikelyFew(run: SearchRun, sort: ListSort): Promise<ListPage | null> {
  const { db, query, offset, sql, plan } = run;
  const order = ORDER_BY[sort];
  const rank = `CASE WHEN p.title_doc @@ ${sql.positiveOnce} THEN 3 WHEN p.label_doc @@ ${sql.positiveOnce} THEN 2 ELSE 1 END`;
  // Every match (up to one past the limit), ranked, ordered and counted; the page's cards.
  const rows = await db.query<CardRow & { count: number; id: number | null }>(
    `WITH m AS MATERIALIZED (
         SELECT ${MATCH_COLUMNS}${sort === 'relevance' ? `, ${rank} AS rank` : ''}
         FROM (${ORDERED}) AS p ${sql.matchJoins}
         WHERE ${sql.matching('p.search_doc')} LIMIT ${plan.firstCap + 1}),
       page AS (
         SELECT m.id, row_number() OVER (ORDER BY ${order}) AS n FROM m
         ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset})
       SELECT c.count, ${CARD_COLUMNS}
       FROM (SELECT count(*)::integer AS count FROM m) AS c
       LEFT JOIN (page JOIN prompts p ON p.id = page.id ${sql.joins}) ON true
       ORDER BY page.n`,
    sql.params,
  );
  const count = rows[0]?.count ?? 0;
  if (count <= plan.firstCap) {
    return answer(
      run,
      highlighted(
        run,
        rows.filter((row) => row.id !== null),
      ),
      capped(count),
    );
  }
  plan.underestimate = Math.max(1, count / Math.max(plan.likely(2), 1));
  plan.pastLimitSurely = true;
  return null;
}

/** Matches in an order, as far as they were read, and how many match when all of them were read. */
interface Matches {
  rows: CardRow[];
  count: number | null;
}

/**
 * The results up to the end of the page in relevance order: the relevance groups one after the other,
 * each read as far as the page needs; the count when every match was read (else null).
 */
async function relevanceGroups(run: SearchRun): Promise<Matches> {
  const { offset, sql, plan } = run;
  const { reach } = plan;
  const results: CardRow[] = [];
  let count: number | null = null;
  const seen = new Set<number>();
  let from = 0;
  // Few title matches likely, and the title-and-tags group read whole: both groups in one read of the
  // label document (it holds the title), title matches first. With a grade or generator filter, also
  // when the title group would be read whole: the filters' index is ANDed with the label document's, so
  // the wider read fetches few more rows, and the filters' share of the title group is not known (title
  // words go with grades and generators far more than the search document's).
  if ((plan.likely(0) < reach || (plan.filtered && plan.readWhole(0, reach))) && plan.readWhole(1, reach)) {
    const cap = plan.readCap(reach);
    const both = await readAll(run, RELEVANCE_DOCS[1], ORDER_BY.relevance, reach, {
      cap,
      skip: offset,
      rank: `CASE WHEN p.title_doc @@ ${sql.positiveOnce} THEN 3 ELSE 2 END`,
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
    const group = await firstMatches(run, i, 'trending', reach, Math.max(0, offset - results.length));
    for (const row of group.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      results.push(row);
    }
    if (i === 2) count = group.count;
    if (results.length >= reach) break;
  }
  return { rows: results, count };
}

/**
 * The first `limit` matches of relevance document `i` in an order, and how many match when all of them
 * were read (else null); the first `skip` as ids only (see search-sql.ts cardsOf).
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
async function firstMatches(
  run: SearchRun,
  i: Doc,
  orderBy: Exclude<ListSort, 'relevance'>,
  limit: number,
  skip: number,
): Promise<Matches> {
  const { size, plan } = run;
  const doc = RELEVANCE_DOCS[i];
  const order = ORDER_BY[orderBy];
  const counted = i === 2 && !plan.pastLimitSurely;
  let found = plan.likely(i);
  if (orderBy !== 'trending') {
    let k = plan.windowOf((2 * limit * size) / Math.max(found, 1));
    const many = run.search.tsQuery?.negative === null && found >= 2 * SEARCH_RESULT_LIMIT;
    if (
      k === null ||
      (counted && !many) ||
      plan.candidates(i) <= k * WINDOW_ENTRY_COST + 2 * limit + WINDOW_COST
    ) {
      const cap = plan.readCap(limit);
      const read = await readAll(run, doc, order, limit, { cap, skip });
      if (read.count <= cap) return read;
      found = read.count;
      k = plan.windowOf((2 * limit * size) / found);
    }
    return windowed(run, i, orderBy, limit, skip, k);
  }
  const walkCost = plan.walkCostOf(i);
  if (plan.readWhole(i, limit, found)) {
    const cap = plan.readCap(limit);
    const read = await readAll(run, doc, order, limit, { cap, skip });
    if (read.count <= cap) return read;
    found = read.count;
  }
  // A window of the popularity order instead of the walk, when its index entries and the full-text
  // index's cost less than the rows the walk would visit (a rarer word, or a filter).
  if (plan.windowCost(i, limit, found) < 2 * plan.walkLength(limit, found) * walkCost) {
    return windowed(run, i, orderBy, limit, skip, plan.windowOf((2 * limit * size) / Math.max(found, 1)));
  }
  // Walked for twice the expected length. Not found by then: again, as far as the matches found so far
  // say it takes (half as far again, at least twice and at most eight times as far), while that costs
  // less than reading the rows the full-text index gives; then all of those.
  let length = Math.min(WALK_LIMIT, Math.ceil(2 * plan.walkLength(limit, found)) + 100);
  for (;;) {
    const rows = await walk(run, doc, order, limit, length, skip);
    if (rows.length === limit) return { rows, count: null };
    const further = Math.ceil((1.5 * length * limit) / Math.max(rows.length, 1));
    const next = Math.min(WALK_LIMIT, Math.max(2 * length, Math.min(8 * length, further)));
    if (next === length || next * walkCost >= plan.candidates(i)) break;
    length = next;
  }
  return readAll(run, doc, order, limit, { cap: null, skip });
}

/**
 * The first `limit` matches of relevance document `i` in an order, read within a window of the order of
 * about `k` prompts, wider (twice to four times) while it holds too few; past half the catalog, all of
 * them (see firstMatches).
 */
async function windowed(
  run: SearchRun,
  i: Doc,
  orderBy: WindowSort,
  limit: number,
  skip: number,
  first: number | null,
): Promise<Matches> {
  const doc = RELEVANCE_DOCS[i];
  const order = ORDER_BY[orderBy];
  for (let k = first, tries = 0; k !== null && tries < 3; tries++) {
    const end = await windowEnd(run.db, orderBy, k, run.size);
    if (end === null) break;
    const read = await readAll(run, doc, order, limit, {
      cap: null,
      window: WINDOWS[orderBy].where(end),
      skip,
    });
    if (read.rows.length >= limit) return { rows: read.rows, count: null };
    // Matches of a series are close in these orders: what one window holds says little of the next
    // (twice to four times as wide).
    k = run.plan.windowOf(Math.min(4 * k, Math.max(2 * k, (1.5 * limit * k) / Math.max(read.count, 1))));
  }
  return readAll(run, doc, order, limit, { cap: null, skip });
}
