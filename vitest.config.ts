import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: pure machine and domain tests in node, views in jsdom, the API against a real
// (embedded) PostgreSQL, and the browser checks `npm test` runs after `vite build`: budgets and what
// the production bundle holds, and model paths replayed in Chromium (tests/replay). The API project runs its files one at a time: each file opens
// its own database from the migrated snapshot, and two cores are all CI has.
export default defineConfig({
  plugins: [react()],
  define: {
    __PASSWORD_KEY__: JSON.stringify(process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab'),
  },
  test: {
    // every core runs test files (vitest's default leaves one to its own process, which does little:
    // on two cores that halves the run; measured in README "Where the time goes")
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // a feature folder's own tests sit beside its code (machines/<feature>/, src/routes/…, server/<feature>/)
          include: [
            'tests/machines/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'machines/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.tsx', 'src/**/*.test.tsx'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          fileParallelism: false,
          // One worker keeps the modules it imported (the server, Fastify, PGlite's client) from one file
          // to the next instead of importing them again for each of its files: every file still opens
          // its own database and server, and no support module registers hooks at import. Measured alone
          // (load 2–4): 243 s, import 7 s, against 91 s of imports in a run that isolated each file.
          // The unit and view projects keep their isolation: their support modules register hooks
          // (model coverage, stopping each test's systems) when first imported.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts', 'tests/replay/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
