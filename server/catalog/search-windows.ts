// Windows of a list order, for searches (search-plan.ts): about the first k prompts of the catalog in an
// order, whose index the database ANDs with the full-text index's, so only a window's matches are fetched.
// Their ends are estimated from a sample of the catalog once, and kept with the list totals.
import type { Queryable } from '../db/index.ts';
import { KEPT_TOTALS_FROM, totalsOf } from './list-totals.ts';

/**
 * Windows of the other orders (newest, price; see firstMatches in search-plan.ts): about the first k
 * prompts of the catalog in the order, k WINDOW_MIN times a power of two and less than half the catalog,
 * in a catalog of KEPT_TOTALS_FROM prompts or more.
 */
export const WINDOW_MIN = 1024;
/**
 * For the plan, what a prompt of a window costs (its index entry, in a bitmap) relative to a match read
 * (its row fetched and sorted), and what a window costs besides. An entry takes about 0.07 µs on PGlite;
 * a match read whole, 1 to 2 µs when its page is cached and 10 to 15 µs when it is not: matches read
 * whole are spread over the table, while a window's are among the popular or new prompts.
 */
export const WINDOW_ENTRY_COST = 1 / 80;
export const WINDOW_COST = 200;
export type WindowSort = 'trending' | 'newest' | 'price_asc' | 'price_desc';
/**
 * The orders' windows: `at` is the order's values at a prompt (SQL expressions, as text), `where` the
 * condition on a prompt to be in the window that ends at those values (literals): each prompt in it comes
 * before every prompt outside it in the order. Written so the database ANDs the bitmap of the order's
 * index with the full-text index's (a range, or ranges of the price index).
 */
export const WINDOWS: Record<
  WindowSort,
  { order: string; at: string; where: (at: readonly string[]) => string }
> = {
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
export async function windowEnd(
  db: Queryable,
  sort: WindowSort,
  k: number,
  size: number,
): Promise<string[] | null> {
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

/** A window of about `k` prompts (see WINDOW_MIN) in a catalog of `size`, or null: none that small in it. */
export const windowOf = (k: number, size: number): number | null => {
  const rounded = WINDOW_MIN * 2 ** Math.max(0, Math.ceil(Math.log2(k / WINDOW_MIN)));
  return size >= KEPT_TOTALS_FROM && rounded < size / 2 ? rounded : null;
};
