#!/usr/bin/env node
// `npm test`: every test, in the order that fails fastest. Prints a closing line
// "tests: N passed, N failed" summing the unit, view, API and end-to-end runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const started = Date.now();

/** Each stage's wall time, printed as a table at the end (the README's "Where the time goes"). */
const timings = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ title, seconds: (Date.now() - t0) / 1000, ok: result.status === 0 });
  return result.status === 0;
}

/**
 * Runs single-threaded checks side by side (each would leave the second core idle), printing each
 * one's output as a block when it ends. Resolves to whether each passed, in order.
 */
function runTogether(jobs, env = {}) {
  return Promise.all(
    jobs.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const child = spawn(command, args, { env: { ...process.env, ...env } });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            console.log(`\n▶ ${title}`);
            if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
            timings.push({ title, seconds: (Date.now() - t0) / 1000, ok: code === 0 });
            resolve(code === 0);
          });
        }),
    ),
  );
}

/** Runs jobs one after another, each printed as a block when it ends; resolves to whether each passed. */
async function runLane(name, jobs) {
  const t0 = Date.now();
  const results = [];
  for (const job of jobs) {
    const [ok] = await runTogether([{ ...job, title: `${name} │ ${job.title}` }], job.env);
    results.push(ok);
  }
  const seconds = (Date.now() - t0) / 1000;
  timings.push({ title: `${name} │ the whole lane`, seconds, ok: results.every(Boolean) });
  return results;
}

/**
 * Installs Debian packages that are missing (the first one names them), when running as root; otherwise
 * prints `howTo` and answers false. True once apt-get succeeded and `installed()` says they are there.
 */
function aptInstall(packages, howTo, installed) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(howTo);
    return false;
  }
  console.log(`\n▶ Installing Debian ${packages[0]} (missing, running as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0) return false;
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }).status === 0 &&
    installed()
  );
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  return aptInstall(
    ['chromium', 'fonts-dejavu-core'],
    `\n✖ The end-to-end tests need Debian's Chromium at ${CHROMIUM}.\n` +
      '  Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '  (or set CHROMIUM_PATH to an installed Chromium), then run npm test again.',
    () => existsSync(CHROMIUM),
  );
}

/** Debian's PostgreSQL server binaries (PG_BIN, or /usr/lib/postgresql/<version>/bin) with initdb. */
function postgresInstalled() {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return true;
  if (!existsSync('/usr/lib/postgresql')) return false;
  return readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
}

// The concurrency, fault and fleet tests run on a scratch PostgreSQL cluster as well as on PGlite
// (tests/support/postgres.ts). Under npm test they must not skip: FRUIT_REQUIRE_POSTGRES=1 makes them fail
// when the binaries are missing.
function ensurePostgres() {
  if (postgresInstalled()) return true;
  return aptInstall(
    ['postgresql'],
    "\n✖ The API tests run on PostgreSQL too and need Debian's PostgreSQL server binaries\n" +
      '  (/usr/lib/postgresql/<version>/bin/initdb). Install them with:\n' +
      '    sudo apt-get update && sudo apt-get install -y postgresql\n' +
      '  (or set PG_BIN to a directory holding initdb, pg_ctl and postgres), then run npm test again.',
    postgresInstalled,
  );
}

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/model-coverage', { recursive: true, force: true });
rmSync('.tmp/spec-coverage', { recursive: true, force: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/vitest-api.json', { force: true });
rmSync('.tmp/vitest-build.json', { force: true });
rmSync('.tmp/e2e.json', { force: true });

const failures = [];
const step = (title, ok) => {
  if (!ok) failures.push(title);
};

if (!ensureChromium()) process.exit(1);
if (!ensurePostgres()) process.exit(1);
/** The vitest runs' environment: PostgreSQL's tests run (and fail without it) instead of skipping. */
const REQUIRE_POSTGRES = { FRUIT_REQUIRE_POSTGRES: '1' };
// the static checks are each single-threaded: side by side they take as long as the slowest
const [typesOk, lintOk, formatOk, listsOk] = await runTogether([
  {
    title: 'Type check (tsc, strict, client + machines + server + tests)',
    command: 'npx',
    args: ['tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
  { title: 'Lint (eslint)', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  {
    title: 'Format (prettier --check)',
    command: 'npx',
    args: ['prettier', '--check', '.', '--log-level=warn'],
  },
  {
    title: 'Generated lists current (scripts/discover.ts --check)',
    command: 'node',
    args: ['--import', 'tsx', 'scripts/discover.ts', '--check'],
  },
]);
step('type check', typesOk);
step('lint', lintOk);
step('format', formatOk);
step('generated lists', listsOk);
step(
  'build',
  run('Production build (vite build)', 'npx', ['vite', 'build', '--logLevel', 'warn']) &&
    run('Server renderer build (vite build --ssr)', 'npx', [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--logLevel',
      'warn',
    ]),
);
// Two lanes, one a core. The API project runs its files one at a time (each opens its own database,
// some start PostgreSQL clusters and servers), and so do the build checks and the end-to-end tests:
// one after another they left a core idle for most of the run. Lane A: unit and view tests (two
// workers), then the end-to-end tests; lane B: the API tests, then the build checks. The build comes
// first (seconds), so both lanes read one finished dist/.
const [laneA, laneB] = await Promise.all([
  runLane('lane A', [
    {
      title: 'Unit, model-based and view tests (vitest, projects unit and views)',
      command: 'npx',
      args: [
        'vitest',
        'run',
        '--project=unit',
        '--project=views',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=.tmp/vitest.json',
      ],
      env: REQUIRE_POSTGRES,
    },
    {
      title: 'Model-based coverage per machine',
      command: 'node',
      args: ['--import', 'tsx', 'scripts/model-coverage.ts'],
    },
    {
      title: 'Mutation scores: each machine changed since its score was recorded (StrykerJS)',
      command: 'node',
      args: ['--import', 'tsx', 'scripts/mutation.ts', '--check'],
    },
    {
      title: 'End-to-end tests (Playwright, Debian Chromium, production build)',
      command: 'npx',
      args: ['playwright', 'test'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/e2e.json' },
    },
  ]),
  runLane('lane B', [
    {
      title: 'API tests on PGlite and PostgreSQL (vitest, project api)',
      command: 'npx',
      args: [
        'vitest',
        'run',
        '--project=api',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=.tmp/vitest-api.json',
      ],
      env: REQUIRE_POSTGRES,
    },
    {
      title: 'Budgets, bundle checks and browser replays of model paths (vitest, project build)',
      command: 'npx',
      args: [
        'vitest',
        'run',
        '--project=build',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=.tmp/vitest-build.json',
      ],
      env: REQUIRE_POSTGRES,
    },
  ]),
]);
step('unit, model and view tests', laneA[0]);
step('model coverage', laneA[1]);
step('mutation scores', laneA[2]);
step('end-to-end tests', laneA[3]);
step('API tests', laneB[0]);
step('build checks', laneB[1]);

let passed = 0;
let failed = 0;
for (const file of ['.tmp/vitest.json', '.tmp/vitest-api.json', '.tmp/vitest-build.json']) {
  if (!existsSync(file)) continue;
  const v = JSON.parse(readFileSync(file, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed +=
    (v.numFailedTests ?? 0) + (v.numTotalTestSuites && v.success === false && !v.numFailedTests ? 1 : 0);
}
if (existsSync('.tmp/e2e.json')) {
  const e = JSON.parse(readFileSync('.tmp/e2e.json', 'utf8'));
  passed += e.stats?.expected ?? 0;
  failed += (e.stats?.unexpected ?? 0) + (e.stats?.flaky ?? 0);
}
failed += failures.filter(
  (f) => !['unit, model and view tests', 'API tests', 'build checks', 'end-to-end tests'].includes(f),
).length;

const seconds = Math.round((Date.now() - started) / 1000);
console.log('\nWhere the time went:');
for (const t of timings)
  console.log(`  ${t.seconds.toFixed(1).padStart(7)} s  ${t.ok ? ' ' : '✖'} ${t.title}`);
console.log(
  `\n${failures.length ? `✖ failed: ${failures.join(', ')}` : '✔ all checks passed'} (${seconds} s)`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
