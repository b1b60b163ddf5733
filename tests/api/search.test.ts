// GET /api/prompts?q=: full-text search in the database, relevance (title over tags over description),
// phrases, prefixes, one-typo tolerance, highlights, suggestions, filters, saved=1, and no template text.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MARK_END as END,
  SEARCH_MARK_START as START,
  type PromptCard,
  type PromptPage,
} from '../../domain/catalog.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, get, post } from './support/auth.ts';
import { insertPrompts } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);
let demoToken: string;

type SearchPage = PromptPage & { suggestions?: string[]; totalExact?: boolean };

const search = async (query: string, token?: string) => {
  const res = await get<SearchPage>(server, `/api/prompts?${query}`, token ? bearer(token) : {});
  return res;
};
const q = (text: string, more = '') => search(`q=${encodeURIComponent(text)}${more}`);
const ids = (page: SearchPage) => page.data.map((c) => c.id);
const marked = (word: string) => `${START}${word}${END}`;

// Made-up words, so the fixtures are the only prompts that match them.
beforeAll(async () => {
  demoToken = await server.tokenFor('demo@example.com');
  await insertPrompts(server.db, [
    // "zephyrine" in the title of the least popular one, in a tag of the next, in the description of the
    // most popular one: relevance must beat popularity.
    { id: 9001, title: 'Zephyrine Lighthouse Poster', views: 10 },
    { id: 9002, title: 'Harbour Sunset Poster', tags: ['zephyrine', 'poster'], views: 500 },
    {
      id: 9003,
      title: 'Quiet Harbour Morning',
      description: 'Soft morning light over a harbour. Inspired by the zephyrine school of painting.',
      views: 5000,
    },
    // Phrase: "quokka lantern" next to each other only in 9004.
    { id: 9004, title: 'Quokka Lantern Parade', tags: ['animals', 'night'], grade: 0, generatorType: 1 },
    {
      id: 9005,
      title: 'Lantern Festival with a Quokka',
      tags: ['animals', 'festival'],
      grade: 1,
      generatorType: 2,
    },
    {
      id: 9006,
      title: 'Sleepy Quokka Portrait',
      tags: ['animals', 'portrait'],
      grade: 2,
      generatorType: 1,
      views: 900,
    },
    // A word only in a paid template: searching it must find nothing.
    {
      id: 9007,
      title: 'Premium Mystery Prompt',
      grade: 2,
      template: 'The secret word is xylocarpine, a [Variable 1]',
    },
  ]);
});

describe('relevance', () => {
  it('ranks a title match above a tag-only match above a description-only match', async () => {
    const { status, body } = await q('zephyrine');
    expect(status).toBe(200);
    expect(ids(body.extend)).toEqual([9001, 9002, 9003]);
    expect(body.extend).toMatchObject({ total: 3, page: 1, pageSize: 24, totalExact: true });
    expect(body.extend.suggestions).toBeUndefined();
  });

  it('is the default order of a search, and other sorts still apply to the matches', async () => {
    const relevance = await q('zephyrine', '&sort=relevance');
    expect(ids(relevance.body.extend)).toEqual([9001, 9002, 9003]);
    const trending = await q('zephyrine', '&sort=trending');
    expect(ids(trending.body.extend)).toEqual([9003, 9002, 9001]);
  });

  it('matches words whatever their case and English ending', async () => {
    expect(ids((await q('ZEPHYRINES')).body.extend)).toEqual([9001, 9002, 9003]);
    expect(ids((await q('lanterns quokkas')).body.extend).sort()).toEqual([9004, 9005]);
  });

  it('needs every word', async () => {
    expect(ids((await q('quokka sleepy')).body.extend)).toEqual([9006]);
  });
});

describe('phrases, prefixes, typos, exclusions', () => {
  it('matches a quoted phrase only where its words stand together, in order', async () => {
    expect(ids((await q('"quokka lantern"')).body.extend)).toEqual([9004]);
    expect(ids((await q('"lantern quokka"')).body.extend)).toEqual([]);
  });

  it('takes a word the catalog does not know, but some catalog words start with, as a prefix', async () => {
    const { body } = await q('zephyr');
    expect(ids(body.extend)).toEqual([9001, 9002, 9003]);
    expect(body.extend.data[0]!.match!.title).toBe(`${marked('Zephyrine')} Lighthouse Poster`);
    expect(ids((await q('quok lant')).body.extend).sort()).toEqual([9004, 9005]);
  });

  it('finds prefixes of seeded words too (portr finds portrait)', async () => {
    const { count } = await server.db.one<{ count: number }>(
      `SELECT count(*)::integer AS count FROM prompts WHERE search_doc @@ to_tsquery('english', 'portrait')`,
    );
    expect(count).toBeGreaterThan(0);
    const { body } = await q('portr', '&pageSize=60');
    expect(body.extend.total).toBe(count);
  });

  it('forgives one small typo: a swap, a missing or an extra letter', async () => {
    for (const typo of ['zephyrnie', 'zephyrin', 'zepyhrine', 'zephyrrine']) {
      const { body } = await q(typo);
      expect(ids(body.extend), typo).toEqual([9001, 9002, 9003]);
    }
    expect(ids((await q('qoukka lantren')).body.extend).sort()).toEqual([9004, 9005]);
  });

  it('does not stretch a short word or a far one into something else', async () => {
    expect((await q('zqx')).body.extend.total).toBe(0);
    expect((await q('zephyxxxxx')).body.extend.total).toBe(0);
  });

  it('leaves out prompts with an excluded word or phrase', async () => {
    expect(ids((await q('quokka -parade')).body.extend).sort()).toEqual([9005, 9006]);
    expect(ids((await q('quokka -"lantern festival"')).body.extend).sort()).toEqual([9004, 9006]);
  });

  it('answers nothing, with suggestions, for stop words only or exclusions only', async () => {
    for (const text of ['the of and', '-quokka']) {
      const { status, body } = await q(text);
      expect(status).toBe(200);
      expect(body.extend).toMatchObject({ data: [], total: 0 });
      expect(body.extend.suggestions!.length).toBeGreaterThan(0);
    }
  });

  it('treats quotes, dashes and symbols as text, never as syntax', async () => {
    for (const text of ['"', "'", '!!', '&|<->', 'a:*', "quokka')) OR 1=1 --", '\\', '( )', '"""quokka']) {
      const { status } = await q(text);
      expect(status, text).toBe(200);
    }
  });
});

describe('highlights', () => {
  it('marks the matched words in the title and in an excerpt of the description', async () => {
    const { body } = await q('zephyrine');
    const [title, tag, description] = body.extend.data as Required<PromptCard>[];
    expect(title!.match.title).toBe(`${marked('Zephyrine')} Lighthouse Poster`);
    expect(tag!.match).toEqual({ title: 'Harbour Sunset Poster', excerpt: tag!.excerpt });
    expect(description!.match.title).toBe('Quiet Harbour Morning');
    expect(description!.match.excerpt).toContain(`the ${marked('zephyrine')} school`);
    expect(description!.match.excerpt.replaceAll(START, '').replaceAll(END, '')).toContain(
      'Inspired by the zephyrine school of painting',
    );
  });

  it('marks what a prefix or a typo matched, as written in the text', async () => {
    const prefix = await q('quok');
    for (const card of prefix.body.extend.data) expect(card.match!.title).toContain(marked('Quokka'));
    const typo = await q('lantren');
    for (const card of typo.body.extend.data) expect(card.match!.title).toContain(marked('Lantern'));
  });

  it('gives plain cards (no match) outside searches', async () => {
    const { body } = await search('pageSize=5');
    for (const card of body.extend.data) expect(card.match).toBeUndefined();
  });
});

describe('suggestions', () => {
  it('offers close catalog words when nothing matches', async () => {
    const { body } = await q('quokka zephyrine');
    expect(body.extend).toMatchObject({ data: [], total: 0 });
    expect(body.extend.suggestions).toEqual(expect.arrayContaining(['quokka', 'zephyrine']));
    expect(body.extend.suggestions!.length).toBeLessThanOrEqual(5);
  });

  it('offers a corrected search when every word is close to a catalog word', async () => {
    const { body } = await q('quokkka zephyrinez bogus');
    expect(body.extend.total).toBe(0);
    expect(body.extend.suggestions!.length).toBeGreaterThan(0);
    expect(body.extend.suggestions!.length).toBeLessThanOrEqual(5);
  });

  it('falls back to popular tags when no word is close to anything', async () => {
    const { body } = await q('xqzvvk');
    expect(body.extend.total).toBe(0);
    const suggestions = body.extend.suggestions!;
    expect(suggestions.length).toBeGreaterThan(0);
    const { count } = await server.db.one<{ count: number }>(
      'SELECT count(*)::integer AS count FROM prompts WHERE $1 = ANY (tags)',
      [suggestions[0]],
    );
    expect(count).toBeGreaterThan(1);
  });
});

describe('filters', () => {
  it('combines the search with grade, generator and tags', async () => {
    const all = (await q('quokka')).body.extend.data;
    expect(ids({ data: all } as SearchPage).sort()).toEqual([9004, 9005, 9006]);
    const cases: [string, (c: PromptCard) => boolean][] = [
      ['&grade=2', (c) => c.grade === 2],
      ['&type=1', (c) => c.generatorType === 1],
      ['&tags=animals,portrait', (c) => c.tags.includes('portrait')],
      [
        '&grade=0&type=1&tags=night',
        (c) => c.grade === 0 && c.generatorType === 1 && c.tags.includes('night'),
      ],
      ['&grade=1&type=1', () => false],
    ];
    for (const [filter, keep] of cases) {
      const { body } = await q('quokka', filter);
      expect(ids(body.extend).sort(), filter).toEqual(
        all
          .filter(keep)
          .map((c) => c.id)
          .sort(),
      );
      expect(body.extend.total, filter).toBe(all.filter(keep).length);
    }
  });

  it('pages through the results', async () => {
    const one = (await q('quokka', '&pageSize=2&page=1')).body.extend;
    const two = (await q('quokka', '&pageSize=2&page=2')).body.extend;
    const three = (await q('quokka', '&pageSize=2&page=3')).body.extend;
    expect([one.total, two.total, three.total]).toEqual([3, 3, 3]);
    expect([...ids(one), ...ids(two)].sort()).toEqual([9004, 9005, 9006]);
    expect(three.data).toEqual([]);
  });

  it('answers 400 for a search text over 200 characters and an unknown sort', async () => {
    expect((await q('x'.repeat(201))).status).toBe(400);
    expect((await q('quokka', '&sort=best')).status).toBe(400);
  });
});

describe('saved=1', () => {
  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const { status, body } = await search('saved=1', token);
      expect(status).toBe(401);
      expect(body.success).toBe(false);
    }
  });

  it("lists only the caller's saved prompts, with search and filters", async () => {
    const empty = await search('saved=1', demoToken);
    expect(empty.body.extend).toMatchObject({ data: [], total: 0 });
    for (const promptId of [9004, 9006, 1]) {
      expect((await post(server, '/api/my/favorites', { promptId }, bearer(demoToken))).status).toBe(200);
    }
    const saved = (await search('saved=1&pageSize=60', demoToken)).body.extend;
    expect(ids(saved).sort((a, b) => a - b)).toEqual([1, 9004, 9006]);
    expect(saved.data.every((c) => c.saved === true)).toBe(true);
    expect(ids((await search('saved=1&q=quokka', demoToken)).body.extend).sort()).toEqual([9004, 9006]);
    expect(ids((await search('saved=1&q=quokka&grade=2', demoToken)).body.extend)).toEqual([9006]);
    // Someone else's list is their own.
    const alice = await server.tokenFor('alice@example.com');
    expect((await search('saved=1', alice)).body.extend.total).toBe(0);
  });
});

describe('template text', () => {
  it('is not searchable and never part of a search answer', async () => {
    expect((await q('xylocarpine')).body.extend.total).toBe(0);
    const paid = await server.db.query<{ template: string }>('SELECT template FROM prompts WHERE grade > 0');
    for (const text of ['quokka', 'zephyrine', 'portrait', 'premium mystery', 'variable', 'stylize']) {
      const res = await q(text, '&pageSize=60');
      for (const p of paid) expect(res.res.body.includes(p.template), text).toBe(false);
      expect(res.res.body).not.toMatch(/"template"/);
    }
  });
});
