// The bench's Markdown report (scripts/bench/report.ts): the run, the summary, the stages, then a section per
// stage; the API and search sections, with the engines side by side, are in report-markdown-engines.ts.
import type { HeapReading } from './browser.ts';
import { CATEGORIES } from './lighthouse.ts';
import { mb, ms0, pct, sec, table } from './report-format.ts';
import { apiSection, goalsSection, searchSection } from './report-markdown-engines.ts';
import type { BenchReport } from './report-model.ts';
import { summaryTable } from './report-summary.ts';
import { kb } from './util.ts';

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

  bundleSection(r, out);
  lighthouseSection(r, out);
  apiSection(r, out);
  goalsSection(r, out);
  searchSection(r, out);
  browserSection(r, out);
  out.push('');
  return out.join('\n');
}

/** ## 1. Bundle: what each first visit loads, its files, and the route chunks. */
function bundleSection(r: BenchReport, out: string[]): void {
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
}

/** ## 2. Lighthouse: the scores and timings of each page, and the audits below 100%. */
function lighthouseSection(r: BenchReport, out: string[]): void {
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
}

/** ## 5. In the browser: client-side navigations, and the heap over them and over login/logout cycles. */
function browserSection(r: BenchReport, out: string[]): void {
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
}

function heapTable(heap: HeapReading[], what: string): string {
  return table(
    [`after ${what}`, 'JS heap used', 'DOM nodes', 'JS listeners'],
    heap.map((h) => [h.after, mb(h.usedBytes), h.domNodes, h.listeners]),
  );
}
