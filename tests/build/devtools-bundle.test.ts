// The development tools stay out of the production build (dist/, made by `npx vite build` before this
// project runs): the statechart viewer (src/devtools/, with ELK), the replay harness (src/replay/) and
// Stately's inspector are all loaded by `import()` behind `import.meta.env.DEV` in src/main.tsx, which
// Vite replaces with `false`, so not one of their bytes may be in any file of dist/.
//
// Each marker is a string literal that minification keeps and only that code has; each is checked to
// still be in its source, so a rename there fails here instead of letting the check pass vacuously.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distFiles, DIST, ROOT } from './support/bundle.ts';

const MARKERS = [
  {
    name: 'the statechart viewer (its class names and container id)',
    source: 'src/devtools/mount.tsx',
    text: 'fruit-devtools',
  },
  {
    name: 'the viewer’s panel code',
    source: 'src/devtools/panel.tsx',
    text: 'Statechart viewer',
  },
  {
    name: 'ELK (elkjs)',
    source: 'node_modules/elkjs/lib/elk.bundled.js',
    text: 'org.eclipse.elk.alg.common',
  },
  {
    name: 'ELK’s layered algorithm',
    source: 'node_modules/elkjs/lib/elk.bundled.js',
    text: 'org.eclipse.elk.layered',
  },
  {
    name: 'the replay harness',
    source: 'src/app/replay-harness.ts',
    text: '__fruitReplayHandle',
  },
  {
    name: '@statelyai/inspect',
    source: 'node_modules/@statelyai/inspect/dist/index.mjs',
    text: 'Window does not exist; inspector cannot be started.',
  },
  {
    name: '@statelyai/inspect’s protocol',
    source: 'node_modules/@statelyai/inspect/dist/index.mjs',
    text: '@statelyai.connected',
  },
] as const;

const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|map)$/;

describe('development tools are not in the production build', () => {
  const files = existsSync(DIST) ? distFiles().filter((file) => TEXT_FILE.test(file)) : [];

  it('dist/ holds the built app', () => {
    expect(files).toContain('index.html');
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  });

  it.each(MARKERS)('each marker is still in its source: $name', ({ source, text }) => {
    expect(readFileSync(join(ROOT, source), 'utf8')).toContain(text);
  });

  it.each(MARKERS)('no file of dist/ contains $name ("$text")', ({ text }) => {
    const holding = files.filter((file) => readFileSync(join(DIST, file), 'utf8').includes(text));
    expect(holding).toEqual([]);
  });

  it('no chunk names elkjs, the devtools folder or the replay folder', () => {
    const holding = files.filter((file) =>
      /elkjs|elk\.bundled|src\/devtools|src\/replay/.test(readFileSync(join(DIST, file), 'utf8')),
    );
    expect(holding).toEqual([]);
  });
});
