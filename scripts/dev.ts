// `npm run dev`: the API server (server/main.ts, as a child process on API_PORT, default 3000) and
// Vite's dev server with hot reload (vite.config.ts, port 5173, proxying /api, /dev-idp and /dev-pay
// to the API). Prints both addresses; Ctrl+C stops both.
//
//   DATA_DIR     the API's data directory (default ./data, as `npm start`)
//   API_PORT     the API's port (default PORT, else 3000)
//   VITE_PORT    the dev server's port (default 5173)
//   PUBLIC_ORIGIN defaults to the dev server, so mailed and shared links open the hot-reloading app
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type ViteDevServer } from 'vite';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);
// vite.config.ts proxies to API_PORT (else PORT): make sure it sees the same port.
process.env.API_PORT = String(apiPort);
const vitePort = Number(process.env.VITE_PORT ?? 5173);
const dataDir = process.env.DATA_DIR ?? './data';
const viteOrigin = `http://localhost:${vitePort}`;

const say = (message: string): void => {
  process.stdout.write(`[dev] ${message}\n`);
};

/** Answers once the API's health check responds (or the child exits first). */
async function waitForApi(child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error('the API server exited while starting (see its output above)');
    try {
      const response = await fetch(`http://127.0.0.1:${apiPort}/api/openapi.json`);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the API server did not answer on port ${apiPort} within ${timeoutMs / 1000} s`);
}

const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? viteOrigin,
  },
});

let vite: ViteDevServer | null = null;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('stopping the dev server and the API…');
  const apiExit = api.exitCode === null && api.signalCode === null ? once(api, 'exit') : Promise.resolve();
  api.kill('SIGTERM');
  await Promise.allSettled([vite?.close(), apiExit]);
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
api.on('exit', (code, signal) => {
  if (stopping) return;
  say(`the API server stopped (${signal ?? `exit code ${code}`})`);
  void stop(code || 1);
});

try {
  await waitForApi(api);
  vite = await createServer({
    configFile: 'vite.config.ts',
    server: { port: vitePort, strictPort: true, host: 'localhost' },
  });
  await vite.listen();
  say(`API          http://localhost:${apiPort}/api  (data in ${dataDir})`);
  say(`Storefront   ${viteOrigin}/  (hot reload; /api, /dev-idp, /dev-pay proxied)`);
  say(`Viewer       ${viteOrigin}/?devtools  (or Ctrl+Shift+X / ⌘⇧X on any page)`);
  say('Ctrl+C stops both.');
} catch (error) {
  process.stderr.write(`[dev] ${error instanceof Error ? error.message : String(error)}\n`);
  await stop(1);
}
