// Numbered SQL migrations (server/db/migrations/NNN_name.sql), applied in order, each in its own
// transaction and recorded in schema_migrations. A whole run holds an advisory lock, so of several
// processes starting together on one database (or `npm run migrate` and a server) one migrates and the
// others wait for it, then find nothing left to do.
//
// Where the lock lives: a session lock belongs to one connection. On PostgreSQL (`pg`, a pool) a
// transaction kept open on one pooled connection holds it (pg_advisory_xact_lock, released with that
// transaction, also when the process dies) while the migrations run on other connections. The embedded
// database has one connection, which a transaction would keep to itself: there a session lock
// (pg_advisory_lock ... pg_advisory_unlock) is taken on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** An arbitrary constant shared by every instance of this app: the advisory lock of migrations. */
export const MIGRATION_LOCK = 727_017_001;

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

/** Runs fn while this process holds the migration lock (waiting for another holder first). */
async function withMigrationLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.kind === 'pg') {
    return db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      return fn();
    });
  }
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    return await fn();
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

export interface MigrateOptions {
  /** Called after each migration is committed, while the lock is still held (progress output, tests). */
  onApplied?: (migration: Migration) => void | Promise<void>;
}

/** Applies the pending migrations; returns the versions applied now (empty when up to date). */
export async function migrate(
  db: Db,
  migrations: Migration[] = loadMigrations(),
  options: MigrateOptions = {},
): Promise<number[]> {
  return withMigrationLock(db, () => applyPending(db, migrations, options));
}

async function applyPending(db: Db, migrations: Migration[], options: MigrateOptions): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.tx(async (q) => {
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
    if (done) {
      applied.push(migration.version);
      await options.onApplied?.(migration);
    }
  }
  return applied;
}
