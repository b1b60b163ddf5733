// Issue 19: search plans once, from the vocabulary's counts (no reading of a thousand matches to choose),
// answers an approximate total past the limit, highlights in JavaScript, remembers word lookups until the
// catalog changes; list totals are kept in a big catalog until it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MARK_END as END,
  SEARCH_MARK_START as START,
  type PromptCard,
  type PromptPage,
} from '../../domain/catalog.ts';
import { clearListTotals, KEPT_TOTALS_FROM } from '../../server/catalog/list-totals.ts';
import { listPrompts } from '../../server/catalog/lists.ts';
import { compileSearch, estimateMatches, phraseEstimate } from '../../server/catalog/search.ts';
import { excerptMatches, EXCERPT_WORDS, markMatches } from '../../server/catalog/search-highlights.ts';
import { SEARCH_RESULT_LIMIT } from '../../server/catalog/search-plan.ts';
import { clearSearchMemo } from '../../server/catalog/search-words.ts';
import type { Db, Queryable } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { createTestServer } from '../support/server.ts';
import { get } from './support/auth.ts';
import { insertPrompts, listQuery as query } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const marked = (word: string) => `${START}${word}${END}`;
const visible = (text: string) => text.replaceAll(START, '[').replaceAll(END, ']');

/** The statements a listPrompts call sends, through a database that notes them. */
function spied(db: Queryable) {
  const statements: string[] = [];
  const q: Queryable = {
    query: (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    },
    one: (sql, params) => {
      statements.push(sql);
      return db.one(sql, params);
    },
    maybeOne: (sql, params) => {
      statements.push(sql);
      return db.maybeOne(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { q, statements };
}
/** Statements that test prompts against a search (read matches). */
const searching = (statements: string[]) => statements.filter((sql) => sql.includes('@@'));

const BULK = 5000;
const FIRST = 200_001;

/**
 * A big catalog: the demo prompts and BULK more, a minute apart (the first the oldest). "Quasarflux" is in
 * the title of the first 1500 (more than a search serves), "glimmerwick" in the description of every
 * tenth (500). Words that go with a grade or
 * a generator: "driftglyph" in the description of the 3334 of grade 0 or 1 and of 100 of grade 2;
 * "emberquill" in that of 1200 of generator 1 (none of the others); "misty vellichor" in the title of 625
 * of generator 2 (every eighth), "vellichor" in the description of 2500 (every second: generators 2 and
 * 4). Words that go
 * together: "larkspire" and "mossvane" in 2222 descriptions each, 1111 of them both (independent, about
 * 980 would be).
 */
async function writeBulk(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit,
                          price_cents, tags, template, variables, image_count, art, views, sales, created_at)
     SELECT $1 + i, $1 + i, 'bulk-prompt-' || i,
            CASE WHEN i < 1500 THEN 'Quasarflux Poster ' ELSE 'Filler Poster ' END || i
              || CASE WHEN i % 8 = 1 THEN ' Misty Vellichor' ELSE '' END,
            'A bulk prompt for the search plan tests.' || CASE WHEN i % 10 = 0 THEN ' Lit by glimmerwick lamps.' ELSE '' END
              || CASE WHEN i % 3 <> 2 OR i < 300 THEN ' Drawn in driftglyph ink.' ELSE '' END
              || CASE WHEN i % 4 = 0 AND i < 4800 THEN ' Framed in emberquill.' ELSE '' END
              || CASE WHEN i % 2 = 1 THEN ' Misted in vellichor.' ELSE '' END
              || CASE WHEN i % 9 < 4 THEN ' Larkspire.' ELSE '' END
              || CASE WHEN i % 9 IN (0, 1, 4, 5) THEN ' Mossvane.' ELSE '' END,
            1 + i % 4, i % 3, CASE WHEN i % 3 = 1 THEN 20 END, CASE WHEN i % 3 = 2 THEN 299 END,
            ARRAY['bulk'], 'Secret template of bulk prompt ' || i, '[]', 1,
            '{"scene": "abstract", "palette": ["#101010", "#808080", "#f0f0f0"], "seed": 1}',
            (i * 7919) % 10007, 0, '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 minute'
     FROM generate_series(0, $2 - 1) AS i`,
    [FIRST, BULK],
  );
}

/**
 * The newest and price orders of a common word, pages 1 and 3 (writeBulk's catalog): the order's first
 * matches, read within a window of the order when the word is spread over it.
 */
async function newestAndPrice(db: Queryable): Promise<void> {
  const orders = {
    newest: { sql: 'created_at DESC, id DESC', window: /p\.created_at >= '[^']+'::timestamptz/ },
    price_asc: {
      sql: 'grade, COALESCE(price_fruit, price_cents, 0), id',
      window: /p\.grade < \d+ OR \(p\.grade = \d+ AND p\.price_key < \d+\)/,
    },
    price_desc: {
      sql: 'grade DESC, COALESCE(price_fruit, price_cents, 0) DESC, id',
      window: /p\.grade > \d+ OR \(p\.grade = \d+ AND p\.price_key >= \d+\)/,
    },
  } as const;
  for (const [sort, order] of Object.entries(orders)) {
    for (const page of [1, 3]) {
      // "driftglyph": 3434 matches spread over the orders; "quasarflux": 1500, the oldest of the catalog.
      for (const word of ['driftglyph', 'quasarflux']) {
        const { q, statements } = spied(db);
        const found = await listPrompts(q, query(word, { sort: sort as keyof typeof orders, page }));
        const expected = await db.query<{ id: number }>(
          `SELECT id FROM prompts WHERE search_doc @@ to_tsquery('english', $1)
           ORDER BY ${order.sql} OFFSET ${(page - 1) * 24} LIMIT 24`,
          [word],
        );
        expect(found.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
        expect(found).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false });
        // A common word spread over the order: its first matches come from a window, never all of them.
        if (word === 'driftglyph') {
          const reads = searching(statements);
          expect(reads.length).toBeGreaterThan(0);
          for (const sql of reads) expect(sql).toMatch(order.window);
        }
      }
    }
  }
}

/**
 * A word of a filter whose title group is too big to read whole and rare enough that a walk of the
 * popularity order would test many prompts ("vellichor" in generator 2, writeBulk): its first matches are
 * read within a window of the popularity order (its index ANDed with the full-text index's), not walked.
 */
async function popularityWindow(db: Queryable): Promise<void> {
  const { q, statements } = spied(db);
  const page = await listPrompts(q, query('vellichor', { generatorType: 2 }));
  const expected = await db.query<{ id: number }>(
    `SELECT id FROM prompts WHERE generator_type = 2 AND title_doc @@ to_tsquery('english', 'vellichor')
     ORDER BY views + sales * 25 DESC, id LIMIT 24`,
  );
  expect(expected).toHaveLength(24);
  expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
  expect(page).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false });
  const reads = searching(statements);
  expect(reads).toHaveLength(1);
  expect(reads[0]).toMatch(/p\.popularity >= \d+/);
  expect(statements.join('\n')).not.toMatch(/WITH w AS/);
}

/**
 * Words that go together ("larkspire mossvane", writeBulk): estimated as few (independent), matched by
 * more than the limit. Their first read takes all of them (within the bound of the rarer word) and
 * answers the page: no second read of the same matches.
 */
async function wordsTogether(db: Queryable): Promise<void> {
  const { q, statements } = spied(db);
  const page = await listPrompts(q, query('larkspire mossvane', { page: 3 }));
  const expected = await db.query<{ id: number }>(
    `SELECT id FROM prompts WHERE search_doc @@ to_tsquery('english', 'larkspire & mossvane')
     ORDER BY views + sales * 25 DESC, id OFFSET 48 LIMIT 24`,
  );
  expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
  expect(page).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false });
  expect(searching(statements)).toHaveLength(1);
}

describe('estimates', () => {
  it('takes one word as counted, several words as if independent, a phrase at most its rarest word', () => {
    const portrait = [10, 20, 400] as const;
    const cat = [5, 10, 100] as const;
    expect(estimateMatches([{ expected: portrait, upper: portrait }], 1000)).toEqual({
      expected: [10, 20, 400],
      upper: [10, 20, 400],
    });
    const both = estimateMatches(
      [
        { expected: portrait, upper: portrait },
        { expected: cat, upper: cat },
      ],
      1000,
    );
    expect(both.expected.map((n) => Math.round(n))).toEqual([0, 0, 40]);
    expect(both.upper).toEqual([5, 10, 100]);
    // Never more than the catalog; an uncounted word (Infinity) bounds nothing.
    expect(estimateMatches([{ expected: [Infinity, 1, 2], upper: [Infinity, 1, 2] }], 50).upper).toEqual([
      50, 1, 2,
    ]);

    const phrase = phraseEstimate([portrait, cat], null, 1000);
    expect(phrase.upper).toEqual([5, 10, 100]);
    expect(phrase.expected.map((n) => Math.round(n))).toEqual([0, 0, 40]);
    // A phrase that is a tag of its own ("sci-fi") is likely as common as the tag.
    expect(phraseEstimate([portrait, cat], [0, 90, 90], 1000).expected.map((n) => Math.round(n))).toEqual([
      0, 10, 90,
    ]);
  });
});

describe('JavaScript highlights', () => {
  const highlight = { words: new Set(['portrait', 'portraits']), prefixes: ['quok'] };

  it('marks every matched word as written, leaves the rest of the text as it is, and drops stray marks', () => {
    expect(markMatches('Moonlit Portrait of a Quokka', highlight)).toBe(
      `Moonlit ${marked('Portrait')} of a ${marked('Quokka')}`,
    );
    // Plain text, never HTML: the client renders it as text (src/catalog/prompt-card.tsx Highlighted).
    expect(markMatches(`<b>PORTRAITS</b> & "quokkas" ${START}x${END}`, highlight)).toBe(
      `<b>${marked('PORTRAITS')}</b> & "${marked('quokkas')}" x`,
    );
    expect(markMatches('Nothing here', highlight)).toBeNull();
  });

  it('cuts an excerpt of the description around its matches, with ellipses where it goes on', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[30] = 'portraits';
    const excerpt = excerptMatches(words.join(' '), highlight)!;
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt).toContain(`w29 ${marked('portraits')} w31`);
    expect(excerpt.slice(2, -2).split(' ')).toHaveLength(EXCERPT_WORDS);
    // The stretch holding the most matches.
    for (const i of [50, 52, 54, 56]) words[i] = 'portrait';
    expect(excerptMatches(words.join(' '), highlight)).toContain(
      `${marked('portrait')} w51 ${marked('portrait')} w53 ${marked('portrait')} w55 ${marked('portrait')}`,
    );
    // Short: all of it, no ellipsis; nothing matched: null.
    expect(excerptMatches('A  quokka\nportrait.', highlight)).toBe(
      `A ${marked('quokka')} ${marked('portrait')}.`,
    );
    expect(excerptMatches('Nothing here.', highlight)).toBeNull();
  });
});

describe('search in a big catalog', () => {
  const server = openForSuite(createTestServer);

  beforeAll(async () => {
    await writeBulk(server.db);
    await insertPrompts(server.db, [
      {
        id: 300_001,
        title: 'Moonlit <b>Portrait</b> of a Zanderfly',
        description: `A zanderfly at night. ${'Long calm words go on here. '.repeat(8)}The zanderfly portraits end it.`,
        template: 'The zanderfly template names a secret: [Variable 1]',
      },
    ]);
    clearSearchMemo();
    clearListTotals();
  });

  it('plans a common word from its count: walks the popularity index, never counts its matches', async () => {
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('quasarflux'));
    expect(page).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false, page: 1, pageSize: 24 });
    const expected = await server.db.query<{ id: number }>(
      `SELECT id FROM prompts WHERE title_doc @@ to_tsquery('english', 'quasarflux')
       ORDER BY views + sales * 25 DESC, id LIMIT 24`,
    );
    expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
    expect(page.data.every((c) => c.match!.title.startsWith(marked('Quasarflux')))).toBe(true);
    // One statement reads matches, walking the popularity order; none reads a thousand and one of them.
    expect(searching(statements)).toHaveLength(1);
    expect(searching(statements)[0]).toMatch(/ORDER BY popularity DESC, id ASC LIMIT \d+\) AS p/);
    expect(statements.join('\n')).not.toContain(`LIMIT ${SEARCH_RESULT_LIMIT + 1}`);
  });

  it('plans a rarer word as few: one statement ranks, counts and pages its matches, the total exact', async () => {
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('glimmerwick', { pageSize: 10 }));
    expect(page).toMatchObject({ total: BULK / 10, totalExact: true });
    expect(page.data).toHaveLength(10);
    expect(searching(statements)).toHaveLength(1);
    expect(page.data[0]!.match!.excerpt).toContain(`Lit by ${marked('glimmerwick')} lamps.`);
  });

  it('stays exact when filters leave few of a common word', async () => {
    const page = await listPrompts(server.db, query('quasarflux', { grade: 2, generatorType: 3 }));
    const { count } = await server.db.one<{ count: number }>(
      `SELECT count(*)::integer AS count FROM prompts
       WHERE grade = 2 AND generator_type = 3 AND search_doc @@ to_tsquery('english', 'quasarflux')`,
    );
    expect(count).toBeLessThan(SEARCH_RESULT_LIMIT);
    expect(page).toMatchObject({ total: count, totalExact: true });
    expect(page.data.every((c) => c.grade === 2 && c.generatorType === 3)).toBe(true);
  });

  it('counts each term per grade and generator (migration 013)', async () => {
    const { filter_docs: counts, docs } = await server.db.one<{ filter_docs: number[]; docs: number }>(
      `SELECT filter_docs, docs FROM search_terms WHERE term = 'driftglyph'`,
    );
    const cells = await server.db.query<{ k: number; n: number }>(
      `SELECT grade * 4 + generator_type - 1 AS k, count(*)::integer AS n FROM prompts
       WHERE search_doc @@ to_tsquery('english', 'driftglyph') GROUP BY 1`,
    );
    const expected = Array<number>(12).fill(0);
    for (const { k, n } of cells) expected[k] = n;
    expect(counts).toEqual(expected);
    expect(docs).toBe(3334 + 100);
  });

  it("counts a prompt in its new grade's cell when its grade changes (the operator's price command)", async () => {
    const cellsOf = async () =>
      (
        await server.db.one<{ filter_docs: number[] }>(
          `SELECT filter_docs FROM search_terms WHERE term = 'driftglyph'`,
        )
      ).filter_docs;
    const before = await cellsOf();
    const { id, generator_type } = await server.db.one<{ id: number; generator_type: number }>(
      `SELECT id, generator_type FROM prompts
       WHERE grade = 0 AND search_doc @@ to_tsquery('english', 'driftglyph') ORDER BY id LIMIT 1`,
    );
    await server.db
      .tx(async (q) => {
        await q.query('UPDATE prompts SET grade = 1, price_fruit = 5 WHERE id = $1', [id]);
        const cell = 1 * 4 + generator_type - 1;
        expect(
          (
            await q.one<{ filter_docs: number[] }>(
              `SELECT filter_docs FROM search_terms WHERE term = 'driftglyph'`,
            )
          ).filter_docs[cell],
        ).toBe(before[cell]! + 1);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(await cellsOf()).toEqual(before);
  });

  it('estimates a phrase from how often its words go together in titles and tags (migration 015)', async () => {
    // "misty vellichor": in 625 titles, each word in those only; as if independent, about 77.
    const { expected, upper } = (await compileSearch(server.db, '"Misty Vellichor"')).estimate(BULK);
    expect(expected.map(Math.round)).toEqual([625, 625, 625]);
    expect(upper[0]).toBe(625);
    // Counted as prompts are written and their titles or tags edited (then never taken from).
    const pair = (phrase: string, q: Queryable) =>
      q.maybeOne<{ title_docs: number; label_docs: number }>(
        'SELECT title_docs, label_docs FROM search_phrases WHERE phrase = $1',
        [phrase],
      );
    await server.db
      .tx(async (q) => {
        await insertPrompts(q, [{ id: 300_010, title: 'Misty Vellichor at Dawn', tags: ['dawn-chorus'] }]);
        expect(await pair('misti vellichor', q)).toEqual({ title_docs: 626, label_docs: 626 });
        expect(await pair('dawn chorus', q)).toEqual({ title_docs: 0, label_docs: 1 });
        await q.query(`UPDATE prompts SET title = 'Quiet Lanternfen Harbor' WHERE id = 300010`);
        expect(await pair('lanternfen harbor', q)).toEqual({ title_docs: 1, label_docs: 1 });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(await pair('lanternfen harbor', server.db)).toBeNull();
  });

  it('plans a filtered search from the share of its word in the filter, not a fixed share', async () => {
    // Few in grade 2 (100 of 3434; a third would be past the limit): one statement, the total exact.
    const few = spied(server.db);
    const page = await listPrompts(few.q, query('driftglyph', { grade: 2 }));
    expect(page).toMatchObject({ total: 100, totalExact: true });
    expect(page.data.every((c) => c.grade === 2)).toBe(true);
    expect(searching(few.statements)).toHaveLength(1);

    // All of them in generator 1 (1200; a quarter would be few): never reads a thousand and one first.
    const many = spied(server.db);
    const common = await listPrompts(many.q, query('emberquill', { generatorType: 1 }));
    expect(common).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false });
    const expected = await server.db.query<{ id: number }>(
      `SELECT id FROM prompts WHERE generator_type = 1 AND search_doc @@ to_tsquery('english', 'emberquill')
       ORDER BY views + sales * 25 DESC, id LIMIT 24`,
    );
    expect(common.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
    expect(many.statements.join('\n')).not.toContain(`LIMIT ${SEARCH_RESULT_LIMIT + 1}`);
    // Its walk of the popularity order tests the generator of a prompt before the search (cheaper).
    const walks = many.statements.filter((sql) => /WITH w AS/.test(sql));
    expect(walks.length).toBeGreaterThan(0);
    for (const sql of walks) {
      expect(sql).toMatch(/LIMIT \d+\) AS p\s+WHERE [^@]*p\.generator_type = \$\d+ ORDER BY [^@]* OFFSET 0/);
    }
  });

  it('answers a page past the limit with the approximate total, reading no match', async () => {
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('quasarflux', { page: 43 }));
    expect(page).toMatchObject({ data: [], total: SEARCH_RESULT_LIMIT, totalExact: false, page: 43 });
    expect(searching(statements)).toHaveLength(0);
  });

  it("serves the later pages of a common word in order, making only the page's cards", async () => {
    const expected = await server.db.query<{ id: number }>(
      `SELECT id FROM prompts WHERE search_doc @@ to_tsquery('english', 'quasarflux')
       ORDER BY views + sales * 25 DESC, id OFFSET 48 LIMIT 24`,
    );
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('quasarflux', { page: 3 }));
    expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
    // The 48 matches before the page are read as ids: their cards are not made.
    expect(searching(statements).every((sql) => sql.includes('top.n > 48'))).toBe(true);
  });

  it('reads a common word in the newest and price orders within a window of the order', () =>
    newestAndPrice(server.db));

  it('reads a rarer group of a filtered search within a window of the popularity order', () =>
    popularityWindow(server.db));

  it('reads words that go together once, though estimated as few and matched by more', () =>
    wordsTogether(server.db));

  it('reads the title group and the title-and-tags group in one statement when few titles match', async () => {
    // "driftglyph": in no title nor tag, in 3434 descriptions.
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('driftglyph'));
    const expected = await server.db.query<{ id: number }>(
      `SELECT id FROM prompts WHERE search_doc @@ to_tsquery('english', 'driftglyph')
       ORDER BY views + sales * 25 DESC, id LIMIT 24`,
    );
    expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
    expect(page).toMatchObject({ total: SEARCH_RESULT_LIMIT, totalExact: false });
    // Both groups, then the descriptions: two statements read matches.
    const reads = searching(statements);
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatch(/CASE WHEN p\.title_doc @@ .* THEN 3 ELSE 2 END AS rank[\s\S]*p\.label_doc @@/);
  });

  it('highlights the title and the description as written, stems too, never the template', async () => {
    const res = await get<PromptPage & { totalExact?: boolean }>(
      server,
      `/api/prompts?q=zanderfly+portraits`,
    );
    expect(res.status).toBe(200);
    const [card] = res.body.extend.data as Required<PromptCard>[];
    expect(card!.id).toBe(300_001);
    expect(card!.match.title).toBe(`Moonlit <b>${marked('Portrait')}</b> of a ${marked('Zanderfly')}`);
    expect(visible(card!.match.excerpt)).toMatch(/^… .*The \[zanderfly\] \[portraits\] end it\.$/);
    expect(res.res.body).not.toContain('secret');
  });

  it('remembers word lookups until the catalog changes (clearSearchMemo)', async () => {
    // The lookups of words not remembered: their stems (the vocabulary itself is in memory).
    const lookups = (statements: string[]) =>
      statements.filter((sql) => sql.includes("to_tsvector('english', w.word)")).length;
    const { q, statements } = spied(server.db);
    await listPrompts(q, query('qwertyzorblax quasarflux'));
    expect(lookups(statements)).toBe(1);
    statements.length = 0;
    await listPrompts(q, query('quasarflux qwertyzorblax'));
    await listPrompts(q, query('qwertyzorblax'));
    expect(lookups(statements)).toBe(0);

    // A word remembered as unknown stays so until the memo is cleared.
    await insertPrompts(server.db, [{ id: 300_002, title: 'Qwertyzorblaxian Lantern' }]);
    expect((await listPrompts(q, query('qwertyzorblax'))).total).toBe(0);
    clearSearchMemo();
    const found = await listPrompts(q, query('qwertyzorblax'));
    expect(found.data.map((c) => c.id)).toEqual([300_002]);
  });

  it('keeps list totals in a big catalog until clearListTotals', async () => {
    clearListTotals();
    const all = await listPrompts(server.db, query(null));
    const paid = await listPrompts(server.db, query(null, { grade: 2 }));
    const { count } = await server.db.one<{ count: number }>(
      'SELECT count(*)::integer AS count FROM prompts',
    );
    expect(count).toBeGreaterThanOrEqual(KEPT_TOTALS_FROM);
    expect(all.total).toBe(count);
    await insertPrompts(server.db, [{ id: 300_003, title: 'One More Paid Prompt', grade: 2 }]);
    expect((await listPrompts(server.db, query(null))).total).toBe(count);
    expect((await listPrompts(server.db, query(null, { grade: 2 }))).total).toBe(paid.total);
    clearListTotals();
    expect((await listPrompts(server.db, query(null))).total).toBe(count + 1);
    expect((await listPrompts(server.db, query(null, { grade: 2 }))).total).toBe(paid.total + 1);
  });
});

describe.skipIf(skipPostgres('search-plan'))('search in a big catalog on PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  let db: Db | null = null;
  beforeAll(async () => {
    cluster = await startTestPostgres();
    db = await openPg(await cluster.createDatabase('search_plan'));
    await migrate(db);
    await writeBulk(db);
    await db.exec('ANALYZE');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
  });

  it('reads a common word in the newest and price orders within a window of the order', () =>
    newestAndPrice(db!));

  it('reads a rarer group of a filtered search within a window of the popularity order', () =>
    popularityWindow(db!));

  it('reads words that go together once, though estimated as few and matched by more', () =>
    wordsTogether(db!));

  it("serves the later pages of a common word in order, making only the page's cards", async () => {
    const expected = await db!.query<{ id: number }>(
      `SELECT id FROM prompts WHERE search_doc @@ to_tsquery('english', 'quasarflux')
       ORDER BY views + sales * 25 DESC, id OFFSET 48 LIMIT 24`,
    );
    const page = await listPrompts(db!, query('quasarflux', { page: 3 }));
    expect(page.data.map((c) => c.id)).toEqual(expected.map((r) => r.id));
  });
});

describe('list totals in a small catalog', () => {
  const server = openForSuite(createTestServer);

  it('are counted on every call, so they are always exact', async () => {
    const before = await listPrompts(server.db, query(null, { generatorType: 4 }));
    await insertPrompts(server.db, [{ id: 300_101, title: 'A Fresh Kling Prompt', generatorType: 4 }]);
    expect((await listPrompts(server.db, query(null, { generatorType: 4 }))).total).toBe(before.total + 1);
    expect((await get<PromptPage>(server, '/api/prompts?type=4')).body.extend.total).toBe(before.total + 1);
  });
});

/** Thrown to roll a test's transaction back. */
class Rollback extends Error {}
