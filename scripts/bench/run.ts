// `npm run bench`: builds the production app, starts the real server on a scratch data directory, measures
// bundle, Lighthouse, API, browser and search-at-scale side by side in one run, and writes a Markdown report
// and a JSON file. bench/README.md explains each measure. The API and search stages run on both database
// engines: PGlite (the server's default) and PostgreSQL, in a scratch cluster the bench makes itself
// (postgres.ts), so the report puts them side by side against issue 19's goals (goals.ts).
//
//   npm run bench                      full run (about 13 minutes on 2 cores), report in bench/results/
//   npm run bench -- --quick           small counts, for trying changes (report in .tmp/bench/results/)
//   npm run bench -- --only api,search / --skip lighthouse   some stages only
//   flags (or env): --lh-runs (BENCH_LH_RUNS) --api-seconds (BENCH_API_SECONDS) --connections
//   (BENCH_CONNECTIONS) --prompts (BENCH_PROMPTS) --queries (BENCH_QUERIES) --navs (BENCH_NAVS)
//   --timed-navs (BENCH_TIMED_NAVS) --logins (BENCH_LOGINS) --port (BENCH_PORT) --out DIR --no-build
//   --engines pglite,postgres (BENCH_ENGINES; default both)
//
// Stage order matters on a small machine: the API goes first, on a server no page has been opened on yet
// (opening pages makes the server render example images, work that would overlap the load test); then the
// PGlite server stops, the PostgreSQL cluster starts and the server is started again on it for a second API
// stage; the search stage runs its own 100,000-prompt database (PGlite in this process, then a database of
// the cluster), so it comes last, after the servers have stopped; and no stage is measured while another is
// busy. A stage that fails is recorded in the report and the others still run; the exit code is
// then 1.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { runApi } from './api.ts';
import { runBrowser, type BrowserResult } from './browser.ts';
import { runBundle, snapshotDist, type DistSnapshot } from './bundle.ts';
import { killLaunchedChromium } from './chromium.ts';
import { runLighthouse, type LighthousePage } from './lighthouse.ts';
import { ENGINE_NAMES, type Engine } from './goals.ts';
import { startPostgres, type PgCluster } from './postgres.ts';
import { goalChecks, renderMarkdown, summaryTable, type BenchReport, type StageRecord } from './report.ts';
import { keptCatalogDir, runSearchBench } from './search.ts';
import { startServer, type RunningServer } from './server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, log, stage } from './util.ts';

const STAGES = ['api', 'bundle', 'lighthouse', 'browser', 'search'] as const;
type StageName = (typeof STAGES)[number];

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    'lh-runs': { type: 'string' },
    'api-seconds': { type: 'string' },
    connections: { type: 'string' },
    prompts: { type: 'string' },
    queries: { type: 'string' },
    navs: { type: 'string' },
    'timed-navs': { type: 'string' },
    logins: { type: 'string' },
    port: { type: 'string' },
    engines: { type: 'string' },
  },
});

const quick = args.quick === true;
/** A count from a flag, else the environment, else the full or quick default. */
const count = (flag: string | undefined, env: string, full: number, small: number): number => {
  const raw = flag ?? process.env[env];
  if (raw === undefined || raw === '') return quick ? small : full;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${env} / flag must be a whole number, got "${raw}"`);
  return n;
};
const list = (raw: string | undefined): StageName[] | null => {
  if (raw === undefined) return null;
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(STAGES as readonly string[]).includes(n))
      throw new Error(`unknown stage "${n}" (${STAGES.join(', ')})`);
  return names as StageName[];
};

const only = list(args.only);
const skip = list(args.skip) ?? [];
const enabled = (s: StageName) => (only === null || only.includes(s)) && !skip.includes(s);
const engines = ((): Engine[] => {
  const raw = args.engines ?? process.env.BENCH_ENGINES;
  if (raw === undefined || raw === '') return ['pglite', 'postgres'];
  const names = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const n of names)
    if (n !== 'pglite' && n !== 'postgres') throw new Error(`unknown engine "${n}" (pglite, postgres)`);
  return names as Engine[];
})();

const settings = {
  lighthouseRuns: count(args['lh-runs'], 'BENCH_LH_RUNS', 3, 1),
  apiSeconds: count(args['api-seconds'], 'BENCH_API_SECONDS', 10, 5),
  apiWarmupSeconds: quick ? 1 : 2,
  connections: count(args.connections, 'BENCH_CONNECTIONS', 50, 50),
  searchPrompts: count(args.prompts, 'BENCH_PROMPTS', 100_000, 3_000),
  searchQueries: count(args.queries, 'BENCH_QUERIES', 200, 50),
  searchSeed: 7,
  navigations: count(args.navs, 'BENCH_NAVS', 300, 30),
  timedNavigations: count(args['timed-navs'], 'BENCH_TIMED_NAVS', 50, 30),
  loginCycles: count(args.logins, 'BENCH_LOGINS', 100, 10),
  /** Heap readings every N steps; a multiple of the 5-step navigation loop so each reading is on the home page. */
  heapEvery: quick ? 5 : 25,
  port: args.port ?? process.env.BENCH_PORT,
};
const full =
  !quick &&
  only === null &&
  skip.length === 0 &&
  !process.argv
    .slice(2)
    .some((a) =>
      /^--(lh-runs|api-seconds|connections|prompts|queries|navs|timed-navs|logins|engines)/.test(a),
    );
const mode: BenchReport['meta']['mode'] = quick ? 'quick' : full ? 'full' : 'partial';

const ROOT = process.cwd();
const SCRATCH = join(ROOT, '.tmp', 'bench');
// Only a full run with default counts is commit-worthy; other runs go to .tmp so they never replace it.
const OUT = args.out ?? (mode === 'full' ? join(ROOT, 'bench', 'results') : join(SCRATCH, 'results'));

const sh = (cmd: string, cmdArgs: string[]): string => {
  try {
    return execFileSync(cmd, cmdArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};
const pkgVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * `npx vite build --manifest`: the production build into dist/, plus the manifest the bundle stage reads;
 * then the server's renderer (`vite build --ssr`, dist-ssr/), as `npm run build` makes it.
 */
async function buildApp(): Promise<void> {
  const logFile = join(SCRATCH, 'build.log');
  writeFileSync(logFile, '');
  for (const args of [
    ['vite', 'build', '--manifest'],
    ['vite', 'build', '--ssr', 'src/entry-server.tsx'],
  ]) {
    const fd = openSync(logFile, 'a');
    const child = spawn('npx', args, { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${args.join(' ')} failed (exit ${code}); see ${logFile}`);
  }
}

async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  // Playwright adds its own --headless; the rest of the flags are the bench's (see util.ts).
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')), ...extraArgs],
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const t0 = performance.now();
  mkdirSync(SCRATCH, { recursive: true });
  log(
    `bench: ${mode} run; stages ${STAGES.filter(enabled).join(', ')}; engines ${engines.join(', ')}; ` +
      `settings ${JSON.stringify(settings)}`,
  );

  const report: BenchReport = {
    meta: {
      startedAt: startedAt.toISOString(),
      finishedAt: '',
      totalMs: 0,
      mode,
      commit: sh('git', ['rev-parse', 'HEAD']),
      dirty: sh('git', ['status', '--porcelain']) !== '',
      node: process.version,
      chromium: sh(CHROMIUM_PATH, ['--version']),
      lighthouse: pkgVersion('lighthouse'),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: totalmem() / 1024 ** 3,
      pglite: pkgVersion('@electric-sql/pglite'),
      settings: { ...settings, engines },
      warnings: [],
    },
    stages: [],
  };
  let failed = false;

  /** Runs a stage, records its time and the machine's load around it; a failure is recorded, not fatal. */
  const record = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    const loadBefore = loadavg()[0]!;
    const t = performance.now();
    try {
      const { value, ms } = await stage(name, run);
      report.stages.push({ name, ms, loadBefore, loadAfter: loadavg()[0]! });
      return value;
    } catch (error) {
      failed = true;
      const message = error instanceof Error ? error.message : String(error);
      log(`✘ ${name} failed: ${message}`);
      const rec: StageRecord = {
        name,
        ms: performance.now() - t,
        loadBefore,
        loadAfter: loadavg()[0]!,
        error: message,
      };
      report.stages.push(rec);
      return undefined;
    }
  };

  const onPglite = engines.includes('pglite');
  const onPostgres = engines.includes('postgres') && (enabled('api') || enabled('search'));
  const needsServer =
    enabled('bundle') || enabled('lighthouse') || enabled('browser') || (enabled('api') && onPglite);
  let server: RunningServer | undefined;
  const stopServer = async () => {
    if (server) {
      const s = server;
      server = undefined;
      await s.stop();
    }
  };
  let cluster: PgCluster | undefined;
  const stopCluster = async () => {
    if (cluster) {
      const c = cluster;
      cluster = undefined;
      await c.stop();
    }
  };
  // Ctrl-C (or a kill) mid-run: stop the server and any Lighthouse browser before leaving, so nothing of
  // ours keeps running. (Playwright closes the browsers it launched itself; the PostgreSQL cluster is
  // stopped and deleted by postgres.ts on exit.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the server, PostgreSQL and browsers`);
      killLaunchedChromium();
      void stopServer()
        .then(stopCluster)
        .finally(() => process.exit(130));
    });
  }
  if (!engines.includes('postgres')) report.postgres = { status: 'not requested' };

  /** A real detail page: the first prompt of the default list (a popular, free one). */
  const findDetailPath = async (origin: string) => {
    const res = await fetch(`${origin}/api/prompts?page=1&pageSize=1`);
    const body = (await res.json()) as { extend: { data: { slugId: string }[] } };
    const slugId = body.extend.data[0]?.slugId;
    if (!slugId) throw new Error('the catalog is empty: no detail page to measure');
    return `/detail/${slugId}`;
  };
  /** The API stage on one server: the same routes on every engine. */
  const apiStage = async (engine: Engine, origin: string, detailPath: string) => {
    const result = await record(`api (${ENGINE_NAMES[engine]})`, () =>
      runApi({
        engine,
        origin,
        connections: settings.connections,
        durationS: settings.apiSeconds,
        warmupS: settings.apiWarmupSeconds,
        targets: [
          { name: 'list', path: '/api/prompts?page=1&pageSize=24' },
          {
            name: 'detail',
            path: `/api/prompts/detail?id=${encodeURIComponent(detailPath.slice('/detail/'.length))}`,
          },
          { name: 'search', path: '/api/prompts?q=portrait&page=1&pageSize=24' },
          { name: 'cart-count', path: '/api/my/cart/count', auth: true },
          // the server-rendered home page (issue 18): what rendering costs beside the API
          { name: 'html /', path: '/' },
        ],
      }),
    );
    if (result) report.api = { ...report.api, [engine]: result };
  };

  let dist: DistSnapshot | undefined;
  let detailPath = '/detail/unknown';
  try {
    // Any server serves the build (the PostgreSQL one too: `/` is rendered from dist-ssr/).
    if (needsServer || (enabled('api') && onPostgres)) {
      const distReady = existsSync(join(ROOT, 'dist', '.vite', 'manifest.json'));
      if (args['no-build'] && distReady) log('build: reusing dist/ (--no-build)');
      else await record('build (npx vite build --manifest, then --ssr)', buildApp);
    }
    if (needsServer) {
      dist = snapshotDist(join(ROOT, 'dist'));
      server = await record('start server (PGlite)', () =>
        startServer({ scratchDir: SCRATCH, ...(settings.port ? { port: Number(settings.port) } : {}) }),
      );
    }
    const origin = server?.origin;
    if (origin) {
      detailPath = await findDetailPath(origin);
      log(`  detail page: ${detailPath}`);
    }

    // The API first, on a server nothing else has touched yet: the pages the browser stages open make the
    // server render example images (sharp, on the first request of each), and that work would still be
    // running under the first autocannon runs.
    if (origin && enabled('api') && onPglite) await apiStage('pglite', origin, detailPath);

    if (origin && dist && enabled('bundle')) {
      const snapshot = dist;
      report.bundle = await record('bundle', async () => {
        const browser = await launchBrowser();
        try {
          return await runBundle({
            dist: snapshot,
            origin,
            browser,
            scratchDir: SCRATCH,
            routes: [
              { name: 'home', path: '/', ready: 'main .catalog:not([data-state="loading"])' },
              { name: 'detail', path: detailPath, ready: 'main h1.detail__title' },
              {
                name: 'search',
                path: '/search?q=portrait',
                ready: 'main .catalog:not([data-state="loading"])',
              },
            ],
          });
        } finally {
          await browser.close();
        }
      });
    }

    if (origin && enabled('lighthouse')) {
      const pages: LighthousePage[] = [
        { name: 'home', path: '/' },
        { name: 'category', path: '/category/free-prompts' },
        { name: 'detail', path: detailPath },
        { name: 'search', path: '/search?q=portrait' },
      ];
      report.lighthouse = await record('lighthouse', () =>
        runLighthouse({
          origin,
          pages: quick ? pages.filter((p) => p.name === 'home' || p.name === 'detail') : pages,
          runs: settings.lighthouseRuns,
          scratchDir: SCRATCH,
        }),
      );
    }

    if (origin && enabled('browser')) {
      report.browser = await record('browser', async () => {
        const loops = {
          origin,
          navigations: settings.navigations,
          timed: settings.timedNavigations,
          loginCycles: settings.loginCycles,
          heapEvery: settings.heapEvery,
        };
        const browser = await launchBrowser();
        let result: BrowserResult;
        try {
          result = await runBrowser({ browser, ...loops });
        } finally {
          await browser.close();
        }
        // The same loops without V8's JIT: what still grows there is retained by the page, not compiled
        // code (scripts/bench/browser.ts explains why); the heap verdict is this run's.
        log('  again without the JIT (--js-flags=--jitless), for what the page retains');
        const plain = await launchBrowser(['--js-flags=--jitless']);
        try {
          const again = await runBrowser({ browser: plain, ...loops });
          result.retained = {
            navigations: { heap: again.navigations.heap, verdict: again.navigations.verdict },
            logins: again.logins ? { heap: again.logins.heap, verdict: again.logins.verdict } : null,
          };
        } finally {
          await plain.close();
        }
        return result;
      });
    }
  } finally {
    await stopServer();
  }

  // dist/ is shared with `npm start` and the end-to-end tests: if someone rebuilt it while the server was
  // serving it, the browser stages may have loaded another build than the one sized.
  if (dist) {
    let now = '';
    try {
      now = readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8');
    } catch {
      /* missing: changed */
    }
    if (now !== dist.indexHtml) {
      report.meta.warnings.push(
        'dist/ was rebuilt by something else during the run: the pages measured may not be the build that was sized',
      );
    }
  }

  // PostgreSQL: a scratch cluster for the second API stage and the second search; if it can't be had, the
  // report says why and the PGlite numbers still come out.
  try {
    if (onPostgres) {
      // Not a failed stage when PostgreSQL can't be had (not installed and not root, no apt, ...): the
      // PGlite columns are still the run's result; the report and a warning say why PostgreSQL's are empty.
      const name = 'start PostgreSQL (scratch cluster)';
      const loadBefore = loadavg()[0]!;
      const t = performance.now();
      try {
        const { value, ms } = await stage(name, () =>
          startPostgres({ logFile: join(SCRATCH, 'apt-get.log'), log: (line) => log(`  ${line}`) }),
        );
        cluster = value;
        report.stages.push({ name, ms, loadBefore, loadAfter: loadavg()[0]! });
        report.postgres = { status: 'measured', version: value.version, settings: value.settings };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log(`✘ ${name}: ${reason}; PostgreSQL's columns stay empty`);
        report.stages.push({
          name,
          ms: performance.now() - t,
          loadBefore,
          loadAfter: loadavg()[0]!,
          error: reason,
        });
        report.postgres = { status: 'unavailable', reason };
        report.meta.warnings.push(`PostgreSQL was not measured: ${reason}`);
      }
    }

    if (cluster && enabled('api')) {
      const pgCluster = cluster;
      server = await record('start server (PostgreSQL)', async () =>
        startServer({
          scratchDir: SCRATCH,
          databaseUrl: await pgCluster.createDatabase('bench_api'),
          ...(settings.port ? { port: Number(settings.port) } : {}),
        }),
      );
      try {
        if (server) {
          // The same demo data is seeded, so normally the same prompt; looked up again to be sure.
          const pgDetail = await findDetailPath(server.origin).catch(() => detailPath);
          if (pgDetail !== detailPath) log(`  detail page on PostgreSQL: ${pgDetail}`);
          await apiStage('postgres', server.origin, pgDetail);
        }
      } finally {
        await stopServer();
      }
    }

    if (enabled('search')) {
      const searchOn = async (
        engine: Engine,
        where: () => Promise<{ dataDir: string } | { databaseUrl: string }>,
      ) => {
        const result = await record(`search (${ENGINE_NAMES[engine]})`, async () =>
          runSearchBench({
            prompts: settings.searchPrompts,
            queries: settings.searchQueries,
            seed: settings.searchSeed,
            ...(await where()),
            log: (line) => log(`  ${line}`),
          }),
        );
        if (result) report.search = { ...report.search, [engine]: result };
      };
      if (onPglite) {
        await searchOn('pglite', async () => ({
          dataDir: keptCatalogDir(SCRATCH, settings.searchPrompts, settings.searchSeed),
        }));
      }
      const pgCluster = cluster;
      if (pgCluster) {
        await searchOn('postgres', async () => ({
          databaseUrl: await pgCluster.createDatabase('bench_search'),
        }));
      }
    }
  } finally {
    await stopCluster();
  }
  report.goals = goalChecks(report);

  const finishedAt = new Date();
  report.meta.finishedAt = finishedAt.toISOString();
  report.meta.totalMs = performance.now() - t0;

  mkdirSync(OUT, { recursive: true });
  const markdown = renderMarkdown(report);
  const json = JSON.stringify(report, null, 2) + '\n';
  const written: string[] = [];
  const write = (name: string, text: string) => {
    const file = join(OUT, name);
    writeFileSync(file, text);
    written.push(file);
  };
  write('latest.md', markdown);
  write('latest.json', json);
  if (mode === 'full') {
    // A dated copy beside "latest", so results can be compared over time in the repository.
    const stamp = startedAt.toISOString().slice(0, 16).replace(/:/g, '');
    write(`${stamp}.md`, markdown);
    write(`${stamp}.json`, json);
  }

  process.stdout.write(`\n${summaryTable(report)}\n\n`);
  log(
    `bench finished in ${(report.meta.totalMs / 1000 / 60).toFixed(1)} min; wrote ${written.map((f) => f.slice(ROOT.length + 1)).join(', ')}`,
  );
  if (failed) {
    log("some stages failed (see above and the report's Stages table)");
    process.exitCode = 1;
  }
}

await main();
