// The server under test, started exactly as `npm start` starts it after its build: `node --import tsx
// server/main.ts`, here on a free port and a fresh scratch DATA_DIR (so the demo data is seeded the same way
// every run and nothing of ./data is touched). NODE_ENV is never passed on (development), because production
// refuses to seed the demo accounts the API and browser stages sign in with. Its log (one short line per
// request, development's) goes to a file, not to our terminal.
//
// The database is the embedded PGlite in that DATA_DIR unless a databaseUrl is given: then DATABASE_URL
// points the server at PostgreSQL (an empty database, migrated and seeded on start the same way). A
// DATABASE_URL in the bench's own environment is not passed on, so "PGlite" always means PGlite.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { freePort } from '../../tests/support/free-port.ts';
import { join, resolve } from 'node:path';
import { log, sleep } from './util.ts';

export interface RunningServer {
  engine: 'pglite' | 'postgres';
  origin: string;
  port: number;
  logFile: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (bind to 0, read it, release it). */
export async function startServer(opts: {
  scratchDir: string;
  port?: number;
  /** PostgreSQL instead of PGlite: the server's DATABASE_URL. */
  databaseUrl?: string;
}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const engine = opts.databaseUrl === undefined ? 'pglite' : 'postgres';
  const suffix = engine === 'pglite' ? '' : '-postgres';
  const dataDir = resolve(opts.scratchDir, `server-data${suffix}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(opts.scratchDir, { recursive: true });
  const logFile = join(opts.scratchDir, `server${suffix}.log`);
  const out = openSync(logFile, 'w');
  // 127.0.0.1 rather than localhost everywhere: no IPv6/IPv4 guessing, and PUBLIC_ORIGIN (canonical links,
  // Open Graph URLs that Lighthouse's SEO audits read) then names the origin the pages are loaded from.
  const origin = `http://127.0.0.1:${port}`;
  // Both engines' servers run alike, in development mode (demo data, which the API stage signs in with):
  // not with a DATABASE_URL from the shell, nor with the NODE_ENV=production a Vite build in this process
  // sets (the bundle stage), which would refuse the default secrets.
  const { DATABASE_URL: _url, NODE_ENV: _mode, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      ...(opts.databaseUrl !== undefined ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start; see ${logFile}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
    }
    await sleep(250);
  }
  log(
    `  server ${origin} on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} (pid ${child.pid}, data ${dataDir}, log ${logFile})`,
  );

  return {
    engine,
    origin,
    port,
    logFile,
    stop: async () => {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM'); // main.ts closes the app and the database on SIGTERM
      await Promise.race([done, sleep(15_000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
