import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { discover } from './scripts/vite-discover.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { pageStyles } from './scripts/vite-page-styles.ts';

/** The chunks index.html loads on every visit, and the ones that keep their names (the rest: a hash). */
const FIRST_LOAD = /assets\/(framework|app|rolldown-runtime)-/;
const NAMED_CHUNKS = ['framework', 'app', 'catalog-views', 'rolldown-runtime', 'sign-in'];
/** The hash length of lazy chunks' and their stylesheets' names (the preload map lists them). */
const HASH = 7;

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);

// PASSWORD_KEY is the AES key shared by client and server (requirements §7, requirements §C1).
// The client build reads the same variable; the default matches the server's development default.
const passwordKey = process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // the registry and the page table a new page's files declare (scripts/discover.ts)
    discover(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader (a member page's entry event, src/routes/-lib/page-entry.ts) loads with its
      // component, not with the first visit.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    // brotli and gzip siblings of dist/assets/*, sent as they are by the server (server/spa.ts); and each
    // rendered page's stylesheets in one file (scripts/vite-page-styles.ts)
    ...(isSsrBuild ? [] : [precompress(), pageStyles()]),
  ],
  define: {
    __PASSWORD_KEY__: JSON.stringify(passwordKey),
  },
  // @xstate/react and TanStack's store import the `use-sync-external-store` shim, which checks for React's
  // own hook and ships a fallback for React < 18. React 19 has the hook: the browser build takes it
  // directly (0.2 KB of the first load, issue 18).
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^use-sync-external-store\/shim\/with-selector$/,
            replacement: 'use-sync-external-store/with-selector',
          },
          { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
        ],
      },
  // `vite build --ssr src/entry-server.tsx` (npm run build): the server's renderer, into dist-ssr/
  // (server/render/ssr.ts). Its libraries stay in node_modules; the browser's chunking is not its concern.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        // dist/.vite/manifest.json: the server links the stylesheets of a page it renders from the chunks of
        // its route (server/render/styles.ts). Not served: @fastify/static ignores dotfiles.
        manifest: true,
        // Vite's preload helper lists, for every lazy import, the chunks to fetch with it (a map in the app
        // chunk, ADR 009). It leaves out the three that index.html always loads, and the polyfill for
        // browsers without modulepreload (every browser the shop supports has it).
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) =>
            hostType === 'html' ? deps : deps.filter((dep) => !FIRST_LOAD.test(dep)),
        },
        sourcemap: false,
        target: 'es2022',
        rolldownOptions: {
          output: {
            // Lazy chunks are named by their hash alone: their names were half of the preload map's bytes.
            // Seven characters of hash, the fewest rolldown allows for this many chunks: the preload map
            // lists every lazy chunk and stylesheet by name (0.15 KB of the first load, issue 18).
            chunkFileNames: (chunk) =>
              NAMED_CHUNKS.includes(chunk.name) ? 'assets/[name]-[hash].js' : `assets/[hash:${HASH}].js`,
            // and so are the stylesheets that come with them (issue 18: each view imports its own)
            assetFileNames: (asset) =>
              asset.names.some((name) => name.endsWith('.css')) && !asset.names.includes('app.css')
                ? `assets/[hash:${HASH}][extname]`
                : 'assets/[name]-[hash][extname]',
            // The first load in two chunks (docs/decisions/006-lazy-page-machines.md): the libraries every
            // page runs on, and the app's own start-up code. Lazily loaded code keeps its own chunks.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|use-sync-external-store)[\\/]/,
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
                // the icons most pages draw: their own chunk, so a page that draws one does not load the sign-in
                // dialogs (and their stylesheet), where the icons would otherwise land
                {
                  name: 'icons',
                  test: /src[\\/]ui[\\/]icons\.tsx$/,
                  priority: 1,
                },
                // the sign-in dialogs with their machines: loaded together at the first sign-in intent
                {
                  name: 'sign-in',
                  test: /(src[\\/]auth[\\/](login-dialog|check-email-dialog|verify-email-notice|resend-button|sign-in-logic)\.tsx?|src[\\/]shell[\\/]sign-in-dialog-views\.tsx|machines[\\/]auth[\\/](login-dialog|social-login|resend-email|registration-success|verify-email-notice)(\.selectors)?\.ts)$/,
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
}));
