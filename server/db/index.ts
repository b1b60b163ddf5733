// The database plugin's entry: the embedded PGlite in $DATA_DIR/pglite, or PostgreSQL when DATABASE_URL
// is set. Same schema, same migrations, same SQL.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { openPg } from './pg.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, Row } from './types.ts';
export { NoRowError } from './types.ts';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl !== null) return openPg(config.databaseUrl);
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}
