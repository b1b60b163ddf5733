// Issue 19 (search at memory speed on PGlite): what a search sends costs little to plan. Its words are
// looked up in the vocabulary held in memory (server/catalog/lexicon.ts), read once; the database only
// stems them, in one statement. The statements that read matches join the caller's access and favourite
// rows only for the saved filter (the cards join them).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../server/catalog/list-query.ts';
import { clearListTotals } from '../../server/catalog/list-totals.ts';
import { listPrompts } from '../../server/catalog/lists.ts';
import { clearSearchMemo, vocabulary } from '../../server/catalog/search-words.ts';
import type { Queryable } from '../../server/db/index.ts';
import { createTestServer } from '../support/server.ts';
import { listQuery as query } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

/** The statements a call sends, through a database that notes them. */
function spied(db: Queryable) {
  const statements: string[] = [];
  const note =
    <F extends (sql: string, params?: readonly unknown[]) => Promise<unknown>>(f: F) =>
    (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return f(sql, params);
    };
  const q = {
    query: note(db.query.bind(db)),
    one: note(db.one.bind(db)),
    maybeOne: note(db.maybeOne.bind(db)),
    exec: (sql: string) => db.exec(sql),
  } as Queryable;
  return { q, statements };
}

const joinsOf = (sql: string) => sql.match(/LEFT JOIN favorites f/g)?.length ?? 0;

const server = openForSuite(createTestServer);
beforeAll(async () => {
  clearSearchMemo();
  clearListTotals();
});

describe('the statements of a search', () => {
  it('reads the vocabulary once, stems new words in one statement, and remembers them', async () => {
    clearSearchMemo();
    const { q, statements } = spied(server.db);
    const found = await vocabulary(q, ['portrait', 'portr', 'portriat', 'the'], ['sci-fi']);
    // the vocabulary, read whole, and the words' stems
    expect(statements).toHaveLength(2);
    expect(statements.filter((sql) => /FROM search_terms\s*$/.test(sql.trim()))).toHaveLength(1);
    expect(statements.filter((sql) => sql.includes("to_tsvector('english', w.word)"))).toHaveLength(1);
    // no nearest-word or prefix search in the database
    for (const sql of statements) expect(sql).not.toMatch(/<->|LIKE/);
    expect(found.words.get('portrait')?.single.kind).toBe('exact');
    expect(found.words.get('portr')?.single.kind).toBe('prefix');
    expect(found.words.get('portriat')?.single).toMatchObject({ kind: 'typo' });
    expect(found.words.get('portriat')?.single.alternatives).toContain('portrait');
    expect(found.words.get('the')?.single.kind).toBe('stop');
    expect(found.terms.get('sci-fi')).not.toBeNull();

    // The counts are the database's: a known word's are its stem's terms' summed.
    const counted = await server.db.one<{ docs: number }>(
      `SELECT COALESCE(sum(docs), 0)::integer AS docs FROM search_terms
       WHERE lexeme = ANY (tsvector_to_array(to_tsvector('english', 'portrait')))`,
    );
    expect(found.words.get('portrait')?.single.docs[2]).toBe(counted.docs);

    // Remembered: nothing sent again; a new word is only stemmed.
    await vocabulary(q, ['portrait', 'portr']);
    expect(statements).toHaveLength(2);
    await vocabulary(q, ['landscape']);
    expect(statements).toHaveLength(3);
    expect(statements[2]).toContain("to_tsvector('english', w.word)");
  });

  it("reads matches without the caller's rows unless the saved filter asks for them", async () => {
    const user = '00000000-0000-4000-8000-000000000001';
    const variants: Partial<ListQuery>[] = [{}, { userId: user }, { sort: 'newest' }, { grade: 0 }];
    for (const more of variants) {
      const { q, statements } = spied(server.db);
      const page = await listPrompts(q, query('portrait', more));
      expect(page.total).toBeGreaterThan(0);
      const reading = statements.filter((sql) => sql.includes('@@'));
      expect(reading.length).toBeGreaterThan(0);
      // Once: where the page's cards are made.
      for (const sql of reading) expect(joinsOf(sql)).toBe(1);
    }
    const { q, statements } = spied(server.db);
    const saved = await listPrompts(q, query('portrait', { userId: user, saved: true }));
    expect(saved.total).toBe(0);
    for (const sql of statements.filter((s) => s.includes('@@'))) expect(joinsOf(sql)).toBe(2);
  });

  it('suggests from the vocabulary in memory, without a statement of its own', async () => {
    const topTags = await server.db.query<{ term: string }>(
      'SELECT term FROM search_terms WHERE is_tag ORDER BY docs DESC, term LIMIT 5',
    );
    clearSearchMemo();
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('zqxqvvzzq'));
    expect(page).toMatchObject({ total: 0, data: [] });
    // The nearest catalog word is too far to suggest: the most used tags instead.
    expect(page.suggestions).toEqual(topTags.map((r) => r.term));
    for (const sql of statements) expect(sql).not.toMatch(/<->|ORDER BY docs DESC/);

    // A typo of a catalog word: its nearest catalog words, found in memory (the vocabulary is not read
    // again).
    statements.length = 0;
    const typo = await listPrompts(q, query('portriat zqxqvvzzq'));
    expect(typo.total).toBe(0);
    expect(typo.suggestions).toContain('portrait');
    for (const sql of statements) expect(sql).not.toMatch(/<->|FROM search_terms/);
  });
});
