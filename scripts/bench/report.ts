// The bench's report: one JSON document with every number, and a Markdown rendering of it whose first
// tables (also printed at the end of the run) are the summary: the API and search on PGlite and PostgreSQL
// side by side with issue 19's goals, then everything else. Each stage is optional so a partial run
// (--only, --skip) still renders.
import type { ApiMeasure, ApiResult } from './api.ts';
import type { BrowserResult, GrowthVerdict, HeapReading } from './browser.ts';
import type { BundleResult } from './bundle.ts';
import {
  API_RPS_GOALS,
  API_SEARCH_P99_MS,
  apiGoals,
  ENGINE_NAMES,
  searchGoals,
  type Engine,
  type GoalCheck,
} from './goals.ts';
import { CATEGORIES, type LighthouseResult } from './lighthouse.ts';
import type { SearchBenchResult } from './search.ts';
import { kb } from './util.ts';

export interface StageRecord {
  name: string;
  ms: number;
  /** 1-minute load average before and after: on a shared machine this says how much to trust the stage. */
  loadBefore: number;
  loadAfter: number;
  error?: string;
}

export interface BenchReport {
  meta: {
    startedAt: string;
    finishedAt: string;
    totalMs: number;
    mode: 'full' | 'quick' | 'partial';
    commit: string;
    dirty: boolean;
    node: string;
    chromium: string;
    lighthouse: string;
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    /** The @electric-sql/pglite package the server and the search stage use. */
    pglite: string;
    settings: Record<string, unknown>;
    /** Things that make this run's numbers less trustworthy (shared dist/ rebuilt, ...). */
    warnings: string[];
  };
  stages: StageRecord[];
  bundle?: BundleResult;
  lighthouse?: LighthouseResult;
  /** Per engine: the same routes on the server started on PGlite, then on PostgreSQL. */
  api?: Partial<Record<Engine, ApiResult>>;
  /** Per engine: the same catalog and queries. */
  search?: Partial<Record<Engine, SearchBenchResult>>;
  /** The scratch PostgreSQL cluster, or why there was none (scripts/bench/postgres.ts). */
  postgres?: PostgresInfo;
  /** Issue 19's goals checked on this run's numbers (goals.ts), per engine. */
  goals?: GoalCheck[];
  browser?: BrowserResult;
}

export type PostgresInfo =
  | { status: 'measured'; version: string; settings: Record<string, string> }
  | { status: 'unavailable'; reason: string }
  | { status: 'not requested' };

export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/** Every goal check the report's numbers allow, PGlite's first. */
export function goalChecks(r: Pick<BenchReport, 'api' | 'search'>): GoalCheck[] {
  return ENGINES.flatMap((e) => [
    ...(r.api?.[e] ? apiGoals(r.api[e]) : []),
    ...(r.search?.[e] ? searchGoals(r.search[e]) : []),
  ]);
}

const ms0 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(0)} ms`;
const ms1 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(1)} ms`;
const sec = (v: number | null | undefined) =>
  v === null || v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
const ratio = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '–');
const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(0)}%` : '–');

/** A Markdown table; columns whose cells are all numbers (with units) are right-aligned. */
function table(head: string[], rows: (string | number)[][]): string {
  const numeric = (v: string | number | undefined) =>
    typeof v === 'number' || /^(-?[\d.,]+|–)( ?[a-zA-Z%×]+)?$/.test(String(v));
  const sep = head.map((_, i) => (rows.length > 0 && rows.every((r) => numeric(r[i])) ? '---:' : '---'));
  return [head, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

const mark = (pass: boolean) => (pass ? '✔' : '✘');

const postgresMissing = (r: BenchReport) =>
  r.postgres?.status === 'unavailable'
    ? `Not measured: ${r.postgres.reason}.`
    : r.postgres?.status === 'not requested'
      ? 'Not measured (left out with --engines).'
      : 'Not measured.';

/**
 * The API and search rows with PGlite and PostgreSQL side by side, each engine's value marked against
 * issue 19's goals (✔ met, ✘ not); empty when neither stage ran.
 */
export function enginesTable(r: BenchReport): string {
  const checks = r.goals ?? goalChecks(r);
  const engines = ENGINES;
  const pgMissing =
    r.postgres?.status === 'unavailable'
      ? `not measured: ${r.postgres.reason}`
      : r.postgres?.status === 'not requested'
        ? 'not measured (--engines)'
        : '–';
  const cell = (e: Engine, measured: boolean, text: () => string) =>
    measured ? text() : e === 'postgres' ? pgMissing : '–';
  const find = (e: Engine, measure: string) => checks.find((c) => c.engine === e && c.measure === measure);
  const rows: string[][] = [];
  const head = ['area', 'measure', 'goal', ...engines.map((e) => ENGINE_NAMES[e])];

  const versions = engines.map((e) => {
    if (e === 'pglite') {
      const v = r.search?.pglite?.serverVersion;
      return `PGlite ${r.meta.pglite}${v ? ` (PostgreSQL ${v})` : ''}, in a worker thread of the server (the search stage: in the bench's process)`;
    }
    if (r.postgres?.status !== 'measured') return pgMissing;
    return `PostgreSQL ${r.postgres.version.replace(/ \(.*\)$/, '')}, scratch cluster (fsync off)`;
  });
  if (r.api || r.search) rows.push(['Engine', 'database', '', ...versions]);

  if (r.api) {
    const apis = engines.map((e) => r.api?.[e]);
    const any = apis.find((a) => a !== undefined)!;
    const names = [...new Set(apis.flatMap((a) => a?.routes.map((x) => x.name) ?? []))];
    for (const name of names) {
      const path = any.routes.find((x) => x.name === name)?.path ?? '';
      const goal = [
        ...(name in API_GOAL_TEXT ? [API_GOAL_TEXT[name]!] : []),
        ...(name === 'search' ? [`p99 ≤ ${API_SEARCH_P99}`] : []),
      ].join(', ');
      rows.push([
        'API',
        `${name} \`${shortPath(name, path)}\`: req/s · p50 · p99${name === 'health' ? '' : ' · vs health'}`,
        name === 'health' ? 'baseline' : goal || '–',
        ...engines.map((e) => {
          const m = r.api?.[e]?.routes.find((x) => x.name === name);
          return cell(e, m !== undefined, () => {
            const x = m as ApiMeasure;
            const base = `${x.rps.toFixed(0)} · ${ms0(x.p50)} · ${ms0(x.p99)}`;
            if (name === 'health') return base;
            const rps = find(e, `${name} req/s vs health`);
            const p99 = name === 'search' ? find(e, 'search p99') : undefined;
            return (
              `${base} · ${ratio(x.rpsRatio)}` +
              (rps ? ` ${mark(rps.pass)}` : '') +
              (p99 ? `, p99 ${mark(p99.pass)}` : '')
            );
          });
        }),
      ]);
    }
    rows.push([
      'API',
      `timeouts, all routes (${any.connections} connections, ${any.durationS} s each)`,
      '0',
      ...engines.map((e) =>
        cell(e, r.api?.[e] !== undefined, () => {
          const c = find(e, 'timeouts (all routes)');
          return c ? `${c.value} ${mark(c.pass)}` : '–';
        }),
      ),
    ]);
    for (const e of engines) {
      for (const p of r.api[e]?.problems ?? [])
        rows.push(['API', '⚠ problem', '', ...engines.map((x) => (x === e ? p : ''))]);
    }
  }
  if (r.search) {
    const any = engines.map((e) => r.search?.[e]).find((s) => s !== undefined)!;
    rows.push([
      'Search',
      `${any.prompts.toLocaleString('en')} prompts, ${any.queries} queries: p50 / p95 / p99`,
      `p95 ≤ ${any.budget.p95Ms} ms, p99 ≤ ${any.budget.p99Ms} ms`,
      ...engines.map((e) =>
        cell(e, r.search?.[e] !== undefined, () => {
          const s = r.search![e]!;
          return `${ms1(s.p50)} / ${ms1(s.p95)} / ${ms1(s.p99)} ${mark(s.withinBudget)}`;
        }),
      ),
    ]);
  }
  if (checks.length > 0) {
    rows.push([
      'Goals',
      "issue 19's goals met",
      '',
      ...engines.map((e) => {
        const of = checks.filter((c) => c.engine === e);
        if (of.length === 0) return e === 'postgres' ? pgMissing : '–';
        const failed = of.filter((c) => !c.pass);
        return (
          `${of.length - failed.length} of ${of.length}` +
          (failed.length > 0 ? ` — ✘ ${failed.map((c) => c.measure).join('; ')}` : ' ✔')
        );
      }),
    ]);
  }
  return rows.length === 0 ? '' : table(head, rows);
}

const API_GOAL_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(API_RPS_GOALS).map(([name, min]) => [name, `≥ ${min}× health req/s`]),
);
const API_SEARCH_P99 = `${API_SEARCH_P99_MS} ms`;
/** The detail route's id is long; the summary names the route, the API section has the full path. */
const shortPath = (name: string, path: string) => (name === 'detail' ? path.replace(/=.*$/, '=…') : path);

/**
 * The summary printed at the end of a run and at the top of the report: the engines side by side, then
 * one line per headline number of the other stages.
 */
export function summaryTable(r: BenchReport): string {
  const engines = enginesTable(r);
  const rest = otherSummaryTable(r);
  return [engines, rest].filter(Boolean).join('\n\n');
}

/** The summary of the stages that do not depend on the database engine. */
function otherSummaryTable(r: BenchReport): string {
  const rows: string[][] = [];
  if (r.bundle) {
    const b = r.bundle;
    for (const route of b.routes) {
      rows.push([
        'Bundle',
        `first visit \`${route.path}\`: JS / CSS gzip`,
        `${kb(route.js.gzip)} / ${kb(route.css.gzip)} (${route.js.count} JS files)`,
      ]);
    }
    const home = b.routes[0];
    rows.push([
      'Bundle',
      'framework floor (React, React DOM, TanStack Router, XState) gzip',
      home
        ? `${kb(b.floor.gzip)} → app's own share of \`${home.path}\`: ${kb(home.js.gzip - b.floor.gzip)} (${pct(home.js.gzip - b.floor.gzip, home.js.gzip)} of its JS)`
        : kb(b.floor.gzip),
    ]);
  }
  if (r.lighthouse) {
    for (const p of r.lighthouse.pages) {
      const m = p.median;
      rows.push([
        'Lighthouse',
        `\`${p.path}\` perf / a11y / best / seo · LCP · TBT · CLS (median of ${p.runs.length})`,
        `${CATEGORIES.map((c) => m.scores[c] ?? '–').join(' / ')} · ${sec(m.lcpMs)} · ${ms0(m.tbtMs)} · ${m.cls === null ? '–' : m.cls.toFixed(3)}`,
      ]);
    }
  }
  if (r.browser) {
    const n = r.browser.navigations;
    rows.push([
      'Browser',
      `client-side navigation, click → content: p50 / p95 (first ${n.timed})`,
      `${ms0(n.timedP50)} / ${ms0(n.timedP95)} (all ${n.count}: ${ms0(n.p50)} / ${ms0(n.p95)})`,
    ]);
    const retained = r.browser.retained;
    rows.push([
      'Browser',
      heapLine(n.heap, 'navigations'),
      withJit(n.verdict, retained?.navigations.verdict),
    ]);
    if (retained)
      rows.push([
        'Browser',
        `${heapLine(retained.navigations.heap, 'navigations')}, without the JIT (what the page retains)`,
        retained.navigations.verdict.text,
      ]);
    if (r.browser.logins) {
      const l = r.browser.logins;
      rows.push([
        'Browser',
        heapLine(l.heap, 'login/logout cycles'),
        withJit(l.verdict, retained?.logins?.verdict),
      ]);
      if (retained?.logins)
        rows.push([
          'Browser',
          `${heapLine(retained.logins.heap, 'login/logout cycles')}, without the JIT (what the page retains)`,
          retained.logins.verdict.text,
        ]);
    }
  }
  for (const w of r.meta.warnings) rows.push(['Run', '⚠ warning', w]);
  return rows.length === 0 ? '' : table(['area', 'measure', 'result'], rows);
}

/**
 * The run with the JIT: its numbers, but the verdict is the JIT-less run's when there is one (compiled code
 * grows for hundreds of steps before it levels off; scripts/bench/browser.ts).
 */
function withJit(verdict: GrowthVerdict, retained: GrowthVerdict | undefined): string {
  if (!retained) return verdict.text;
  const numbers = verdict.text
    .replace(/^(GROWS|bounded): /, '')
    .replace(/^([^;]*); (still )?/, '$1; ')
    .replace(' (limit 1 kB)', '');
  return `with compiled code (see the next row for the verdict): ${numbers}`;
}

function heapLine(heap: HeapReading[], what: string): string {
  const first = heap.find((h) => h.after >= 10) ?? heap[0];
  const last = heap[heap.length - 1];
  return first && last ? `JS heap after ${first.after} vs ${last.after} ${what}` : `JS heap, ${what}`;
}

export function renderMarkdown(r: BenchReport): string {
  const out: string[] = [];
  const m = r.meta;
  out.push(`# Bench report — ${m.startedAt.slice(0, 16).replace('T', ' ')} UTC`);
  out.push('');
  out.push(
    `Commit \`${m.commit.slice(0, 12)}\`${m.dirty ? ' (with uncommitted changes)' : ''} · ${m.mode} run · ` +
      `${(m.totalMs / 1000 / 60).toFixed(1)} min · Node ${m.node} · ${m.chromium} · Lighthouse ${m.lighthouse} · ` +
      `${m.cpus} × ${m.cpuModel}, ${m.memoryGb.toFixed(0)} GB. How each number is measured: \`bench/README.md\`; ` +
      'reproduce with `npm run bench`.',
  );
  out.push('');
  for (const w of m.warnings) out.push(`> ⚠ ${w}`, '');
  if (r.postgres?.status === 'measured') {
    out.push(
      `PostgreSQL ${r.postgres.version}: a scratch cluster the bench made with initdb and deleted afterwards ` +
        '(`scripts/bench/postgres.ts`), on 127.0.0.1. Durability is off, as nothing in it has to survive a crash: ' +
        Object.entries(r.postgres.settings)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ') +
        '; the rest are PostgreSQL defaults.',
      '',
    );
  } else if (r.postgres?.status === 'unavailable') {
    out.push(`> ⚠ PostgreSQL was not measured: ${r.postgres.reason}`, '');
  }
  out.push('## Summary');
  out.push('');
  out.push(summaryTable(r));
  out.push('');
  out.push('## Stages');
  out.push('');
  out.push(
    "The load average is the machine's 1-minute load before and after the stage; with 2 cores, anything well above 2 " +
      "means other work shared the CPU and the stage's times are inflated.",
  );
  out.push('');
  out.push(
    table(
      ['stage', 'took', 'load before', 'load after', 'note'],
      r.stages.map((s) => [
        s.name,
        `${(s.ms / 1000).toFixed(1)} s`,
        s.loadBefore.toFixed(2),
        s.loadAfter.toFixed(2),
        s.error ?? '',
      ]),
    ),
  );

  if (r.bundle) {
    const b = r.bundle;
    out.push('', '## 1. Bundle', '');
    out.push(
      `index.html loads ${b.entry.files} files up front (script, modulepreloads, stylesheet): ${kb(b.entry.js)} JS + ${kb(b.entry.css)} CSS gzip. ` +
        `The whole build is ${kb(b.totalAssets.jsGzip)} JS + ${kb(b.totalAssets.cssGzip)} CSS gzip in ${b.totalAssets.files} files. ` +
        `Framework floor: ${kb(b.floor.gzip)} gzip (${kb(b.floor.raw)} minified) for ` +
        Object.entries(b.floor.packages)
          .map(([p, v]) => `${p} ${v}`)
          .join(', ') +
        '.',
    );
    out.push('');
    out.push(
      table(
        ['first visit', 'JS gzip', 'JS files', 'of which on demand', 'CSS gzip', 'app share (JS − floor)'],
        b.routes.map((route) => [
          `\`${route.path}\``,
          kb(route.js.gzip),
          route.js.count,
          kb(route.lazyJsGzip),
          kb(route.css.gzip),
          `${kb(route.js.gzip - b.floor.gzip)} (${pct(route.js.gzip - b.floor.gzip, route.js.gzip)})`,
        ]),
      ),
    );
    if (b.problems.length > 0) out.push('', ...b.problems.map((p) => `- ⚠ ${p}`));
    out.push('', '### Files of each first visit', '');
    out.push(
      "Modules are Vite's manifest names. A shared chunk is named by Rolldown after one of the modules in it, so a " +
        'name does not tell everything a chunk holds.',
      '',
    );
    for (const route of b.routes) {
      out.push(`<details><summary><code>${route.path}</code>: ${route.files.length} files</summary>`, '');
      out.push(
        table(
          ['file', 'module', 'loaded', 'raw', 'gzip'],
          [...route.files]
            .sort((a, c) => c.gzip - a.gzip)
            .map((f) => [
              f.file,
              `\`${f.label}\``,
              f.upFront ? 'index.html' : 'on demand',
              kb(f.raw),
              kb(f.gzip),
            ]),
        ),
      );
      out.push('', '</details>', '');
    }
    out.push('### Route chunks', '');
    out.push(
      "Each route's split component chunk, and what navigating to it adds on top of index.html's files (the chunk plus " +
        'its static imports that are not loaded up front), largest first.',
    );
    out.push('');
    out.push(
      table(
        ['route', 'chunk gzip', 'adds gzip'],
        b.routeChunks.map((c) => [`\`${c.route}\``, kb(c.gzip), kb(c.addsGzip)]),
      ),
    );
  }

  if (r.lighthouse) {
    const l = r.lighthouse;
    out.push('', '## 2. Lighthouse', '');
    out.push(`${l.settings}; ${l.runsPerPage} runs per page, each value the median of the runs.`);
    out.push('');
    out.push(
      table(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'runs (perf)'],
        l.pages.map((p) => [
          `\`${p.path}\``,
          ...CATEGORIES.map((c) => String(p.median.scores[c] ?? '–')),
          sec(p.median.lcpMs),
          ms0(p.median.tbtMs),
          p.median.cls === null ? '–' : p.median.cls.toFixed(3),
          p.runs.map((x) => x.scores.performance ?? '–').join(', '),
        ]),
      ),
    );
    const failing = l.pages.flatMap((p) =>
      Object.entries(p.failing)
        .filter(([, ids]) => ids.length > 0)
        .map(([c, ids]) => `- \`${p.path}\` ${c}: ${ids.map((id) => `\`${id}\``).join(', ')}`),
    );
    if (failing.length > 0) out.push('', 'Audits below 100% (last run):', '', ...failing);
    const errors = l.pages.flatMap((p) =>
      p.runs.filter((x) => x.runtimeError).map((x) => `- \`${p.path}\`: ${x.runtimeError}`),
    );
    if (errors.length > 0) out.push('', 'Runtime errors:', '', ...errors);
  }

  if (r.api) {
    out.push('', '## 3. API', '');
    const any = ENGINES.map((e) => r.api?.[e]).find((a) => a !== undefined);
    if (any) {
      out.push(
        `autocannon, ${any.connections} connections, ${any.durationS} s per route after a warm-up of every route, compressed answers ` +
          '(`accept-encoding: br, gzip`, as browsers send), on the server started once per database engine. Ratios compare with ' +
          '`/api/health` (one `SELECT 1`) measured first and last in the same server; the mean of the two is the baseline.',
      );
    }
    for (const e of ENGINES) {
      const a = r.api[e];
      out.push('', `### ${ENGINE_NAMES[e]}`, '');
      if (!a) {
        out.push(e === 'postgres' ? postgresMissing(r) : 'Not measured.');
        continue;
      }
      out.push(
        `Health first and last: ${a.baseline.runs.map((x) => `${x.rps.toFixed(0)} req/s`).join(' and ')}.`,
        '',
      );
      out.push(
        table(
          [
            'route',
            'path',
            'req/s',
            'p50',
            'p99',
            'req/s vs health',
            'p50 vs health',
            'p99 vs health',
            'answers',
          ],
          a.routes.map((x) => [
            x.name,
            `\`${x.path}\``,
            x.rps.toFixed(0),
            ms0(x.p50),
            ms0(x.p99),
            ratio(x.rpsRatio),
            ratio(x.p50Ratio),
            ratio(x.p99Ratio),
            Object.entries(x.statusCodes)
              .map(([code, n]) => `${n}× ${code}`)
              .join(', ') +
              (x.errors ? `, ${x.errors} errors` : '') +
              (x.timeouts ? ` (${x.timeouts} timeouts)` : ''),
          ]),
        ),
      );
      if (a.problems.length > 0) out.push('', ...a.problems.map((p) => `- ⚠ ${p}`));
    }
  }
  const checks = r.goals ?? goalChecks(r);
  if (checks.length > 0) {
    out.push('', "### Issue 19's goals", '');
    out.push(
      table(
        ['engine', 'area', 'measure', 'goal', 'value', 'met'],
        checks.map((c) => [ENGINE_NAMES[c.engine], c.area, c.measure, c.goal, c.value, mark(c.pass)]),
      ),
    );
  }

  if (r.search) {
    const runs = ENGINES.flatMap((e) => (r.search?.[e] ? [[e, r.search[e]] as const] : []));
    const first = runs[0]?.[1];
    out.push('', '## 4. Search at scale', '');
    if (first) {
      out.push(
        `${first.prompts.toLocaleString('en')} generated prompts (${first.vocabularyTerms.toLocaleString('en')} vocabulary terms), the same ` +
          `catalog written into a scratch PGlite and into a database of the scratch PostgreSQL cluster, then ${first.queries} varied searches ` +
          'through `listPrompts` (what `GET /api/prompts?q=` runs), one at a time, from the bench process: the same calls the server makes, ' +
          'over the same kind of connection (PGlite in process, PostgreSQL through a `pg` pool on 127.0.0.1). ' +
          runs
            .map(
              ([e, s]) =>
                `${ENGINE_NAMES[e]}: ${s.catalogBuildMs === null ? 'catalog reused from an earlier run' : `catalog written in ${sec(s.catalogBuildMs)}`}.`,
            )
            .join(' '),
      );
      out.push('');
      for (const [e, s] of runs) {
        out.push(
          `- **${ENGINE_NAMES[e]} ${s.serverVersion}: p50 ${ms1(s.p50)} · p95 ${ms1(s.p95)} · p99 ${ms1(s.p99)} · max ${ms1(s.max)}** — ` +
            `${s.withinBudget ? 'OK' : 'TOO SLOW'} (goal: p95 ≤ ${s.budget.p95Ms} ms, p99 ≤ ${s.budget.p99Ms} ms)`,
        );
      }
      if (!r.search.postgres) out.push(`- PostgreSQL: ${postgresMissing(r)}`);
      out.push('');
      const kinds = first.byKind.map((k) => k.kind);
      out.push(
        table(
          [
            'kind',
            'n',
            ...runs.flatMap(([e]) => [`${ENGINE_NAMES[e]} p50`, `${ENGINE_NAMES[e]} max`]),
            'hits (avg)',
          ],
          kinds.map((kind) => {
            const of = runs.map(([, s]) => s.byKind.find((k) => k.kind === kind));
            const hits = [...new Set(of.map((k) => (k ? k.avgHits.toFixed(0) : '–')))];
            return [
              kind,
              of[0]?.n ?? 0,
              ...of.flatMap((k) => [ms1(k?.p50), ms1(k?.max)]),
              // the same catalog and queries: the counts agree unless an engine answers differently
              hits.join(' / '),
            ];
          }),
        ),
      );
      for (const [e, s] of runs) {
        out.push('', `Slowest on ${ENGINE_NAMES[e]}:`, '');
        out.push(
          table(
            ['time', 'kind', 'query', 'hits'],
            s.slowest.map((x) => [ms1(x.ms), x.kind, `\`${x.query}\``, x.total]),
          ),
        );
      }
      out.push('', 'Other catalog calls on the same catalog (median of 10, not in the verdict):', '');
      out.push(
        table(
          ['call', ...runs.map(([e]) => ENGINE_NAMES[e])],
          first.other.map((o) => [
            o.name,
            ...runs.map(([, s]) => ms1(s.other.find((x) => x.name === o.name)?.medianMs)),
          ]),
        ),
      );
    }
  }

  if (r.browser) {
    const n = r.browser.navigations;
    out.push('', '## 5. In the browser', '');
    out.push(
      `Client-side navigations by clicking the app's links (home → category → detail → search → detail → home, rotating over a few cards), ` +
        `timed in the page from the click to the new page's h1 and main content. ${n.count} navigations; the headline is the first ${n.timed}.`,
    );
    out.push('');
    out.push(
      table(
        ['step', 'n', 'p50', 'p95'],
        [
          ...n.byStep.map((s) => [s.step, s.n, ms0(s.p50), ms0(s.p95)]),
          [`first ${n.timed}`, n.timed, ms0(n.timedP50), ms0(n.timedP95)],
          ['all', n.count, ms0(n.p50), ms0(n.p95)],
        ],
      ),
    );
    out.push('', `Heap (after a forced GC) over the navigations — **${n.verdict.text}**`, '');
    out.push(heapTable(n.heap, 'navigations'));
    const retained = r.browser.retained;
    if (retained) {
      out.push(
        '',
        `The same navigations in a Chromium without V8's JIT (\`--js-flags=--jitless\`: no compiled code on the heap, so what grows is retained by the page) — **${retained.navigations.verdict.text}**`,
        '',
      );
      out.push(heapTable(retained.navigations.heap, 'navigations'));
    }
    const l = r.browser.logins;
    if (l) {
      out.push(
        '',
        `${l.cycles} login/logout cycles through the UI (email login in the dialog, logout in the account menu); ` +
          `login p50 ${ms0(l.loginP50)}, logout p50 ${ms0(l.logoutP50)} (Playwright-driven, so these include its round trips) — **${l.verdict.text}**`,
        '',
      );
      out.push(heapTable(l.heap, 'cycles'));
      if (retained?.logins) {
        out.push('', `The same cycles without the JIT — **${retained.logins.verdict.text}**`, '');
        out.push(heapTable(retained.logins.heap, 'cycles'));
      }
    }
  }
  out.push('');
  return out.join('\n');
}

function heapTable(heap: HeapReading[], what: string): string {
  return table(
    [`after ${what}`, 'JS heap used', 'DOM nodes', 'JS listeners'],
    heap.map((h) => [h.after, mb(h.usedBytes), h.domNodes, h.listeners]),
  );
}
