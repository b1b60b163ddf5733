// Stage 2: Lighthouse with its default (mobile) settings — a Moto G Power-sized screen, simulated slow 4G
// and a 4x CPU slowdown — for a few pages, several runs each. Scores and metrics are the medians of the runs,
// taken per value (Lighthouse's own numbers wobble a few points run to run, more so on a shared 2-core
// machine, which is why one run is not enough). The full JSON of every run is kept under .tmp/ for digging.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromium } from './chromium.ts';
import { log, median } from './util.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthousePage {
  name: string;
  path: string;
}

export interface LighthouseRun {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  runtimeError: string | null;
  warnings: string[];
}

export interface LighthousePageResult extends LighthousePage {
  runs: LighthouseRun[];
  /** Per-value medians over the runs (0-100 scores, ms, unitless CLS). */
  median: {
    scores: Record<Category, number | null>;
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
  };
  /** Failed audits of the last run per non-performance category (what keeps a score below 100). */
  failing: Record<string, string[]>;
}

export interface LighthouseResult {
  runsPerPage: number;
  settings: string;
  pages: LighthousePageResult[];
}

const medianOrNull = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length === 0 ? null : median(present);
};

export async function runLighthouse(opts: {
  origin: string;
  pages: LighthousePage[];
  runs: number;
  scratchDir: string;
}): Promise<LighthouseResult> {
  const outDir = join(opts.scratchDir, 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  // One browser for every run: Lighthouse opens a fresh tab and clears the origin's storage and cache
  // per run, so runs stay independent while we skip a browser start (seconds on this machine) each time.
  const chromium = await launchChromium(opts.scratchDir);
  const pages: LighthousePageResult[] = [];
  try {
    for (const page of opts.pages) {
      const runs: LighthouseRun[] = [];
      let failing: Record<string, string[]> = {};
      for (let i = 0; i < opts.runs; i++) {
        const t0 = performance.now();
        const result = await lighthouse(`${opts.origin}${page.path}`, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Screenshots weigh nothing in any score and cost seconds per run on this machine.
          skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const lhr = result.lhr;
        writeFileSync(join(outDir, `${page.name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
        const score = (c: Category): number | null => {
          const s = lhr.categories[c]?.score;
          return typeof s === 'number' ? Math.round(s * 100) : null;
        };
        const numeric = (id: string): number | null => {
          const v = lhr.audits[id]?.numericValue;
          return typeof v === 'number' ? v : null;
        };
        const run: LighthouseRun = {
          scores: {
            performance: score('performance'),
            accessibility: score('accessibility'),
            'best-practices': score('best-practices'),
            seo: score('seo'),
          },
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          runtimeError: lhr.runtimeError?.message ?? null,
          warnings: lhr.runWarnings,
        };
        runs.push(run);
        failing = {};
        for (const c of CATEGORIES) {
          if (c === 'performance') continue;
          const refs = lhr.categories[c]?.auditRefs ?? [];
          failing[c] = refs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
        }
        log(
          `  lighthouse ${page.path} run ${i + 1}/${opts.runs}: ` +
            CATEGORIES.map((c) => `${c} ${run.scores[c] ?? '-'}`).join(', ') +
            `, LCP ${run.lcpMs?.toFixed(0) ?? '-'} ms, TBT ${run.tbtMs?.toFixed(0) ?? '-'} ms, CLS ${run.cls?.toFixed(3) ?? '-'}` +
            ` (${((performance.now() - t0) / 1000).toFixed(1)} s)` +
            (run.runtimeError ? ` ERROR ${run.runtimeError}` : ''),
        );
      }
      pages.push({
        ...page,
        runs,
        median: {
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, medianOrNull(runs.map((r) => r.scores[c]))]),
          ) as Record<Category, number | null>,
          lcpMs: medianOrNull(runs.map((r) => r.lcpMs)),
          tbtMs: medianOrNull(runs.map((r) => r.tbtMs)),
          cls: medianOrNull(runs.map((r) => r.cls)),
        },
        failing,
      });
    }
  } finally {
    await chromium.close();
  }
  return {
    runsPerPage: opts.runs,
    settings:
      'Lighthouse 12 defaults: mobile form factor, simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU)',
    pages,
  };
}
