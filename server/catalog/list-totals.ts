// The totals of lists: how many prompts the catalog shows, and how many a list's filter holds. A big
// catalog keeps them until it changes (clearListTotals); the windows of searches are kept with them
// (search-windows.ts).
import type { Queryable } from '../db/index.ts';

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

/** The totals kept for a database; a new map after clearListTotals (the windows' ends are kept by it). */
export function totalsOf(db: Queryable): Map<string, number> {
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
export async function listTotal(db: Queryable, key: string, sql: string, params: unknown[]): Promise<number> {
  const kept = keptTotal(db, key);
  if (kept !== undefined) return kept;
  const [{ total }, size] = await Promise.all([db.one<{ total: number }>(sql, params), catalogSize(db)]);
  if (size >= KEPT_TOTALS_FROM) keepTotal(db, key, total);
  return total;
}
