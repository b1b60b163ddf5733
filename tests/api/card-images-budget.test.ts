// Size budget of the images the storefront's cards show: every card image URL that the catalog lists of
// the seeded demo data name (every page of the catalog, each category, the home shelves) is fetched from the
// server as a browser would, and none may be over 40 KB. The images are rendered by the server
// (server/images/render.ts), so this checks each seeded scene as served, not only the renderer's samples.
import { describe, expect, it } from 'vitest';
import type { PromptCard, PromptPage } from '../../domain/catalog.ts';
import type { Envelope } from '../../domain/envelope.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const KB = 1024;
const CARD_IMAGE_BUDGET = 40 * KB;
const PAGE_SIZE = 60;

const server = openForSuite(createTestServer);

const getJson = async <E>(url: string): Promise<E> => {
  const res = await server.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  const body = res.json<Envelope<E>>();
  expect(body.success, url).toBe(true);
  return body.extend;
};

/** Every card of a listing, page by page. */
const allCards = async (query: string): Promise<PromptCard[]> => {
  const cards: PromptCard[] = [];
  for (let page = 1; ; page++) {
    const sep = query === '' ? '?' : '&';
    const extend = await getJson<PromptPage>(`/api/prompts${query}${sep}pageSize=${PAGE_SIZE}&page=${page}`);
    cards.push(...extend.data);
    if (extend.data.length < PAGE_SIZE || cards.length >= extend.total) return cards;
  }
};

describe('card images', () => {
  it(`are each at most ${CARD_IMAGE_BUDGET / KB} KB, for every card the catalog lists`, async () => {
    const { count } = await server.db.one<{ count: number }>(
      'SELECT count(*)::integer AS count FROM prompts',
    );
    const listings = ['', '?grade=0', '?grade=1', '?grade=2'];
    const cards = (await Promise.all(listings.map(allCards))).flat();
    const home = await getJson<{ sections: { data: PromptCard[] }[] }>('/api/prompts/home');
    cards.push(...home.sections.flatMap((s) => s.data));

    // The unfiltered catalog lists every seeded prompt, so every prompt's card image is checked.
    expect(new Set(cards.map((c) => c.id)).size).toBe(count);
    const urls = [...new Set(cards.map((c) => c.image.url))].sort();
    expect(urls.length).toBeGreaterThanOrEqual(count);

    const sizes: { url: string; bytes: number; type: string | undefined }[] = [];
    const fetchOne = async (url: string) => {
      // Images are already compressed: the server sends them as they are, whatever the client accepts.
      const res = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      sizes.push({ url, bytes: res.rawPayload.length, type: res.headers['content-type'] as string });
    };
    // A few at a time: rendering (sharp) runs off the main thread.
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) await fetchOne(url);
      }),
    );
    const largest = [...sizes].sort((a, b) => b.bytes - a.bytes);
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `card images: ${sizes.length} distinct URLs, largest ${(largest[0]!.bytes / KB).toFixed(1)} KB ` +
        `(${largest[0]!.url}), mean ${(total / sizes.length / KB).toFixed(1)} KB, budget ` +
        `${CARD_IMAGE_BUDGET / KB} KB`,
    );
    for (const s of sizes) expect(s.type, s.url).toMatch(/^image\//);
    const over = sizes.filter((s) => s.bytes > CARD_IMAGE_BUDGET).map((s) => `${s.url}: ${s.bytes} bytes`);
    expect(over).toEqual([]);
  }, 240_000);
});
