// Size budgets of the production build (dist/, made by `npx vite build` before this project runs) and what
// must stay out of the first visit. All sizes are gzip level 9 (node:zlib) of the files as built.
//
// The first visit to `/` loads:
//   1. the entry script of dist/index.html and everything it imports statically, transitively (the
//      modulepreload links of index.html are Vite's list of exactly those; the test checks they agree);
//   2. the code the `/` route renders with: TanStack Router's autoCodeSplitting moves each route's component
//      into its own chunk, loaded by `import()` when the route matches. Those chunks are found from the route
//      tree itself (support/bundle.ts routeChunks): the tree entry with id "/" → the route's definition →
//      the `import()` inside its `component` (and a split `loader`), plus the root route's, with their
//      static imports. Vite's preload helper fetches the same list (__vite__mapDeps); the test checks that
//      too.
// Other `import()`s (a dialog, crypto-js for a sign-in, other routes) load only when used: route chunks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Bundle, distFiles, DIST, kb, ROOT, routeChunks, type RouteChunks } from './support/bundle.ts';

const KB = 1024;
/** Issue 18's budget for the first visit to `/` (issue 9's was 130 KB). Not met yet: see FIRST_LOAD_CEILING. */
export const FIRST_LOAD_BUDGET = 125 * KB;
/**
 * What the test holds until the budget is met: the first load as last measured (133.17 KB, after the
 * sign-in and member machines, the prompt page's machine and the sign-in, commerce and account calls
 * moved out of it, ky out with server rendering, the logo drawn from the site's icon file, the first
 * page's icons drawn from a sprite, the sign-in dialogs' selectors and the viewer marks' release moved
 * out, the entry reduced to one call into the start-up chunk, React's own useSyncExternalStore for the shim
 * and shorter lazy chunk names) with a little room.
 * Lower it with every saving; it rises only for a new page's route definition, which the route tree
 * loads first (My Prompts, issue 36: 133.25 -> 133.5 KB; measured one after the other, e4c6884 133.19 KB
 * and 61543f2 133.46 KB, x1.002: its route definition, once its styles moved to its page module and its
 * menu link out of the page table). The libraries alone are 104 KB of it
 * (docs/decisions/006-lazy-page-machines.md, "What is left" and its follow-ups, measures what each next
 * step would save), so the app's start-up code has 21 KB.
 */
export const FIRST_LOAD_CEILING = 133.5 * KB;
export const ROUTE_CHUNK_BUDGET = 50 * KB;

/**
 * The marker of the development statechart viewer (src/devtools/): its class-name prefix and data
 * attribute. The viewer is for development only, so no file of the production build may contain it.
 */
export const DEVTOOLS_MARKER = 'fruit-devtools';

/**
 * Strings of libraries that must not load on the first visit, each one a message that minification keeps
 * (strings are never renamed) and that only that library has. Each is checked to still be in the package
 * under node_modules, so an upgrade that rewords it fails here instead of silently passing.
 */
const MARKERS = [
  {
    name: 'crypto-js',
    file: 'node_modules/crypto-js/core.js',
    text: 'Native crypto module could not be used to get secure random number.',
  },
  {
    name: '@statelyai/inspect',
    file: 'node_modules/@statelyai/inspect/dist/index.mjs',
    text: 'Window does not exist; inspector cannot be started.',
  },
] as const;

let bundle: Bundle;
let entryClosure: string[];
let routes: RouteChunks[];
let firstLoad: string[];

const gzipOf = (files: readonly string[]) => files.reduce((sum, f) => sum + bundle.chunk(f).gzip, 0);

beforeAll(() => {
  bundle = new Bundle();
  entryClosure = bundle.staticClosure(bundle.entries);
  routes = routeChunks(bundle, entryClosure, '/');
  const lazy = routes.flatMap((r) => r.lazy.map((part) => part.chunk));
  firstLoad = bundle.staticClosure([...entryClosure, ...lazy]);

  const routePart = firstLoad.filter((f) => !entryClosure.includes(f));
  const others = [...bundle.chunks.values()]
    .filter((c) => !firstLoad.includes(c.file))
    .sort((a, b) => b.gzip - a.gzip);
  console.log('Size budgets (gzip -9):');
  console.table([
    {
      measure: 'first load: entry + static imports',
      files: entryClosure.length,
      gzip: kb(gzipOf(entryClosure)),
      budget: '',
    },
    {
      measure: 'first load: route / (lazy parts + imports)',
      files: routePart.length,
      gzip: kb(gzipOf(routePart)),
      budget: '',
    },
    {
      measure: 'first load of / (total)',
      files: firstLoad.length,
      gzip: kb(gzipOf(firstLoad)),
      budget: kb(FIRST_LOAD_BUDGET),
    },
    {
      measure: `largest route chunk (${others[0]?.file ?? 'none'})`,
      files: others.length,
      gzip: kb(others[0]?.gzip ?? 0),
      budget: kb(ROUTE_CHUNK_BUDGET),
    },
  ]);
  console.log('Largest chunks of the first load:');
  console.table(
    [...firstLoad]
      .sort((a, b) => bundle.chunk(b).gzip - bundle.chunk(a).gzip)
      .slice(0, 6)
      .map((f) => ({ file: f, raw: kb(bundle.chunk(f).bytes), gzip: kb(bundle.chunk(f).gzip) })),
  );
});

describe('the first visit to /', () => {
  it('is read from index.html: one module entry whose static imports are the modulepreload links', () => {
    expect(bundle.entries).toHaveLength(1);
    // The modulepreload links are Vite's own list of the entry's static imports; agreeing with it shows
    // the import scan is right (and that nothing the entry needs is fetched late, in a waterfall).
    expect([...bundle.modulepreloads].sort()).toEqual(
      entryClosure.filter((f) => f !== bundle.entries[0]).sort(),
    );
  });

  it('includes the lazy chunk of the index route, found through the route tree', () => {
    const index = routes.find((r) => r.id === '/');
    expect(index, 'the route tree has a "/" route').toBeDefined();
    // With autoCodeSplitting the home page component is its own chunk...
    const component = index!.lazy.find((part) => part.property === 'component');
    expect(component, 'the "/" route component is code-split').toBeDefined();
    expect(entryClosure).not.toContain(component!.chunk);
    // ...and what Vite's preload helper fetches with it is exactly its static import closure, which Vite
    // computes without walking into the importing chunk (already loaded: the lazy chunk imports the route
    // definition back, for Route.useSearch()), less the chunks index.html always loads (vite.config.ts
    // resolveDependencies, ADR 009).
    for (const route of routes) {
      for (const part of route.lazy) {
        // (its stylesheets come with it too: each view imports its own, issue 18)
        expect([...part.preloadDeps].filter((file) => file.endsWith('.js')).sort(), part.chunk).toEqual(
          bundle
            .staticClosure([part.chunk], [route.definedIn])
            .filter((file) => !entryClosure.includes(file) || file === part.chunk)
            .sort(),
        );
      }
    }
  });

  // Over the 130 KB budget (issue 9): 175 KB when first measured, 143.5 KB after ADR 006 (page machines
  // attached by their routes, lazy dialogs, a framework and an app chunk), 137.3 KB with the sign-in
  // machines loaded on the first sign-in intent, the member's when a member or a press needs them and
  // the prompt page's by its route; 137.89 KB after issue 16 (ADR 009: the preload map's names cut);
  // 134.83 KB with server rendering (issue 18: ky loads with the first API call, which a page the server
  // rendered does not make at start; the hydration code and srcset helper added 1.5 KB); 133.17 KB after
  // issue 18's trims (the first page's icons as a sprite, the sign-in dialogs' selectors with the
  // dialogs, the viewer marks' release loaded for members only, the entry one call into the app chunk,
  // no use-sync-external-store shim, 7-character lazy chunk hashes). By source module: react-dom 63 KB,
  // @tanstack router 26.6 KB, xstate 12.7 KB, react, scheduler and the rest (the framework chunk, 103.8 KB;
  // ky has left it), then the app's start-up code: session, effects, views and routes (23.4 KB), and the
  // home page's list views (5.2 KB).
  it(`loads at most ${FIRST_LOAD_CEILING / KB} KB of gzipped JavaScript (budget ${FIRST_LOAD_BUDGET / KB} KB)`, () => {
    const largest = [...firstLoad]
      .sort((a, b) => bundle.chunk(b).gzip - bundle.chunk(a).gzip)
      .slice(0, 5)
      .map((f) => `${f} ${kb(bundle.chunk(f).gzip)}`)
      .join(', ');
    const total = gzipOf(firstLoad);
    if (total > FIRST_LOAD_BUDGET)
      console.warn(
        `first load of / is ${kb(total)}: over the ${kb(FIRST_LOAD_BUDGET)} budget; largest: ${largest}`,
      );
    expect(total, `first load of / over its ceiling; largest: ${largest}`).toBeLessThanOrEqual(
      FIRST_LOAD_CEILING,
    );
  });

  it.each(MARKERS)('does not load $name', ({ file, text }) => {
    expect(readFileSync(join(ROOT, file), 'utf8'), `${file} still has the marker`).toContain(text);
    const holders = firstLoad.filter((f) => bundle.chunk(f).code.includes(text));
    expect(holders).toEqual([]);
  });
});

describe('route chunks', () => {
  it(`are each at most ${ROUTE_CHUNK_BUDGET / KB} KB gzipped`, () => {
    const over = [...bundle.chunks.values()]
      .filter((c) => !firstLoad.includes(c.file) && c.gzip > ROUTE_CHUNK_BUDGET)
      .map((c) => `${c.file}: ${kb(c.gzip)}`);
    expect(over).toEqual([]);
  });
});

describe('the development statechart viewer', () => {
  it(`is nowhere in the production build (no file of dist/ contains "${DEVTOOLS_MARKER}")`, () => {
    const holders = distFiles().filter((f) => readFileSync(join(DIST, f)).includes(DEVTOOLS_MARKER));
    expect(holders).toEqual([]);
  });
});
