// The production server as `npm start` runs it (server/main.ts over the built dist/), started as a child
// process on a free port and a scratch data directory, with NODE_ENV=test (demo data seeded), as the
// end-to-end tests start it (scripts/e2e-server.ts, playwright.config.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../support/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './bundle.ts';

export interface ServerProcess {
  /** http://127.0.0.1:<port>; also the server's PUBLIC_ORIGIN, so canonical URLs point here. */
  origin: string;
  stop(): Promise<void>;
}

/** Variables of the calling shell that would point the server elsewhere than a scratch embedded setup. */
const DROPPED = [
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'JWT_SECRET',
  'PUBLIC_ORIGIN',
];

export async function startServer(timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fruitprompt-build-test-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DROPPED) delete env[name];
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_ORIGIN: origin });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stop = async (): Promise<void> => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`the server exited before it was healthy:\n${stderr}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
