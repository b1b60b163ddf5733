// The generated lists (scripts/discover.ts) kept current by Vite: written as a build starts, and again
// while `npm run dev` runs whenever a machine file or a route file is added, changed or removed, as
// TanStack's plugin does for src/routeTree.gen.ts.
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { writeGenerated } from './discover.ts';

const SOURCES = /^(machines[\\/].+\.ts|src[\\/]routes[\\/].+\.tsx?|src[\\/].+-logic\.ts)$/;

export function discover(): Plugin {
  const write = (why: string) => {
    const written = writeGenerated();
    if (written.length) console.log(`[discover] ${why}: wrote ${written.join(', ')}`);
  };
  return {
    name: 'fruitprompt:discover',
    buildStart() {
      write('build start');
    },
    configureServer(server) {
      const onFile = (file: string) => {
        const path = relative(server.config.root, file);
        if (SOURCES.test(path) && !path.endsWith('.gen.ts')) write(path);
      };
      server.watcher.on('add', onFile);
      server.watcher.on('change', onFile);
      server.watcher.on('unlink', onFile);
    },
  };
}
