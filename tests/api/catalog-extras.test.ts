// Favourites (/api/my/favorites, `saved` on cards and details), home shelves, recommendations, related
// prompts, categories, and the views the detail call records.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromptCard, PromptFull, PromptPage } from '../../domain/catalog.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, get, post } from './support/auth.ts';
import { newUser } from './support/catalog.ts';
import { recommendedPrompts } from '../../server/catalog/recommended.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);
let demoToken: string;
let demoId: string;

beforeAll(async () => {
  demoToken = await server.tokenFor('demo@example.com');
  demoId = (await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`)).id;
});

const popularity = (c: PromptCard) => c.views + c.sales * 25;
const detail = (id: number | string, token?: string) =>
  get<{ data: PromptFull & { saved: boolean } }>(
    server,
    `/api/prompts/detail?id=${id}`,
    token ? bearer(token) : {},
  );

describe('favourites', () => {
  it('answer 401 without a valid token', async () => {
    for (const [method, url] of [
      ['GET', '/api/my/favorites'],
      ['POST', '/api/my/favorites'],
      ['POST', '/api/my/favorites/remove'],
    ] as const) {
      const res = await server.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { promptId: 1 } } : {}),
        headers: { authorization: 'Bearer nope' },
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('save, list newest first, save again without change, remove, remove again', async () => {
    const { token } = await newUser(server, 'saver@example.com');
    const list = async () => (await get<{ data: number[] }>(server, '/api/my/favorites', bearer(token))).body;
    expect((await list()).extend.data).toEqual([]);

    const saved = await post<{ promptId: number; saved: boolean }>(
      server,
      '/api/my/favorites',
      { promptId: 5 },
      bearer(token),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, msg: 'Saved', extend: { promptId: 5, saved: true } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post(server, '/api/my/favorites', { promptId: 7 }, bearer(token));
    expect((await list()).extend.data).toEqual([7, 5]);

    const again = await post(server, '/api/my/favorites', { promptId: 5 }, bearer(token));
    expect(again.status).toBe(200);
    expect((await list()).extend.data).toEqual([7, 5]);

    const removed = await post(server, '/api/my/favorites/remove', { promptId: 5 }, bearer(token));
    expect(removed.body).toEqual({ success: true, msg: 'Removed', extend: { promptId: 5, saved: false } });
    expect((await post(server, '/api/my/favorites/remove', { promptId: 5 }, bearer(token))).status).toBe(200);
    expect((await list()).extend.data).toEqual([7]);
  });

  it('answer 404 for an unknown prompt and 400 for a malformed id', async () => {
    const { token } = await newUser(server, 'saver404@example.com');
    for (const url of ['/api/my/favorites', '/api/my/favorites/remove']) {
      const unknown = await post(server, url, { promptId: 999999 }, bearer(token));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, msg: 'Prompt not found', extend: {} });
      expect((await post(server, url, { promptId: 'abc' }, bearer(token))).status).toBe(400);
      expect((await post(server, url, {}, bearer(token))).status).toBe(400);
    }
  });

  it('show as `saved` on cards and details of the saver only', async () => {
    const { token } = await newUser(server, 'marker@example.com');
    await post(server, '/api/my/favorites', { promptId: 3 }, bearer(token));
    const mine = (await get<PromptPage>(server, '/api/prompts?pageSize=60&sort=newest', bearer(token))).body;
    for (const card of mine.extend.data) expect(card.saved).toBe(card.id === 3);
    expect((await detail(3, token)).body.extend.data.saved).toBe(true);
    expect((await detail(4, token)).body.extend.data.saved).toBe(false);
    expect((await detail(3)).body.extend.data.saved).toBe(false);
    expect((await detail(3, demoToken)).body.extend.data.saved).toBe(false);
    // Anonymous cards keep the documented shape without `saved`.
    const anonymous = (await get<PromptPage>(server, '/api/prompts?pageSize=5')).body;
    for (const card of anonymous.extend.data) expect(card).not.toHaveProperty('saved');
  });
});

describe('GET /api/prompts/home', () => {
  // issue 15: "Trending" and "Free" opened with the same five prompts
  it('shows no prompt on two shelves', async () => {
    const { body } = await get<{ sections: { key: string; data: PromptCard[] }[] }>(
      server,
      '/api/prompts/home',
    );
    const seen = new Map<number, string>();
    for (const section of body.extend.sections)
      for (const card of section.data) {
        expect(seen.get(card.id), `prompt ${card.id} on ${section.key}`).toBeUndefined();
        seen.set(card.id, section.key);
      }
    expect(seen.size).toBe(7 * 8);
  });

  it('answers seven shelves of eight cards, each what its key says', async () => {
    const { status, body } = await get<{ sections: { key: string; title: string; data: PromptCard[] }[] }>(
      server,
      '/api/prompts/home',
    );
    expect(status).toBe(200);
    const sections = body.extend.sections;
    expect(sections.map((s) => s.key)).toEqual([
      'trending',
      'newest',
      'free',
      'midjourney',
      'dalle',
      'chatgpt',
      'kling',
    ]);
    for (const section of sections) {
      expect(section.title.length, section.key).toBeGreaterThan(0);
      expect(section.data, section.key).toHaveLength(8);
    }
    const byKey = Object.fromEntries(sections.map((s) => [s.key, s.data]));
    const trending = (await get<PromptPage>(server, '/api/prompts?pageSize=8')).body.extend.data;
    expect(byKey.trending!.map((c) => c.id)).toEqual(trending.map((c) => c.id));
    const newest = byKey.newest!.map((c) => c.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(byKey.free!.every((c) => c.grade === 0)).toBe(true);
    for (const [key, type] of [
      ['midjourney', 1],
      ['dalle', 2],
      ['chatgpt', 3],
      ['kling', 4],
    ] as const) {
      const cards = byKey[key]!;
      expect(cards.every((c) => c.generatorType === type)).toBe(true);
      for (let i = 1; i < cards.length; i++) {
        expect(popularity(cards[i - 1]!)).toBeGreaterThanOrEqual(popularity(cards[i]!));
      }
    }
  });
});

describe('GET /api/prompts/recommended', () => {
  type Recommended = PromptPage & { mode: 'personal' | 'popular'; because: string[] };
  const recommended = (query = '', token?: string) =>
    get<Recommended>(server, `/api/prompts/recommended${query}`, token ? bearer(token) : {});

  // issue 15: it was the whole catalog in its default order
  it('answers a visitor the best sellers of each generator in turn, not the default list', async () => {
    const { status, body } = await recommended('?pageSize=8');
    expect(status).toBe(200);
    const trending = (await get<PromptPage>(server, '/api/prompts?pageSize=8')).body.extend;
    expect(body.extend).toMatchObject({ mode: 'popular', because: [], total: trending.total, page: 1 });
    expect(body.extend.data.map((c) => c.id)).not.toEqual(trending.data.map((c) => c.id));
    const best = await server.db.query<{ id: number }>(
      `SELECT DISTINCT ON (generator_type) id FROM prompts ORDER BY generator_type, sales DESC, id`,
    );
    expect(body.extend.data.slice(0, 4).map((c) => c.id)).toEqual(best.map((b) => b.id));
    expect(body.extend.data.slice(0, 4).map((c) => c.generatorType)).toEqual([1, 2, 3, 4]);
    const two = (await recommended('?pageSize=8&page=2')).body.extend.data;
    expect(two.some((c) => body.extend.data.some((d) => d.id === c.id))).toBe(false);
  });

  it('orders every page as the whole catalog numbered per generator would, to the last page', async () => {
    // The order itself: every visible prompt numbered by sales within its generator, then by that number
    // and the generator (what the answer computed over the whole catalog before migration 018). The demo
    // catalog's generators differ in size, so the later pages hold the larger generators alone.
    const { n } = await server.db.one<{ n: number }>(
      'SELECT count(*)::integer AS n FROM prompts WHERE NOT hidden',
    );
    for (const size of [7, 24]) {
      const expected = await server.db.query<{ id: number }>(
        `SELECT id FROM prompts WHERE NOT hidden
         ORDER BY row_number() OVER (PARTITION BY generator_type ORDER BY sales DESC, id ASC), generator_type`,
      );
      const got: number[] = [];
      for (let page = 1; page <= Math.ceil(n / size) + 1; page++) {
        const { body } = await recommended(`?pageSize=${size}&page=${page}`);
        expect(body.extend.total).toBe(n);
        got.push(...body.extend.data.map((c) => c.id));
      }
      expect(got).toEqual(expected.map((r) => r.id));
    }
  });

  it("reads each generator's best sellers from its index, not the whole catalog (migration 018)", async () => {
    const plan = await server.db.tx(async (q) => {
      await q.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
      const statements: string[] = [];
      const spy = {
        ...q,
        query: (sql: string, params?: readonly unknown[]) => (statements.push(sql), q.query(sql, params)),
      };
      await recommendedPrompts(spy as typeof q, { userId: null, page: 2, pageSize: 8 });
      const best = statements.find((sql) => sql.includes('row_number()'))!;
      const rows = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${best}`, [null, [1, 2, 3, 4]]);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('prompts_generator_sales_idx');
    expect(plan).not.toMatch(/Sort Key: p\.sales/);
  });

  it('answers a signed-in user without history the popular list', async () => {
    const { token } = await newUser(server, 'fresh@example.com');
    expect((await recommended('', token)).body.extend.mode).toBe('popular');
  });

  it('ranks for a buyer by the tags and generators of what they own, without what they own', async () => {
    const owned = await server.db.query<{ prompt_id: number; tags: string[] }>(
      `SELECT a.prompt_id, p.tags FROM user_prompt_access a JOIN prompts p ON p.id = a.prompt_id
       WHERE a.user_id = $1`,
      [demoId],
    );
    expect(owned.length).toBeGreaterThan(0);
    const { body } = await recommended('?pageSize=12', demoToken);
    expect(body.extend.mode).toBe('personal');
    expect(body.extend.data.length).toBeGreaterThan(0);
    // says why: the strongest tags of what they own
    expect(body.extend.because.length).toBeGreaterThan(0);
    for (const tag of body.extend.because) expect(owned.some((o) => o.tags.includes(tag))).toBe(true);
    const ownedIds = new Set(owned.map((o) => o.prompt_id));
    const ownedTags = new Set(owned.flatMap((o) => o.tags));
    for (const card of body.extend.data) {
      expect(ownedIds.has(card.id)).toBe(false);
      expect(card.tags.some((t) => ownedTags.has(t))).toBe(true);
      expect(card.saved).toBe(false);
    }
    // The best match shares more of the buyer's tags than the average popular prompt does.
    const shared = (c: PromptCard) => c.tags.filter((t) => ownedTags.has(t)).length;
    const popular = (await recommended('?pageSize=12')).body.extend.data;
    const mean = (cards: PromptCard[]) => cards.reduce((s, c) => s + shared(c), 0) / cards.length;
    expect(mean(body.extend.data)).toBeGreaterThan(mean(popular));
    // Pages do not overlap.
    const two = (await recommended('?pageSize=12&page=2', demoToken)).body.extend;
    expect(two.total).toBe(body.extend.total);
    const first = new Set(body.extend.data.map((c) => c.id));
    expect(two.data.some((c) => first.has(c.id))).toBe(false);
  });

  it('follows what a user views: views count, and the viewed tags lead', async () => {
    const viewer = await newUser(server, 'viewer@example.com');
    const target = await server.db.one<{ id: number; tags: string[]; views: number }>(
      `SELECT id, tags, views FROM prompts WHERE grade = 0 AND generator_type = 3 ORDER BY id LIMIT 1`,
    );
    expect((await detail(target.id, viewer.token)).status).toBe(200);
    await server.app.views.flush(); // views are written in batches
    const after = await server.db.one<{ views: number }>('SELECT views FROM prompts WHERE id = $1', [
      target.id,
    ]);
    expect(after.views).toBe(target.views + 1);
    const row = await server.db.maybeOne('SELECT 1 FROM prompt_views WHERE user_id = $1 AND prompt_id = $2', [
      viewer.id,
      target.id,
    ]);
    expect(row).not.toBeNull();
    await detail(target.id); // anonymous: counted, not remembered
    await detail(target.id); // the second from the kept answer: counted too
    await server.app.views.flush();
    const again = await server.db.one<{ views: number }>('SELECT views FROM prompts WHERE id = $1', [
      target.id,
    ]);
    expect(again.views).toBe(target.views + 3);

    const { body } = await recommended('?pageSize=5', viewer.token);
    expect(body.extend.mode).toBe('personal');
    expect(body.extend.data.map((c) => c.id)).not.toContain(target.id);
    for (const card of body.extend.data) expect(card.tags.some((t) => target.tags.includes(t))).toBe(true);
  });

  it('answers 400 for bad paging', async () => {
    expect((await recommended('?pageSize=0')).status).toBe(400);
    expect((await recommended('?page=abc')).status).toBe(400);
  });
});

describe('GET /api/prompts/related', () => {
  it('answers eight prompts sharing tags or the generator, never the prompt itself', async () => {
    const source = await server.db.one<{
      id: number;
      slug: string;
      sort_id: number;
      tags: string[];
      generator_type: number;
    }>('SELECT id, slug, sort_id, tags, generator_type FROM prompts WHERE id = 12');
    for (const ref of [String(source.id), `${source.slug}-${source.sort_id}`]) {
      const { status, body } = await get<{ data: PromptCard[] }>(server, `/api/prompts/related?id=${ref}`);
      expect(status).toBe(200);
      expect(body.extend.data).toHaveLength(8);
      const shared = (c: PromptCard) => c.tags.filter((t) => source.tags.includes(t)).length;
      for (const card of body.extend.data) {
        expect(card.id).not.toBe(source.id);
        expect(shared(card) > 0 || card.generatorType === source.generator_type).toBe(true);
      }
      // Most shared tags first.
      const scores = body.extend.data.map(
        (c) => 2 * shared(c) + (c.generatorType === source.generator_type ? 1 : 0),
      );
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('answers 404 for an unknown prompt', async () => {
    for (const id of ['999999', 'nothing-999999', 'abc']) {
      const { status, body } = await get(server, `/api/prompts/related?id=${id}`);
      expect(status).toBe(404);
      expect(body.msg).toBe('Prompt not found');
    }
  });
});

describe('GET /api/categories', () => {
  interface Category {
    key: string;
    grade: number | null;
    title: string;
    path: string;
    count: number;
  }

  it('answers the four categories with their counts', async () => {
    const counts = await server.db.query<{ grade: number; count: number }>(
      'SELECT grade, count(*)::integer AS count FROM prompts GROUP BY grade ORDER BY grade',
    );
    const { status, body } = await get<{ data: Category[] }>(server, '/api/categories');
    expect(status).toBe(200);
    expect(body.extend.data.map((c) => [c.key, c.grade, c.title, c.path])).toEqual([
      ['all', null, 'All Prompts', '/category'],
      ['free_prompts', 0, 'Free Prompts', '/category/free-prompts'],
      ['fruit_prompts', 1, 'FruitCoin Prompts', '/category/fruit-prompts'],
      ['pay_prompts', 2, 'Premium Prompts', '/category/premium-prompts'],
    ]);
    const total = counts.reduce((s, c) => s + c.count, 0);
    expect(body.extend.data.map((c) => c.count)).toEqual([total, ...counts.map((c) => c.count)]);
  });

  it('answers one category by its id as query or path parameter, in any of its spellings', async () => {
    for (const id of ['pay_prompts', 'premium-prompts', '2']) {
      const byQuery = await get<{ data: Category[] }>(server, `/api/categories?id=${id}`);
      expect(byQuery.body.extend.data.map((c) => c.key)).toEqual(['pay_prompts']);
      const byParam = await get<{ data: Category }>(server, `/api/categories/${id}`);
      expect(byParam.body.extend.data.key).toBe('pay_prompts');
    }
    for (const url of ['/api/categories?id=nope', '/api/categories/nope']) {
      const { status, body } = await get(server, url);
      expect(status).toBe(404);
      expect(body.msg).toBe('Category not found');
    }
  });
});
