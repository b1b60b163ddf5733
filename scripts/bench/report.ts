// The bench's report: one JSON document with every number, and a Markdown rendering of it whose first table
// (also printed at the end of the run) is the summary. Each stage is optional so a partial run (--only,
// --skip) still renders.
import type { ApiResult } from './api.ts';
import type { BrowserResult, GrowthVerdict, HeapReading } from './browser.ts';
import type { BundleResult } from './bundle.ts';
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
    settings: Record<string, unknown>;
    /** Things that make this run's numbers less trustworthy (shared dist/ rebuilt, ...). */
    warnings: string[];
  };
  stages: StageRecord[];
  bundle?: BundleResult;
  lighthouse?: LighthouseResult;
  api?: ApiResult;
  search?: SearchBenchResult;
  browser?: BrowserResult;
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

/** The summary: one line per headline number, the same table the run prints at the end. */
export function summaryTable(r: BenchReport): string {
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
  if (r.api) {
    for (const a of r.api.routes) {
      rows.push([
        'API',
        `${a.name} \`${a.path}\`: req/s · p50 · p99 (${r.api.connections} conn.)`,
        `${a.rps.toFixed(0)} · ${ms0(a.p50)} · ${ms0(a.p99)}` +
          (a.name === 'health'
            ? ' (baseline)'
            : ` · ${ratio(a.rpsRatio)} health's req/s, ${ratio(a.p50Ratio)} its p50`),
      ]);
    }
    for (const p of r.api.problems) rows.push(['API', '⚠ problem', p]);
  }
  if (r.search) {
    const s = r.search;
    rows.push([
      'Search',
      `${s.prompts.toLocaleString('en')} prompts, ${s.queries} queries: p50 / p95 / p99`,
      `${ms1(s.p50)} / ${ms1(s.p95)} / ${ms1(s.p99)} — ${s.withinBudget ? 'OK' : 'TOO SLOW'} (p95 budget ${s.budgetMs} ms)`,
    ]);
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
  return table(['area', 'measure', 'result'], rows);
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
    const a = r.api;
    out.push('', '## 3. API', '');
    out.push(
      `autocannon, ${a.connections} connections, ${a.durationS} s per route after a warm-up of every route, compressed answers ` +
        '(`accept-encoding: br, gzip`, as browsers send). Ratios compare with `/api/health` (one `SELECT 1`) measured ' +
        `first and last in the same server (${a.baseline.runs.map((x) => `${x.rps.toFixed(0)} req/s`).join(' and ')}; the mean is the baseline).`,
    );
    out.push('');
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
            .join(', ') + (x.errors ? `, ${x.errors} errors` : ''),
        ]),
      ),
    );
    if (a.problems.length > 0) out.push('', ...a.problems.map((p) => `- ⚠ ${p}`));
  }

  if (r.search) {
    const s = r.search;
    out.push('', '## 4. Search at scale', '');
    out.push(
      `${s.prompts.toLocaleString('en')} generated prompts (${s.vocabularyTerms.toLocaleString('en')} vocabulary terms) in a scratch PGlite, ` +
        `${s.queries} varied searches through \`listPrompts\` (what \`GET /api/prompts?q=\` runs), one at a time. ` +
        (s.catalogBuildMs === null
          ? 'The catalog was reused from an earlier run.'
          : `Writing the catalog took ${sec(s.catalogBuildMs)}.`),
    );
    out.push('');
    out.push(
      `**p50 ${ms1(s.p50)} · p95 ${ms1(s.p95)} · p99 ${ms1(s.p99)} · max ${ms1(s.max)}** — ${s.withinBudget ? 'OK' : 'TOO SLOW'} (p95 budget ${s.budgetMs} ms)`,
    );
    out.push('');
    out.push(
      table(
        ['kind', 'n', 'p50', 'max', 'hits (avg)'],
        s.byKind.map((k) => [k.kind, k.n, ms1(k.p50), ms1(k.max), k.avgHits.toFixed(0)]),
      ),
    );
    out.push('', 'Slowest:', '');
    out.push(
      table(
        ['time', 'kind', 'query', 'hits'],
        s.slowest.map((x) => [ms1(x.ms), x.kind, `\`${x.query}\``, x.total]),
      ),
    );
    out.push('', 'Other catalog calls on the same catalog (median of 10, not in the verdict):', '');
    out.push(
      table(
        ['call', 'median'],
        s.other.map((o) => [o.name, ms1(o.medianMs)]),
      ),
    );
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
