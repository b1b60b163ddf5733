// `npm run paths`: the path catalogue. With no machine, every machine with its independent model
// (tests/models/spec/): the SPEC.md sections it checks, how many paths, and whether any were cut.
// With one (`npm run paths -- toastItem`), its model's paths grouped by the requirement their last
// step checks, each step with what the replay then checks the machine shows.
// `--generated` lists instead the paths generated from the machine definitions (the numbers `npm run
// replay` takes in the browser). Markdown by default, JSON with --json.
import {
  cataloguePaths,
  machinesMarkdown,
  pathsMarkdown,
  summarize,
  toJson,
} from '../tests/models/catalogue.ts';
import { MACHINE_MODELS } from '../tests/models/index.ts';
import { catalogueMarkdown, catalogueOf } from '../tests/models/spec-catalogue.ts';
import { SPEC_MODELS } from '../tests/models/spec/index.ts';

const USAGE = `Usage: npm run paths [-- <machine>] [--json] [--generated [--simple <n>]]

  (no machine)   every machine's independent model: SPEC.md sections, paths, what was cut
  <machine>      its model's paths grouped by requirement, each step with what the machine must show
                 (a machine name such as toastItem, or its file name such as toast-item)
  --json         JSON instead of Markdown
  --generated    the paths generated from the machine definition instead, numbered as
                 \`npm run replay\` takes them in the browser
  --simple <n>   with --generated: how many simple paths to list after the replayed ones (default 50)`;

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
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const wanted = args.find((a, i) => !a.startsWith('--') && (simpleAt < 0 || i !== simpleAt + 1));

const models = [...MACHINE_MODELS].sort((a, b) => a.machine.id.localeCompare(b.machine.id));

const generated = args.includes('--generated');
if (!generated) {
  const entries = [...SPEC_MODELS].sort((a, b) => a.name.localeCompare(b.name));
  if (!wanted) {
    const rows = entries.map((e) => {
      const walks = e.walks.map((w) => catalogueOf(w.model, w.label));
      return {
        machine: e.name,
        // a walk's spec often names its walk in brackets: the machine's row names the sections once
        spec: [
          ...new Set(
            walks.map((w) => w.spec.replace(` (${w.label})`, '').replace(/ \(login dialog: \w+\)$/, '')),
          ),
        ].join('; '),
        paths: walks.reduce((n, w) => n + w.paths.length, 0),
        cut: walks.reduce((n, w) => n + w.cut, 0),
      };
    });
    if (json) console.log(JSON.stringify(rows, null, 2));
    else {
      console.log('| machine | paths | cut | checks |\n|---|---|---|---|');
      for (const r of rows)
        console.log(`| ${r.machine} | ${r.paths} | ${r.cut ? `${r.cut} states` : 'none'} | ${r.spec} |`);
      console.log("\n`npm run paths -- <machine>` lists one machine's paths.");
    }
    process.exit(0);
  }
  const entry = entries.find((e) => e.name === wanted || e.name === camel(wanted));
  if (!entry) {
    console.error(`No model for "${wanted}". Machines: ${entries.map((e) => e.name).join(', ')}`);
    process.exit(2);
  }
  const walks = entry.walks.map((w) => catalogueOf(w.model, w.label));
  console.log(
    json ? JSON.stringify({ machine: entry.name, walks }, null, 2) : catalogueMarkdown(entry.name, walks),
  );
  process.exit(0);
}

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
