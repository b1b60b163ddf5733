// The anonymous answer cache on its own (server/http/answer-cache.ts): what it keeps, for how long, what
// one production serves, and what a catalog change drops. The clock is a fake one.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, AnswerCache, type Produced } from '../../server/http/answer-cache.ts';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

/** A producer that counts its calls and answers "<name> #<n>" (long enough to be compressed). */
const producer = (name: string, extra: Partial<Produced> = {}) => {
  let calls = 0;
  const produce = async (): Promise<Produced> => {
    calls += 1;
    return { status: 200, type: 'text/plain', body: `${name} #${calls} ${'x'.repeat(2000)}`, ...extra };
  };
  return { produce, calls: () => calls };
};

/** Resolves when released: a production that is still running. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

const text = (raw: Buffer) => raw.toString().split(' ').slice(0, 2).join(' ');

describe('the answer cache', () => {
  it('makes an answer once and keeps it while fresh, with brotli and gzip of the same bytes', async () => {
    const t = clock();
    const cache = new AnswerCache({ now: t.now, freshMs: 30_000, staleMs: 60_000 });
    const p = producer('list');
    const first = await cache.get('k', p.produce);
    t.advance(29_999);
    const second = await cache.get('k', p.produce);
    expect(p.calls()).toBe(1);
    expect(second).toBe(first);
    expect(brotliDecompressSync(first.br!)).toEqual(first.raw);
    expect(gunzipSync(first.gzip!)).toEqual(first.raw);
    expect(first.etag).toMatch(/^"[\w-]{22}"$/);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('shares one production among concurrent misses of a key', async () => {
    const cache = new AnswerCache({ now: clock().now });
    const g = gate();
    let calls = 0;
    const produce = async (): Promise<Produced> => {
      calls += 1;
      await g.opened;
      return { status: 200, type: 'text/plain', body: 'page' };
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('k', produce)));
    g.open();
    const answers = await all;
    expect(calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('sends a stale answer while one refresh replaces it, then the new one', async () => {
    const t = clock();
    const cache = new AnswerCache({ now: t.now, freshMs: 30_000, staleMs: 60_000 });
    const p = producer('list');
    await cache.get('k', p.produce);
    t.advance(45_000);
    const stale = await Promise.all([cache.get('k', p.produce), cache.get('k', p.produce)]);
    expect(stale.map((a) => text(a.raw))).toEqual(['list #1', 'list #1']);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(p.calls()).toBe(2);
    expect(text((await cache.get('k', p.produce)).raw)).toBe('list #2');
    expect(cache.stats().stale).toBe(2);
  });

  it('makes the answer again, while the caller waits, once it is older than fresh + stale', async () => {
    const t = clock();
    const cache = new AnswerCache({ now: t.now, freshMs: 30_000, staleMs: 60_000 });
    const p = producer('list');
    await cache.get('k', p.produce);
    t.advance(90_000);
    expect(text((await cache.get('k', p.produce)).raw)).toBe('list #2');
  });

  it('drops everything on clear, and does not keep an answer that was being made before it', async () => {
    const cache = new AnswerCache({ now: clock().now });
    const p = producer('list');
    await cache.get('k', p.produce);
    cache.clear();
    expect(cache.stats().entries).toBe(0);

    const g = gate();
    const slow = cache.get('slow', async () => {
      await g.opened;
      return { status: 200, type: 'text/plain', body: 'made from the old catalog' };
    });
    cache.clear();
    g.open();
    expect((await slow).raw.toString()).toBe('made from the old catalog');
    expect(cache.stats().entries).toBe(0);
    expect(text((await cache.get('k', p.produce)).raw)).toBe('list #2');
  });

  it('keeps neither an answer that is not 200 nor one marked not to keep, and keeps no error', async () => {
    const cache = new AnswerCache({ now: clock().now });
    const missing = producer('missing', { status: 404 });
    await cache.get('a', missing.produce);
    await cache.get('a', missing.produce);
    expect(missing.calls()).toBe(2);
    const failedRender = producer('shell', { keep: false });
    await cache.get('b', failedRender.produce);
    await cache.get('b', failedRender.produce);
    expect(failedRender.calls()).toBe(2);
    let calls = 0;
    const throwing = async (): Promise<Produced> => {
      calls += 1;
      throw new Error('database down');
    };
    await expect(cache.get('c', throwing)).rejects.toThrow('database down');
    await expect(cache.get('c', throwing)).rejects.toThrow('database down');
    expect(calls).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('holds at most maxBytes, letting the least recently used go first', async () => {
    const cache = new AnswerCache({ now: clock().now, maxBytes: 12_000, compressAbove: Infinity });
    const body = (n: number) => async (): Promise<Produced> => ({
      status: 200,
      type: 'text/plain',
      body: String(n).repeat(2500),
    });
    for (const n of [1, 2, 3, 4]) await cache.get(`k${n}`, body(n));
    expect(cache.stats()).toMatchObject({ entries: 4, bytes: 10_000 });
    await cache.get('k1', body(1)); // k1 used: k2 is now the oldest
    await cache.get('k5', body(5));
    expect(cache.stats()).toMatchObject({ entries: 4, bytes: 10_000 });
    const again = producer('k2');
    await cache.get('k2', again.produce);
    expect(again.calls()).toBe(1);
    const kept = producer('k1');
    await cache.get('k1', kept.produce);
    expect(kept.calls()).toBe(0);
  });

  it('makes every answer afresh when turned off', async () => {
    const cache = new AnswerCache({ now: clock().now, enabled: false });
    const p = producer('list');
    await cache.get('k', p.produce);
    await cache.get('k', p.produce);
    expect(p.calls()).toBe(2);
  });

  it('says its times in the Cache-Control it gives browsers', () => {
    expect(new AnswerCache({ freshMs: 30_000, staleMs: 300_000 }).publicCacheControl).toBe(
      'public, max-age=30, stale-while-revalidate=300',
    );
  });
});

describe('the encoding a request accepts', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', null],
    ['*', 'gzip'],
    ['gzip;q=0', null],
    ['', null],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });

  it('reads no header as no compression', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
