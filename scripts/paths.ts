// `npm run paths`: the path catalogue. With no machine, every machine with its independent model
// (tests/models/spec/): the docs/requirements.md sections it checks, how many paths, and whether any were cut.
// With one (`npm run paths -- toastItem`), its model's paths grouped by the requirement their last
// step checks, each step with what the replay then checks the machine shows.
// Markdown by default, JSON with --json. `npm run replay -- <machine> <number>` replays a path in Chromium
// (the session and the root, `app`, whose steps are not a person's: in Node, on the real machine).
import { catalogueMarkdown, catalogueOf } from '../tests/models/spec-catalogue.ts';
import { SPEC_MODELS } from '../tests/models/spec/index.ts';

const USAGE = `Usage: npm run paths [-- <machine>] [--json]

  (no machine)   every machine's independent model: docs/requirements.md sections, paths, what was cut
  <machine>      its model's paths grouped by requirement, each step with what the machine must show
                 (a machine name such as toastItem, or its file name such as toast-item)
  --json         JSON instead of Markdown

Replay one: npm run replay -- <machine> [<walk>] <number>
  (in Chromium; session and app, whose steps are not a person's, in Node on the real machine)`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const json = args.includes('--json');
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const wanted = args.find((a) => !a.startsWith('--'));

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
} else {
  const entry = entries.find((e) => e.name === wanted || e.name === camel(wanted));
  if (!entry) {
    console.error(`No model for "${wanted}". Machines: ${entries.map((e) => e.name).join(', ')}`);
    process.exit(2);
  }
  const walks = entry.walks.map((w) => catalogueOf(w.model, w.label));
  console.log(
    json ? JSON.stringify({ machine: entry.name, walks }, null, 2) : catalogueMarkdown(entry.name, walks),
  );
}
