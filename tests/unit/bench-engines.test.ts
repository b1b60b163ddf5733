// The bench's two-engine parts (scripts/bench): issue 19's goal checks, the side-by-side summary, and the
// scratch PostgreSQL cluster (started for real where Debian's server binaries are installed).
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { ApiMeasure, ApiResult } from '../../scripts/bench/api.ts';
import { apiGoals, searchGoals } from '../../scripts/bench/goals.ts';
import { findPgBin, startPostgres } from '../../scripts/bench/postgres.ts';
import { enginesTable, goalChecks, type BenchReport } from '../../scripts/bench/report.ts';
import type { SearchBenchResult } from '../../scripts/bench/search.ts';

const route = (name: string, rpsRatio: number, extra: Partial<ApiMeasure> = {}): ApiMeasure => ({
  name,
  path: name === 'health' ? '/api/health' : `/${name}`,
  rps: 1000 * rpsRatio,
  p50: 10,
  p99: 40,
  requests: 10_000,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 10_000 },
  rpsRatio,
  p50Ratio: 1,
  p99Ratio: 1,
  ...extra,
});

const api = (engine: ApiResult['engine'], routes: ApiMeasure[]): ApiResult => ({
  engine,
  connections: 50,
  durationS: 10,
  baseline: { rps: 1000, p50: 10, p99: 40, runs: [] },
  routes: [route('health', 1), ...routes],
  problems: [],
});

const search = (engine: SearchBenchResult['engine'], p95: number, p99: number): SearchBenchResult => ({
  engine,
  serverVersion: engine === 'pglite' ? '18.6' : '15.18',
  prompts: 100_000,
  demoCatalog: false,
  vocabularyTerms: 5000,
  catalogBuildMs: null,
  queries: 200,
  p50: 2,
  p95,
  p99,
  max: p99,
  byKind: [],
  slowest: [],
  other: [],
  budget: { p95Ms: 10, p99Ms: 20 },
  withinBudget: p95 <= 10 && p99 <= 20,
});

const passing = (engine: ApiResult['engine']) =>
  api(engine, [
    route('list', 0.5),
    route('detail', 0.5),
    route('search', 0.3, { p99: 100 }),
    route('html /', 0.5),
    route('cart-count', 0.1), // no goal
  ]);

describe("issue 19's goals", () => {
  it('passes every API goal exactly at its threshold', () => {
    const checks = apiGoals(passing('pglite'));
    expect(checks.map((c) => [c.measure, c.pass])).toEqual([
      ['list req/s vs health', true],
      ['detail req/s vs health', true],
      ['html / req/s vs health', true],
      ['search req/s vs health', true],
      ['search p99', true],
      ['timeouts (all routes)', true],
    ]);
  });

  it('fails each API goal just past its threshold', () => {
    const checks = apiGoals(
      api('postgres', [
        route('list', 0.49),
        route('detail', 0.5),
        route('search', 0.29, { p99: 101 }),
        route('html /', 0.5, { timeouts: 3, errors: 3 }),
      ]),
    );
    const failed = checks.filter((c) => !c.pass).map((c) => c.measure);
    expect(failed).toEqual([
      'list req/s vs health',
      // timeouts are errors: a ratio of answers that were not all 2xx does not count
      'html / req/s vs health',
      'search req/s vs health',
      'search p99',
      'timeouts (all routes)',
    ]);
    expect(checks.every((c) => c.engine === 'postgres')).toBe(true);
  });

  it('does not count a fast ratio made of error answers, nor a route that was not measured', () => {
    const checks = apiGoals(
      api('pglite', [
        route('list', 3, { non2xx: 10, statusCodes: { '500': 10, '200': 9990 } }),
        route('search', 1),
      ]),
    );
    const byMeasure = Object.fromEntries(checks.map((c) => [c.measure, c]));
    expect(byMeasure['list req/s vs health']).toMatchObject({
      pass: false,
      value: '3.00× (not all answers 2xx)',
    });
    expect(byMeasure['detail req/s vs health']).toMatchObject({ pass: false, value: 'not measured' });
  });

  it('checks search on 100,000 prompts against p95 ≤ 10 ms and p99 ≤ 20 ms', () => {
    expect(searchGoals(search('pglite', 10, 20)).map((c) => c.pass)).toEqual([true, true]);
    expect(searchGoals(search('postgres', 10.1, 20.1)).map((c) => c.pass)).toEqual([false, false]);
  });
});

const report = (parts: Partial<BenchReport>): BenchReport => ({
  meta: {
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '',
    totalMs: 0,
    mode: 'partial',
    commit: 'abc',
    dirty: false,
    node: 'v20',
    chromium: 'c',
    lighthouse: 'l',
    cpus: 2,
    cpuModel: 'cpu',
    memoryGb: 4,
    pglite: '0.5.16',
    settings: {},
    warnings: [],
  },
  stages: [],
  ...parts,
});

describe('the summary, engines side by side', () => {
  it('puts PGlite and PostgreSQL in columns of the same rows, marked against the goals', () => {
    const r = report({
      api: { pglite: passing('pglite'), postgres: api('postgres', [route('list', 0.4)]) },
      search: { pglite: search('pglite', 8, 15), postgres: search('postgres', 30, 45) },
      postgres: { status: 'measured', version: '15.18 (Debian 15.18-0+deb12u1)', settings: {} },
    });
    const lines = enginesTable(r).split('\n');
    expect(lines[0]).toBe('| area | measure | goal | PGlite | PostgreSQL |');
    const row = (start: string) => lines.find((l) => l.startsWith(start))!.split(' | ');
    expect(row('| API | list')).toEqual([
      '| API',
      'list `/list`: req/s · p50 · p99 · vs health',
      '≥ 0.5× health req/s',
      '500 · 10 ms · 40 ms · 0.50× ✔',
      '400 · 10 ms · 40 ms · 0.40× ✘ |',
    ]);
    expect(row('| Search')[3]).toBe('2.0 ms / 8.0 ms / 15.0 ms ✔');
    expect(row('| Search')[4]).toBe('2.0 ms / 30.0 ms / 45.0 ms ✘ |');
    expect(row('| Engine')[4]).toContain('PostgreSQL 15.18, scratch cluster (fsync off)');
    expect(row('| Goals')[3]).toBe('8 of 8 ✔');
    expect(row('| Goals')[4]).toMatch(/^1 of 8 — ✘ list req\/s vs health; detail req\/s vs health/);
  });

  it('says why PostgreSQL was not measured and still gives the PGlite column', () => {
    const r = report({
      api: { pglite: passing('pglite') },
      search: { pglite: search('pglite', 8, 15) },
      postgres: { status: 'unavailable', reason: 'no /usr/lib/postgresql' },
    });
    r.goals = goalChecks(r);
    const table = enginesTable(r);
    expect(table).toContain(
      '| API | list `/list`: req/s · p50 · p99 · vs health | ≥ 0.5× health req/s | 500 · 10 ms · 40 ms · 0.50× ✔ | not measured: no /usr/lib/postgresql |',
    );
    expect(r.goals.every((c) => c.engine === 'pglite')).toBe(true);
  });
});

describe('PostgreSQL that cannot be had', () => {
  it('says why, without installing when told not to, and leaves no directory behind', async () => {
    vi.stubEnv('PG_BIN', '');
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('fruitprompt-bench-pg-'));
    try {
      await expect(
        startPostgres({ logFile: '/dev/null', log: () => {}, install: false, pgRoot: '/nonexistent' }),
      ).rejects.toThrow(/PostgreSQL's server binaries are not installed/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('fruitprompt-bench-pg-'))).toEqual(before);
  });
});

describe.skipIf(findPgBin() === null)('the scratch PostgreSQL cluster', () => {
  it('starts on 127.0.0.1 without durability, makes databases, and is gone after stop()', async () => {
    const cluster = await startPostgres({ logFile: '/dev/null', log: () => {}, install: false });
    try {
      expect(cluster.settings).toMatchObject({ fsync: 'off', synchronous_commit: 'off' });
      const url = await cluster.createDatabase('bench_test');
      expect(url).toBe(`postgresql://postgres@127.0.0.1:${cluster.port}/bench_test`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ db: string; collate: string }>(
          `SELECT current_database() AS db, datcollate AS collate FROM pg_database WHERE datname = current_database()`,
        );
        // the collation PGlite's databases have, so both engines sort alike
        expect(rows[0]).toEqual({ db: 'bench_test', collate: 'C' });
      } finally {
        await client.end();
      }
      expect(existsSync(cluster.dir)).toBe(true);
    } finally {
      await cluster.stop();
    }
    expect(existsSync(cluster.dir)).toBe(false);
    await cluster.stop(); // twice is fine
  }, 60_000);
});
