// `npm run replay -- <machine> <path>`: drives the app in headless Chromium through one path of the
// machine's independent model (tests/models/spec), numbered as `npm run paths -- <machine>` lists
// them, with a fake clock for waits, a screenshot per step and a one-page HTML report: after every
// step what the page's live actor shows through the machine's selectors must equal what the model
// expects. `--all` replays every path of the machine (or of one walk); `--url
// http://localhost:5173` uses an app already running with `npm run dev`. Each run keeps its report
// in its own folder, and .tmp/replay/index.html lists every run kept (newest first).
// The session and the root (`app`), whose steps are not a person's (another tab's storage, the poll,
// the restore's and the server's answers, code that loads or not), the connection and the social
// sign-in (the API client's and the popup's reports), and the resend button and a single toast (parts
// of other machines' pages, given inputs no page hands them on demand) are replayed in Node instead,
// on the real machine in its model test's harness (tests/replay/node-runner.ts), each step printed
// with what the model expects and what the machine shows; their reports are kept the same way.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  launchBrowser,
  replayPath,
  startReplayApp,
  warmUp,
  type PathResult,
} from '../tests/replay/runner.ts';
import { recordRun, writeReport } from '../tests/replay/report.ts';
import {
  findSpecPath,
  specMachineName,
  specPathsOf,
  type SpecPathEntry,
} from '../tests/replay/spec-paths.ts';
import { BROWSER_SCRIPTS, scriptFor } from '../tests/replay/scripts/index.ts';
import {
  NODE_REPLAYS,
  nodeReplayFor,
  nodeResultText,
  replayPathInNode,
} from '../tests/replay/node-runner.ts';

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

Machines with a browser script (replayed in Chromium): ${BROWSER_SCRIPTS.map((s) => s.machineId).join(', ')}
Machines replayed in Node on the real machine (their steps are not a person's, or they are parts of
other machines' pages; each step is printed with what the model expects and what the machine shows;
--url and the ports do not apply):
${NODE_REPLAYS.map((r) => r.machineId).join(', ')}
  (e.g. npm run replay -- session 3, npm run replay -- app --all, npm run replay -- toastItem "4000 ms" 1)`;

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
const script = machine ? scriptFor(machine) : undefined;
const inNode = machine && !script ? nodeReplayFor(machine) : undefined;
if (!machine || (!script && !inNode)) {
  console.error(
    machine
      ? `${machine} has no browser script (its events are not a person's) and no replay in Node. ${USAGE}`
      : `No model for "${machineArg}". ${USAGE}`,
  );
  process.exit(2);
}

const catalogue = specPathsOf(machine).filter((p) => !script?.walks || script.walks.includes(p.walk));
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
const results: PathResult[] = [];
if (inNode) {
  if (url || apiPort || webPort)
    console.log(`${machine} is replayed in Node: --url, --api-port and --web-port do not apply.`);
  console.log(`Replaying ${machine} in Node on the real machine: ${inNode.harness}.\n`);
  mkdirSync(outDir, { recursive: true });
  for (const entry of chosen) {
    const result = await replayPathInNode(inNode, entry);
    results.push(result);
    console.log(nodeResultText(result, entry.path.steps.length));
  }
} else {
  const browserScript = script!;
  console.log(url ? `Using the app at ${url}` : 'Starting the API server and Vite (development build)…');
  const app = await startReplayApp(
    url ? { url } : { ...(apiPort ? { apiPort } : {}), ...(webPort ? { webPort } : {}) },
  );
  const browser = await launchBrowser();
  try {
    if (!url) {
      console.log('Warming up Vite…');
      await warmUp(browser, app.baseUrl);
    }
    for (const entry of chosen) {
      const result = await replayPath(
        browser,
        app.baseUrl,
        browserScript,
        entry,
        join(outDir, `path-${entry.id}`),
      );
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
}
const report = join(outDir, 'report.html');
writeReport(report, results, `Replay of ${machine}${inNode ? ' (in Node, on the real machine)' : ''}`);
const failed = results.filter((r) => !r.ok).length;
const index = recordRun({
  machine,
  at: startedAt.toISOString(),
  paths: results.map((r) => r.path.id),
  passed: results.length - failed,
  failed,
  report,
  where: inNode ? 'node' : 'chromium',
});
console.log(
  `\n${results.length - failed} of ${results.length} passed. Report: ${pathToFileURL(report).href}\nEvery run: ${pathToFileURL(index).href}`,
);
process.exit(failed ? 1 : 0);
