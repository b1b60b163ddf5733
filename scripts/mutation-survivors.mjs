// Prints the mutants of a machine's last `npm run mutation` that no test caught, with their place.
// node scripts/mutation-survivors.mjs <machine>
import { readFileSync } from 'node:fs';
const machine = process.argv[2];
const report = JSON.parse(readFileSync(`.tmp/mutation/${machine}/mutation.json`, 'utf8'));
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  for (const m of mutants) {
    if (!['Survived', 'NoCoverage'].includes(m.status)) continue;
    const line = m.location.start.line;
    console.log(
      `${file}:${line} ${m.status} ${m.mutatorName}\n    ${lines[line - 1].trim()}\n    → ${m.replacement}`,
    );
  }
}
