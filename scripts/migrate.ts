// `npm run migrate`: applies the pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and exits. A deployment runs it once before starting the app processes; the
// server still migrates on start, and the advisory lock of server/db/migrate.ts makes a server and this
// command, or several servers, starting together migrate once.
//
// With the embedded database (no DATABASE_URL) run it while the server is stopped: the embedded database
// belongs to one process at a time.
import { exitWith, loadCommandConfig, withCommandDb } from './lib/command-config.ts';
import { migrate } from '../server/db/migrate.ts';

async function main(): Promise<number> {
  const config = loadCommandConfig();
  if (config === null) return 1;
  const where = config.databaseUrl !== null ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/pglite`;
  const applied = await withCommandDb(config, (db) =>
    migrate(db, undefined, {
      onApplied: (m) => {
        process.stdout.write(`applied ${String(m.version).padStart(3, '0')}_${m.name}\n`);
      },
    }),
  );
  process.stdout.write(
    `Database: ${where}; ${applied.length > 0 ? `applied ${applied.length} migration(s)` : 'schema up to date'}\n`,
  );
  return 0;
}

exitWith('Migration', main);
