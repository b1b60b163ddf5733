// `npm run migrate`: applies the pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and exits. A deployment runs it once before starting the app processes; the
// server still migrates on start, and the advisory lock of server/db/migrate.ts makes a server and this
// command, or several servers, starting together migrate once.
//
// With the embedded database (no DATABASE_URL) run it while the server is stopped: the embedded database
// belongs to one process at a time.
import { loadCommandConfig } from './lib/command-config.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';

async function main(): Promise<number> {
  const config = loadCommandConfig();
  if (config === null) return 1;
  const where = config.databaseUrl !== null ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/pglite`;
  // the embedded database on this thread: a command that exits needs no worker
  const db = await openDb(config, { ...process.env, PGLITE_THREAD: '0' });
  try {
    const applied = await migrate(db, undefined, {
      onApplied: (m) => {
        process.stdout.write(`applied ${String(m.version).padStart(3, '0')}_${m.name}\n`);
      },
    });
    process.stdout.write(
      `Database: ${where}; ${applied.length > 0 ? `applied ${applied.length} migration(s)` : 'schema up to date'}\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Migration failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
