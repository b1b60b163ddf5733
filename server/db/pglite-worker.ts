// The database thread: the embedded PGlite, opened with openPglite's options, answering the messages of
// server/db/pglite-thread.ts (docs/decisions/011-database-thread.md). Started only as a Worker.
//
// Protocol (structured clone, no JSON): a request is { id, op, sql?, params?, txId? }; every request but
// `begin` gets one reply { id, rows? } or { id, error }. `begin` opens pglite.transaction under its txId;
// queries carrying that txId run inside it, in the order they arrive, until `commit` or `rollback` ends it.
// Queries without a txId go to PGlite, which holds them while a transaction is open, as it does in-process.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite.ts';
import type { Row } from './types.ts';

export type Op = 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close';

export interface Request {
  id: number;
  op: Op;
  sql?: string;
  params?: readonly unknown[];
  txId?: number;
}

/** The fields of an error that cross the thread: message, name and PostgreSQL's own (code, constraint…). */
export const ERROR_FIELDS = [
  'name',
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'query',
] as const;

export type WireError = { message: string } & Partial<Record<(typeof ERROR_FIELDS)[number], string>>;

export type Reply = { id: number; rows?: Row[]; error?: WireError };

/** What the thread is opened with: openPglite's options, the tarball as bytes (moved, not copied). */
export interface WorkerInput {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

const toWire = (error: unknown): WireError => {
  if (!(error instanceof Error)) return { message: String(error) };
  const wire: WireError = { message: error.message };
  const source = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') wire[field] = value;
  }
  return wire;
};

interface OpenTx {
  /** The transaction once PGlite has begun it (it waits for the one before to end). */
  ready: Promise<Transaction>;
  /** Ends fn's wait: true commits, false rolls back. */
  finish(commit: boolean): void;
  /** pglite.transaction's own promise: rejects when BEGIN, COMMIT or ROLLBACK fails. */
  done: Promise<void>;
}

function serve(pglite: PGlite, port: NonNullable<typeof parentPort>): void {
  const txs = new Map<number, OpenTx>();

  const begin = (txId: number): void => {
    let resolveReady!: (tx: Transaction) => void;
    let rejectReady!: (error: unknown) => void;
    const ready = new Promise<Transaction>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const done = pglite.transaction(async (tx) => {
      resolveReady(tx);
      if (!(await ended)) await tx.rollback();
    });
    // BEGIN failed: the transaction's queries get its error (a no-op once ready has resolved).
    done.catch(rejectReady);
    ready.catch(() => {});
    done.catch(() => {});
    txs.set(txId, { ready, finish, done });
  };

  const target = async (txId: number | undefined): Promise<PGlite | Transaction> => {
    if (txId === undefined) return pglite;
    const open = txs.get(txId);
    if (open === undefined) throw new Error('Transaction is closed');
    return open.ready;
  };

  const answer = async (m: Request): Promise<Row[] | undefined> => {
    switch (m.op) {
      case 'query': {
        const on = await target(m.txId);
        return (await on.query<Row>(m.sql ?? '', m.params as unknown[] | undefined)).rows;
      }
      case 'exec': {
        const on = await target(m.txId);
        await on.exec(m.sql ?? '');
        return undefined;
      }
      case 'commit':
      case 'rollback': {
        const open = m.txId === undefined ? undefined : txs.get(m.txId);
        if (open === undefined) throw new Error('Transaction is closed');
        txs.delete(m.txId!);
        open.finish(m.op === 'commit');
        await open.done;
        return undefined;
      }
      case 'close':
        // PGlite waits for the queries and transactions already issued before it closes.
        if (!pglite.closed) await pglite.close();
        return undefined;
      default:
        throw new Error(`Unknown database operation "${String(m.op)}"`);
    }
  };

  const handle = async (m: Request): Promise<void> => {
    let reply: Reply;
    try {
      const rows = await answer(m);
      reply = rows === undefined ? { id: m.id } : { id: m.id, rows };
    } catch (error) {
      reply = { id: m.id, error: toWire(error) };
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // A value structured clone cannot carry (PGlite's rows never hold one).
      port.postMessage({ id: m.id, error: toWire(error) } satisfies Reply);
    }
  };

  port.on('message', (m: Request) => {
    if (m.op === 'begin') {
      if (m.txId !== undefined) begin(m.txId);
      return;
    }
    void handle(m);
  });
}

if (parentPort !== null) {
  const port = parentPort;
  const input = (workerData ?? {}) as WorkerInput;
  openPglite({
    ...(input.dataDir !== undefined ? { dataDir: input.dataDir } : {}),
    ...(input.loadDataDir !== undefined ? { loadDataDir: new Blob([input.loadDataDir]) } : {}),
  }).then(
    (db) => {
      serve(db.pglite, port);
      port.postMessage({ id: 0 } satisfies Reply);
    },
    (error: unknown) => {
      port.postMessage({ id: 0, error: toWire(error) } satisfies Reply);
    },
  );
}
