// The database plugin's entry: the embedded PGlite in $DATA_DIR/pglite, or PostgreSQL when DATABASE_URL
// is set. Same schema, same migrations, same SQL.
//
// PGlite runs in a worker thread (pglite-thread.ts, docs/decisions/011-database-thread.md) so that the
// database and the HTTP work use both cores. PGLITE_THREAD=0 (or "false"/"off") is the escape hatch: it
// opens PGlite on the main thread as before (openPglite, which the tests also use with their snapshots).
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { openPg } from './pg.ts';
import { openPglite } from './pglite.ts';
import { openPgliteThread } from './pglite-thread.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, Row } from './types.ts';
export { NoRowError } from './types.ts';

/** PGLITE_THREAD=0/false/off keeps PGlite on the main thread; anything else (or unset) uses the worker. */
export const pgliteInThread = (env: Record<string, string | undefined> = process.env): boolean =>
  !['0', 'false', 'off'].includes((env.PGLITE_THREAD ?? '').trim().toLowerCase());

export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  env: Record<string, string | undefined> = process.env,
): Promise<Db> {
  if (config.databaseUrl !== null) return openPg(config.databaseUrl);
  const dataDir = join(config.dataDir, 'pglite');
  return pgliteInThread(env) ? openPgliteThread({ dataDir }) : openPglite({ dataDir });
}
