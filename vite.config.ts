import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);

// PASSWORD_KEY is the AES key shared by client and server (SPEC.md §7, CONTRACT.md §1).
// The client build reads the same variable; the default matches the server's development default.
const passwordKey = process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab';

export default defineConfig({
  plugins: [
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
