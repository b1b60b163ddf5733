// The statements of a search (search-plan.ts): its conditions, and the reads of its matches, through a
// full-text index (whole, or within a window of an order) or by a walk of an order's index.
import type { Queryable } from '../db/index.ts';
import type { ListQuery } from './list-query.ts';
import { CARD_COLUMNS, type CardRow } from './rows.ts';
import type { TsQueries } from './search.ts';

/** The columns a search reads of each match: its id and its values in the orders. */
export const MATCH_COLUMNS = 'p.id, p.popularity, p.created_at, p.grade, p.price_key';
/** The prompts with the order columns of CARD_COLUMNS (popularity, price_key), where matches are read. */
export const ORDERED = `SELECT p0.*, (p0.views + p0.sales * 25) AS popularity,
      COALESCE(p0.price_fruit, p0.price_cents, 0) AS price_key FROM prompts p0`;

/** A list's filter (listPrompts): its parameters ($1 the caller), its conditions, the caller's joins. */
export interface ListFilter {
  params: unknown[];
  where: string[];
  joins: string;
}

/** The pieces of a search's statements. */
export interface SearchSql {
  /** Every statement's parameters: the list filter's, then the search's. */
  params: unknown[];
  /** The caller's access and favourite rows, where the cards are made. */
  joins: string;
  /** The caller's rows where matches are read (see searchSql). */
  matchJoins: string;
  /** The search's tsquery, made once per statement (for row filters). */
  positiveOnce: string;
  /** The conditions of a match of a relevance document (`once`: with positiveOnce, for row filters). */
  matching: (doc: string, once?: boolean) => string;
  /** The filters' conditions on the prompt alone, tested before a walk tests its rows (see searchSql). */
  prefilter: string[];
}

/** Where a search's statements run, and their pieces. */
export interface SearchStatements {
  db: Queryable;
  sql: SearchSql;
}

export function searchSql(query: ListQuery, base: ListFilter, tsQuery: TsQueries): SearchSql {
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
  const tsQueryText = param(tsQuery.positive);
  // In an index condition (and for the planner's estimates), and once per statement for row filters.
  const positive = `to_tsquery('english', ${tsQueryText})`;
  const positiveOnce = `(SELECT to_tsquery('english', ${tsQueryText}))`;
  if (tsQuery.negative !== null) {
    where.push(`NOT (p.search_doc @@ (SELECT to_tsquery('english', ${param(tsQuery.negative)})))`);
  }
  const matching = (doc: string, once = false): string =>
    [...where, `${doc} @@ ${once ? positiveOnce : positive}`].join(' AND ');
  // The filters' conditions on the prompt alone (cheap), tested before a walk tests its rows against the
  // search: else the planner tests the search first (it puts equalities with constants last).
  const prefilter =
    query.grade !== null || query.generatorType !== null || query.tags.length > 0
      ? base.where.filter((condition) => !condition.includes('f.user_id'))
      : [];
  return { params, joins, matchJoins, positiveOnce, matching, prefilter };
}

/**
 * The page's cards among the first rows of an order (`top`: id and n, its place), but for the first
 * `skip`: only their ids (they come before the page).
 */
const cardsOf = (joins: string, skip: number): string =>
  skip > 0
    ? `${CARD_COLUMNS.replace(/^p\.id,/, 'top.id AS id,')}
         FROM top LEFT JOIN (prompts p ${joins}) ON p.id = top.id AND top.n > ${skip}`
    : `${CARD_COLUMNS} FROM top JOIN prompts p ON p.id = top.id ${joins}`;

/**
 * The first `limit` matches of a document through its full-text index (up to `cap` read; those within
 * a window only), as cards (see cardsOf), and how many matched (cap + 1: more than cap).
 */
export async function readAll(
  run: SearchStatements,
  doc: string,
  order: string,
  limit: number,
  read: { cap: number | null; window?: string; skip: number; rank?: string },
): Promise<{ rows: CardRow[]; count: number }> {
  const { sql } = run;
  const rows = await run.db.query<CardRow & { count: number }>(
    `WITH m AS MATERIALIZED (
         SELECT ${MATCH_COLUMNS}${read.rank === undefined ? '' : `, ${read.rank} AS rank`}
         FROM (${ORDERED}) AS p ${sql.matchJoins}
         WHERE ${sql.matching(doc)}${read.window === undefined ? '' : ` AND ${read.window}`}
         ${read.cap === null ? '' : `LIMIT ${read.cap + 1}`}),
       top AS (SELECT m.id, row_number() OVER (ORDER BY ${order}) AS n FROM m ORDER BY ${order} LIMIT ${limit})
       SELECT (SELECT count(*) FROM m)::integer AS count, ${cardsOf(sql.joins, read.skip)}
       ORDER BY top.n`,
    sql.params,
  );
  return { rows, count: rows[0]?.count ?? 0 };
}

/** The first `limit` matches of a document among the first `rows` prompts of an order, as cards. */
export function walk(
  run: SearchStatements,
  doc: string,
  order: string,
  limit: number,
  rows: number,
  skip: number,
): Promise<CardRow[]> {
  const { sql } = run;
  return run.db.query<CardRow>(
    `WITH w AS MATERIALIZED (
         SELECT ${MATCH_COLUMNS} FROM (${
           sql.prefilter.length === 0
             ? `${ORDERED} ORDER BY ${order} LIMIT ${rows}`
             : `SELECT * FROM (${ORDERED} ORDER BY ${order} LIMIT ${rows}) AS p
                WHERE ${sql.prefilter.join(' AND ')} ORDER BY ${order} OFFSET 0`
         }) AS p ${sql.matchJoins}
         WHERE ${sql.matching(doc, true)} ORDER BY ${order} LIMIT ${limit}),
       top AS (SELECT w.id, row_number() OVER (ORDER BY ${order}) AS n FROM w)
       SELECT ${cardsOf(sql.joins, skip)}
       ORDER BY top.n`,
    sql.params,
  );
}
