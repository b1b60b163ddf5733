// Prints, per machine, the share of its states and transitions taken while replaying the paths of
// its independent model (tests/models/spec/, replayed by tests/support/spec-model.ts during `vitest
// run`, which writes .tmp/spec-coverage/). Only those replays count: they fail when the machine
// disagrees with its model. Paths generated from the machine itself cover it by construction and do
// not count. Fails below the bar: 100% of states and 90% of transitions, for every machine in machines/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { machineInventory } from '../tests/support/model.ts';

const STATE_BAR = 1;
const TRANSITION_BAR = 0.9;
const dir = join(process.cwd(), '.tmp', 'spec-coverage');

const machines: AnyStateMachine[] = [];
// the machine files, not a test beside one (it runs only under vitest)
const files = readdirSync('machines', { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
for (const file of files.sort()) {
  const mod = (await import(pathToFileURL(join(process.cwd(), 'machines', file)).href)) as Record<
    string,
    unknown
  >;
  for (const value of Object.values(mod))
    if (value instanceof StateMachine) machines.push(value as AnyStateMachine);
}

const rows: string[][] = [];
const missedBy: string[] = [];
let failing = 0;
for (const machine of machines.sort((a, b) => a.id.localeCompare(b.id))) {
  const inventory = machineInventory(machine);
  const file = join(dir, `${machine.id}.json`);
  const seen = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { states: string[]; transitions: string[] })
    : { states: [], transitions: [] };
  const states = inventory.states.filter((s) => seen.states.includes(s)).length / inventory.states.length;
  const transitions = inventory.transitions.length
    ? inventory.transitions.filter((t) => seen.transitions.includes(t)).length / inventory.transitions.length
    : 1;
  const ok = states >= STATE_BAR && transitions >= TRANSITION_BAR;
  if (!ok) failing++;
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  rows.push([
    machine.id,
    `${pct(states)} (${Math.round(states * inventory.states.length)}/${inventory.states.length})`,
    `${pct(transitions)} (${Math.round(transitions * inventory.transitions.length)}/${inventory.transitions.length})`,
    ok ? 'ok' : 'BELOW BAR',
  ]);
  if (!ok) {
    missedBy.push(
      `${machine.id} never reached:`,
      ...inventory.states.filter((s) => !seen.states.includes(s)).map((s) => `  state ${s}`),
      ...inventory.transitions.filter((t) => !seen.transitions.includes(t)).map((t) => `  transition ${t}`),
    );
  }
}

const header = ['machine', 'states', 'transitions', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nBar: ${STATE_BAR * 100}% of states and ${TRANSITION_BAR * 100}% of transitions per machine.`);
if (failing) {
  console.error(missedBy.join('\n'));
  console.error(`${failing} machine(s) below the bar.`);
  process.exit(1);
}
