// The sections of the bench's Markdown report (scripts/bench/report-markdown.ts) that put the database
// engines side by side: ## 3. API, issue 19's goals, ## 4. Search at scale.
import { ENGINE_NAMES } from './goals.ts';
import { mark, ms0, ms1, postgresMissing, ratio, sec, table } from './report-format.ts';
import { ENGINES, goalChecks, type BenchReport } from './report-model.ts';

/** ## 3. API: each route's throughput and latency on each engine, against /api/health. */
export function apiSection(r: BenchReport, out: string[]): void {
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
}

/** Issue 19's goals, each engine's value marked met or not. */
export function goalsSection(r: BenchReport, out: string[]): void {
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
}

/** ## 4. Search at scale: the same catalog and queries on each engine. */
export function searchSection(r: BenchReport, out: string[]): void {
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
}
