// The stylesheets of a rendered page (issue 18): index.html links the first load's stylesheet only, and a
// page the server renders links the CSS of its route's chunks in its head, so it paints styled before its
// scripts run. The chunks come from the build manifest (dist/.vite/manifest.json), which is never served.
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PromptPage } from '../../domain/catalog.ts';
import { PAGES, type PagePath } from '../../domain/pages.ts';
import { fillShell, shellRenderer } from '../../server/render/ssr.ts';
import {
  NO_STYLES,
  pageStylesheets,
  routeFileOf,
  routeStyles,
  STYLE_BUNDLES_FILE,
  styleListKey,
  type Manifest,
  type PageStyles,
} from '../../server/render/styles.ts';
import { pageStyleBundles } from '../../scripts/vite-page-styles.ts';
import { renderPage } from '../../src/entry-server.tsx';
import { get } from './support/auth.ts';
import { createPageServer, SHELL } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

/** A manifest shaped like Vite's for this app (entry, named and hashed chunks, split route chunks). */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-Ab12.js', isEntry: true, imports: ['_framework-T.js', '_app-T.js'] },
  '_framework-T.js': { file: 'assets/framework-T.js' },
  '_app-T.js': { file: 'assets/app-T.js', imports: ['_framework-T.js'], css: ['assets/app-T.css'] },
  '_catalog-views-T.js': {
    file: 'assets/catalog-views-T.js',
    imports: ['_framework-T.js', '_app-T.js'],
    css: ['assets/catalog-views-T.css'],
  },
  '_sign-in-T.js': { file: 'assets/sign-in-T.js', imports: ['_app-T.js'], css: ['assets/sign-in-T.css'] },
  '_category-T.js': {
    file: 'assets/category-T.js',
    imports: ['_app-T.js', '_catalog-views-T.js'],
    css: ['assets/category-page-T.css'],
  },
  '_not-found-T.js': { file: 'assets/not-found-T.js', css: ['assets/not-found-T.css'] },
  'src/ui/not-found-view.tsx': { file: 'assets/nf-T.js', isDynamicEntry: true, imports: ['_not-found-T.js'] },
  'src/auth/login-dialog.tsx': {
    file: 'assets/login-T.js',
    isDynamicEntry: true,
    imports: ['_sign-in-T.js'],
    css: ['assets/login-T.css'],
  },
  'src/routes/index.tsx?tsr-split=component---loader': {
    file: 'assets/home-T.js',
    isDynamicEntry: true,
    imports: ['_catalog-views-T.js', '_app-T.js'],
    dynamicImports: ['src/auth/login-dialog.tsx'],
  },
  'src/routes/category.free-prompts.tsx?tsr-split=component---loader': {
    file: 'assets/free-T.js',
    isDynamicEntry: true,
    imports: ['_app-T.js', '_category-T.js'],
  },
  'src/routes/detail.$slugId.tsx?tsr-split=component---loader': {
    file: 'assets/detail-T.js',
    isDynamicEntry: true,
    imports: ['_catalog-views-T.js', '_sign-in-T.js', '_not-found-T.js', '_app-T.js'],
    css: ['assets/detail-T.css'],
  },
  'src/routes/detail.$slugId.tsx?tsr-split=errorComponent': {
    file: 'assets/detail-error-T.js',
    isDynamicEntry: true,
    css: ['assets/detail-error-T.css'],
  },
  'src/routes/_member/cart.tsx?tsr-split=component---loader': {
    file: 'assets/cart-T.js',
    isDynamicEntry: true,
    imports: ['_catalog-views-T.js', '_sign-in-T.js'],
    css: ['assets/cart-T.css'],
  },
};

const STYLES = {
  home: ['/assets/catalog-views-T.css'],
  category: ['/assets/catalog-views-T.css', '/assets/category-page-T.css'],
  detail: [
    '/assets/catalog-views-T.css',
    '/assets/sign-in-T.css',
    '/assets/not-found-T.css',
    '/assets/detail-T.css',
  ],
  notFound: ['/assets/not-found-T.css'],
};

const link = (href: string) => `<link rel="stylesheet" href="${href}">`;
const sheets = (...stylesheets: string[]): PageStyles => ({ stylesheets, bundle: null });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** The stylesheet links of a document's head, in order. */
const linksOf = (html: string) =>
  [...headOf(html).matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);

const server = openForSuite(() => createPageServer({ app: { renderer: renderPage }, manifest: MANIFEST }));
const log = { error: () => undefined };

describe('the stylesheets of a route, from the build manifest', () => {
  it('every page names its route file', () => {
    for (const path of Object.keys(PAGES) as PagePath[])
      expect(existsSync(join(import.meta.dirname, '..', '..', routeFileOf(path))), path).toBe(true);
    expect(routeFileOf('/')).toBe('src/routes/index.tsx');
    expect(routeFileOf('/category/')).toBe('src/routes/category.index.tsx');
    expect(routeFileOf('/detail_{$id}.html')).toBe('src/routes/detail_{$id}[.]html.tsx');
    expect(routeFileOf('/order-detail/$orderId')).toBe('src/routes/_member/order-detail.$orderId.tsx');
  });

  it("are the CSS of the route's component chunk and its static imports, dependencies first", () => {
    // not the shell's own (index.html links it), not a dialog the page may import later
    expect(pageStylesheets(MANIFEST, '/')).toEqual(STYLES.home);
    expect(pageStylesheets(MANIFEST, '/category/free-prompts')).toEqual(STYLES.category);
    // not the error component's chunk either
    expect(pageStylesheets(MANIFEST, '/detail/an-owl-f12')).toEqual(STYLES.detail);
    // an address no page has renders the not-found view
    expect(pageStylesheets(MANIFEST, '/no-such-page')).toEqual(STYLES.notFound);
  });

  it('are read again when the manifest changes, and none come from another build than the shell', async () => {
    const dist = server.dist;
    const styles = routeStyles(dist);
    expect(await styles('/', SHELL)).toEqual({ stylesheets: STYLES.home, bundle: null });
    const rebuilt = {
      ...MANIFEST,
      '_catalog-views-T.js': { ...MANIFEST['_catalog-views-T.js'], css: ['assets/catalog-views-U.css'] },
    };
    const file = join(dist, '.vite', 'manifest.json');
    writeFileSync(file, JSON.stringify(rebuilt));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    try {
      expect((await styles('/', SHELL)).stylesheets).toEqual(['/assets/catalog-views-U.css']);
      expect(await styles('/', SHELL.replace('index-Ab12.js', 'index-Zz99.js'))).toEqual(NO_STYLES);
      expect(await routeStyles(join(dist, 'assets'))('/', SHELL)).toEqual(NO_STYLES);
    } finally {
      writeFileSync(file, JSON.stringify(MANIFEST));
      utimesSync(file, new Date(), new Date(Date.now() + 10000));
    }
  });
});

describe('a rendered page links its stylesheets in its head', () => {
  const render = () =>
    shellRenderer(renderPage, server.db, server.config.publicOrigin, log, routeStyles(server.dist));

  it('fillShell puts the links at the end of the head, once each', () => {
    const page = { html: '<main>Hi</main>', state: '{}', status: 200 as const };
    const html = fillShell(SHELL, page, sheets('/assets/a.css', '/assets/b.css'));
    expect(html).toMatch(
      /<link rel="stylesheet" href="\/assets\/a.css">\s*<link rel="stylesheet" href="\/assets\/b.css">\s*<\/head>/,
    );
    // otherwise as before
    expect(html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '')).toBe(fillShell(SHELL, page));
    const linked = SHELL.replace('</head>', `  ${link('/assets/a.css')}\n  </head>`);
    expect(linksOf(fillShell(linked, page, sheets('/assets/a.css', '/assets/b.css')))).toEqual([
      '/assets/a.css',
      '/assets/b.css',
    ]);
  });

  it('/, a category, a detail page and Page Not Found link the CSS of their routes', async () => {
    const home = (await render()('/', SHELL))!;
    expect(home.status).toBe(200);
    expect(linksOf(home.html)).toEqual(STYLES.home);

    expect(linksOf((await render()('/category/free-prompts', SHELL))!.html)).toEqual(STYLES.category);

    const prompt = (await get<PromptPage>(server, '/api/prompts?grade=2')).body.extend.data[0]!;
    const detail = (await render()(`/detail/${prompt.slugId}`, SHELL))!;
    expect(detail.status).toBe(200);
    expect(linksOf(detail.html)).toEqual(STYLES.detail);

    const missing = (await render()('/no-such-page', SHELL))!;
    expect(missing.html).toContain('Page Not Found');
    expect(linksOf(missing.html)).toEqual(STYLES.notFound);
  });

  it("a member's page, rendered as the header and footer, links none", async () => {
    const cart = (await render()('/cart', SHELL))!;
    expect(cart.html).toContain('<div id="root"><');
    expect(linksOf(cart.html)).toEqual([]);
  });

  it('the manifest itself is never served', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('tsr-split');
  });
});

describe('one stylesheet per rendered page (scripts/vite-page-styles.ts)', () => {
  /** index.html as Vite writes it: the shell's stylesheet linked in the head. */
  const LINKED = SHELL.replace(
    '</head>',
    '  <link rel="stylesheet" crossorigin href="/assets/app-T.css">\n  </head>',
  );
  const page = { html: '<main>Hi</main>', state: '{}', status: 200 as const };
  const bundled: PageStyles = {
    stylesheets: STYLES.category,
    bundle: { href: '/assets/page-Cat1.css', shell: ['/assets/app-T.css'] },
  };
  /** The stylesheet links of a head, in order, with `!` after a disabled one. */
  const allLinks = (html: string) =>
    [...headOf(html).matchAll(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"([^>]*)>/g)].map(
      (m) => m[1]! + (/\bdisabled\b/.test(m[2]!) ? '!' : ''),
    );

  it("are written for each list of stylesheets a page links, the shell's first, in link order", async () => {
    const read = async (href: string) => Buffer.from(`/* ${href} */`);
    const { bundles, files } = await pageStyleBundles(MANIFEST, read);
    const home = bundles[styleListKey(['/assets/app-T.css', ...STYLES.home])]!;
    const category = bundles[styleListKey(['/assets/app-T.css', ...STYLES.category])]!;
    const detail = bundles[styleListKey(['/assets/app-T.css', ...STYLES.detail])]!;
    for (const href of [home, category, detail]) expect(href).toMatch(/^\/assets\/page-[\w-]{8}\.css$/);
    expect(new Set([home, category, detail]).size).toBe(3);
    expect(files.get(detail)!.toString()).toBe(
      ['/assets/app-T.css', ...STYLES.detail].map((href) => `/* ${href} */\n`).join(''),
    );
    // a member's page is sent as the shell: no bundle is made for its stylesheets
    expect(Object.keys(bundles).some((key) => key.includes('cart-T.css'))).toBe(false);
    // the name follows the content: another build's rules, another file
    const other = await pageStyleBundles(MANIFEST, async (href) => Buffer.from(`/* ${href} v2 */`));
    expect(other.bundles[styleListKey(['/assets/app-T.css', ...STYLES.detail])]).not.toBe(detail);
  });

  it("fillShell links the bundle in the shell stylesheet's place, and marks the page's own disabled", () => {
    const html = fillShell(LINKED, page, bundled);
    expect(allLinks(html)).toEqual(['/assets/page-Cat1.css', ...STYLES.category.map((href) => `${href}!`)]);
    // a shell that does not link the bundled stylesheet keeps its links, and the page's are linked
    expect(allLinks(fillShell(SHELL, page, bundled))).toEqual(STYLES.category);
    expect(allLinks(fillShell(LINKED, page, { ...bundled, bundle: null }))).toEqual([
      '/assets/app-T.css',
      ...STYLES.category,
    ]);
  });

  it("routeStyles names the build's bundle of a page, and none when the build made none", async () => {
    const dist = server.dist;
    const map = join(dist, '.vite', STYLE_BUNDLES_FILE);
    writeFileSync(
      map,
      JSON.stringify({ [styleListKey(['/assets/app-T.css', ...STYLES.category])]: '/assets/page-Cat1.css' }),
    );
    try {
      // read with the manifest: a new map comes with a new build, so the manifest is touched too
      const file = join(dist, '.vite', 'manifest.json');
      utimesSync(file, new Date(), new Date(Date.now() + 20000));
      const styles = routeStyles(dist);
      expect(await styles('/category/free-prompts', LINKED)).toEqual(bundled);
      expect(await styles('/', LINKED)).toEqual({ stylesheets: STYLES.home, bundle: null });
    } finally {
      rmSync(map);
    }
  });

  it('a rendered category page links its bundle alone, and its own stylesheets disabled', async () => {
    const render = shellRenderer(renderPage, server.db, server.config.publicOrigin, log, async () => bundled);
    const html = (await render('/category/free-prompts', LINKED))!.html;
    expect(allLinks(html)).toEqual(['/assets/page-Cat1.css', ...STYLES.category.map((href) => `${href}!`)]);
  });
});
