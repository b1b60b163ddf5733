// Replays spec paths (the paths of a machine's independent model, tests/models/spec, numbered as
// `npm run paths -- <machine>` lists them) in headless Chromium against the running app (development
// build, so the replay harness in src/replay can hold the machine's effects): each event becomes a
// click, typing or an address through the machine's browser script, each wait a jump of Playwright's
// fake clock, each effect's answer the settling of one held call with the path's own output. After
// every step (and at the start) what the page's live actor shows through its view contract (the
// machine's selectors, resolved in Node on the live state and context) must equal what the model
// expects; a screenshot is taken, and a one-page HTML report is written.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { getInitialSnapshot, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { freePort } from '../support/free-port.ts';
import {
  specStepLabel,
  specPathOf,
  specWalk,
  type SpecModel,
  type SpecPath,
  type SpecStep,
} from '../support/spec-model.ts';
import { catalogueOf, seesText } from '../models/spec-catalogue.ts';
import { SPEC_MODELS } from '../models/spec/index.ts';
import type { BrowserScript, LiveView } from './types.ts';

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

// ---------------------------------------------------------------------------------------------
// The spec paths, as `npm run paths -- <machine>` numbers them

/** One path of a machine's independent model, with its number as `npm run paths` shows it. */
export interface SpecPathEntry {
  machine: string;
  /** The walk's label ('' when the machine has one walk). */
  walk: string;
  /** "12", or "dialogs-3" for a machine with several walks (as `npm run paths` prints it). */
  id: string;
  title: string;
  /** The docs/requirements.md section its last step checks. */
  requirement: string;
  model: SpecModel<unknown>;
  path: SpecPath<unknown>;
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The machine's name in SPEC_MODELS for a machine id (loginDialog) or file name (login-dialog). */
export const specMachineName = (name: string): string | undefined =>
  SPEC_MODELS.find((e) => e.name === name || e.name === camel(name))?.name;

/** Every spec path of a machine, walk after walk, numbered exactly as `npm run paths` numbers them. */
export function specPathsOf(machine: string): SpecPathEntry[] {
  const entry = SPEC_MODELS.find((e) => e.name === machine);
  if (!entry) throw new Error(`No independent model for "${machine}" (tests/models/spec/index.ts)`);
  return entry.walks.flatMap(({ label, model }) => {
    const m = model as unknown as SpecModel<unknown>;
    const listed = catalogueOf(m, label).paths;
    const paths = specWalk(m).paths;
    return listed.map((c, i) => {
      if (paths[i]?.title !== c.title)
        throw new Error(`The catalogue of ${machine} lists another path ${c.id}`);
      return {
        machine,
        walk: label,
        id: c.id,
        title: c.title,
        requirement: c.requirement,
        model: m,
        path: paths[i]!,
      };
    });
  });
}

/**
 * The path a person names: its number as `npm run paths` shows it ("12"; "dialogs-3" for a machine
 * with several walks, also written "dialogs 3"), its whole title, a part of its title that only
 * one path has, or the steps from the start ("step → state · step → state", or the steps alone) of
 * any path the model allows.
 */
export function findSpecPath(paths: SpecPathEntry[], wanted: string): SpecPathEntry {
  const query = wanted.trim();
  const walks = [...new Set(paths.map((p) => p.walk))];
  const numbered = /^(.*?)[\s-]*(\d+)$/.exec(query);
  if (numbered) {
    const [, walk = '', n] = numbered;
    const id = walk ? `${walk}-${n}` : n!;
    const exact = paths.find((p) => p.id.toLowerCase() === id.toLowerCase());
    if (exact) return exact;
    if (!walk && walks.length > 1)
      throw new Error(
        `${paths[0]?.machine} has several walks (${walks.join(', ')}): name one before the number, ` +
          `as \`npm run paths\` shows it, e.g. "${walks[0]} ${n}"`,
      );
  }
  // a whole title (a title may be the start of longer ones: their steps go on)
  const titled = paths.filter((p) => p.title.toLowerCase() === query.toLowerCase());
  if (titled.length === 1) return titled[0]!;
  const matching = paths.filter((p) => p.title.toLowerCase().includes(query.toLowerCase()));
  if (matching.length === 1) return matching[0]!;
  if (!matching.length) {
    // any run of steps the model allows is a path of it: "step → state · step → state" from the
    // start, as the older catalogue titled its paths, need not be one of the tours
    for (const walk of walks) {
      const entry = paths.find((p) => p.walk === walk)!;
      const path = specPathOf(entry.model, query);
      if (path)
        return {
          ...entry,
          id: `${walk ? `${walk}-` : ''}steps`,
          title: path.title,
          requirement: entry.model.spec,
          path,
        };
    }
    throw new Error(`No path "${query}" (\`npm run paths -- ${paths[0]?.machine}\` lists them)`);
  }
  throw new Error(
    `${matching.length} paths have "${query}" in their title: ${matching
      .slice(0, 8)
      .map((p) => p.id)
      .join(', ')}${matching.length > 8 ? ', …' : ''}; name one by its number`,
  );
}

// ---------------------------------------------------------------------------------------------
// The machine and its view contract (machines/<area>/<file>.ts and <file>.selectors.ts)

export interface MachineView {
  machine: AnyStateMachine;
  /** The machine's selectors module (empty when it has none). */
  selectors: Record<string, unknown>;
  file: string;
}

const MACHINES_DIR = resolve('machines');
const machineFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return machineFiles(p);
    // the machine files, not the selectors or a test beside a machine (it runs only under vitest)
    return p.endsWith('.ts') && !p.endsWith('.selectors.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

const views = new Map<string, Promise<MachineView>>();

/** The machine whose `id` is `machineId` (found among the machines/ files) and its selectors. */
export function machineViewOf(machineId: string): Promise<MachineView> {
  let found = views.get(machineId);
  if (!found) {
    found = (async () => {
      for (const file of machineFiles(MACHINES_DIR)) {
        const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
        const machine = Object.values(mod).find(
          (v): v is AnyStateMachine =>
            typeof v === 'object' &&
            v !== null &&
            (v as { id?: unknown }).id === machineId &&
            typeof (v as { resolveState?: unknown }).resolveState === 'function',
        );
        if (!machine) continue;
        const selectorsFile = file.replace(/\.ts$/, '.selectors.ts');
        const selectors = existsSync(selectorsFile)
          ? ((await import(pathToFileURL(selectorsFile).href)) as Record<string, unknown>)
          : {};
        return { machine, selectors, file: relative(process.cwd(), file) };
      }
      throw new Error(`No machine with id ${machineId} in machines/`);
    })();
    views.set(machineId, found);
  }
  return found;
}

/** The machine's initial snapshot, for a page machine that does not run yet. */
function initialOf(machine: AnyStateMachine): AnyMachineSnapshot {
  try {
    return getInitialSnapshot(machine, undefined as never) as AnyMachineSnapshot;
  } catch {
    return machine.resolveState({ value: machine.root.initial?.target[0]?.key ?? {}, context: {} });
  }
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

// ---------------------------------------------------------------------------------------------
// The report

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One self-contained HTML page (screenshots linked beside it) QA can open from disk. */
export function writeReport(file: string, results: PathResult[], title: string): void {
  const dir = join(file, '..');
  const passed = results.filter((r) => r.ok).length;
  const anchor = (r: PathResult) => `p-${r.machineId}-${r.path.id}`.replace(/[^\w-]/g, '_');
  const sections = results
    .map((r) => {
      const inNode = r.where === 'node';
      const shows = inNode ? 'machine' : 'page';
      const rows = r.steps
        .map((s) => {
          const observed = s.observed.length
            ? `<ul class="obs">${s.observed
                .map(
                  (o) =>
                    `<li class="${o.ok ? 'ok' : 'bad'}"><code>${esc(o.key)}</code> ${o.ok ? '' : '<strong>'}${shows} <code>${esc(o.actual)}</code>${o.ok ? ' ✓' : `</strong>, model <code>${esc(o.expected)}</code>`}</li>`,
                )
                .join('')}</ul>`
            : inNode
              ? '<small>the machine could not be read after this step (see the error)</small>'
              : '<small>nothing the browser can compare</small>';
          // a replay in Node has no page to show
          const shot = inNode
            ? ''
            : `<td><a href="${esc(relative(dir, s.screenshot))}"><img loading="lazy" src="${esc(relative(dir, s.screenshot))}" alt="Step ${s.n}: ${esc(s.label)}"></a></td>`;
          return `<tr class="${s.ok ? 'ok' : 'bad'}"><td>${s.n}</td><td><code>${esc(s.label)}</code><br><small>${esc(s.action)}</small></td>
<td><strong>${esc(s.state)}</strong><br><small>${esc(s.sees)}</small></td><td>${observed}</td>${shot}</tr>`;
        })
        .join('\n');
      return `<section id="${anchor(r)}"><h2><span class="badge ${r.ok ? 'ok' : 'bad'}">${r.ok ? 'passed' : 'failed'}</span> ${esc(r.machineId)} · path ${esc(r.path.id)}</h2>
<p class="desc">${esc(r.path.title)} <small>(${esc(r.path.requirement)}; ${(r.ms / 1000).toFixed(1)} s)</small></p>
<p class="desc">${inNode ? "Replayed in Node on the real machine, in its model test's harness (a simulated clock, its calls held); compared" : "Compared in the browser (the machine's selectors on the page's live actor)"}: ${r.compared.length ? r.compared.map((k) => `<code>${esc(k)}</code>`).join(', ') : 'nothing'}</p>
${r.error ? `<p class="error" role="alert">${esc(r.error)}</p>` : ''}
<table><thead><tr><th>#</th><th>Step</th><th>The model expects</th><th>${inNode ? 'Machine' : 'Page'} against model</th>${inNode ? '' : '<th>Screenshot</th>'}</tr></thead><tbody>
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
tr.bad td{background:#fff7f7}.obs{margin:0;padding-left:16px}.obs li.bad{color:var(--bad)}td img{width:240px;border:1px solid var(--line);border-radius:6px;display:block}code{font-size:13px}
</style></head><body><h1>${esc(title)}</h1>
<p class="summary">${passed} of ${results.length} path(s) passed · ${new Date().toISOString()}</p>
<nav aria-label="Paths"><ul>${results.map((r) => `<li><a class="${r.ok ? 'ok' : 'bad'}" href="#${anchor(r)}">${esc(r.machineId)} ${esc(r.path.id)}</a></li>`).join('')}</ul></nav>
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
  /** Where the paths were replayed (default Chromium). */
  where?: 'chromium' | 'node';
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
        `<td>${r.where === 'node' ? 'Node (real machine)' : 'Chromium'}</td>` +
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
th,td{padding:8px 12px;border-bottom:1px solid #e5e7eb;text-align:left}.bad td{background:#fee2e2}.ok td:nth-child(5){color:#166534}
</style></head><body><h1>Replay runs (${runs.length})</h1>
<table><thead><tr><th>When (UTC)</th><th>Machine</th><th>Where</th><th>Paths</th><th>Result</th><th></th></tr></thead><tbody>
${rows}</tbody></table></body></html>`,
  );
  return index;
}
