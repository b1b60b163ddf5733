// The one query layer of the server: the same PostgreSQL SQL runs on the embedded PGlite and on a
// `pg` pool (DATABASE_URL). Rows come back with the same JavaScript types on both: int2/int4/int8 as
// number, timestamptz as Date, jsonb parsed, text[] as string[]. Keep numeric columns out of the schema
// (money is integer cents) so no driver-specific string decoding leaks out.

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1..$n` parameters; returns the rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Like query, but exactly one row is expected (throws otherwise). */
  one<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T>;
  /** Like query, but zero or one row: the row or null. */
  maybeOne<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T | null>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn in a transaction: COMMIT when it resolves, ROLLBACK when it throws. Inside fn use only the
   * given Queryable; the embedded database serialises all access, so calling the outer Db from inside
   * fn waits for the transaction to end and never returns.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export class NoRowError extends Error {
  override name = 'NoRowError';
}

/** Builds one/maybeOne on top of a query function. */
export const withHelpers = (
  query: <T extends object>(sql: string, params?: readonly unknown[]) => Promise<T[]>,
  exec: (sql: string) => Promise<void>,
): Queryable => ({
  query,
  exec,
  async one<T extends object>(sql: string, params?: readonly unknown[]): Promise<T> {
    const rows = await query<T>(sql, params);
    if (rows.length !== 1 || rows[0] === undefined) {
      throw new NoRowError(`Expected exactly one row, got ${rows.length}`);
    }
    return rows[0];
  },
  async maybeOne<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | null> {
    const rows = await query<T>(sql, params);
    if (rows.length > 1) throw new NoRowError(`Expected at most one row, got ${rows.length}`);
    return rows[0] ?? null;
  },
});
