// Stage 1: what the first visit of a page costs in JavaScript and CSS, gzipped.
//
// Two views of the same build, because each alone misleads:
// - observed: a cold headless Chromium opens the page and we record every /assets/*.js|css it fetches until
//   the network is idle (index.html's script, its modulepreloads and stylesheet, plus the route chunks and
//   anything the page imports lazily at run time). The bytes are read from dist/ and gzipped here, so the
//   number does not depend on the server's on-the-fly compression settings.
// - manifest: Vite's manifest (the bench builds with --manifest; vite.config.ts stays as it is) names
//   every file, tells which files index.html loads up front, and gives each route's split chunk, so the
//   report can show what navigating to each route adds on top of the first page.
// The framework floor is a separate, minified build of a tiny entry that uses only React, React DOM,
// TanStack Router and XState (+ @xstate/react's useSelector, the one binding the app uses): no app can be
// smaller than that with this stack, so "app share = observed − floor" is what our own code costs.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { gzipSize, log } from './util.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  /** The module behind the file: the manifest's src (route chunks) or chunk name. */
  label: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  /** Loaded by index.html itself (script, modulepreload, stylesheet) rather than on demand. */
  upFront: boolean;
}

export interface RouteLoad {
  name: string;
  path: string;
  files: FileSize[];
  js: { raw: number; gzip: number; count: number };
  css: { raw: number; gzip: number; count: number };
  /** gzip of JS loaded beyond index.html's own files (route chunks and lazy imports). */
  lazyJsGzip: number;
}

export interface RouteChunk {
  route: string;
  file: string;
  /** gzip of the split chunk itself. */
  gzip: number;
  /** gzip of the chunk plus the static imports index.html does not already load (what a navigation adds). */
  addsGzip: number;
}

export interface BundleResult {
  entry: { js: number; css: number; files: number };
  routes: RouteLoad[];
  routeChunks: RouteChunk[];
  floor: { raw: number; gzip: number; packages: Record<string, string> };
  totalAssets: { jsGzip: number; cssGzip: number; files: number };
  problems: string[];
}

/**
 * dist/ as the bench built it, read into memory right after the build. Other people's builds may replace
 * dist/ while the bench runs (it is shared with `npm start` and the end-to-end tests), so the bundle stage
 * sizes files from this snapshot and from the bytes the server actually sent, never from dist/ later on;
 * run.ts compares dist/index.html with the snapshot at the end and flags a change in the report.
 */
export interface DistSnapshot {
  indexHtml: string;
  manifest: Manifest;
  files: Map<string, Buffer>;
}

export function snapshotDist(distDir: string): DistSnapshot {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(join(distDir, 'assets'))) {
    if (/\.(js|css)$/.test(name)) files.set(`assets/${name}`, readFileSync(join(distDir, 'assets', name)));
  }
  return {
    indexHtml: readFileSync(join(distDir, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest,
    files,
  };
}

/** The files of a chunk and its static imports, recursively (what loading it pulls in before it runs). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Files index.html references directly (module script, modulepreload links, stylesheets). */
function upFrontFiles(indexHtml: string): Set<string> {
  const files = new Set<string>();
  for (const m of indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(m[1]!);
  return files;
}

export async function runBundle(opts: {
  dist: DistSnapshot;
  origin: string;
  browser: Browser;
  routes: { name: string; path: string; ready: string }[];
  scratchDir: string;
}): Promise<BundleResult> {
  const { manifest, files: built } = opts.dist;
  const problems: string[] = [];
  const labelOf = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    labelOf.set(chunk.file, chunk.src ?? chunk.name ?? key);
    for (const css of chunk.css ?? []) if (!labelOf.has(css)) labelOf.set(css, `${chunk.src ?? key} (css)`);
  }
  const upFront = upFrontFiles(opts.dist.indexHtml);
  const sizeCache = new Map<string, FileSize>();
  /** Sizes of a built file; `served` are the bytes the server sent, for a file not in our build. */
  const sizeOf = (file: string, served?: Buffer): FileSize => {
    let size = sizeCache.get(file);
    if (!size) {
      let bytes = built.get(file);
      if (!bytes) {
        if (!served) throw new Error(`${file} is not part of the build`);
        problems.push(`${file} was served but is not in the bench's build: dist/ was rebuilt during the run`);
        bytes = served;
      }
      size = {
        file,
        label: labelOf.get(file) ?? file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        raw: bytes.length,
        gzip: gzipSize(bytes),
        upFront: upFront.has(file),
      };
      sizeCache.set(file, size);
    }
    return size;
  };

  const entryFiles = [...upFront].map((f) => sizeOf(f));
  const entry = {
    js: entryFiles.filter((f) => f.kind === 'js').reduce((s, f) => s + f.gzip, 0),
    css: entryFiles.filter((f) => f.kind === 'css').reduce((s, f) => s + f.gzip, 0),
    files: entryFiles.length,
  };

  // Observed loads: a new context per page, so nothing is cached from the page before.
  const routes: RouteLoad[] = [];
  for (const route of opts.routes) {
    const context = await opts.browser.newContext();
    const page = await context.newPage();
    const seen = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === opts.origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) {
        // The body as served (decompressed by the browser), in case dist/ changed under us.
        seen.set(url.pathname.slice(1), response.body());
      }
    });
    await page.goto(`${opts.origin}${route.path}`, { waitUntil: 'networkidle' });
    await page.waitForSelector(route.ready, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all([...seen].map(async ([file, body]) => [file, await body] as const));
    await context.close();
    const files = bodies.sort(([a], [b]) => a.localeCompare(b)).map(([file, body]) => sizeOf(file, body));
    const sum = (kind: 'js' | 'css', key: 'raw' | 'gzip') =>
      files.filter((f) => f.kind === kind).reduce((s, f) => s + f[key], 0);
    const load: RouteLoad = {
      name: route.name,
      path: route.path,
      files,
      js: {
        raw: sum('js', 'raw'),
        gzip: sum('js', 'gzip'),
        count: files.filter((f) => f.kind === 'js').length,
      },
      css: {
        raw: sum('css', 'raw'),
        gzip: sum('css', 'gzip'),
        count: files.filter((f) => f.kind === 'css').length,
      },
      lazyJsGzip: files.filter((f) => f.kind === 'js' && !f.upFront).reduce((s, f) => s + f.gzip, 0),
    };
    routes.push(load);
    log(
      `  ${route.path}: JS ${(load.js.gzip / 1024).toFixed(1)} kB gz in ${load.js.count} files ` +
        `(${(load.lazyJsGzip / 1024).toFixed(1)} kB on demand), CSS ${(load.css.gzip / 1024).toFixed(1)} kB gz`,
    );
  }

  // Each route's split component chunk, and what it adds beyond index.html's files.
  const routeChunks: RouteChunk[] = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.src?.startsWith('src/routes/'))
    .map(([key, c]) => {
      const closure = [...staticClosure(manifest, key)].filter((f) => !upFront.has(f));
      return {
        route: c.src!.replace(/^src\/routes\//, '').replace(/\?tsr-split=component$/, ''),
        file: c.file,
        gzip: sizeOf(c.file).gzip,
        addsGzip: closure.reduce((s, f) => s + sizeOf(f).gzip, 0),
      };
    })
    .sort((a, b) => b.addsGzip - a.addsGzip);

  const all = [...built.keys()];
  const totalAssets = {
    jsGzip: all.filter((f) => f.endsWith('.js')).reduce((s, f) => s + sizeOf(f).gzip, 0),
    cssGzip: all.filter((f) => f.endsWith('.css')).reduce((s, f) => s + sizeOf(f).gzip, 0),
    files: all.length,
  };

  const floor = await buildFloor(opts.scratchDir);
  log(`  framework floor: ${(floor.gzip / 1024).toFixed(1)} kB gz (${(floor.raw / 1024).toFixed(1)} kB min)`);
  return { entry, routes, routeChunks, floor, totalAssets, problems };
}

/**
 * The smallest program that uses the stack the way the app does: createRoot, a router with a root and a
 * child route, RouterProvider and Link, a machine from setup() run by createActor and read with
 * useSelector. Minified by the same Vite (same target as vite.config.ts), one chunk, gzipped.
 */
const FLOOR_ENTRY = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { assign, createActor, setup } from 'xstate';
import { useSelector } from '@xstate/react';

const machine = setup({ types: { context: {} as { n: number }, events: {} as { type: 'inc' } } }).createMachine({
  context: { n: 0 },
  on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});
const actor = createActor(machine).start();

function Count() {
  const n = useSelector(actor, (s) => s.context.n);
  return h('button', { onClick: () => actor.send({ type: 'inc' }) }, String(n));
}
const rootRoute = createRootRoute({ component: () => h('main', null, h(Link, { to: '/' }, 'home'), h(Outlet)) });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Count });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(RouterProvider, { router })));
`;

export async function buildFloor(scratchDir: string): Promise<BundleResult['floor']> {
  const dir = resolve(scratchDir, 'floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, FLOOR_ENTRY);
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: entry, output: { entryFileNames: 'floor.js' } },
    },
  });
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.js'))
    .map((d) => join(d.parentPath, d.name));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSize(bytes);
  }
  if (files.length !== 1)
    log(`  (floor build made ${files.length} files: ${files.map((f) => relative(dir, f))})`);
  const version = (name: string): string =>
    (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string })
      .version;
  return {
    raw,
    gzip,
    packages: Object.fromEntries(
      ['react', 'react-dom', '@tanstack/react-router', 'xstate', '@xstate/react'].map((p) => [p, version(p)]),
    ),
  };
}
