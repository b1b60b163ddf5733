// What `npm run replay` leaves behind: one HTML report a run (its screenshots beside it) and the list
// of every run kept, .tmp/replay/index.html.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PathResult } from './runner.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One self-contained HTML page (screenshots linked beside it) QA can open from disk. */
export function writeReport(file: string, results: PathResult[], title: string): void {
  const dir = join(file, '..');
  const passed = results.filter((r) => r.ok).length;
  const anchor = (r: PathResult) => `p-${r.machineId}-${r.path.id}`.replace(/[^\w-]/g, '_');
  const sections = results
    .map((r) => {
      const inNode = r.where === 'node';
      const shows = inNode ? 'machine' : 'page';
      const rows = r.steps
        .map((s) => {
          const observed = s.observed.length
            ? `<ul class="obs">${s.observed
                .map(
                  (o) =>
                    `<li class="${o.ok ? 'ok' : 'bad'}"><code>${esc(o.key)}</code> ${o.ok ? '' : '<strong>'}${shows} <code>${esc(o.actual)}</code>${o.ok ? ' ✓' : `</strong>, model <code>${esc(o.expected)}</code>`}</li>`,
                )
                .join('')}</ul>`
            : inNode
              ? '<small>the machine could not be read after this step (see the error)</small>'
              : '<small>nothing the browser can compare</small>';
          // a replay in Node has no page to show
          const shot = inNode
            ? ''
            : `<td><a href="${esc(relative(dir, s.screenshot))}"><img loading="lazy" src="${esc(relative(dir, s.screenshot))}" alt="Step ${s.n}: ${esc(s.label)}"></a></td>`;
          return `<tr class="${s.ok ? 'ok' : 'bad'}"><td>${s.n}</td><td><code>${esc(s.label)}</code><br><small>${esc(s.action)}</small></td>
<td><strong>${esc(s.state)}</strong><br><small>${esc(s.sees)}</small></td><td>${observed}</td>${shot}</tr>`;
        })
        .join('\n');
      return `<section id="${anchor(r)}"><h2><span class="badge ${r.ok ? 'ok' : 'bad'}">${r.ok ? 'passed' : 'failed'}</span> ${esc(r.machineId)} · path ${esc(r.path.id)}</h2>
<p class="desc">${esc(r.path.title)} <small>(${esc(r.path.requirement)}; ${(r.ms / 1000).toFixed(1)} s)</small></p>
<p class="desc">${inNode ? "Replayed in Node on the real machine, in its model test's harness (a simulated clock, its calls held); compared" : "Compared in the browser (the machine's selectors on the page's live actor)"}: ${r.compared.length ? r.compared.map((k) => `<code>${esc(k)}</code>`).join(', ') : 'nothing'}</p>
${r.error ? `<p class="error" role="alert">${esc(r.error)}</p>` : ''}
<table><thead><tr><th>#</th><th>Step</th><th>The model expects</th><th>${inNode ? 'Machine' : 'Page'} against model</th>${inNode ? '' : '<th>Screenshot</th>'}</tr></thead><tbody>
${rows}</tbody></table></section>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
:root{--ink:#1f2937;--muted:#5b6472;--line:#e5e7eb;--ok:#166534;--okbg:#dcfce7;--bad:#991b1b;--badbg:#fee2e2}
*{box-sizing:border-box}body{margin:0;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f8fafc}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 4px}.summary{color:var(--muted);margin:0 0 16px}
nav ul{display:flex;flex-wrap:wrap;gap:6px;padding:0;list-style:none}nav a{display:inline-block;padding:2px 8px;border-radius:999px;text-decoration:none;font-size:13px}
.badge,nav a{font-weight:600}.ok{color:var(--ok)}.bad{color:var(--bad)}nav a.ok,.badge.ok{background:var(--okbg)}nav a.bad,.badge.bad{background:var(--badbg)}
.badge{font-size:12px;padding:2px 8px;border-radius:999px;vertical-align:middle}
.desc{margin:0 0 8px;color:var(--muted)}.error{background:var(--badbg);color:var(--bad);padding:8px 12px;border-radius:8px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:8px}
th,td{padding:8px;border-top:1px solid var(--line);text-align:left;vertical-align:top}th{font-size:13px;color:var(--muted);border-top:0}
tr.bad td{background:#fff7f7}.obs{margin:0;padding-left:16px}.obs li.bad{color:var(--bad)}td img{width:240px;border:1px solid var(--line);border-radius:6px;display:block}code{font-size:13px}
</style></head><body><h1>${esc(title)}</h1>
<p class="summary">${passed} of ${results.length} path(s) passed · ${new Date().toISOString()}</p>
<nav aria-label="Paths"><ul>${results.map((r) => `<li><a class="${r.ok ? 'ok' : 'bad'}" href="#${anchor(r)}">${esc(r.machineId)} ${esc(r.path.id)}</a></li>`).join('')}</ul></nav>
${sections}</body></html>`;
  writeFileSync(file, html);
}

/** One kept run of `npm run replay`. */
export interface ReplayRun {
  machine: string;
  at: string;
  paths: string[];
  passed: number;
  failed: number;
  /** The run's report.html. */
  report: string;
  /** Where the paths were replayed (default Chromium). */
  where?: 'chromium' | 'node';
}

/**
 * Adds a run to .tmp/replay/runs.json and rewrites .tmp/replay/index.html, the list of every run kept
 * (newest first, each linking to its report). Returns the index's path.
 */
export function recordRun(run: ReplayRun, dir = join('.tmp', 'replay')): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'runs.json');
  const runs = [run, ...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReplayRun[]) : [])];
  writeFileSync(file, JSON.stringify(runs, null, 2));
  const index = join(dir, 'index.html');
  const rows = runs
    .map(
      (r) =>
        `<tr class="${r.failed ? 'bad' : 'ok'}"><td>${esc(r.at.replace('T', ' ').slice(0, 19))}</td><td>${esc(r.machine)}</td>` +
        `<td>${r.where === 'node' ? 'Node (real machine)' : 'Chromium'}</td>` +
        `<td>${esc(r.paths.length > 6 ? `${r.paths.length} paths` : r.paths.join(', '))}</td>` +
        `<td>${r.failed ? `<strong>${r.failed} failed</strong>, ` : ''}${r.passed} passed</td>` +
        `<td><a href="${esc(relative(dir, r.report))}">report</a></td></tr>`,
    )
    .join('\n');
  writeFileSync(
    index,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Replay runs</title><style>
body{margin:0;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
h1{font-size:24px;margin:0 0 12px}table{border-collapse:collapse;background:#fff;border:1px solid #e5e7eb;width:100%}
th,td{padding:8px 12px;border-bottom:1px solid #e5e7eb;text-align:left}.bad td{background:#fee2e2}.ok td:nth-child(5){color:#166534}
</style></head><body><h1>Replay runs (${runs.length})</h1>
<table><thead><tr><th>When (UTC)</th><th>Machine</th><th>Where</th><th>Paths</th><th>Result</th><th></th></tr></thead><tbody>
${rows}</tbody></table></body></html>`,
  );
  return index;
}
