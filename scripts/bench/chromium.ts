// Starts Debian's Chromium with a DevTools port for Lighthouse. We launch it ourselves rather than via
// chrome-launcher (only a transitive dependency of lighthouse, so not ours to import): a fresh profile
// under .tmp/, the flags of util.ts, and the port read from Chromium's "DevTools listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './util.ts';

/** Every Chromium this module started and has not closed yet, for run.ts's Ctrl-C handler. */
const running = new Set<ChildProcess>();

/** Kills the Chromiums still running (an interrupted run must not leave browsers behind). */
export function killLaunchedChromium(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface RunningChromium {
  port: number;
  close(): Promise<void>;
}

export async function launchChromium(scratchDir: string): Promise<RunningChromium> {
  const profile = join(scratchDir, `chromium-profile-${process.pid}-${Date.now()}`);
  mkdirSync(profile, { recursive: true });
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening: ${seen.slice(-500)}`));
    });
  });
  // Keep draining stderr so Chromium never blocks on a full pipe.
  child.stderr.resume();
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
