// `npm run mutation [machine…]` (issue 17): StrykerJS on the machines, one machine at a time, each
// with only its own tests, so a machine takes minutes rather than hours (machines are built at module
// load, so Stryker sees nearly every mutant as static and re-runs every test it is given for each).
// JSON and HTML reports go to .tmp/mutation/<machine>/; a table per machine is printed at the end.
// With no argument it runs every machine (MACHINE_TESTS).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { codeOf } from './lib/code-of.ts';

/**
 * Each machine's file and the tests that check it, found in the folders (no list to keep): every file
 * of machines/<feature>/ but selectors and registries is mutated, named by its machine's `id` (or, for a
 * module of shared steps, by its file's name in camelCase); a test file of tests/machines/, or one beside
 * its machine (machines/<feature>/<name>.test.ts), carries the machines its first comment names in a line
 * `// Mutation: orderList, orderDetail`. A machine named
 * nowhere is mutated against its independent model alone (`testsOf` adds it): the machine-derived
 * tests of the login dialog, the cart and the inbox flows (over a thousand paths each) would take hours
 * under Stryker.
 */
export const MACHINE_TESTS: Record<string, { file: string; tests: string[] }> = discoverMachines();

function discoverMachines(): Record<string, { file: string; tests: string[] }> {
  const found: Record<string, { file: string; tests: string[] }> = {};
  for (const feature of readdirSync('machines').sort()) {
    if (feature === 'system' || !statSync(join('machines', feature)).isDirectory()) continue;
    for (const name of readdirSync(join('machines', feature)).sort()) {
      if (!name.endsWith('.ts') || /\.(selectors|model|test|gen)\.ts$/.test(name) || name === 'registry.ts')
        continue;
      const file = `machines/${feature}/${name}`;
      const id = /\.createMachine\(\{[^]*?\bid: '(\w+)'/.exec(readFileSync(file, 'utf8'))?.[1];
      found[id ?? basename(name, '.ts').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = {
        file,
        tests: [],
      };
    }
  }
  // the tests of tests/machines/, and those beside their machines (machines/<feature>/<name>.test.ts)
  const besides = Object.values(found).map((entry) => entry.file.replace(/\.ts$/, '.test.ts'));
  const listed = readdirSync(join('tests', 'machines'))
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.model.test.ts'))
    .map((name) => `tests/machines/${name}`);
  for (const test of [...listed, ...besides.filter((file) => existsSync(file))].sort()) {
    const marker = /^\/\/ Mutation: (.+)$/m.exec(readFileSync(test, 'utf8'))?.[1];
    for (const machine of marker?.split(/,\s*/) ?? []) {
      if (!found[machine]) throw new Error(`${test} names "${machine}", which no file of machines/ is`);
      found[machine].tests.push(test);
    }
  }
  return found;
}

const OUT = join(process.cwd(), '.tmp', 'mutation');

/**
 * The tests a machine is mutated against: the ones named above, its independent model's replay
 * (`tests/machines/<file>.model.test.ts`, found by the machine file's name) and the build check, which
 * catches a mutant that breaks a machine at load (its test files could not be collected and would
 * report no test at all, which Stryker counts as a survivor).
 */
export function testsOf(machine: string): string[] {
  const entry = MACHINE_TESTS[machine];
  if (!entry) throw new Error(`No tests of its own for "${machine}" (scripts/mutation.ts MACHINE_TESTS)`);
  const model = `tests/machines/${basename(entry.file, '.ts')}.model.test.ts`;
  return [
    ...new Set([
      ...entry.tests,
      ...(existsSync(model) ? [model] : []),
      'tests/machines/machines-build.test.ts',
    ]),
  ];
}

interface Row {
  machine: string;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  score: string;
}

async function mutate(machine: string): Promise<Row> {
  const entry = MACHINE_TESTS[machine];
  if (!entry) throw new Error(`No tests of its own for "${machine}" (scripts/mutation.ts MACHINE_TESTS)`);
  const dir = join(OUT, machine);
  mkdirSync(dir, { recursive: true });
  // vitest.mutation.config.ts reads which tests to run from here (Stryker's workers inherit it)
  process.env.MUTATION_TESTS = testsOf(machine).join(',');
  const stryker = new Stryker({
    mutate: [entry.file],
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutation.config.ts', related: false },
    plugins: ['@stryker-mutator/vitest-runner'],
    reporters: ['json', 'html', ...(process.env.CI || flags.has('--check') ? [] : ['progress'])],
    logLevel: (flags.has('--check') ? 'warn' : 'info') as PartialStrykerOptions['logLevel'],
    jsonReporter: { fileName: join(dir, 'mutation.json') },
    htmlReporter: { fileName: join(dir, 'mutation.html') },
    // one sandbox per machine, so several machines can be mutated at once
    tempDirName: join('.tmp', 'stryker-tmp', machine),
    // the sandbox needs the code and the tests, not the build, the data or the reports
    ignorePatterns: ['.tmp', 'dist', 'data', 'bench/results', 'test-results', 'playwright-report'],
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    timeoutMS: 10_000,
  });
  const results = await stryker.runMutationTest();
  const count = (status: string) => results.filter((r) => r.status === status).length;
  const killed = count('Killed');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const timeout = count('Timeout');
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return {
    machine,
    killed,
    survived,
    noCoverage,
    timeout,
    score: valid ? `${((detected / valid) * 100).toFixed(1)}%` : 'n/a',
  };
}

// ---------------------------------------------------------------------------------------------
// The recorded scores (tests/mutation-scores.json) and the guard `npm test` runs.
//
//   npm run mutation [machine…]            runs and prints the table
//   npm run mutation -- --record [machine…] runs and records the scores with each machine's fingerprint
//   npm run mutation -- --check             runs the machines whose fingerprint changed since their score
//                                          was recorded (what `npm test` runs: nothing when no machine,
//                                          test of one, model or harness changed); fails if one scores
//                                          below its recorded score or below the 85% floor
//   npm run mutation -- --check --all       the same for every machine (before a release: about an hour
//                                          on two cores); MUTATION_CHECK=all does the same
//   npm run mutation -- --check <machine…>  the same for the machines named
//   npm run mutation -- --check --rotate    the changed machines, then others in an order that moves
//                                          each day while MUTATION_BUDGET_MINUTES (default 15) last
//   npm run mutation -- --check --dry-run   says what the check would run, and runs nothing
//   npm run mutation -- --record-reports [machine…]  records the scores of the reports already in
//                                          .tmp/mutation/<machine>/ (runs made with these tests)

const RECORD = join(process.cwd(), 'tests', 'mutation-scores.json');
const FLOOR = 85;
/** Files every machine's score depends on besides its own file and tests. */
const SHARED = ['tests/support/spec-model.ts', 'vitest.mutation.config.ts'];

interface Recorded {
  score: number;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  fingerprint: string;
}

/**
 * A hash of what a machine's score depends on: its file, its tests, its model, the system its model
 * test replays it in when that is shared with `npm run replay` (tests/support/<file>-harness.ts) and
 * the harness.
 */
export function fingerprint(machine: string): string {
  const hash = createHash('sha256');
  for (const file of fingerprintFiles(machine)) hash.update(file).update(codeOf(file));
  return hash.digest('hex').slice(0, 16);
}

/** The files a machine's fingerprint reads. */
export function fingerprintFiles(machine: string): string[] {
  const entry = MACHINE_TESTS[machine]!;
  const model = `tests/models/spec/${basename(entry.file)}`;
  const samples = `tests/models/spec/${basename(entry.file, '.ts')}.samples.ts`;
  const system = `tests/support/${basename(entry.file, '.ts')}-harness.ts`;
  // a model beside its machine, replayed by the shared model-test harness
  const beside = entry.file.replace(/\.ts$/, '.model.ts');
  const harness = existsSync(beside) ? ['tests/support/spec-replay.ts'] : [];
  return [
    entry.file,
    ...testsOf(machine),
    ...[model, samples, system, beside].filter((file) => existsSync(file)),
    ...harness,
    ...SHARED,
  ];
}

const readRecord = (): Record<string, Recorded> =>
  existsSync(RECORD) ? (JSON.parse(readFileSync(RECORD, 'utf8')) as Record<string, Recorded>) : {};

const scoreOf = (row: Row): number => (row.score === 'n/a' ? 100 : Number.parseFloat(row.score));

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));

// Run as a command (`npm run mutation`), not when a check imports `fingerprint`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const named = args.filter((a) => !a.startsWith('--'));
  const rows: Row[] = [];

  if (flags.has('--check')) {
    const record = readRecord();
    const all = flags.has('--all') || process.env.MUTATION_CHECK === 'all' || named.length > 0;
    for (const m of named) if (!MACHINE_TESTS[m]) throw new Error(`No machine "${m}" (scripts/mutation.ts)`);
    const names = named.length ? named : Object.keys(MACHINE_TESTS);
    const changed = names.filter((m) => all || record[m]?.fingerprint !== fingerprint(m));
    // with --rotate, the others, from a place that moves each day, so every machine is re-checked
    // every few days
    const day = Math.floor(Date.now() / 86_400_000);
    const others = flags.has('--rotate') ? names.filter((m) => !changed.includes(m)) : [];
    const rotation = others.map((_, i) => others[(i + day * 7) % others.length]!);
    const budgetMs = Number(process.env.MUTATION_BUDGET_MINUTES ?? 15) * 60_000;
    const started = Date.now();
    console.log(
      changed.length
        ? `Mutation check: ${all ? changed.join(', ') : `${changed.length} machine(s) changed since their score was recorded: ${changed.join(', ')}`}`
        : 'Mutation check: no machine changed since its score was recorded (tests/mutation-scores.json).',
    );
    if (rotation.length)
      console.log(`Then, while ${budgetMs / 60_000} minutes last, in today's order: ${rotation.join(', ')}`);
    if (flags.has('--dry-run')) process.exit(0);
    const failures: string[] = [];
    const queue = [...changed, ...rotation];
    for (const machine of queue) {
      if (!changed.includes(machine) && Date.now() - started > budgetMs) {
        console.log(`Time budget used: ${queue.length - rows.length} machine(s) left for another day.`);
        break;
      }
      const row = await mutate(machine);
      rows.push(row);
      // The bar is the recorded share of mutants killed outright: a mutant that timed out counts as
      // caught, but a run on a busy machine times out more, so recorded timeouts are not held against
      // a quieter run (measured: exchange recorded 6 timeouts under load, 0 on a quiet clone).
      const r = record[machine];
      const recorded = r
        ? Math.round((r.killed / (r.killed + r.survived + r.noCoverage + r.timeout)) * 1000) / 10
        : undefined;
      const bar = Math.max(FLOOR, recorded ?? FLOOR);
      if (scoreOf(row) < bar)
        failures.push(
          `${machine}: ${row.score} is below ${recorded === undefined || recorded < FLOOR ? `the ${FLOOR}% floor` : `its recorded ${recorded}% (killed outright)`}` +
            ` (node scripts/mutation-survivors.mjs ${machine} lists the survivors)`,
        );
    }
    if (rows.length) console.table(rows);
    if (failures.length) {
      console.error(failures.join('\n'));
      process.exit(1);
    }
  } else if (flags.has('--record-reports')) {
    const record = readRecord();
    for (const machine of named.length ? named : Object.keys(MACHINE_TESTS)) {
      const file = join(OUT, machine, 'mutation.json');
      if (!existsSync(file)) {
        console.log(`${machine}: no report in ${file}`);
        continue;
      }
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        files: Record<string, { mutants: { status: string }[] }>;
      };
      const mutants = Object.values(report.files).flatMap((f) => f.mutants);
      const count = (status: string) => mutants.filter((m) => m.status === status).length;
      const [killed, survived, noCoverage, timeout] = ['Killed', 'Survived', 'NoCoverage', 'Timeout'].map(
        count,
      ) as [number, number, number, number];
      const valid = killed + timeout + survived + noCoverage;
      const score = valid ? Math.round(((killed + timeout) / valid) * 1000) / 10 : 100;
      rows.push({ machine, killed, survived, noCoverage, timeout, score: `${score.toFixed(1)}%` });
      record[machine] = { killed, survived, noCoverage, timeout, score, fingerprint: fingerprint(machine) };
    }
    console.table(rows);
    const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(RECORD, `${JSON.stringify(sorted, null, 2)}\n`);
  } else {
    const machines = named.length ? named : Object.keys(MACHINE_TESTS);
    for (const machine of machines) rows.push(await mutate(machine));
    console.table(rows);
    writeFileSync(join(OUT, 'scores.json'), JSON.stringify(rows, null, 2));
    if (flags.has('--record')) {
      const record = readRecord();
      for (const row of rows) {
        const { machine, ...counts } = row;
        record[machine] = { ...counts, score: scoreOf(row), fingerprint: fingerprint(machine) };
      }
      const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(RECORD, `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`Recorded in ${RECORD}`);
    }
  }
}
