// Search speed on a big catalog: `node --import tsx scripts/bench-search.ts [--prompts 100000] [--queries 200]`.
//
// Builds a scratch in-memory PGlite with every migration, writes the demo catalog, or N prompts shaped like
// it (titles, tags, descriptions of server/seed/content, with words mixed across prompts and a long tail of
// rarer words so the vocabulary grows like a real one), then runs varied searches through listPrompts, the
// function GET /api/prompts uses: words, prefixes, one-typo words, phrases, exclusions, several words,
// filters, other sorts, later pages, and searches that find nothing (suggestions). Prints p50/p95/p99 and
// a one-line summary; exits 1 when p95 is 50 ms or more.
import { parseArgs } from 'node:util';
import type { PromptCard } from '../machines/domain/catalog.ts';
import { categoriesWithCounts } from '../server/catalog/categories.ts';
import {
  homeSections,
  listPrompts,
  recommendedPrompts,
  relatedPrompts,
  type ListQuery,
} from '../server/catalog/repository.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { buildSeedData } from '../server/seed/content/index.ts';
import { createRandom } from '../server/seed/content/random.ts';
import type { SeedPrompt } from '../server/seed/types.ts';

const { values } = parseArgs({
  options: {
    /** How many prompts; default: the demo catalog itself, as seeded. */
    prompts: { type: 'string' },
    queries: { type: 'string', default: '200' },
    seed: { type: 'string', default: '7' },
    /** Keep the catalog in this directory and reuse it on the next run (same --prompts). */
    'data-dir': { type: 'string' },
  },
});
const base = buildSeedData().prompts;
const SEEDED = values.prompts === undefined;
const N = SEEDED ? base.length : Number(values.prompts);
const QUERIES = Number(values.queries);
const BUDGET_MS = 50;
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(QUERIES) || QUERIES < 1) {
  process.stderr.write('usage: bench-search.ts [--prompts N] [--queries N]\n');
  process.exit(2);
}

const r = createRandom(Number(values.seed));
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (t: number) => `${t.toFixed(1)} ms`;

// ---- the catalog ----------------------------------------------------------------------------------------

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];
const titleWords = [...new Set(base.flatMap((p) => wordsOf(p.title)))].filter((w) => w.length > 3);
const allTags = [...new Set(base.flatMap((p) => p.tags))];

/** Pronounceable made-up words: the long tail of a big catalog's vocabulary (names, styles, places). */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'ta',
  'vor',
  'sel',
  'dan',
  'qui',
  'bra',
  'nel',
  'ost',
  'ur',
  'fen',
];
const rareWords = [
  ...new Set(
    Array.from({ length: 6000 }, () => Array.from({ length: r.int(2, 4) }, () => r.pick(SYLLABLES)).join('')),
  ),
];
const extraTags = rareWords.slice(0, 150);

function promptAt(i: number): SeedPrompt {
  const shape = base[i % base.length]!;
  const other = base[r.int(0, base.length - 1)]!;
  const [first, ...restWords] = shape.title.split(' ');
  const borrowed = other.title.split(' ').slice(-2).join(' ');
  const rare = r.pick(rareWords);
  const title =
    `${first} ${r.next() < 0.5 ? r.pick(titleWords) : ''} ${restWords.slice(0, 3).join(' ')} ${borrowed}`
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 190);
  const tags = [...new Set([...shape.tags, ...(r.next() < 0.3 ? [r.pick(extraTags)] : [])])].slice(0, 6);
  const description = `${shape.description} Inspired by the ${rare} ${r.pick(titleWords)} series; pairs well with ${r.pick(rareWords)} accents.`;
  return {
    ...shape,
    id: i + 1,
    sortId: i + 1,
    slug: `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-p${i + 1}`,
    title,
    tags,
    description,
    views: r.int(0, 25_000),
    sales: r.int(0, 400),
  };
}

async function buildCatalog() {
  const dataDir = values['data-dir'];
  const db = await openPglite(dataDir === undefined ? {} : { dataDir });
  await migrate(db);
  const existing = await db.one<{ n: number }>('SELECT count(*)::integer AS n FROM prompts');
  if (existing.n === N) {
    log(`catalog: reusing ${N} prompts in ${dataDir}`);
    return db;
  }
  if (existing.n > 0) await db.exec('TRUNCATE prompts CASCADE; TRUNCATE search_terms');
  const started = performance.now();
  const BATCH = 2000;
  for (let from = 0; from < N; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, N - from) }, (_, k) =>
      SEEDED ? base[from + k]! : promptAt(from + k),
    );
    await db.query(
      `INSERT INTO prompts (id, sort_id, slug, title, description, generator_type, grade, price_fruit,
                            price_cents, tags, template, variables, image_count, art, views, sales, created_at)
       SELECT id, "sortId", slug, title, description, "generatorType", grade,
              CASE WHEN grade = 1 THEN "priceFruit" END, CASE WHEN grade = 2 THEN "priceCents" END,
              tags, template, variables, "imageCount", art, views, sales, "createdAt"
       FROM jsonb_to_recordset($1::jsonb) AS x(id integer, "sortId" integer, slug text, title text,
            description text, "generatorType" smallint, grade smallint, "priceFruit" integer,
            "priceCents" integer, tags text[], template text, variables jsonb, "imageCount" smallint,
            art jsonb, views integer, sales integer, "createdAt" timestamptz)`,
      [JSON.stringify(rows)],
    );
  }
  await db.exec('VACUUM ANALYZE');
  const terms = await db.one<{ n: number }>('SELECT count(*)::integer AS n FROM search_terms');
  log(
    `catalog: ${N} prompts${SEEDED ? ' (the demo catalog)' : ''}, ${terms.n} vocabulary terms, written in ${ms(performance.now() - started)}`,
  );
  return db;
}

// ---- the searches ---------------------------------------------------------------------------------------

const typo = (word: string): string => {
  const i = r.int(1, word.length - 2);
  return r.next() < 0.5
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // transposition
    : word.slice(0, i) + word.slice(i + 1); // deletion
};

type Case = { kind: string; query: Omit<ListQuery, 'userId'> };

function searches(count: number): Case[] {
  const q = (text: string, extra: Partial<ListQuery> = {}): Omit<ListQuery, 'userId'> => ({
    grade: null,
    generatorType: null,
    tags: [],
    sort: null,
    page: 1,
    pageSize: 24,
    q: text,
    ...extra,
  });
  const makers: (() => Case)[] = [
    () => ({ kind: 'word', query: q(r.pick(titleWords)) }),
    () => ({ kind: 'tag word', query: q(r.pick(allTags)) }),
    () => ({ kind: 'prefix', query: q(r.pick(titleWords).slice(0, r.int(3, 5))) }),
    () => ({ kind: 'typo', query: q(typo(r.pick(titleWords.filter((w) => w.length >= 6)))) }),
    () => {
      const words = r.pick(base).title.split(' ');
      const at = r.int(0, Math.max(0, words.length - 2));
      return { kind: 'phrase', query: q(`"${words.slice(at, at + 2).join(' ')}"`) };
    },
    () => ({ kind: 'two words', query: q(`${r.pick(titleWords)} ${r.pick(allTags)}`) }),
    () => ({ kind: 'exclusion', query: q(`${r.pick(allTags)} -${r.pick(titleWords)}`) }),
    () => ({ kind: 'rare word', query: q(r.pick(rareWords)) }),
    () => ({
      kind: 'filters',
      query: q(r.pick(titleWords), {
        grade: r.pick([0, 1, 2] as const),
        generatorType: r.pick([1, 2, 3, 4] as const),
      }),
    }),
    () => ({ kind: 'tag filter', query: q(r.pick(titleWords), { tags: [r.pick(allTags)] }) }),
    () => ({
      kind: 'sorted',
      query: q(r.pick(allTags), { sort: r.pick(['newest', 'price_asc', 'trending'] as const) }),
    }),
    () => ({ kind: 'page 3', query: q(r.pick(allTags), { page: 3 }) }),
    () => ({
      kind: 'no match',
      query: q(`${r.pick(['zq', 'xv', 'qj'])}${r.pick(SYLLABLES)}${r.pick(['xq', 'zz', 'vv'])}`),
    }),
  ];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!());
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main(): Promise<void> {
  const db = await buildCatalog();
  try {
    const run = async (c: Case): Promise<{ time: number; total: number; first?: PromptCard }> => {
      const started = performance.now();
      const page = await listPrompts(db, { ...c.query, userId: null });
      return { time: performance.now() - started, total: page.total, first: page.data[0] };
    };
    for (const c of searches(30)) await run(c); // warm-up: caches, plans, JIT
    const cases = searches(QUERIES);
    const results: { kind: string; time: number; total: number; query: Case['query'] }[] = [];
    for (const c of cases) results.push({ kind: c.kind, query: c.query, ...(await run(c)) });

    const times = results.map((x) => x.time).sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p)) as [number, number, number];
    const kinds = [...new Set(results.map((x) => x.kind))];
    log(
      `${'kind'.padEnd(12)} ${'n'.padStart(4)} ${'p50'.padStart(9)} ${'max'.padStart(9)} ${'hits(avg)'.padStart(10)}`,
    );
    for (const kind of kinds) {
      const of = results.filter((x) => x.kind === kind);
      const t = of.map((x) => x.time).sort((a, b) => a - b);
      const hits = of.reduce((s, x) => s + x.total, 0) / of.length;
      log(
        `${kind.padEnd(12)} ${String(of.length).padStart(4)} ${ms(percentile(t, 50)).padStart(9)} ${ms(t[t.length - 1]!).padStart(9)} ${hits.toFixed(0).padStart(10)}`,
      );
    }
    const describe = (x: Case['query']) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(x).filter(
            ([k, v]) =>
              v !== null &&
              !(k === 'page' && v === 1) &&
              k !== 'pageSize' &&
              !(Array.isArray(v) && v.length === 0),
          ),
        ),
      );
    log('slowest:');
    for (const x of [...results].sort((a, b) => b.time - a.time).slice(0, 5)) {
      log(`  ${ms(x.time).padStart(9)}  ${x.kind.padEnd(12)} ${describe(x.query)} -> ${x.total}`);
    }
    log(`p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(times[times.length - 1]!)}`);
    // The other catalog calls on the same catalog, for comparison (not part of the verdict).
    const buyer = (
      await db.one<{ id: string }>(
        `INSERT INTO users (email, name, provider) VALUES ('bench-' || gen_random_uuid() || '@example.com', 'Bench', 'email')
         RETURNING id`,
      )
    ).id;
    await db.query(
      `INSERT INTO user_prompt_access (user_id, prompt_id, source) SELECT $1, id, 'grant' FROM prompts WHERE id % $2 = 7`,
      [buyer, Math.max(1, Math.floor(N / 4))],
    );
    await db.query(
      `INSERT INTO prompt_views (user_id, prompt_id) SELECT $1, id FROM prompts WHERE id % $2 = 3`,
      [buyer, Math.max(1, Math.floor(N / 6))],
    );
    const other: [string, () => Promise<unknown>][] = [
      ['list, trending', () => listPrompts(db, { ...searches(1)[0]!.query, q: null, userId: null })],
      [
        'list, grade=1 by price',
        () =>
          listPrompts(db, { ...searches(1)[0]!.query, q: null, grade: 1, sort: 'price_asc', userId: null }),
      ],
      ['home shelves', () => homeSections(db, null)],
      ['related', () => relatedPrompts(db, r.int(1, N), null)],
      ['recommended, visitor', () => recommendedPrompts(db, { userId: null, page: 1, pageSize: 24 })],
      ['recommended, buyer', () => recommendedPrompts(db, { userId: buyer, page: 1, pageSize: 24 })],
      ['categories', () => categoriesWithCounts(db)],
    ];
    log('other calls (median of 10):');
    for (const [name, call] of other) {
      const t: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        await call();
        t.push(performance.now() - started);
      }
      log(`  ${name.padEnd(24)} ${ms(t.sort((a, b) => a - b)[5]!).padStart(9)}`);
    }
    const verdict = p95 < BUDGET_MS ? 'OK' : 'TOO SLOW';
    log(
      `summary: ${QUERIES} searches on ${N} prompts: p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)} — ${verdict} (p95 budget ${BUDGET_MS} ms)`,
    );
    process.exitCode = p95 < BUDGET_MS ? 0 : 1;
  } finally {
    await db.close();
  }
}

await main();
