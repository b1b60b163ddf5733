// Issue 19 (search at memory speed on PGlite): what a search sends costs little to plan. The vocabulary
// lookup is one call of search_lookup (migration 012), whose plan the database keeps; the statements that
// read matches join the caller's access and favourite rows only for the saved filter (the cards join them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearListTotals, listPrompts, type ListQuery } from '../../server/catalog/repository.ts';
import { clearSearchMemo, vocabulary } from '../../server/catalog/search.ts';
import type { Queryable } from '../../server/db/index.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { listQuery as query } from './support/catalog.ts';

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

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  clearSearchMemo();
  clearListTotals();
});
afterAll(async () => {
  await server.close();
});

describe('the statements of a search', () => {
  it('looks words up with one call of search_lookup, whose plan is kept, and remembers them', async () => {
    const { q, statements } = spied(server.db);
    const found = await vocabulary(q, ['portrait', 'portr', 'portriat', 'the'], ['sci-fi']);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM search_lookup\(\$1, \$2, \$3, \$4, \$5\)/);
    expect(found.words.get('portrait')?.single.kind).toBe('exact');
    expect(found.words.get('portr')?.single.kind).toBe('prefix');
    expect(found.words.get('portriat')?.single).toMatchObject({ kind: 'typo' });
    expect(found.words.get('portriat')?.single.alternatives).toContain('portrait');
    expect(found.words.get('the')?.single.kind).toBe('stop');
    await vocabulary(q, ['portrait', 'portr']);
    expect(statements).toHaveLength(1);

    // The function says what the statement it replaced said: same words, same counts.
    const [row] = await server.db.query<{ words: { word: string; docs: number; terms: string[] }[] }>(
      'SELECT found_words AS words FROM search_lookup($1, 4, 400, 20, $2)',
      [['portrait'], []],
    );
    const counted = await server.db.one<{ docs: number }>(
      `SELECT COALESCE(sum(docs), 0)::integer AS docs FROM search_terms
       WHERE lexeme = ANY (tsvector_to_array(to_tsvector('english', 'portrait')))`,
    );
    expect(row?.words).toHaveLength(1);
    expect(row?.words[0]).toMatchObject({ word: 'portrait', docs: counted.docs });
    const { generic } = await server.db.one<{ generic: boolean }>(
      `SELECT proconfig @> ARRAY['plan_cache_mode=force_generic_plan'] AS generic
       FROM pg_proc WHERE proname = 'search_lookup'`,
    );
    expect(generic).toBe(true);
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

  it('looks up no nearest words for the suggestions of a word far from every catalog word', async () => {
    // The nearest-word lookup of the suggestions (by trigram distance), and the most used tags.
    const nearLookup = (sql: string) => sql.includes('s.term <-> w.word');
    const topTags = await server.db.query<{ term: string }>(
      'SELECT term FROM search_terms WHERE is_tag ORDER BY docs DESC, term LIMIT 5',
    );
    clearSearchMemo();
    const { q, statements } = spied(server.db);
    const page = await listPrompts(q, query('zqxqvvzzq'));
    expect(page).toMatchObject({ total: 0, data: [] });
    // Its lookup found the nearest catalog word too far to suggest: the most used tags instead.
    expect(page.suggestions).toEqual(topTags.map((r) => r.term));
    expect(statements.filter(nearLookup)).toHaveLength(0);

    // A typo of a catalog word still gets its suggestions looked up.
    const near = spied(server.db);
    const typo = await listPrompts(near.q, query('portriat zqxqvvzzq'));
    expect(typo.total).toBe(0);
    expect(near.statements.filter(nearLookup)).toHaveLength(1);
    expect(typo.suggestions).toContain('portrait');
  });
});
