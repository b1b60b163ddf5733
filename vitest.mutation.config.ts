import { defineConfig } from 'vitest/config';

// The one machine's tests that `npm run mutation` (scripts/mutation.ts) gives Stryker, named in
// MUTATION_TESTS: a machine is mutated against its own tests only.
export default defineConfig({
  define: {
    __PASSWORD_KEY__: JSON.stringify(process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab'),
  },
  test: {
    environment: 'node',
    include: (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean),
  },
});
