// The configuration of an operator's command (npm run migrate, keys, ...): the server's own, from the same
// environment, or null after saying what is wrong with it on stderr (the command then exits 1); the
// configured database as such a command opens it; and how the command ends.
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';
import { openDb, type Db } from '../../server/db/index.ts';

export function loadCommandConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/**
 * Runs `work` on the configured database, closed after it: the embedded one on this thread (a command that
 * exits needs no worker).
 */
export async function withCommandDb<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(config, { ...process.env, PGLITE_THREAD: '0' });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Runs a command's main and exits with the code it answers, or with 1 after `<what> failed: …` on stderr. */
export function exitWith(what: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
