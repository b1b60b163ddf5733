// Starts the server for the end-to-end tests on a fresh data directory, as `npm start` does
// after its build.
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
await import('../server/main.ts');
