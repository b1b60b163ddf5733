// The embedded PGlite in a worker thread (server/db/pglite-worker.ts), behind the same Db interface: the
// database's work runs on a second core while HTTP parsing, rendering and compression keep the main thread
// (docs/decisions/011-database-thread.md). Rows cross the thread by structured clone, which keeps what
// types.ts promises (numbers, Date, parsed jsonb, string[]); errors come back as Errors carrying
// PostgreSQL's fields (code, constraint, detail…), so `error.code === '23505'` works as in-process.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions } from './pglite.ts';
import type { Reply, Request, WireError, WorkerInput } from './pglite-worker.ts';
import { withHelpers, type Db, type Queryable, type Row } from './types.ts';

export interface PgliteThreadDb extends Db {
  readonly kind: 'pglite';
  /** The database thread (tests end it to check that pending calls fail instead of hanging). */
  readonly worker: Worker;
}

/** How long close() lets PGlite finish what was issued before it (an open transaction) before ending it. */
const CLOSE_GRACE_MS = 5_000;

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/**
 * The worker is TypeScript. Node 20 does not apply loader hooks given to a Worker as `execArgv: ['--import',
 * 'tsx']` to its entry module (nodejs/node#47747), so the entry is a small script that registers tsx's ESM
 * hooks in the thread and then imports the worker. tsx is named by its resolved file: it works whatever the
 * current directory, under `node --import tsx`, under vitest (whose loader a thread does not inherit) and
 * in the bench.
 */
const TSX_ESM_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const BOOTSTRAP = `import(${JSON.stringify(TSX_ESM_API)})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); })
  .catch((error) => { setImmediate(() => { throw error; }); });`;

const toError = (wire: WireError): Error => {
  const error = new Error(wire.message);
  for (const [key, value] of Object.entries(wire)) {
    if (key !== 'message') (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
};

interface Pending {
  resolve(rows: Row[] | undefined): void;
  reject(error: Error): void;
}

export async function openPgliteThread(options: PgliteOptions = {}): Promise<PgliteThreadDb> {
  const input: WorkerInput = {};
  if (options.dataDir !== undefined) input.dataDir = options.dataDir;
  const transferList: ArrayBuffer[] = [];
  if (options.loadDataDir !== undefined) {
    input.loadDataDir = await options.loadDataDir.arrayBuffer();
    transferList.push(input.loadDataDir);
  }
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: input, transferList, execArgv: [] });

  const pending = new Map<number, Pending>();
  let nextId = 0;
  let nextTxId = 0;
  /** Set once no call can be answered any more (closed, crashed, exited); every call then rejects with it. */
  let dead: Error | null = null;
  let closing: Promise<void> | null = null;

  /** No call can be answered any more: later calls reject with `error`, waiting ones with `unanswered`. */
  const failAll = (error: Error, unanswered: Error = error): void => {
    dead ??= error;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(unanswered);
  };

  // The opening answer (id 0) settles this; every later answer settles its call.
  let opened!: Pending;
  const ready = new Promise<Row[] | undefined>((resolve, reject) => {
    opened = { resolve, reject };
  });
  pending.set(0, opened);

  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (p === undefined) return;
    pending.delete(reply.id);
    // An idle thread does not keep the process alive (as an in-process PGlite does not).
    if (pending.size === 0) worker.unref();
    if (reply.error !== undefined) p.reject(toError(reply.error));
    else p.resolve(reply.rows);
  });
  worker.on('error', (error) => {
    failAll(new Error(`The database thread crashed: ${error.message}`, { cause: error }));
  });
  worker.on('exit', (code) => {
    failAll(new Error(`The database thread exited (code ${code})`));
  });

  const send = (m: Request): Promise<Row[] | undefined> => {
    if (dead !== null) return Promise.reject(dead);
    return new Promise((resolve, reject) => {
      try {
        worker.postMessage(m);
      } catch (error) {
        // e.g. a parameter structured clone cannot carry (a function)
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (pending.size === 0) worker.ref();
      pending.set(m.id, { resolve, reject });
    });
  };

  const closedError = (): Error => dead ?? new Error('The database is closed');

  /** A query outside any transaction: refused once close() has begun. */
  const outside = (op: 'query' | 'exec', sql: string, params?: readonly unknown[]) =>
    closing !== null
      ? Promise.reject(closedError())
      : send(params === undefined ? { id: ++nextId, op, sql } : { id: ++nextId, op, sql, params });

  /** A transaction's own calls still run while close() waits for the transaction to end. */
  const inTx = (txId: number, op: 'query' | 'exec', sql: string, params?: readonly unknown[]) =>
    send(params === undefined ? { id: ++nextId, op, sql, txId } : { id: ++nextId, op, sql, params, txId });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const base = withHelpers(
    async <T extends object>(sql: string, params?: readonly unknown[]) =>
      (await outside('query', sql, params)) as T[],
    async (sql: string) => {
      await outside('exec', sql);
    },
  );

  return {
    ...base,
    kind: 'pglite',
    worker,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      if (closing !== null || dead !== null) throw closedError();
      const txId = ++nextTxId;
      // No answer to wait for: the transaction's first query waits in the thread until BEGIN has run.
      worker.postMessage({ id: 0, op: 'begin', txId } satisfies Request);
      const q = withHelpers(
        async <R extends object>(sql: string, params?: readonly unknown[]) =>
          (await inTx(txId, 'query', sql, params)) as R[],
        async (sql: string) => {
          await inTx(txId, 'exec', sql);
        },
      );
      let result: T;
      try {
        result = await fn(q);
      } catch (error) {
        await send({ id: ++nextId, op: 'rollback', txId }).catch(() => {});
        throw error;
      }
      await send({ id: ++nextId, op: 'commit', txId });
      return result;
    },
    close(): Promise<void> {
      closing ??= (async () => {
        if (dead === null) {
          let timer: NodeJS.Timeout | undefined;
          const grace = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, CLOSE_GRACE_MS);
          });
          // PGlite closes once what was issued before (an open transaction included) has finished.
          await Promise.race([send({ id: ++nextId, op: 'close' }).catch(() => {}), grace]);
          clearTimeout(timer);
        }
        failAll(
          new Error('The database is closed'),
          new Error('The database was closed before this call was answered'),
        );
        await worker.terminate();
      })();
      return closing;
    },
  };
}
