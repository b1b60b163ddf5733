// Replays model paths in headless Chromium against the running app (development build, so the
// replay harness in src/replay can hold the machine's effects): each user event becomes a click,
// typing or an address through the machine's browser script, each `after` delay a jump of
// Playwright's fake clock, each actor answer the settling of one held call with the path's own
// output. After every step the page's live actor must be in the state the path expects; a
// screenshot is taken, and a one-page HTML report is written.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { freePort } from '../support/free-port.ts';
import { delayOf, stepLabel, type ModelPath } from '../support/model.ts';
import { dotted, seesOf, type CataloguePath } from '../models/catalogue.ts';
import type { MachineModel } from '../models/types.ts';
import type { BrowserScript } from './types.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_MEMBER = { email: 'demo@example.com', password: 'Demo@12345' };
/** Generous: CI machines are slow and a step may wait for a lazily loaded chunk. */
const STEP_TIMEOUT = 15_000;

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface ReplayApp {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The app as `npm run dev` runs it: the API server on a scratch data directory (seeded with the
 * demo data) and Vite's development server in front of it. `url` uses an app already running.
 */
export async function startReplayApp(
  options: { url?: string; quiet?: boolean; apiPort?: number; webPort?: number } = {},
): Promise<ReplayApp> {
  if (options.url) return { baseUrl: options.url.replace(/\/$/, ''), stop: async () => {} };
  const apiPort = options.apiPort ?? (await freePort());
  const dataDir = join('.tmp', `replay-data-${apiPort}`);
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(apiPort), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: options.quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
  });
  const stopApi = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, 120_000);
    // vite.config.ts proxies /api and the stand-ins to API_PORT, read when the config loads
    process.env.API_PORT = String(apiPort);
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'error',
      server: {
        host: '127.0.0.1',
        port: options.webPort ?? (await freePort()),
        strictPort: true,
        hmr: false,
      },
    });
    await vite.listen();
    const baseUrl = `http://127.0.0.1:${vite.config.server.port}`;
    return {
      baseUrl,
      stop: async () => {
        await vite.close();
        await stopApi();
      },
    };
  } catch (error) {
    await stopApi();
    throw error;
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Loads the app once so Vite has transformed (and pre-bundled) every module before a replay
 * measures anything: a dependency found late makes Vite reload the page mid-path otherwise.
 */
export async function warmUp(browser: Browser, baseUrl: string): Promise<void> {
  const page = await browser.newPage();
  for (const path of ['/', '/orders', '/detail/x-1']) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
  }
  await page.close();
}

export interface StepResult {
  n: number;
  label: string;
  /** What the step did in the browser. */
  action: string;
  expected: string;
  actual: string;
  sees: string;
  screenshot: string;
  ok: boolean;
}

export interface PathResult {
  machineId: string;
  path: CataloguePath;
  steps: StepResult[];
  ok: boolean;
  error?: string;
  ms: number;
}

interface Handle {
  snapshotOf(machineId: string, systemId?: string): { value: unknown } | null;
}

const snapshotIn = (page: Page, script: BrowserScript) =>
  page.evaluate(
    ([m, s]) =>
      (window as unknown as { __fruitReplayHandle?: Handle }).__fruitReplayHandle?.snapshotOf(m!, s) ?? null,
    [script.machineId, script.systemId] as const,
  );

async function waitForState(page: Page, script: BrowserScript, expected: unknown): Promise<unknown> {
  const until = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const snap = await snapshotIn(page, script);
    const actual = snap?.value ?? null;
    if (isDeepStrictEqual(actual, expected)) return actual;
    if (Date.now() > until) return actual;
    await page.waitForTimeout(25);
  }
}

async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  // the dialog's view loads when first opened: wait for it before asking which form it shows
  await dialog.waitFor({ timeout: 30_000 });
  const withEmail = dialog.getByRole('button', { name: 'Continue with Email' });
  if (await withEmail.isVisible()) await withEmail.click();
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO_MEMBER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 30_000 });
}

/**
 * Stops the page's clock (installed running, so sign-in and loading went at their own pace).
 * `pauseAt` must aim ahead of the fake clock, which runs on while this call travels: a target a
 * little further ahead is tried until one is not already past.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 100; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead > 5_000 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** An error the harness can hand the machine again: its message and HTTP status, if any. */
const errorOf = (event: AnyEventObject) => {
  const error = (event as { error?: unknown }).error;
  const message = error instanceof Error ? error.message : String(error ?? 'failed');
  const status = (error as { status?: unknown } | undefined)?.status;
  return { message, status: typeof status === 'number' ? status : 0 };
};

async function settle(page: Page, effect: string, outcome: unknown): Promise<void> {
  const until = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const done = await page.evaluate(
      ([name, result]) => {
        const handle = (
          window as unknown as {
            __fruitReplayHandle: { pendingOf(e: string): number; settle(e: string, o: unknown): boolean };
          }
        ).__fruitReplayHandle;
        return handle.pendingOf(name!) > 0 && handle.settle(name!, result);
      },
      [effect, outcome] as const,
    );
    if (done) return;
    if (Date.now() > until) throw new Error(`The app never called ${effect}`);
    await page.waitForTimeout(25);
  }
}

/** Replays one path; screenshots go to `outDir`. Never throws for a failing path: the result says. */
export async function replayPath(
  browser: Browser,
  baseUrl: string,
  model: MachineModel,
  script: BrowserScript,
  path: CataloguePath,
  modelPath: ModelPath,
  outDir: string,
): Promise<PathResult> {
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });
  const steps: StepResult[] = [];
  let context: BrowserContext | undefined;
  const result = (ok: boolean, error?: string): PathResult => ({
    machineId: script.machineId,
    path,
    steps,
    ok,
    ...(error ? { error } : {}),
    ms: Date.now() - started,
  });
  try {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const held = [...new Set(Object.values(script.effects))];
    await context.addInitScript((h: string[]) => {
      (window as unknown as { __fruitReplay: { held: string[] } }).__fruitReplay = { held: h };
    }, held);
    const page = await context.newPage();
    await page.clock.install();
    if (script.member) await logIn(page, baseUrl);
    await page.goto(`${baseUrl}${script.start}`);
    await page.waitForFunction(() => (window as { __fruitReplayHandle?: unknown }).__fruitReplayHandle);
    await page.getByRole('main').waitFor();
    if (script.intent) {
      await script.intent(page);
      await page.waitForFunction(
        ([m, s]) =>
          ((window as unknown as { __fruitReplayHandle?: Handle }).__fruitReplayHandle?.snapshotOf(m!, s) ??
            null) !== null,
        [script.machineId, script.systemId] as const,
      );
    }
    // from here on, time moves only when a step says so
    await pauseClock(page);

    let before = modelPath.steps[0]!.state;
    for (const [n, step] of modelPath.steps.entries()) {
      const event = step.event;
      const type = event.type;
      let action: string;
      if (type === 'xstate.init') {
        action = `open ${script.start}`;
      } else if (type.startsWith('xstate.after.')) {
        const ms = delayOf(model.machine, type, before);
        await page.clock.runFor(ms);
        action = `clock +${ms} ms`;
      } else if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
        const done = type.startsWith('xstate.done.actor.');
        const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        const effect = script.effects[id];
        if (!effect) throw new Error(`The script holds no effect for actor ${id}`);
        await settle(
          page,
          effect,
          done ? { output: (event as { output?: unknown }).output } : { error: errorOf(event) },
        );
        action = done ? `${effect} answers` : `${effect} fails: ${errorOf(event).message}`;
      } else {
        const taken = await script.act(event, { page, before, after: step.state });
        if (taken === false) {
          await page.evaluate(
            ([m, s, e]) =>
              (
                window as unknown as {
                  __fruitReplayHandle: { send(m: string, s: string | undefined, e: unknown): boolean };
                }
              ).__fruitReplayHandle.send(m!, s ?? undefined, e),
            [script.machineId, script.systemId ?? null, event] as const,
          );
          action = `sent ${type} to the actor (no person's action)`;
        } else {
          action = `person: ${stepLabel(event)}`;
        }
      }
      const expected = step.state.value;
      // a page machine starts with its page (src/system attaches it lazily): before the path's
      // first event it may not run yet, which is its initial state as far as a person can tell
      const notYet = n === 0 && (await snapshotIn(page, script)) === null;
      const actual = notYet ? expected : await waitForState(page, script, expected);
      const screenshot = join(outDir, `step-${String(n).padStart(2, '0')}.png`);
      await page.screenshot({ path: screenshot });
      const ok = isDeepStrictEqual(actual, expected);
      steps.push({
        n,
        label: n === 0 ? 'start' : stepLabel(event),
        action,
        expected: dotted(expected),
        actual: actual === null ? '(not running)' : dotted(actual),
        sees: seesOf(model, step.state as AnyMachineSnapshot),
        screenshot,
        ok,
      });
      if (!ok)
        return result(
          false,
          `After step ${n} the page's ${script.machineId} is in ${steps.at(-1)!.actual}, not ${dotted(expected)}`,
        );
      before = step.state;
    }
    return result(true);
  } catch (error) {
    return result(false, error instanceof Error ? error.message.split('\n')[0] : String(error));
  } finally {
    await context?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The report

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One self-contained HTML page (screenshots linked beside it) QA can open from disk. */
export function writeReport(file: string, results: PathResult[], title: string): void {
  const dir = join(file, '..');
  const passed = results.filter((r) => r.ok).length;
  const sections = results
    .map((r) => {
      const rows = r.steps
        .map(
          (
            s,
          ) => `<tr class="${s.ok ? 'ok' : 'bad'}"><td>${s.n}</td><td><code>${esc(s.label)}</code><br><small>${esc(s.action)}</small></td>
<td><code>${esc(s.expected)}</code>${s.ok ? '' : `<br><strong>page: <code>${esc(s.actual)}</code></strong>`}</td><td>${esc(s.sees)}</td>
<td><a href="${esc(relative(dir, s.screenshot))}"><img loading="lazy" src="${esc(relative(dir, s.screenshot))}" alt="Step ${s.n}: ${esc(s.label)}"></a></td></tr>`,
        )
        .join('\n');
      return `<section id="p${esc(r.path.id)}"><h2><span class="badge ${r.ok ? 'ok' : 'bad'}">${r.ok ? 'passed' : 'failed'}</span> ${esc(r.machineId)} · path ${esc(r.path.id)}</h2>
<p class="desc">${esc(r.path.description)} <small>(${esc(r.path.kind)}, ${(r.ms / 1000).toFixed(1)} s)</small></p>
${r.error ? `<p class="error" role="alert">${esc(r.error)}</p>` : ''}
<table><thead><tr><th>#</th><th>Step</th><th>Expected state</th><th>What a person sees</th><th>Screenshot</th></tr></thead><tbody>
${rows}</tbody></table></section>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
:root{--ink:#1f2937;--muted:#5b6472;--line:#e5e7eb;--ok:#166534;--okbg:#dcfce7;--bad:#991b1b;--badbg:#fee2e2}
*{box-sizing:border-box}body{margin:0;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f8fafc}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 4px}.summary{color:var(--muted);margin:0 0 16px}
nav ul{display:flex;flex-wrap:wrap;gap:6px;padding:0;list-style:none}nav a{display:inline-block;padding:2px 8px;border-radius:999px;text-decoration:none;font-size:13px}
.badge,nav a{font-weight:600}.ok{color:var(--ok)}.bad{color:var(--bad)}nav a.ok,.badge.ok{background:var(--okbg)}nav a.bad,.badge.bad{background:var(--badbg)}
.badge{font-size:12px;padding:2px 8px;border-radius:999px;vertical-align:middle}
.desc{margin:0 0 8px;color:var(--muted)}.error{background:var(--badbg);color:var(--bad);padding:8px 12px;border-radius:8px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:8px}
th,td{padding:8px;border-top:1px solid var(--line);text-align:left;vertical-align:top}th{font-size:13px;color:var(--muted);border-top:0}
tr.bad td{background:#fff7f7}td img{width:240px;border:1px solid var(--line);border-radius:6px;display:block}code{font-size:13px}
</style></head><body><h1>${esc(title)}</h1>
<p class="summary">${passed} of ${results.length} path(s) passed · ${new Date().toISOString()}</p>
<nav aria-label="Paths"><ul>${results.map((r) => `<li><a class="${r.ok ? 'ok' : 'bad'}" href="#p${esc(r.path.id)}">${esc(r.path.id)}</a></li>`).join('')}</ul></nav>
${sections}</body></html>`;
  writeFileSync(file, html);
}

/** One kept run of `npm run replay`. */
export interface ReplayRun {
  machine: string;
  at: string;
  paths: string[];
  passed: number;
  failed: number;
  /** The run's report.html. */
  report: string;
}

/**
 * Adds a run to .tmp/replay/runs.json and rewrites .tmp/replay/index.html, the list of every run kept
 * (newest first, each linking to its report). Returns the index's path.
 */
export function recordRun(run: ReplayRun, dir = join('.tmp', 'replay')): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'runs.json');
  const runs = [run, ...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReplayRun[]) : [])];
  writeFileSync(file, JSON.stringify(runs, null, 2));
  const index = join(dir, 'index.html');
  const rows = runs
    .map(
      (r) =>
        `<tr class="${r.failed ? 'bad' : 'ok'}"><td>${esc(r.at.replace('T', ' ').slice(0, 19))}</td><td>${esc(r.machine)}</td>` +
        `<td>${esc(r.paths.length > 6 ? `${r.paths.length} paths` : r.paths.join(', '))}</td>` +
        `<td>${r.failed ? `<strong>${r.failed} failed</strong>, ` : ''}${r.passed} passed</td>` +
        `<td><a href="${esc(relative(dir, r.report))}">report</a></td></tr>`,
    )
    .join('\n');
  writeFileSync(
    index,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Replay runs</title><style>
body{margin:0;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
h1{font-size:24px;margin:0 0 12px}table{border-collapse:collapse;background:#fff;border:1px solid #e5e7eb;width:100%}
th,td{padding:8px 12px;border-bottom:1px solid #e5e7eb;text-align:left}.bad td{background:#fee2e2}.ok td:nth-child(4){color:#166534}
</style></head><body><h1>Replay runs (${runs.length})</h1>
<table><thead><tr><th>When (UTC)</th><th>Machine</th><th>Paths</th><th>Result</th><th></th></tr></thead><tbody>
${rows}</tbody></table></body></html>`,
  );
  return index;
}
