// The summary of the bench's report (scripts/bench/report.ts), printed at the end of a run and at the top of
// the Markdown report: the API and search on PGlite and PostgreSQL side by side with issue 19's goals, then
// one line per headline number of the other stages.
import type { ApiMeasure } from './api.ts';
import type { GrowthVerdict, HeapReading } from './browser.ts';
import { API_RPS_GOALS, API_SEARCH_P99_MS, ENGINE_NAMES, type Engine } from './goals.ts';
import { CATEGORIES } from './lighthouse.ts';
import { mark, ms0, ms1, pct, ratio, sec, table } from './report-format.ts';
import { ENGINES, goalChecks, type BenchReport } from './report-model.ts';
import { kb } from './util.ts';

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
