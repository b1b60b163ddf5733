// One signal for "the catalog changed": prompts added, edited or removed (seeding, a catalog import).
// Whatever keeps answers made from the catalog (the anonymous answer cache, list totals, the search
// vocabulary's memo) listens and drops them. Sales and views do not fire it: they move the popularity
// order a little, and the caches' freshness window (30 s) covers that.
//
// Several processes on one PostgreSQL (issue 20): shareCatalogChanges() connects a dedicated client that
// LISTENs on the channel `catalog_changed`; a change here also sends `NOTIFY catalog_changed` (with this
// process's id, so it does not drop its caches twice), and a notification from anyone else (another
// process, or a script that imported prompts and ran `NOTIFY catalog_changed`) drops this process's kept
// answers. After its connection is lost the client connects again and drops everything once, since
// notifications sent meanwhile were missed. The embedded PGlite serves one process only and needs none.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../db/index.ts';

export type CatalogListener = () => void;

/** The PostgreSQL channel of catalog changes. */
export const CATALOG_CHANNEL = 'catalog_changed';

export class CatalogChanges {
  private readonly listeners = new Set<CatalogListener>();
  private count = 0;
  private readonly broadcasts = new Set<() => void>();
  /** Resolves once changes from other processes are heard (shareCatalogChanges' LISTEN is running). */
  listening: Promise<void> = Promise.resolve();

  /** How many changes there have been (answers made before a change are not kept). */
  get version(): number {
    return this.count;
  }

  /** Calls listener after every change; returns the function that stops it. */
  onChange(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The catalog changed: every listener drops what it kept, and other processes are told. */
  changed(): void {
    this.received();
    for (const broadcast of this.broadcasts) broadcast();
  }

  /** Another process changed the catalog: drop what is kept here, without telling anyone. */
  received(): void {
    this.count += 1;
    for (const listener of this.listeners) listener();
  }

  /** Calls broadcast on every local change (shareCatalogChanges' NOTIFY); returns the function that stops it. */
  onBroadcast(broadcast: () => void): () => void {
    this.broadcasts.add(broadcast);
    return () => this.broadcasts.delete(broadcast);
  }
}

export interface ShareOptions {
  /** The PostgreSQL server (DATABASE_URL): a client of its own LISTENs there. */
  url: string;
  /** Where NOTIFY is sent from (the app's pool). */
  db: Queryable;
  /** Failures to send or to listen (retried: the listener reconnects, a lost NOTIFY is only logged). */
  onError?: (error: unknown, what: string) => void;
  /** First delay before connecting again after the listening connection is lost; doubles up to 30 s. */
  retryMs?: number;
}

export interface SharedChanges {
  /** Resolves once the listening client has run LISTEN (tests wait for it). */
  readonly ready: Promise<void>;
  /** This process's id in NOTIFY payloads. */
  readonly id: string;
  close(): Promise<void>;
}

/** Shares `changes` with every process LISTENing on the same PostgreSQL; see the top of this file. */
export function shareCatalogChanges(changes: CatalogChanges, options: ShareOptions): SharedChanges {
  const id = randomUUID();
  const onError = options.onError ?? (() => undefined);
  const firstRetry = options.retryMs ?? 1000;
  let client: pg.Client | null = null;
  let closed = false;
  let retry = firstRetry;
  let timer: NodeJS.Timeout | null = null;

  const stopBroadcast = changes.onBroadcast(() => {
    options.db.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, id]).catch((error: unknown) => {
      onError(error, 'could not tell the other processes that the catalog changed');
    });
  });

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload !== id) changes.received();
    });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('end');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (closed) return;
      if (error !== undefined) onError(error, 'lost the catalog change listener; connecting again');
      schedule();
    };
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('connection ended')));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (error) {
      lost(error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    retry = firstRetry;
    // changes sent while this process was not listening were missed: drop everything once
    if (reconnecting) changes.received();
  };

  const schedule = () => {
    if (closed || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      connect(true).catch(() => undefined); // reported by lost(), scheduled again there
    }, retry);
    timer.unref();
    retry = Math.min(retry * 2, 30_000);
  };

  const ready = connect(false).catch((error: unknown) => {
    // the first connection failed: lost() has scheduled the next attempt
    void error;
  });

  changes.listening = ready;
  return {
    id,
    ready,
    async close() {
      closed = true;
      stopBroadcast();
      if (timer !== null) clearTimeout(timer);
      const last = client;
      client = null;
      if (last !== null) {
        last.removeAllListeners('end');
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
