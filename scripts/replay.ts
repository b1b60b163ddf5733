// `npm run replay -- <machine> <path>`: drives the app in headless Chromium through one path of the
// machine's independent model (tests/models/spec), numbered as `npm run paths -- <machine>` lists
// them, with a fake clock for waits, a screenshot per step and a one-page HTML report: after every
// step what the page's live actor shows through the machine's selectors must equal what the model
// expects. `--all` replays every path of the machine (or of one walk); `--url
// http://localhost:5173` uses an app already running with `npm run dev`. Each run keeps its report
// in its own folder, and .tmp/replay/index.html lists every run kept (newest first).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  findSpecPath,
  launchBrowser,
  replayPath,
  specMachineName,
  specPathsOf,
  startReplayApp,
  warmUp,
  recordRun,
  writeReport,
  type PathResult,
  type SpecPathEntry,
} from '../tests/replay/runner.ts';
import { BROWSER_SCRIPTS, scriptFor } from '../tests/replay/scripts/index.ts';

const USAGE = `Usage: npm run replay -- <machine> <path> [--url <app url>] [--api-port <n>] [--web-port <n>] [--out <dir>]
       npm run replay -- <machine> [<walk>] --all

  <machine>     a machine id (loginDialog) or file name (login-dialog)
  <path>        a path number as \`npm run paths -- <machine>\` prints it: "12", or for a machine
                with several walks the walk and the number ("dialogs-3", or dialogs 3); or a part
                of the path's title that only one path has (else the matching numbers are listed)
  --all         every path of the machine's model (of one walk, when a walk is named)
  --url         an app already running in development (npm run dev); default: start one here
  --api-port    the port of the API server this run starts (default: a free one)
  --web-port    the port of the Vite server this run starts (default: a free one)
  --out         where screenshots and report.html go (default .tmp/replay/<machine>/<date and time>);
                every run is kept and listed in .tmp/replay/index.html

Example: \`npm run paths -- cart\` lists the cart's paths; \`npm run replay -- cart 12\` replays path 12.

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
const [machineArg, ...pathWords] = positional;
const pathArg = pathWords.join(' ');
const all = args.includes('--all');
if (args.includes('--help') || !machineArg || (!pathArg && !all)) {
  console.log(USAGE);
  process.exit(machineArg || args.includes('--help') ? 0 : 2);
}

const machine = specMachineName(machineArg);
const script = machine && scriptFor(machine);
if (!machine || !script) {
  console.error(
    machine
      ? `${machine} has no browser script (its events are not a person's). ${USAGE}`
      : `No model for "${machineArg}". ${USAGE}`,
  );
  process.exit(2);
}

const catalogue = specPathsOf(machine).filter((p) => !script.walks || script.walks.includes(p.walk));
let chosen: SpecPathEntry[];
try {
  if (all) {
    chosen = pathArg ? catalogue.filter((p) => p.walk === pathArg) : catalogue;
    if (!chosen.length) throw new Error(`${machine} has no walk "${pathArg}"`);
  } else chosen = [findSpecPath(specPathsOf(machine), pathArg)];
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const startedAt = new Date();
const runName = startedAt.toISOString().replace(/[:.]/g, '-');
const outDir = resolve(option('--out') ?? join('.tmp', 'replay', machine, runName));
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
    const result = await replayPath(browser, app.baseUrl, script, entry, join(outDir, `path-${entry.id}`));
    results.push(result);
    console.log(
      `${result.ok ? '✔' : '✖'} ${machine} ${entry.id}: ${entry.title} (${(result.ms / 1000).toFixed(1)} s)` +
        `\n    compared: ${result.compared.join(', ') || 'nothing'}${result.error ? `\n    ${result.error}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
const report = join(outDir, 'report.html');
writeReport(report, results, `Replay of ${machine}`);
const failed = results.filter((r) => !r.ok).length;
const index = recordRun({
  machine,
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
