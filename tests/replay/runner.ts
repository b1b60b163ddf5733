// Replays spec paths (the paths of a machine's independent model, tests/models/spec, numbered as
// `npm run paths -- <machine>` lists them) in headless Chromium against the running app (development
// build, so the replay harness in src/replay can hold the machine's effects): each event becomes a
// click, typing or an address through the machine's browser script, each wait a jump of Playwright's
// fake clock, each effect's answer the settling of one held call with the path's own output. After
// every step (and at the start) what the page's live actor shows through its view contract (the
// machine's selectors, resolved in Node on the live state and context) must equal what the model
// expects; a screenshot is taken, and a one-page HTML report is written (tests/replay/report.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import { specStepLabel, type SpecStep } from '../support/spec-model.ts';
import { seesText } from '../models/spec-catalogue.ts';
import { initialOf, machineViewOf, type MachineView } from './machine-view.ts';
import type { SpecPathEntry } from './spec-paths.ts';
import type { BrowserScript, LiveView } from './types.ts';

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
    args: CHROMIUM_ARGS,
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

// ---------------------------------------------------------------------------------------------
// A replay

export interface Observation {
  key: string;
  expected: string;
  actual: string;
  ok: boolean;
}

export interface StepResult {
  n: number;
  label: string;
  /** What the step did in the browser. */
  action: string;
  /** The model's name of the state after the step. */
  state: string;
  /** What the model expects, all of it (as `npm run paths` shows it). */
  sees: string;
  /** The keys compared in the browser (or in Node), expected against the page's (the machine's). */
  observed: Observation[];
  /** '' for a replay in Node. */
  screenshot: string;
  ok: boolean;
}

export interface PathResult {
  machineId: string;
  path: { id: string; title: string; walk: string; requirement: string };
  steps: StepResult[];
  /** The model's keys compared at some step (the rest are not visible in a browser). */
  compared: string[];
  ok: boolean;
  error?: string;
  ms: number;
  /** Where it was replayed: Chromium (default), or Node on the real machine (tests/replay/node-runner.ts). */
  where?: 'chromium' | 'node';
}

interface Handle {
  snapshotOf(
    machineId: string,
    systemId?: string,
  ): { value: unknown; context: unknown; status: string; children: string[] } | null;
}

const snapshotIn = (page: Page, script: BrowserScript) =>
  page.evaluate(
    ([m, s]) =>
      (window as unknown as { __fruitReplayHandle?: Handle }).__fruitReplayHandle?.snapshotOf(m!, s) ?? null,
    [script.machineId, script.systemId] as const,
  );

/** The page's live actor, resolved on the machine (null: it does not run). */
async function liveSnapshot(page: Page, script: BrowserScript, view: MachineView) {
  const snap = await snapshotIn(page, script);
  if (!snap) return null;
  const resolved = view.machine.resolveState({
    value: snap.value as never,
    context: snap.context as never,
  }) as AnyMachineSnapshot;
  return { snapshot: resolved, children: snap.children ?? [] };
}

const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** The keys of the model's expectation the browser can compare, with how to read each. */
function comparisons(expected: unknown, script: BrowserScript, view: MachineView) {
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) return [];
  return Object.entries(expected as Record<string, unknown>).flatMap(([key, value]) => {
    const own = script.views?.[key];
    if (own)
      return [
        {
          key,
          expected: json(own.expected ? own.expected(value) : value),
          read: own.actual,
        },
      ];
    const selector = view.selectors[key];
    if (typeof selector !== 'function' || selector.length !== 1) return [];
    return [
      {
        key,
        expected: json(value),
        read: ({ snapshot }: LiveView) => (selector as (s: unknown) => unknown)(snapshot),
      },
    ];
  });
}

/** Polls the page until what it shows equals what the model expects, or the step's time is up. */
async function observe(
  page: Page,
  script: BrowserScript,
  view: MachineView,
  expected: unknown,
  start: boolean,
): Promise<{ observed: Observation[]; running: boolean }> {
  const wanted = comparisons(expected, script, view);
  const until = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const live = await liveSnapshot(page, script, view);
    const snapshot = live?.snapshot ?? null;
    // a page machine starts with its page (src/system attaches it lazily): before the path's first
    // step it may not run yet, which is its initial state as far as a person can tell
    const running = snapshot !== null;
    if (!running && start)
      return {
        observed: wanted.map((w) => ({
          key: w.key,
          expected: w.expected,
          actual: '(not running yet)',
          ok: true,
        })),
        running,
      };
    const observed: Observation[] = [];
    for (const w of wanted) {
      let actual: string;
      if (!snapshot) actual = '(not running)';
      else {
        try {
          actual = json(await w.read({ snapshot, page, children: live!.children }));
        } catch (error) {
          actual = `(failed: ${error instanceof Error ? error.message : String(error)})`;
        }
      }
      observed.push({ key: w.key, expected: w.expected, actual, ok: actual === w.expected });
    }
    if (observed.every((o) => o.ok) || Date.now() > until) return { observed, running };
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
const errorOf = (name: string, error: unknown) => {
  const message =
    error instanceof Error
      ? error.message
      : typeof (error as { message?: unknown } | undefined)?.message === 'string'
        ? (error as { message: string }).message
        : error === undefined
          ? `${name} failed`
          : String(error);
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

/** What the step does in the browser; returns how the report describes it. */
async function take(
  page: Page,
  script: BrowserScript,
  step: SpecStep,
  before: AnyMachineSnapshot,
  walk: string,
  model: unknown,
): Promise<string> {
  if ('wait' in step) {
    await page.clock.runFor(step.wait);
    return `clock +${step.wait} ms`;
  }
  if ('settle' in step || 'fail' in step) {
    const name = 'settle' in step ? step.settle : step.fail;
    const effect = script.effects[name];
    if (!effect) throw new Error(`The script holds no effect for ${name}`);
    if ('settle' in step) {
      await settle(page, effect, { output: step.output });
      return `${effect} answers`;
    }
    const error = errorOf(name, step.error);
    await settle(page, effect, { error });
    return `${effect} fails: ${error.message}`;
  }
  const event = step.send;
  const taken = await script.act(event, { page, before, walk, model });
  if (taken !== false) return `person: ${specStepLabel(step)}`;
  await page.evaluate(
    ([m, s, e]) =>
      (
        window as unknown as {
          __fruitReplayHandle: { send(m: string, s: string | undefined, e: unknown): boolean };
        }
      ).__fruitReplayHandle.send(m!, s ?? undefined, e),
    [script.machineId, script.systemId ?? null, event] as const,
  );
  return `sent ${event.type} to the actor (no person's action)`;
}

/** Replays one spec path; screenshots go to `outDir`. Never throws for a failing path: the result says. */
export async function replayPath(
  browser: Browser,
  baseUrl: string,
  script: BrowserScript,
  entry: SpecPathEntry,
  outDir: string,
): Promise<PathResult> {
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });
  const steps: StepResult[] = [];
  const compared = new Set<string>();
  let context: BrowserContext | undefined;
  const result = (ok: boolean, error?: string): PathResult => ({
    machineId: script.machineId,
    path: { id: entry.id, title: entry.title, walk: entry.walk, requirement: entry.requirement },
    steps,
    compared: [...compared],
    ok,
    ...(error ? { error } : {}),
    ms: Date.now() - started,
  });
  const { model } = entry;
  const name = model.label ?? ((s: unknown) => JSON.stringify(s));
  try {
    if (script.walks && !script.walks.includes(entry.walk))
      throw new Error(
        `The ${script.machineId} script replays the walk(s) ${script.walks.join(', ')}, not "${entry.walk}"`,
      );
    const view = await machineViewOf(script.machineId);
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

    const check = async (n: number, label: string, action: string, state: unknown): Promise<boolean> => {
      const expected = model.expect(state);
      const { observed } = await observe(page, script, view, expected, n === 0);
      for (const o of observed) compared.add(o.key);
      const screenshot = join(outDir, `step-${String(n).padStart(2, '0')}.png`);
      await page.screenshot({ path: screenshot });
      const ok = observed.every((o) => o.ok);
      steps.push({
        n,
        label,
        action,
        state: name(state),
        sees: seesText(expected),
        observed,
        screenshot,
        ok,
      });
      return ok;
    };
    const mismatch = (where: string) => {
      const bad = steps.at(-1)!.observed.filter((o) => !o.ok);
      return `${where}: the page's ${script.machineId} shows ${bad
        .map((o) => `${o.key} ${o.actual}`)
        .join(', ')}; the model expects ${bad.map((o) => `${o.key} ${o.expected}`).join(', ')}`;
    };
    if (!(await check(0, 'start', `open ${script.start}`, model.initial)))
      return result(false, mismatch('At start'));
    let modelBefore = model.initial;
    for (const [i, { step, state }] of entry.path.steps.entries()) {
      const label = specStepLabel(step);
      const before = (await liveSnapshot(page, script, view))?.snapshot ?? initialOf(view.machine);
      let action: string;
      try {
        action = await take(page, script, step, before, entry.walk, modelBefore);
      } catch (error) {
        throw new Error(
          `Step ${i + 1} (${label}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          { cause: error },
        );
      }
      if (!(await check(i + 1, label, action, state)))
        return result(false, mismatch(`After step ${i + 1} (${label})`));
      modelBefore = state;
    }
    return result(true);
  } catch (error) {
    return result(false, error instanceof Error ? error.message.split('\n')[0] : String(error));
  } finally {
    await context?.close();
  }
}
