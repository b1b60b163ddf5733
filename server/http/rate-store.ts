// The rate-limit counters of every limiter (server/auth/rate-limits.ts, server/account/rate-limits.ts, the
// share links' limit), kept in the database (migration 010) so that N processes on one PostgreSQL allow
// exactly what one process does. One request counted is one statement: an INSERT ... ON CONFLICT DO UPDATE
// ... RETURNING, atomic under concurrent requests from any process, which starts a new window when the
// row's has ended. Only limited routes (sign-in, support, share...) pay for it, never catalog reads.
//
// `storeClass()` is the `store` option of @fastify/rate-limit: the plugin makes one per registration and a
// child per limited route (scoped by the route's method and URL) or per createRateLimit (whose keys carry
// their limit's name). A counter's key also holds its limit's numbers, so processes configured alike share
// it, and a test that lowers a limit on a second app over the same database counts apart.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/** What @fastify/rate-limit reads from a store: requests in this window, milliseconds left of it. */
export interface RateState {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, state?: RateState) => void;

/** How often expired counters are deleted (each process sweeps; a sweep is one indexed DELETE). */
export const SWEEP_INTERVAL_MS = 5 * 60_000;

/** Keys longer than this (a long email address, a long route) are stored as a hash. */
const MAX_PLAIN_KEY = 200;
/** Printable ASCII: kept as it is; a key with anything else is stored as a hash. */
const PLAIN = /^[\x20-\x7e]*$/;

const INCREMENT = `
INSERT INTO rate_limits AS r (key, hits, expires_at)
VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
  expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
RETURNING hits, ceil(extract(epoch FROM r.expires_at - now()) * 1000)::int8 AS ttl`;

const READ = `
SELECT hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::int8 AS ttl
FROM rate_limits WHERE key = $1 AND expires_at > now()`;

export interface RateStoreOptions {
  /** Milliseconds between sweeps of expired counters; 0 never sweeps on its own. */
  sweepIntervalMs?: number;
  /** Where a failed sweep is reported (it is retried at the next interval). */
  onSweepError?: (error: unknown) => void;
}

/** The store of one process's limiters on one database. */
export class RateStore {
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly db: Queryable,
    options: RateStoreOptions = {},
  ) {
    const every = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
    const onError = options.onSweepError ?? (() => undefined);
    this.timer = every > 0 ? setInterval(() => void this.sweep().catch(onError), every) : null;
    this.timer?.unref();
  }

  /** The key of a counter: its scope (route or named limit), its numbers, and what it counts. */
  static keyOf(scope: string, windowMs: number, max: number, key: string): string {
    const full = `${scope}|${max}/${windowMs}|${key}`;
    // a client chose part of it (an address): hash what is long or not plain text (a NUL cannot be stored)
    if (full.length <= MAX_PLAIN_KEY && PLAIN.test(full)) return full;
    return `#${createHash('sha256').update(full).digest('base64url')}`;
  }

  /** Counts one request; returns the requests of the window so far (this one included) and its time left. */
  async increment(key: string, windowMs: number): Promise<RateState> {
    const row = await this.db.one<{ hits: number; ttl: number }>(INCREMENT, [key, Math.max(1, windowMs)]);
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }

  /** The window's requests without counting one: 0 when there is no live window. */
  async read(key: string): Promise<RateState> {
    const row = await this.db.maybeOne<{ hits: number; ttl: number }>(READ, [key]);
    return row === null ? { current: 0, ttl: 0 } : { current: row.hits, ttl: Math.max(0, row.ttl) };
  }

  /** Deletes the counters whose window has ended; returns how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.query('DELETE FROM rate_limits WHERE expires_at <= now() RETURNING 1');
    return rows.length;
  }

  /** Stops the sweeps (the app's onClose). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The `store` option of @fastify/rate-limit, counting in this store. */
  storeClass(): new () => FastifyRateStore {
    return storeClassOf(this);
  }
}

/**
 * The scope of a route's limit: its method and URL (the plugin hands a child its merged options, with the
 * route's in `routeInfo`); a createRateLimit limiter has none, and its keys carry its limit's name.
 */
const scopeOf = (options: object): string => {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  const { method, url } = route ?? {};
  if (typeof url !== 'string') return '';
  return `${Array.isArray(method) ? method.join(',') : String(method)} ${url}`;
};

/** The class @fastify/rate-limit instantiates (it passes its options, which the store does not need). */
const storeClassOf = (shared: RateStore): new () => FastifyRateStore =>
  class extends FastifyRateStore {
    constructor() {
      super(shared, '');
    }
  };

/** One @fastify/rate-limit store: callbacks over RateStore's promises. */
export class FastifyRateStore {
  constructor(
    private readonly shared: RateStore,
    private readonly scope: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.increment(RateStore.keyOf(this.scope, timeWindow, max, key), timeWindow).then(
      (state) => callback(null, state),
      (error: Error) => callback(error),
    );
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.read(RateStore.keyOf(this.scope, timeWindow, max, key)).then(
      (state) => callback(null, state),
      (error: Error) => callback(error),
    );
  }

  child(options: object): FastifyRateStore {
    return new FastifyRateStore(this.shared, scopeOf(options));
  }
}
