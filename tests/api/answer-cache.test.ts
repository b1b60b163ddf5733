// The anonymous answers the server keeps (issue 19): kept and sent again with an ETag and a 304, compressed
// once, dropped when the catalog changes, and never a member's. The last is the promise that matters: a
// member's cards carry their marks (owned: hasAccess, saved) and a detail the template they bought, and
// none of it may ever reach a visitor or another member, in whatever order the requests come.
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/server.ts';
import { bearer } from './support/auth.ts';
import { insertPrompts, newUser } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);

const CATALOG_URLS = [
  '/api/prompts?page=1&pageSize=24',
  '/api/prompts?page=1&pageSize=24&grade=1',
  '/api/prompts?page=1&pageSize=24&grade=2&sort=newest',
  '/api/prompts?q=portrait&page=1&pageSize=24',
  '/api/prompts/home',
  '/api/prompts/recommended?page=1&pageSize=24',
  '/api/categories',
  '/api/categories/free_prompts',
  '/api/seo/metadata?pageType=HOME',
];

interface Card {
  id: number;
  grade: number;
  hasAccess: 0 | 1;
  saved?: boolean;
  promptDetail?: { template: string | null };
}

/** Every card-like object of an answer (lists, shelves, a detail). */
const cardsOf = (value: unknown): Card[] => {
  const found: Card[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.id === 'number' && 'hasAccess' in record) found.push(record as unknown as Card);
      Object.values(record).forEach(visit);
    }
  };
  visit(value);
  return found;
};

interface Viewer {
  name: string;
  headers: Record<string, string>;
  /** The prompts this viewer owns and has saved (null: a visitor). */
  owns: Set<number> | null;
  saved: Set<number> | null;
}

const marksOf = async (userId: string) => ({
  owns: new Set(
    (
      await server.db.query<{ prompt_id: number }>(
        'SELECT prompt_id FROM user_prompt_access WHERE user_id = $1',
        [userId],
      )
    ).map((r) => r.prompt_id),
  ),
  saved: new Set(
    (
      await server.db.query<{ prompt_id: number }>('SELECT prompt_id FROM favorites WHERE user_id = $1', [
        userId,
      ])
    ).map((r) => r.prompt_id),
  ),
});

/** What the answer must say to this viewer: their own marks, and none for a visitor. */
const expectMarksOf = (viewer: Viewer, url: string, body: unknown) => {
  const cards = cardsOf(body);
  for (const card of cards) {
    const where = `${viewer.name} ${url} prompt ${card.id}`;
    if (viewer.owns === null) {
      // a visitor's cards have no `saved` (a detail says false)
      expect(card.saved ?? false, where).toBe(false);
      expect(card.hasAccess, where).toBe(card.grade === 0 ? 1 : 0);
      if (card.promptDetail && card.grade !== 0) expect(card.promptDetail.template, where).toBeNull();
    } else {
      expect(card.saved, where).toBe(viewer.saved!.has(card.id));
      expect(card.hasAccess, where).toBe(card.grade === 0 || viewer.owns.has(card.id) ? 1 : 0);
      if (card.promptDetail)
        expect(card.promptDetail.template === null, where).toBe(
          card.grade !== 0 && !viewer.owns.has(card.id),
        );
    }
  }
  return cards.length;
};

let viewers: Viewer[];
let ownedByMemberA: number[];

beforeAll(async () => {
  const a = await newUser(server, 'cache-a@example.com');
  const b = await newUser(server, 'cache-b@example.com');
  // Member A owns and saves the first paid prompts of every list; member B saves others and owns none.
  const paid = await server.db.query<{ id: number }>(
    'SELECT id FROM prompts WHERE grade > 0 ORDER BY (views + sales * 25) DESC, id LIMIT 12',
  );
  ownedByMemberA = paid.slice(0, 6).map((r) => r.id);
  for (const id of ownedByMemberA) {
    await server.db.query(
      `INSERT INTO user_prompt_access (user_id, prompt_id, source) VALUES ($1, $2, 'grant')`,
      [a.id, id],
    );
    await server.db.query('INSERT INTO favorites (user_id, prompt_id) VALUES ($1, $2)', [a.id, id]);
  }
  for (const { id } of paid.slice(6)) {
    await server.db.query('INSERT INTO favorites (user_id, prompt_id) VALUES ($1, $2)', [b.id, id]);
  }
  const demo = await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`);
  viewers = [
    { name: 'visitor', headers: {}, owns: null, saved: null },
    { name: 'member A', headers: bearer(a.token), ...(await marksOf(a.id)) },
    { name: 'member B', headers: bearer(b.token), ...(await marksOf(b.id)) },
    {
      name: 'demo member',
      headers: bearer(await server.tokenFor('demo@example.com')),
      ...(await marksOf(demo.id)),
    },
  ];
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('anonymous answers kept', () => {
  it('are made once, sent again with their ETag, and answered 304 when the browser has them', async () => {
    const url = '/api/prompts?page=2&pageSize=12';
    const before = server.app.answers.stats();
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(server.app.answers.stats().misses - before.misses).toBe(1);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(first.headers.vary).toBe('Authorization, Accept-Encoding');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('go out compressed as kept: brotli when asked for, the same JSON', async () => {
    const url = '/api/prompts/home';
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('are dropped when the catalog changes', async () => {
    const url = '/api/prompts?page=1&pageSize=24&sort=newest';
    const before = (await get(url)).json<{ extend: { total: number } }>().extend.total;
    await insertPrompts(server.db, [
      { id: 990_001, title: 'Cache test prompt', createdAt: new Date(Date.now() + 60_000).toISOString() },
    ]);
    expect((await get(url)).json<{ extend: { total: number } }>().extend.total).toBe(before);
    server.app.catalogChanges.changed();
    const after = (await get(url)).json<{ extend: { total: number; data: { title: string }[] } }>();
    expect(after.extend.total).toBe(before + 1);
    expect(after.extend.data[0]?.title).toBe('Cache test prompt');
  });
});

describe("no member's answer reaches anyone else", () => {
  it('member answers are private and never kept', async () => {
    const before = server.app.answers.stats().entries;
    const member = viewers[1]!;
    for (const url of CATALOG_URLS) {
      const res = await get(`${url}${url.includes('?') ? '&' : '?'}member-only=1`, member.headers);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
    expect(server.app.answers.stats().entries).toBe(before);
  });

  it('in every order of visitor and members, each gets their own marks and nobody else’s', async () => {
    const details = [...ownedByMemberA.slice(0, 3), ...(await freePromptIds(2))].map(
      (id) => `/api/prompts/detail?id=${id}`,
    );
    const related = ownedByMemberA.slice(0, 2).map((id) => `/api/prompts/related?id=${id}`);
    const urls = [...CATALOG_URLS, ...details, ...related];
    // Start from nothing kept, then go through the viewers in several orders, so that every answer is
    // asked for first by a member, by a visitor, and again by each after the other.
    const orders = [
      [1, 0, 2, 3],
      [0, 1, 2, 3],
      [2, 3, 0, 1],
      [3, 0, 1, 0, 2, 0],
    ];
    let checked = 0;
    for (const order of orders) {
      server.app.answers.clear();
      for (const url of urls) {
        for (const index of order) {
          const viewer = viewers[index]!;
          const res = await get(url, viewer.headers);
          expect(res.statusCode, `${viewer.name} ${url}`).toBe(200);
          checked += expectMarksOf(viewer, url, res.json());
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // and the marks were there to leak: member A's answers do show owned paid prompts
    const a = viewers[1]!;
    const own = (await get(`/api/prompts/detail?id=${ownedByMemberA[0]}`, a.headers)).json<{
      extend: { data: Card & { promptDetail: { template: string | null } } };
    }>();
    expect(own.extend.data.hasAccess).toBe(1);
    expect(own.extend.data.promptDetail.template).not.toBeNull();
  });

  it('a request with a token that does not verify is answered afresh, never from or into the kept answers', async () => {
    server.app.answers.clear();
    const res = await get('/api/prompts/home', { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(server.app.answers.stats().entries).toBe(0);
  });
});

async function freePromptIds(n: number): Promise<number[]> {
  const rows = await server.db.query<{ id: number }>(
    `SELECT id FROM prompts WHERE grade = 0 ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => r.id);
}
