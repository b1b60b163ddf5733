// The catalog calls: GET /api/prompts (filters, sort, paging) and GET /api/prompts/detail (requirements §7),
// and the rule that a template leaves the server only for callers who may see it (requirements §C2).
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromptCard, PromptFull, PromptPage } from '../../domain/catalog.ts';
import { signToken } from '../../server/auth/tokens.ts';
import type { Envelope } from '../../domain/envelope.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);
let demoToken: string;

interface PromptRow {
  id: number;
  sort_id: number;
  slug: string;
  grade: number;
  template: string;
  owned: boolean;
}
let paid: PromptRow[];
let free: PromptRow[];
/** Paid prompts the demo user bought, and paid prompts nobody gave them. */
let demoOwned: PromptRow[];
let demoNotOwned: PromptRow[];

beforeAll(async () => {
  demoToken = await server.tokenFor('demo@example.com');
  const all = await server.db.query<PromptRow>(
    `SELECT p.id, p.sort_id, p.slug, p.grade, p.template,
            EXISTS (SELECT 1 FROM user_prompt_access a JOIN users u ON u.id = a.user_id
                    WHERE a.prompt_id = p.id AND u.email = 'demo@example.com') AS owned
     FROM prompts p ORDER BY p.id`,
  );
  paid = all.filter((p) => p.grade > 0);
  free = all.filter((p) => p.grade === 0);
  demoOwned = paid.filter((p) => p.owned);
  demoNotOwned = paid.filter((p) => !p.owned);
});

const get = async <E>(url: string, token?: string) => {
  const res = await server.app.inject({
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json<Envelope<E>>(), text: res.body };
};

const list = (query: string, token?: string) => get<PromptPage>(`/api/prompts${query}`, token);
const detail = (id: string | number, token?: string) =>
  get<{ data: PromptFull; promptDetail: PromptFull['promptDetail'] }>(
    `/api/prompts/detail?id=${encodeURIComponent(String(id))}&memberId=0`,
    token,
  );

/** Every card of a query, page by page. */
const allCards = async (query: string, token?: string): Promise<{ cards: PromptCard[]; texts: string[] }> => {
  const cards: PromptCard[] = [];
  const texts: string[] = [];
  for (let page = 1; ; page++) {
    const res = await list(`${query}${query ? '&' : '?'}pageSize=60&page=${page}`, token);
    expect(res.status).toBe(200);
    cards.push(...res.body.extend.data);
    texts.push(res.text);
    if (res.body.extend.data.length < 60) return { cards, texts };
  }
};

describe('GET /api/prompts', () => {
  it('answers the first page of 24 trending cards by default', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const page = body.extend;
    expect(page).toMatchObject({ page: 1, pageSize: 24, total: paid.length + free.length });
    expect(page.data).toHaveLength(Math.min(24, page.total));
    const score = (c: PromptCard) => c.views + c.sales * 25;
    for (let i = 1; i < page.data.length; i++) {
      expect(score(page.data[i - 1]!)).toBeGreaterThanOrEqual(score(page.data[i]!));
    }
  });

  it('answers cards of the documented shape, without template text', async () => {
    const { body } = await list('?pageSize=5');
    for (const card of body.extend.data) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'id',
          'sortId',
          'slug',
          'slugId',
          'title',
          'excerpt',
          'type',
          'generatorType',
          'grade',
          'priceFruit',
          'priceCents',
          'tags',
          'image',
          'hasAccess',
          'views',
          'sales',
          'createdAt',
        ].sort(),
      );
      expect(card.slugId).toBe(`${card.slug}-${card.sortId}`);
      expect(card.type).toBe(card.generatorType === 3 ? '2' : '1');
      expect(card.image).toEqual({
        url: `/api/images/prompts/${card.id}/0.webp`,
        width: 480,
        height: 360,
        alt: expect.stringContaining(card.title),
      });
      expect(card.hasAccess).toBe(card.grade === 0 ? 1 : 0);
      expect(new Date(card.createdAt).toISOString()).toBe(card.createdAt);
      if (card.grade === 0) expect([card.priceFruit, card.priceCents]).toEqual([null, null]);
      if (card.grade === 1) expect(card.priceFruit).toBeGreaterThan(0);
      if (card.grade === 2) expect(card.priceCents).toBeGreaterThan(0);
    }
  });

  it('filters by grade and by generator type', async () => {
    for (const grade of [0, 1, 2]) {
      const { cards } = await allCards(`?grade=${grade}`);
      expect(cards.length).toBe([...paid, ...free].filter((p) => p.grade === grade).length);
      expect(cards.every((c) => c.grade === grade)).toBe(true);
    }
    const { body } = await list('?type=3&grade=0&pageSize=60');
    expect(body.extend.data.every((c) => c.generatorType === 3 && c.grade === 0 && c.type === '2')).toBe(
      true,
    );
  });

  it('filters by tags, all of which must match, ignoring case and blanks', async () => {
    const { body: first } = await list('?pageSize=1');
    const tags = first.extend.data[0]!.tags.slice(0, 2);
    const { cards } = await allCards(`?tags=${encodeURIComponent(` ${tags.join(' , ').toUpperCase()} ,`)}`);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.tags).toEqual(expect.arrayContaining(tags));
    const none = await list('?tags=' + encodeURIComponent(`${tags[0]},no-such-tag-anywhere`));
    expect(none.body.extend).toMatchObject({ data: [], total: 0 });
  });

  it('sorts by newest and by price', async () => {
    const newest = (await list('?sort=newest&pageSize=60')).body.extend.data;
    for (let i = 1; i < newest.length; i++) {
      expect(newest[i - 1]!.createdAt >= newest[i]!.createdAt).toBe(true);
    }
    const asc = (await allCards('?sort=price_asc&grade=1')).cards.map((c) => c.priceFruit ?? 0);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allCards('?sort=price_desc&grade=2')).cards.map((c) => c.priceCents ?? 0);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const mixed = (await list('?sort=price_asc&pageSize=60')).body.extend.data;
    expect(mixed[0]!.grade).toBe(0);
  });

  it('pages without overlap and answers an empty page past the end', async () => {
    const one = (await list('?sort=newest&pageSize=7&page=1')).body.extend;
    const two = (await list('?sort=newest&pageSize=7&page=2')).body.extend;
    expect(two).toMatchObject({ page: 2, pageSize: 7, total: one.total });
    const ids = new Set(one.data.map((c) => c.id));
    expect(two.data.some((c) => ids.has(c.id))).toBe(false);
    const far = (await list('?page=9999')).body.extend;
    expect(far).toMatchObject({ data: [], total: one.total, page: 9999 });
  });

  it('never carries a template of a paid prompt, for anyone', async () => {
    for (const token of [undefined, demoToken]) {
      const { cards, texts } = await allCards('', token);
      expect(cards.length).toBe(paid.length + free.length);
      const everything = texts.join('\n');
      for (const p of paid) expect(everything.includes(p.template), `template of ${p.id}`).toBe(false);
      expect(everything).not.toMatch(/"template"/);
    }
  });

  it('marks the prompts the caller owns with hasAccess 1', async () => {
    expect(demoOwned.length).toBeGreaterThan(0);
    const { cards } = await allCards('', demoToken);
    const owned = new Set(demoOwned.map((p) => p.id));
    for (const card of cards) expect(card.hasAccess).toBe(card.grade === 0 || owned.has(card.id) ? 1 : 0);
  });
});

describe('GET /api/prompts/detail', () => {
  it('answers by numeric id with the prompt and its promptDetail', async () => {
    const p = free[0]!;
    const { status, body } = await detail(p.id);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const slugId = `${p.slug}-${p.sort_id}`;
    expect(body.extend.promptDetail).toMatchObject({ slugId, slug: p.slug, sortId: p.sort_id });
    expect(body.extend.data).toMatchObject({ id: p.id, slugId, promptDetail: body.extend.promptDetail });
    expect(body.extend.data.description.length).toBeGreaterThan(0);
    expect(body.extend.data.images.length).toBeGreaterThan(0);
    expect(body.extend.data.images[0]).toMatchObject({
      url: `/api/images/prompts/${p.id}/0.webp?size=full`,
      width: 960,
      height: 720,
    });
    expect(Array.isArray(body.extend.promptDetail.variables)).toBe(true);
  });

  it('answers by slugId, and by a stale slug with the canonical slugId', async () => {
    const p = paid[0]!;
    const bySlug = await detail(`${p.slug}-${p.sort_id}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.extend.data.id).toBe(p.id);
    const stale = await detail(`an-old-title-${p.sort_id}`);
    expect(stale.body.extend.promptDetail.slugId).toBe(`${p.slug}-${p.sort_id}`);
  });

  it('answers an unknown id with a 404 envelope', async () => {
    for (const id of ['999999', 'no-such-prompt-999999', 'abc', '0', '-1', 'slug-', '1.5']) {
      const { status, body } = await detail(id);
      expect(status, id).toBe(404);
      expect(body).toEqual({ success: false, msg: 'Prompt not found', extend: {} });
    }
  });

  it('shows the template of a free prompt to everyone', async () => {
    for (const p of free.slice(0, 5)) {
      const { body } = await detail(p.id);
      expect(body.extend.promptDetail.template).toBe(p.template);
      expect(body.extend.data.hasAccess).toBe(1);
    }
  });

  it('never sends the template of a FruitCoin or premium prompt to an anonymous caller', async () => {
    expect(paid.some((p) => p.grade === 1) && paid.some((p) => p.grade === 2)).toBe(true);
    for (const p of paid) {
      const res = await detail(p.id);
      expect(res.status).toBe(200);
      expect(res.body.extend.promptDetail.template).toBeNull();
      expect(res.body.extend.data.hasAccess).toBe(0);
      expect(res.text.includes(p.template), `template of ${p.id}`).toBe(false);
    }
  });

  it('ignores memberId: naming the owner does not unlock anything', async () => {
    const p = demoOwned[0]!;
    const demoId = (
      await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`)
    ).id;
    const res = await get<{ promptDetail: PromptFull['promptDetail'] }>(
      `/api/prompts/detail?id=${p.id}&memberId=${demoId}`,
    );
    expect(res.body.extend.promptDetail.template).toBeNull();
    expect(res.text.includes(p.template)).toBe(false);
  });

  it('shows the template to a caller whose token names a user with access', async () => {
    for (const p of demoOwned) {
      const { body } = await detail(p.id, demoToken);
      expect(body.extend.promptDetail.template, `prompt ${p.id}`).toBe(p.template);
      expect(body.extend.data.hasAccess).toBe(1);
    }
  });

  it('still hides the template of prompts the caller does not own', async () => {
    for (const p of demoNotOwned.slice(0, 10)) {
      const res = await detail(p.id, demoToken);
      expect(res.body.extend.promptDetail.template).toBeNull();
      expect(res.text.includes(p.template)).toBe(false);
    }
  });

  it('treats an invalid, expired, foreign or stale token as anonymous', async () => {
    const p = demoOwned[0]!;
    const demo = await server.db.one<{ id: string; name: string; token_version: number }>(
      `SELECT id, name, token_version FROM users WHERE email = 'demo@example.com'`,
    );
    const tokens = [
      'not-a-token',
      `${demoToken.slice(0, -4)}AAAA`, // bad signature
      await signToken(
        { id: demo.id, name: demo.name, tokenVersion: demo.token_version },
        'another-secret-another-secret-0000',
      ),
      await signToken(
        { id: demo.id, name: demo.name, tokenVersion: demo.token_version },
        server.config.jwtSecret,
        {
          now: Date.now() - 30 * 24 * 3600 * 1000,
          ttlSeconds: 60,
        },
      ), // expired
      await signToken(
        { id: demo.id, name: demo.name, tokenVersion: demo.token_version + 1 },
        server.config.jwtSecret,
      ),
      await signToken(
        { id: '00000000-0000-4000-8000-00000000dead', name: 'ghost', tokenVersion: 0 },
        server.config.jwtSecret,
      ),
    ];
    for (const token of tokens) {
      const res = await detail(p.id, token);
      expect(res.status).toBe(200);
      expect(res.body.extend.promptDetail.template).toBeNull();
      expect(res.body.extend.data.hasAccess).toBe(0);
    }
  });
});
