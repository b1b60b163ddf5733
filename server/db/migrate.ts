// Numbered SQL migrations (server/db/migrations/NNN_name.sql), applied in order, each in its own
// transaction and recorded in schema_migrations. A transaction-scoped advisory lock makes concurrent
// starts against one PostgreSQL server wait for each other instead of racing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** An arbitrary constant shared by every instance of this app: the advisory lock of migrations. */
const MIGRATION_LOCK = 727_017_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match?.[1] || !match[2])
        throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
      return { version: Number(match[1]), name: match[2], sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (i > 0 && migrations[i - 1]?.version === m.version)
      throw new Error(`Duplicate migration ${m.version}`);
  });
  return migrations;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Applies the pending migrations; returns the versions applied now (empty when up to date). */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await q.exec(CREATE_TABLE);
      const existing = await q.maybeOne('SELECT version FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (existing) return false;
      await q.exec(migration.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
