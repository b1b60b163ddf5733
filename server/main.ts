// The server process: configuration, database (migrated, seeded with demo data outside production), the
// HTTP app on HOST:PORT (127.0.0.1 while the development stand-ins are on, every interface in production;
// server/config.ts), and a graceful shutdown on SIGINT/SIGTERM.
import { Worker } from 'node:worker_threads';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { readyLine } from './ready-line.ts';
import { seedDemo } from './seed/demo.ts';

const log = (message: string): void => {
  process.stdout.write(`${message}\n`);
};

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const db: Db = await openDb(config);
  const where = config.databaseUrl !== null ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/pglite`;
  const applied = await migrate(db);
  log(
    `Database: ${where}; ${applied.length > 0 ? `applied migrations ${applied.join(', ')}` : 'schema up to date'}`,
  );
  if (config.seedDemo) {
    const result = await seedDemo(db);
    log(result.seeded ? `Seeded demo data: ${JSON.stringify(result.counts)}` : 'Demo data already present');
  }

  const app = await buildApp({ db, config, logger: true, pageMetadata: true });
  let closing = false;
  // The embedded database's thread ending on its own leaves a server whose every call fails: stop, so
  // that a supervisor (systemd's Restart=, a container's restart policy) starts it again.
  if ('worker' in db && db.worker instanceof Worker) {
    db.worker.on('exit', (code) => {
      if (closing) return;
      process.stderr.write(`The database thread ended (exit code ${code}): stopping the server\n`);
      process.exit(1);
    });
  }
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log(readyLine(config, app.server.address()));
}

start().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
