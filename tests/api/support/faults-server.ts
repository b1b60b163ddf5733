// The fault test's server process (tests/api/faults.test.ts): the real server (server/main.ts) started on a
// data directory, or on a PostgreSQL database, SIGKILLed and started again, and its API called over real
// HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from '../../support/free-port.ts';
import type { PgCluster } from '../../support/postgres.ts';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const DATA_DIR = join(ROOT, '.tmp', `faults-${process.pid}`);

export interface Envelope {
  success: boolean;
  msg: string;
  extend: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------
// The database the rounds run on.

export type Engine = 'pglite' | 'postgres';

/**
 * What the rounds of one engine share: the engine, the scratch cluster and the database's URL (PostgreSQL
 * rounds), and the demo member's token once signed in.
 */
export const run: {
  engine: Engine;
  cluster: PgCluster | null;
  databaseUrl: string | null;
  token: string;
} = { engine: 'pglite', cluster: null, databaseUrl: null, token: '' };

// ---------------------------------------------------------------------------------------------------------
// The server process.

let child: ChildProcess | null = null;
export let origin = '';
let output = '';

export async function startServer(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR,
      NODE_ENV: 'test',
      DATABASE_URL: run.engine === 'postgres' ? (run.databaseUrl ?? '') : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('Storefront ready')) done(resolve);
    };
    const onExit = (code: number | null) =>
      done(() => reject(new Error(`The server exited (${code}) before it was ready:\n${output}`)));
    // generous: two shared cores under load start the server (tsx, PGlite, Fastify) slowly
    const timer = setTimeout(
      () => done(() => reject(new Error(`The server did not start:\n${output}`))),
      90_000,
    );
    const done = (then: () => void) => {
      clearTimeout(timer);
      proc.stdout?.off('data', onData);
      proc.off('exit', onExit);
      then();
    };
    proc.stdout?.on('data', onData);
    proc.on('exit', onExit);
    onData();
  });
}

export async function stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return proc?.exitCode ?? null;
  const exited = once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  proc.kill(signal);
  const [code] = await exited;
  return code;
}

/** Kills the server when the process exits: a vitest worker that dies must not leave a server behind. */
export const killOnExit = () => child?.kill('SIGKILL');

// ---------------------------------------------------------------------------------------------------------
// The API, over real HTTP.

export async function api(
  method: 'GET' | 'POST',
  path: string,
  json?: unknown,
): Promise<{ status: number; body: Envelope }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(run.token ? { authorization: `Bearer ${run.token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}
