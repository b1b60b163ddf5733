// The catalog's answers to anonymous callers, kept in memory as the bytes that go out (issue 19): the JSON
// of the public catalog calls and the HTML of the pages the server renders. Everyone who is not signed in
// gets the same answer for the same request, so it is made once, compressed once (brotli and gzip, on
// libuv's thread pool, not the request thread), and then sent as it is, with an ETag (304 when the
// browser has it) and `Cache-Control: public, max-age, stale-while-revalidate`.
//
// What is never in it: an answer to a request with an Authorization header. Those carry the caller's marks
// (owned, saved) and are made fresh every time, with `private, no-cache` (server/http/answer-cache.ts
// isAnonymous; tests/api/answer-cache.test.ts proves no member's answer reaches anyone else).
//
// Freshness: an entry is fresh for `freshMs`; for `staleMs` after that it is still sent while one
// background refresh replaces it (stale-while-revalidate, here as in the header); older, it is made again
// while the caller waits. When the catalog changes (server/catalog/changes.ts) every entry is dropped, and
// an answer made from the catalog before the change is not kept. Concurrent misses of one key share one
// production, so a burst of first visits renders a page once.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a route makes for a cache miss: the body as sent uncompressed, and its status and type. */
export interface Produced {
  status: number;
  type: string;
  body: string | Buffer;
  /** Kept with the entry for the route's own use on a hit (the detail page's prompt id, for its view count). */
  meta?: unknown;
  /** false: send it, but make it again next time (a page whose rendering failed went out as the shell). */
  keep?: boolean;
}

export interface CachedAnswer {
  readonly status: number;
  readonly type: string;
  readonly etag: string;
  readonly raw: Buffer;
  /** null: too small to be worth compressing */
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
  readonly meta: unknown;
  readonly keep: boolean;
  readonly madeAt: number;
  readonly bytes: number;
}

export interface AnswerCacheOptions {
  /** Fresh this long after it is made (ms); default 30 s. */
  freshMs?: number;
  /** Then sent while a refresh runs, this long (ms); default 5 min. */
  staleMs?: number;
  /** Bytes of all entries (raw + compressed) before the least recently used go; default 64 MiB. */
  maxBytes?: number;
  /** Bodies smaller than this go out uncompressed (as @fastify/compress's threshold). */
  compressAbove?: number;
  /** The clock (tests pass a fake one). */
  now?: () => number;
  /** Off: every request is produced, nothing kept (the headers stay). */
  enabled?: boolean;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  stale: number;
}

/** Whether a request may share answers with everyone: it carries no credentials. */
export const isAnonymous = (request: FastifyRequest): boolean => request.headers.authorization === undefined;

const etagOf = (raw: Buffer): string =>
  `"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;

/** The encodings the request accepts, by its Accept-Encoding (a q of 0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name !== '' && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private readonly refreshing = new Set<string>();
  private bytes = 0;
  private generation = 0;
  private readonly counts = { hits: 0, misses: 0, stale: 0 };
  readonly freshMs: number;
  readonly staleMs: number;
  private readonly maxBytes: number;
  private readonly compressAbove: number;
  private readonly now: () => number;
  readonly enabled: boolean;

  constructor(options: AnswerCacheOptions = {}) {
    this.freshMs = options.freshMs ?? 30_000;
    this.staleMs = options.staleMs ?? 300_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.compressAbove = options.compressAbove ?? 1024;
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? true;
  }

  /** The `Cache-Control` of a shared answer: browsers and proxies follow the same times as this cache. */
  get publicCacheControl(): string {
    return `public, max-age=${Math.round(this.freshMs / 1000)}, stale-while-revalidate=${Math.round(this.staleMs / 1000)}`;
  }

  /** Drops every entry: the catalog changed. Answers being made now are sent but not kept. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.refreshing.clear();
    this.bytes = 0;
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counts };
  }

  /**
   * The answer for key: kept (fresh, or stale while a refresh runs), or made by produce. Errors of produce
   * reach the caller (and nothing is kept); so does an answer whose status is not 200 (made, sent, not kept).
   */
  async get(key: string, produce: () => Promise<Produced>): Promise<CachedAnswer> {
    if (!this.enabled) return this.make(produce);
    const kept = this.entries.get(key);
    const now = this.now();
    if (kept !== undefined) {
      const age = now - kept.madeAt;
      if (age < this.freshMs + this.staleMs) {
        // least recently used goes first: move to the end
        this.entries.delete(key);
        this.entries.set(key, kept);
        if (age < this.freshMs) this.counts.hits += 1;
        else {
          this.counts.stale += 1;
          this.refresh(key, produce);
        }
        return kept;
      }
      this.drop(key);
    }
    const running = this.inflight.get(key);
    if (running !== undefined) {
      this.counts.hits += 1;
      return running;
    }
    this.counts.misses += 1;
    return this.load(key, produce);
  }

  private load(key: string, produce: () => Promise<Produced>): Promise<CachedAnswer> {
    const generation = this.generation;
    const made = this.make(produce).then((answer) => {
      if (answer.status === 200 && answer.keep && generation === this.generation) this.keep(key, answer);
      return answer;
    });
    this.inflight.set(key, made);
    const done = () => {
      if (this.inflight.get(key) === made) this.inflight.delete(key);
    };
    made.then(done, done);
    return made;
  }

  private refresh(key: string, produce: () => Promise<Produced>): void {
    if (this.refreshing.has(key) || this.inflight.has(key)) return;
    this.refreshing.add(key);
    this.load(key, produce)
      .catch(() => {
        // the stale entry stays until it expires; the next request past that reports the error
      })
      .finally(() => this.refreshing.delete(key));
  }

  private async make(produce: () => Promise<Produced>): Promise<CachedAnswer> {
    const produced = await produce();
    const raw = typeof produced.body === 'string' ? Buffer.from(produced.body) : produced.body;
    const small = raw.length < this.compressAbove;
    const [br, gz] = small
      ? [null, null]
      : await Promise.all([
          brotli(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzipAsync(raw, { level: 9 }),
        ]);
    return {
      status: produced.status,
      type: produced.type,
      etag: etagOf(raw),
      raw,
      br,
      gzip: gz,
      meta: produced.meta,
      keep: produced.keep ?? true,
      madeAt: this.now(),
      bytes: raw.length + (br?.length ?? 0) + (gz?.length ?? 0),
    };
  }

  private keep(key: string, answer: CachedAnswer): void {
    this.drop(key);
    if (answer.bytes > this.maxBytes / 4) return;
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * Sends a kept answer: 304 when the browser has it (If-None-Match), else the bytes in the encoding the
 * request accepts. A 200 gets the shared Cache-Control; anything else `no-cache`.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
  vary: readonly string[] = ['Accept-Encoding'],
): FastifyReply {
  reply
    .header('vary', vary.join(', '))
    .header('cache-control', answer.status === 200 ? cacheControl : 'no-cache')
    .header('etag', answer.etag);
  if (answer.status === 200 && matchesEtag(request.headers['if-none-match'], answer.etag)) {
    // with its type: the headers of a 304 replace those of the browser's copy, and what a page's are
    // (its Content-Security-Policy above all) follows from its type (server/http/security.ts)
    return reply.code(304).type(answer.type).send();
  }
  reply.code(answer.status).type(answer.type);
  const encoding = answer.br === null ? null : acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'br' && answer.br !== null) return reply.header('content-encoding', 'br').send(answer.br);
  if (encoding === 'gzip' && answer.gzip !== null)
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.raw);
}

/** Member answers of the shared routes: the caller's own, never stored by a shared cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';
const API_VARY = ['Authorization', 'Accept-Encoding'] as const;

/** The key of a request to a shared route: its route, and its parameters and query as validated. */
export const routeKey = (request: FastifyRequest): string =>
  `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.query ?? {})}`;

export interface SharedJsonOptions<T> {
  /** What to keep with the entry, from the value made (the detail's prompt id). */
  metaOf?: (value: T) => unknown;
  /** Called for every request served, kept or made, member or not, with the meta (a view count). */
  onServe?: (meta: unknown) => void | Promise<void>;
}

/**
 * A catalog call's answer: for an anonymous request the kept one (made by produce and serialised by the
 * route's response schema, once); for a member's, produce's own value, marked private.
 */
export async function sharedJson<T>(
  answers: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<T>,
  options: SharedJsonOptions<T> = {},
): Promise<T | FastifyReply> {
  if (!isAnonymous(request)) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL).header('vary', API_VARY.join(', '));
    const value = await produce();
    await options.onServe?.(options.metaOf?.(value));
    return value;
  }
  const answer = await answers.get(routeKey(request), async () => {
    const value = await produce();
    return {
      status: 200,
      type: JSON_TYPE,
      body: reply.serialize(value) as string,
      meta: options.metaOf?.(value),
    };
  });
  await options.onServe?.(answer.meta);
  return sendAnswer(request, reply, answer, answers.publicCacheControl, API_VARY);
}

/**
 * A page everyone gets alike (rendered HTML, a sitemap): kept under key, sent with its ETag. A status
 * other than 200 is sent and not kept. onServe is called for every request with the entry's meta.
 */
export async function sharedPage(
  answers: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<Produced>,
  vary: readonly string[] = ['Accept-Encoding'],
  onServe?: (meta: unknown) => void,
): Promise<FastifyReply> {
  const answer = await answers.get(key, produce);
  onServe?.(answer.meta);
  return sendAnswer(request, reply, answer, answers.publicCacheControl, vary);
}
