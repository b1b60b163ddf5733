// Issue 19: a search's words are looked up in the vocabulary held in memory (server/catalog/lexicon.ts)
// instead of the database's trigram index. What it answers must be what pg_trgm answers on this database
// (PGlite, and PostgreSQL in the PostgreSQL run): the same distance from a word to every catalog term, the
// same nearest terms, the same prefixes and stems.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, readLexicon, trigramDistance, trigrams } from '../../server/catalog/lexicon.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

/** Typos, prefixes, short words, catalog words, digits, words no term is near. */
const WORDS = [
  'portriat',
  'portr',
  'neon',
  'ne',
  'sci-fi',
  'watrcolor',
  'cyberpnuk',
  'ai',
  '3d',
  'zqxqvvzzq',
  'lanscape',
  'x',
];

/** The checks, on the demo catalog of a database. */
function agreesWithTheDatabase(of: () => { db: Db; lexicon: Lexicon }) {
  it('holds every catalog term', async () => {
    const { n } = await of().db.one<{ n: number }>('SELECT count(*)::integer AS n FROM search_terms');
    expect(n).toBeGreaterThan(100);
    expect(of().lexicon.size).toBe(n);
  });

  it("has pg_trgm's trigrams", async () => {
    for (const text of ['word', 'sci-fi', 'Neon Alley', 'a', '3d']) {
      const { t } = await of().db.one<{ t: string[] }>('SELECT show_trgm($1) AS t', [text]);
      expect([...trigrams(text)].sort(), text).toEqual([...t].sort());
    }
  });

  it("gives every term pg_trgm's distance to a word, to the last bit of a real", async () => {
    for (const word of WORDS) {
      const rows = await of().db.query<{ term: string; d: number }>(
        'SELECT term, (term <-> $1)::float8 AS d FROM search_terms ORDER BY term',
        [word],
      );
      const wrong = rows.filter((r) => trigramDistance(r.term, word) !== r.d);
      expect(wrong.slice(0, 3), word).toEqual([]);
    }
  });

  it('finds the nearest terms the database finds, nearest first, then the most used', async () => {
    for (const word of WORDS) {
      const near = of().lexicon.nearest(word, 20);
      const rows = await of().db.query<{ term: string; d: number }>(
        `SELECT term, (term <-> $1)::float8 AS d FROM search_terms
         WHERE term <-> $1 < 1 ORDER BY term <-> $1, docs DESC, term COLLATE "C" LIMIT 20`,
        [word],
      );
      expect(
        near.map((n) => [n.term.term, n.distance]),
        word,
      ).toEqual(rows.map((r) => [r.term, r.d]));
    }
  });

  it('finds the prefixes and the stems the database finds', async () => {
    for (const word of ['po', 'portr', 'ne', 'cyber', 'zq']) {
      const rows = await of().db.query<{ term: string }>(
        `SELECT term FROM search_terms WHERE term LIKE $1 || '%' AND term <> $1 ORDER BY term COLLATE "C"`,
        [word],
      );
      expect(
        of()
          .lexicon.withPrefix(word, 10_000)
          .map((t) => t.term),
        word,
      ).toEqual(rows.map((r) => r.term));
      expect(of().lexicon.withPrefix(word, 2)).toHaveLength(Math.min(2, rows.length));
    }
    for (const word of ['portraits', 'neon', 'colors', 'the']) {
      const rows = await of().db.query<{ term: string }>(
        `SELECT term FROM search_terms
         WHERE lexeme = ANY (tsvector_to_array(to_tsvector('english', $1))) ORDER BY docs DESC, term COLLATE "C"`,
        [word],
      );
      const { lexemes } = await of().db.one<{ lexemes: string[] }>(
        `SELECT tsvector_to_array(to_tsvector('english', $1)) AS lexemes`,
        [word],
      );
      expect(
        of()
          .lexicon.ofLexemes(lexemes)
          .map((t) => t.term),
        word,
      ).toEqual(rows.map((r) => r.term));
    }
  });

  it('lists the most used tags first', async () => {
    const rows = await of().db.query<{ term: string }>(
      `SELECT term FROM search_terms WHERE is_tag ORDER BY docs DESC, term COLLATE "C" LIMIT 5`,
    );
    expect(
      of()
        .lexicon.topTags(5)
        .map((t) => t.term),
    ).toEqual(rows.map((r) => r.term));
  });
}

describe('the vocabulary in memory, on PGlite', () => {
  const server = openForSuite(createTestServer);
  let lexicon: Lexicon;
  beforeAll(async () => {
    lexicon = await readLexicon(server.db);
  });
  agreesWithTheDatabase(() => ({ db: server.db, lexicon }));
});

describe.skipIf(skipPostgres('lexicon'))('the vocabulary in memory, on PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  let db: Db | null = null;
  let lexicon: Lexicon;
  beforeAll(async () => {
    cluster = await startTestPostgres();
    db = await openPg(await cluster.createDatabase('lexicon'));
    await migrate(db);
    await seedDemo(db);
    lexicon = await readLexicon(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
  });
  agreesWithTheDatabase(() => ({ db: db!, lexicon }));
});

describe('the filters of a search', () => {
  const server = openForSuite(createTestServer);

  it('take a grade and a generator from one index (migration 017)', async () => {
    const plan = await server.db.tx(async (q) => {
      await q.exec('SET LOCAL enable_seqscan = off');
      const rows = await q.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN SELECT id FROM prompts WHERE grade = 1 AND generator_type = 2',
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('prompts_grade_generator_idx');
    expect(plan).not.toContain('prompts_grade_idx');
  });
});
