// `npm run replay -- <machine> <path>`: drives the app in headless Chromium through one of the
// machine's model paths (the numbers `npm run paths -- <machine>` prints), with a fake clock for
// delays, a screenshot per step and a one-page HTML report. `--all` replays every path the tests
// replay; `--url http://localhost:5173` uses an app already running with `npm run dev`. Each run keeps
// its report in its own folder, and .tmp/replay/index.html lists every run kept (newest first).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cataloguePaths, findPath, modelPathOf } from '../tests/models/catalogue.ts';
import { MACHINE_MODELS } from '../tests/models/index.ts';
import {
  launchBrowser,
  replayPath,
  startReplayApp,
  warmUp,
  recordRun,
  writeReport,
  type PathResult,
} from '../tests/replay/runner.ts';
import { BROWSER_SCRIPTS, scriptFor } from '../tests/replay/scripts/index.ts';

const USAGE = `Usage: npm run replay -- <machine> <path | --all> [--url <app url>] [--api-port <n>] [--web-port <n>] [--out <dir>]

  <machine>     a machine id (loginDialog) or file name (login-dialog)
  <path>        a path number from \`npm run paths -- <machine>\`, or a unique part of its description
  --all         every path the tests replay for that machine
  --url         an app already running in development (npm run dev); default: start one here
  --api-port    the port of the API server this run starts (default: a free one)
  --web-port    the port of the Vite server this run starts (default: a free one)
  --out         where screenshots and report.html go (default .tmp/replay/<machine>/<date and time>);
                every run is kept and listed in .tmp/replay/index.html

Machines with a browser script: ${BROWSER_SCRIPTS.map((s) => s.machineId).join(', ')}`;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const VALUED = ['--url', '--out', '--api-port', '--web-port'];
const positional = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
const portOf = (name: string): number | undefined => {
  const value = option(name);
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} takes a port number (1–65535), e.g. ${name} 4400`);
    process.exit(2);
  }
  return port;
};
const apiPort = portOf('--api-port');
const webPort = portOf('--web-port');
const [machineArg, pathArg] = positional;
const all = args.includes('--all');
if (args.includes('--help') || !machineArg || (!pathArg && !all)) {
  console.log(USAGE);
  process.exit(machineArg || args.includes('--help') ? 0 : 2);
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const model = MACHINE_MODELS.find((m) => m.machine.id === machineArg || m.machine.id === camel(machineArg));
const script = model && scriptFor(model.machine.id);
if (!model || !script) {
  console.error(
    model
      ? `${model.machine.id} has no browser script (its events are not a person's). ${USAGE}`
      : `No machine "${machineArg}". ${USAGE}`,
  );
  process.exit(2);
}

// the simple paths (S1…) too, when one is asked for: listing them is slow on big machines
const catalogue = cataloguePaths(model, { simpleLimit: !all && /^S\d+$/i.test(pathArg ?? '') ? 50 : 0 });
let chosen;
try {
  chosen = all ? catalogue.filter((p) => !p.id.startsWith('S')) : [findPath(catalogue, pathArg!)];
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const startedAt = new Date();
const runName = startedAt.toISOString().replace(/[:.]/g, '-');
const outDir = resolve(option('--out') ?? join('.tmp', 'replay', model.machine.id, runName));
const url = option('--url');
console.log(url ? `Using the app at ${url}` : 'Starting the API server and Vite (development build)…');
const app = await startReplayApp(
  url ? { url } : { ...(apiPort ? { apiPort } : {}), ...(webPort ? { webPort } : {}) },
);
const browser = await launchBrowser();
const results: PathResult[] = [];
try {
  if (!url) {
    console.log('Warming up Vite…');
    await warmUp(browser, app.baseUrl);
  }
  for (const entry of chosen) {
    const result = await replayPath(
      browser,
      app.baseUrl,
      model,
      script,
      entry,
      modelPathOf(entry),
      join(outDir, `path-${entry.id}`),
    );
    results.push(result);
    console.log(
      `${result.ok ? '✔' : '✖'} ${model.machine.id} ${entry.id}: ${entry.description} (${(result.ms / 1000).toFixed(1)} s)${result.error ? `\n    ${result.error}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
const report = join(outDir, 'report.html');
writeReport(report, results, `Replay of ${model.machine.id}`);
const failed = results.filter((r) => !r.ok).length;
const index = recordRun({
  machine: model.machine.id,
  at: startedAt.toISOString(),
  paths: results.map((r) => r.path.id),
  passed: results.length - failed,
  failed,
  report,
});
console.log(
  `\n${results.length - failed} of ${results.length} passed. Report: ${pathToFileURL(report).href}\nEvery run: ${pathToFileURL(index).href}`,
);
process.exit(failed ? 1 : 0);
