// `npm run paths`: the path catalogue (issue 8). With no machine, every machine with its states and
// events; with one (`npm run paths -- loginDialog`), its paths as numbered, readable steps: the
// event, the resulting state and what a person sees. Markdown by default, JSON with --json.
// The paths come from xstate/graph over the real machine definitions and the models the tests
// replay (tests/models), so the numbers here are the ones `npm run replay` takes.
import {
  cataloguePaths,
  machinesMarkdown,
  pathsMarkdown,
  summarize,
  toJson,
} from '../tests/models/catalogue.ts';
import { MACHINE_MODELS } from '../tests/models/index.ts';

const USAGE = `Usage: npm run paths [-- <machine>] [--json] [--simple <n>]

  (no machine)   every machine with its states and events
  <machine>      its paths as numbered steps (a machine id such as loginDialog, or its file name
                 such as login-dialog)
  --json         JSON instead of Markdown
  --simple <n>   how many simple paths to list after the replayed ones (default 50, 0 for none)`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const json = args.includes('--json');
const simpleAt = args.indexOf('--simple');
const simpleLimit = simpleAt >= 0 ? Number(args[simpleAt + 1]) : 50;
if (!Number.isInteger(simpleLimit) || simpleLimit < 0) {
  console.error('--simple takes a whole number, e.g. --simple 20');
  process.exit(2);
}
const wanted = args.find((a, i) => !a.startsWith('--') && (simpleAt < 0 || i !== simpleAt + 1));

const models = [...MACHINE_MODELS].sort((a, b) => a.machine.id.localeCompare(b.machine.id));
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

if (!wanted) {
  const summaries = models.map((m) => summarize(m.machine));
  console.log(json ? toJson(summaries) : machinesMarkdown(summaries));
} else {
  const model = models.find((m) => m.machine.id === wanted || m.machine.id === camel(wanted));
  if (!model) {
    console.error(`No machine "${wanted}". Machines: ${models.map((m) => m.machine.id).join(', ')}`);
    process.exit(2);
  }
  const summary = summarize(model.machine);
  const paths = cataloguePaths(model, { simpleLimit });
  console.log(json ? toJson({ ...summary, paths }) : pathsMarkdown(summary, paths));
}
