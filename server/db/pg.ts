// An external PostgreSQL server (DATABASE_URL) through a `pg` pool, decoding rows like PGlite does.
import pg from 'pg';
import { withHelpers, type Db, type Queryable } from './types.ts';

const INT8 = 20;

/** int8 (counts, bigint ids) as number, like PGlite; everything else as pg decodes it by default. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 && format !== 'binary') return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

const wrapClient = (client: pg.PoolClient | pg.Pool): Queryable =>
  withHelpers(
    async <T extends object>(sql: string, params?: readonly unknown[]) =>
      (await client.query<T & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows as T[],
    async (sql: string) => {
      await client.query(sql);
    },
  );

export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const base = wrapClient(pool);
  return {
    ...base,
    kind: 'pg',
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
