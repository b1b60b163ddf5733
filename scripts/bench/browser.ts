// Stage 5: the app in a real browser (Debian's Chromium through playwright-core).
//
// Navigation time: links in the app are clicked from inside the page (element.click(), so the click is the
// app's own client-side navigation, not a page load) and the time runs from the click to the moment the new
// page's h1 and main content are in the DOM (a MutationObserver checks after every change). Timing inside
// the page keeps Playwright's round trips out of the numbers. The route is a fixed loop of five steps
// through the pages people move between — home → category → detail → search (a tag of the prompt) →
// detail → home — over a few rotating cards, so after the first laps every page is one the app has seen:
// from then on anything that keeps growing is held by the app, not new content.
//
// Heap: before each reading the page is garbage-collected through the DevTools protocol
// (HeapProfiler.collectGarbage, twice: the first pass can leave finalisers for the second), then
// Runtime.getHeapUsage gives the live JS heap and Memory.getDOMCounters the live DOM nodes and listeners.
// Readings are taken after 10 navigations and after the last one (300), and every 25 in between, so the
// verdict can look at the trend of the second half rather than two points.
//
// Retained objects: V8 keeps compiling the functions a loop runs more often into faster code, and that
// code lives on the same heap; over a few hundred navigations it grows by about a kilobyte a step and
// then levels off (measured to 1000 navigations: 2.3, 1.6, 1.1, 1.0, 0.5 kB per step). It is not a
// leak, but it hides one. So the same loop runs a second time in a Chromium whose V8 has no JIT
// (`--js-flags=--jitless`): no compiled code, so what still grows there is what the page holds on to,
// and the verdict ("bounded" or "GROWS") is that run's. The first run's heap is reported beside it.
//
// Login/logout: the demo member signs in through the UI (header "Log in", "Continue with Email", email,
// password, "Log in") and out through the account menu ("Log out"), N times, with heap readings as above.
// The server allows 60 sign-ins per client IP in 10 minutes (server/auth/rate-limits.ts, no setting to
// change it when the server is started by server/main.ts). The browser's sign-in call is therefore
// forwarded by the bench from a different loopback address each time (127.0.x.y — all of 127/8 is this
// machine), so the server's limiter sees many clients: the request, its encrypted password, the server's
// real answer and the app's handling of it are untouched; only the TCP source address differs.
import { request as httpRequest } from 'node:http';
import type { Browser, CDPSession, Page, Route } from 'playwright-core';
import { ascending, log, percentile, sleep } from './util.ts';
import { DEMO_MEMBER } from './api.ts';

export interface HeapReading {
  after: number;
  usedBytes: number;
  domNodes: number;
  listeners: number;
}

export interface GrowthVerdict {
  /** used heap after the last step / after the 10th. */
  ratio: number;
  /** Slope of used heap over the second half of the readings, bytes per step (least squares). */
  lateSlopeBytesPerStep: number;
  /** Listeners added per step over the second half. */
  lateListenerSlope: number;
  bounded: boolean;
  text: string;
}

export interface BrowserResult {
  navigations: {
    count: number;
    /** Click-to-content times of every navigation, ms, in order. */
    times: number[];
    p50: number;
    p95: number;
    max: number;
    /** p50/p95 over the first `timed` navigations (the headline number). */
    timed: number;
    timedP50: number;
    timedP95: number;
    byStep: { step: string; n: number; p50: number; p95: number }[];
    heap: HeapReading[];
    verdict: GrowthVerdict;
  };
  logins: {
    cycles: number;
    loginP50: number;
    logoutP50: number;
    heap: HeapReading[];
    verdict: GrowthVerdict;
  } | null;
  /** The same loops in a V8 without its JIT: only what the page retains (see the top of this file). */
  retained?: {
    navigations: { heap: HeapReading[]; verdict: GrowthVerdict };
    logins: { heap: HeapReading[]; verdict: GrowthVerdict } | null;
  };
}

// ---- heap readings ---------------------------------------------------------------------------------------

/**
 * Waits (up to 4 s) until no toast is shown: a reading taken while "You have been successfully logged out"
 * is still on screen counts its DOM, listeners and closures, and would make every other reading differ.
 */
async function quiet(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('.toast'), undefined, { timeout: 4000 })
    .catch(() => undefined);
}

async function readHeap(page: Page, cdp: CDPSession, after: number): Promise<HeapReading> {
  await quiet(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { after, usedBytes: usage.usedSize, domNodes: dom.nodes, listeners: dom.jsEventListeners };
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * Bounded or not, from the readings: what matters is whether the heap still climbs in the second half of
 * the run, when every page of the loop has been seen many times. A leak of 1 kB per step is 1 MB per
 * thousand steps — a long session would feel it — so that is the line; a ratio alone would also flag
 * one-off caches filling up early.
 */
function verdictOf(readings: HeapReading[], unit: string): GrowthVerdict {
  const first = readings.find((r) => r.after >= 10) ?? readings[0]!;
  const last = readings[readings.length - 1]!;
  const late = readings.filter((r) => r.after >= last.after / 2);
  const lateSlope = slope(late.map((r) => ({ x: r.after, y: r.usedBytes })));
  const lateListenerSlope = slope(late.map((r) => ({ x: r.after, y: r.listeners })));
  const ratio = last.usedBytes / first.usedBytes;
  const LIMIT = 1024;
  const bounded = lateSlope < LIMIT && lateListenerSlope < 0.5;
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  const text = bounded
    ? `bounded: ${mb(first.usedBytes)} after ${first.after} ${unit}s, ${mb(last.usedBytes)} after ${last.after} (×${ratio.toFixed(2)}); ` +
      `second half ${(lateSlope / 1024).toFixed(2)} kB per ${unit} (limit 1 kB), listeners ${lateListenerSlope.toFixed(2)} per ${unit}`
    : `GROWS: ${mb(first.usedBytes)} after ${first.after} ${unit}s, ${mb(last.usedBytes)} after ${last.after} (×${ratio.toFixed(2)}); ` +
      `still ${(lateSlope / 1024).toFixed(2)} kB per ${unit} in the second half (limit 1 kB), listeners ${lateListenerSlope.toFixed(2)} per ${unit}`;
  return { ratio, lateSlopeBytesPerStep: lateSlope, lateListenerSlope, bounded, text };
}

// ---- navigation ------------------------------------------------------------------------------------------

interface Step {
  name: string;
  /** Links to click (the n-th of them, n rotating over laps). */
  link: string;
  /** Where the click must lead: an exact pathname or a prefix. */
  path: { exact?: string; prefix?: string };
  /** Present when the new page's main content is shown. */
  ready: string;
}

// A list page is ready when its catalog section has left "loading"; a detail page when its title is shown.
const LIST_READY = 'main .catalog:not([data-state="loading"])';
const STEPS: Step[] = [
  {
    name: 'home → category',
    link: 'main .hero__grades a',
    path: { prefix: '/category/' },
    ready: LIST_READY,
  },
  {
    name: 'category → detail',
    link: 'main .catalog .prompt-card__link',
    path: { prefix: '/detail/' },
    ready: 'main h1.detail__title',
  },
  { name: 'detail → search', link: 'main a.chip--tag', path: { exact: '/search' }, ready: LIST_READY },
  {
    name: 'search → detail',
    link: 'main .catalog .prompt-card__link',
    path: { prefix: '/detail/' },
    ready: 'main h1.detail__title',
  },
  { name: 'detail → home', link: 'header a.brand', path: { exact: '/' }, ready: 'main h1#hero-title' },
];

/**
 * Runs in the page: click the link, resolve with the ms until the new page's content is in the DOM.
 * Kept as plain JavaScript source: tsx compiles this file with esbuild's keepNames, which wraps named
 * functions in a __name() helper that does not exist inside the page, so a TypeScript function passed
 * to page.evaluate would fail there.
 */
const CLICK_AND_WAIT = `async ({ step, index }) => {
  const links = [...document.querySelectorAll(step.link)];
  if (links.length === 0) throw new Error('no link ' + step.link + ' on ' + location.pathname);
  const link = links[index % links.length];
  const before = document.querySelector('main h1')?.textContent ?? '';
  const onTarget = () =>
    step.path.exact !== undefined ? location.pathname === step.path.exact : location.pathname.startsWith(step.path.prefix);
  const isReady = () => {
    if (!onTarget()) return false;
    const h1 = document.querySelector('main h1');
    if (!h1 || !h1.textContent || h1.textContent === before) return false;
    if (!document.querySelector(step.ready)) return false;
    if (document.querySelector('main [data-state="loading"], main .page.detail[aria-busy="true"]')) return false;
    // The home page's list sits under the hero: wait for it as well.
    if (location.pathname === '/' && !document.querySelector('main .catalog:not([data-state="loading"])')) return false;
    return true;
  };
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let timer;
    const observer = new MutationObserver(() => { if (isReady()) finish(); });
    const finish = () => {
      const ms = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      resolve(ms);
    };
    timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('timed out after 30 s going to ' + (step.path.exact ?? step.path.prefix) + ' (at ' + location.href + ')'));
    }, 30000);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    link.click();
    if (isReady()) finish();
  });
}`;

async function clickAndWait(page: Page, step: Step, index: number): Promise<number> {
  return page.evaluate<number>(`(${CLICK_AND_WAIT})(${JSON.stringify({ step, index })})`);
}

/** Lets the page finish its secondary work (related prompts, images) as a reader would, max 2 s. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), undefined, { timeout: 2000 })
    .catch(() => undefined);
  await sleep(50);
}

// ---- login / logout --------------------------------------------------------------------------------------

/** Forwards the page's POST /api/social/login from 127.0.x.y (see the top of this file), answer unchanged. */
function forwardFromRotatingAddress(origin: string): (route: Route) => Promise<void> {
  let n = 0;
  const target = new URL(origin);
  return async (route) => {
    const req = route.request();
    n += 1;
    const localAddress = `127.0.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
    const body = req.postDataBuffer() ?? Buffer.alloc(0);
    const headers = { ...(await req.allHeaders()) };
    for (const h of Object.keys(headers)) if (h.startsWith(':')) delete headers[h];
    headers['content-length'] = String(body.length);
    const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        const r = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: new URL(req.url()).pathname + new URL(req.url()).search,
            method: req.method(),
            headers,
            localAddress,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 500,
                headers: Object.fromEntries(
                  Object.entries(res.headers)
                    .filter(([, v]) => v !== undefined)
                    .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
                ),
                body: Buffer.concat(chunks),
              }),
            );
            res.on('error', reject);
          },
        );
        r.on('error', reject);
        r.end(body);
      },
    );
    if (answer.status === 429) throw new Error('sign-in was rate-limited despite the rotating address');
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  };
}

async function loginThroughUi(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to FruitPrompt/ });
  const email = dialog.getByLabel('Email', { exact: true });
  const byEmail = dialog.getByRole('button', { name: 'Continue with Email' });
  // The dialog opens on its provider list; "Continue with Email" leads to the form.
  await byEmail.or(email).first().waitFor();
  if (await byEmail.isVisible()) await byEmail.click();
  await email.fill(DEMO_MEMBER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: /Account menu for/ }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function logoutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
}

// ---- the stage -------------------------------------------------------------------------------------------

export async function runBrowser(opts: {
  browser: Browser;
  origin: string;
  navigations: number;
  timed: number;
  loginCycles: number;
  heapEvery: number;
}): Promise<BrowserResult> {
  const context = await opts.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await page.goto(`${opts.origin}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('main .catalog:not([data-state="loading"])');

    // -- navigations
    const times: number[] = [];
    const stepNames: string[] = [];
    const navHeap: HeapReading[] = [await readHeap(page, cdp, 0)];
    for (let i = 0; i < opts.navigations; i++) {
      const step = STEPS[i % STEPS.length]!;
      const lap = Math.floor(i / STEPS.length);
      // Rotate over three links per step: a few different pages, each seen again and again.
      const ms = await clickAndWait(page, step, lap % 3);
      times.push(ms);
      stepNames.push(step.name);
      await settle(page);
      const n = i + 1;
      if (n === 10 || n === opts.navigations || n % opts.heapEvery === 0) {
        const reading = await readHeap(page, cdp, n);
        navHeap.push(reading);
        log(
          `  ${n} navigations: heap ${(reading.usedBytes / 1024 / 1024).toFixed(2)} MB, ${reading.domNodes} DOM nodes, ` +
            `${reading.listeners} listeners; last ${STEPS.length} navs p50 ${percentile(ascending(times.slice(-STEPS.length)), 50).toFixed(0)} ms`,
        );
      }
    }
    const sorted = ascending(times);
    const timedSorted = ascending(times.slice(0, opts.timed));
    const byStep = STEPS.map((s) => {
      const t = ascending(times.filter((_, i) => stepNames[i] === s.name));
      return { step: s.name, n: t.length, p50: percentile(t, 50), p95: percentile(t, 95) };
    });

    // -- login/logout cycles
    let logins: BrowserResult['logins'] = null;
    if (opts.loginCycles > 0) {
      await page.route('**/api/social/login', forwardFromRotatingAddress(opts.origin));
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      const loginTimes: number[] = [];
      const logoutTimes: number[] = [];
      const heap: HeapReading[] = [await readHeap(page, cdp, 0)];
      for (let c = 1; c <= opts.loginCycles; c++) {
        let t0 = performance.now();
        await loginThroughUi(page);
        loginTimes.push(performance.now() - t0);
        t0 = performance.now();
        await logoutThroughUi(page);
        logoutTimes.push(performance.now() - t0);
        if (c === 10 || c === opts.loginCycles || c % opts.heapEvery === 0) {
          const reading = await readHeap(page, cdp, c);
          heap.push(reading);
          log(
            `  ${c} login/logout cycles: heap ${(reading.usedBytes / 1024 / 1024).toFixed(2)} MB, ${reading.domNodes} DOM nodes, ` +
              `${reading.listeners} listeners`,
          );
        }
      }
      await page.unroute('**/api/social/login');
      logins = {
        cycles: opts.loginCycles,
        loginP50: percentile(ascending(loginTimes), 50),
        logoutP50: percentile(ascending(logoutTimes), 50),
        heap,
        verdict: verdictOf(heap, 'cycle'),
      };
    }

    return {
      navigations: {
        count: opts.navigations,
        times,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        timed: Math.min(opts.timed, times.length),
        timedP50: percentile(timedSorted, 50),
        timedP95: percentile(timedSorted, 95),
        byStep,
        heap: navHeap,
        verdict: verdictOf(navHeap, 'navigation'),
      },
      logins,
    };
  } finally {
    await context.close();
  }
}
