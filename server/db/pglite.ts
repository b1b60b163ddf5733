// The embedded database: PostgreSQL compiled to WebAssembly (PGlite), one connection per process.
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { withHelpers, type Db, type Queryable } from './types.ts';

export interface PgliteOptions {
  /** Directory of the database files; omitted = in memory. */
  dataDir?: string;
  /** A tarball made by dumpDataDir() to start from (tests). */
  loadDataDir?: Blob | File;
}

const wrapTx = (tx: Transaction): Queryable =>
  withHelpers(
    async <T extends object>(sql: string, params?: readonly unknown[]) =>
      (await tx.query<T>(sql, params ? [...params] : undefined)).rows,
    async (sql: string) => {
      await tx.exec(sql);
    },
  );

export interface PgliteDb extends Db {
  readonly pglite: PGlite;
  /** An uncompressed tarball of the data directory, loadable with `loadDataDir`. */
  dump(): Promise<Blob>;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    // Trigram similarity for typo-tolerant search (migration 002 creates the extension).
    extensions: { pg_trgm },
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
  });
  const base = withHelpers(
    async <T extends object>(sql: string, params?: readonly unknown[]) =>
      (await pglite.query<T>(sql, params ? [...params] : undefined)).rows,
    async (sql: string) => {
      await pglite.exec(sql);
    },
  );
  return {
    ...base,
    kind: 'pglite',
    pglite,
    tx: <T>(fn: (q: Queryable) => Promise<T>) => pglite.transaction((tx) => fn(wrapTx(tx))),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
    dump: () => pglite.dumpDataDir('none'),
  };
}
