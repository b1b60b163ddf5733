import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);

// PASSWORD_KEY is the AES key shared by client and server (SPEC.md §7, CONTRACT.md §1).
// The client build reads the same variable; the default matches the server's development default.
const passwordKey = process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab';

/**
 * Vite's preload helper is off (build.modulePreload: false): it put a map of every lazy chunk's
 * dependencies, about a hundred hashed file names, into the first load (2 KB gzipped). The entry's own
 * static imports are still announced in index.html, as Vite did, so the first visit fetches them in
 * parallel; a lazy page's chunks load as their imports are found (the router's hover preload starts
 * that early). docs/decisions/009-one-actor-system.md has the figures.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const seen = new Set<string>();
        const visit = (file: string) => {
          for (const imported of byFile.get(file)?.imports ?? [])
            if (!seen.has(imported)) {
              seen.add(imported);
              visit(imported);
            }
        };
        for (const entry of chunks.filter((c) => c.isEntry)) visit(entry.fileName);
        return [...seen].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    preloadEntryImports(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
  ],
  define: {
    __PASSWORD_KEY__: JSON.stringify(passwordKey),
  },
  build: {
    outDir: 'dist',
    modulePreload: false,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The first load in two chunks (docs/decisions/006-lazy-page-machines.md): the libraries every
        // page runs on, and the app's own start-up code. Lazily loaded code keeps its own chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|ky|use-sync-external-store)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            // not the entry module itself: it stays the entry chunk, which index.html loads
            {
              name: 'app',
              test: (id) => !/(src[\\/]main\.tsx|index\.html)/.test(id),
              tags: ['$initial'],
              priority: 1,
            },
            // the catalog's list views, which the home page and the list pages share
            {
              name: 'catalog-views',
              test: /src[\\/](catalog|commerce|ui)[\\/](prompt-list-view|prompt-card|page-links|empty-state|grade-badge|add-to-cart-button|heart-button|home-shelves|home-page)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/dev-idp': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/dev-pay': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
