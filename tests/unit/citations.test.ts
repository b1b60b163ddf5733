// The code, tests and docs cite the requirements by section ("requirements §4", "§C2"): every cited
// section is a heading of docs/requirements.md, and nothing cites a file the repository does not hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REQUIREMENTS = 'docs/requirements.md';
const ROOTS = ['src', 'machines', 'server', 'tests', 'scripts', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|mjs|js|md|css)$/;

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return TEXT.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => (name.startsWith('.') ? [] : filesUnder(join(path, name))));
}

const files = ROOTS.flatMap(filesUnder).filter((file) => file !== REQUIREMENTS && !file.endsWith('.gen.ts'));
const sections = new Set(
  [...readFileSync(REQUIREMENTS, 'utf8').matchAll(/^#{2,3} (§C?\d+)\b/gm)].map((match) => match[1]),
);

describe('citations of the requirements', () => {
  it('docs/requirements.md has sections §1–§9 and §C1–§C5', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(sections).toContain(`§${n}`);
    for (const n of [1, 2, 3, 4, 5]) expect(sections).toContain(`§C${n}`);
  });

  it('every cited section is one of its headings', () => {
    const unresolved = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/§C?\d+/g)]
        .map((match) => match[0])
        .filter((section) => !sections.has(section))
        .map((section) => `${file}: ${section}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('nothing cites a specification outside the repository', () => {
    const outside = files.filter((file) => /\b(SPEC|CONTRACT)\.md\b/.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });
});
