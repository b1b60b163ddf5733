// The stylesheets of the production build (dist/, `npm run build`), split by page (issue 18): index.html
// links only the first load's stylesheet (tokens, element defaults, buttons, the shell), and each page's
// styles come with its route's chunks, which the server links in a rendered page's head
// (server/render/styles.ts reads dist/.vite/manifest.json). Sizes are gzip level 9 (node:zlib).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  pageStylesheets,
  STYLE_BUNDLES_FILE,
  styleListKey,
  type Manifest,
  type StyleBundles,
} from '../../server/render/styles.ts';
import { DIST, gzipSize, kb } from './support/bundle.ts';

const KB = 1024;
/** The first load's stylesheet, render-blocking on every page: 4.39 KB as measured (16.0 KB unsplit). */
export const SHELL_CSS_BUDGET = 4.6 * KB;
/** All the CSS that blocks the first paint of `/`: the shell's and the home route's, 7.65 KB measured. */
export const HOME_CSS_BUDGET = 8 * KB;

let shell: string[];
let manifest: Manifest;
const css = (href: string) => readFileSync(join(DIST, href), 'utf8');
const gzipOf = (hrefs: string[]) => hrefs.reduce((sum, href) => sum + gzipSize(css(href)), 0);

beforeAll(() => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  shell = [...html.matchAll(/<link rel="stylesheet"[^>]*\bhref="(\/[^"]+)"/g)].map((m) => m[1]!);
  manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const pages = [
    '/',
    '/category/free-prompts',
    '/detail/a-prompt-f1',
    '/search',
    '/terms',
    '/cart',
    '/nowhere',
  ];
  console.log('Stylesheets (gzip -9):');
  console.table([
    { page: 'every page (index.html)', files: shell.length, gzip: kb(gzipOf(shell)) },
    ...pages.map((page) => {
      const hrefs = pageStylesheets(manifest, page);
      return { page, files: hrefs.length, gzip: kb(gzipOf(hrefs)) };
    }),
  ]);
});

describe('the first load stylesheet', () => {
  it(`is one file of at most ${kb(SHELL_CSS_BUDGET)}`, () => {
    expect(shell).toHaveLength(1);
    expect(gzipOf(shell)).toBeLessThanOrEqual(SHELL_CSS_BUDGET);
  });

  it('holds the shell, not the pages', () => {
    // rules as minified: a selector and its block
    const text = css(shell[0]!);
    for (const shellRule of [
      '.site-header{',
      '.site-footer{',
      '.category-menu__panel{',
      '.search-box{',
      '.btn{',
      // the not-found page's few rules: any page can answer "not found" (src/shell/app-shell.tsx)
      '.not-found{',
    ])
      expect(text, shellRule).toContain(shellRule);
    for (const pageRule of [
      '.prompt-card{',
      '.hero{',
      '.detail__layout{',
      '.legal__layout{',
      '.modal{',
      '.order-line{',
    ])
      expect(text, pageRule).not.toContain(pageRule);
  });

  it(`and the home route's make at most ${kb(HOME_CSS_BUDGET)} before / paints`, () => {
    expect(gzipOf([...shell, ...pageStylesheets(manifest, '/')])).toBeLessThanOrEqual(HOME_CSS_BUDGET);
  });
});

describe("a page's stylesheets, from the manifest", () => {
  // the rules a page's first paint needs, by page
  const NEEDS: Record<string, string[]> = {
    '/': ['.hero', '.shelf__row', '.prompt-grid', '.prompt-card__title', '.badge'],
    '/category/free-prompts': ['.page-header__title', '.prompt-card', '.category-tile'],
    '/detail/a-prompt-f1': ['.breadcrumbs', '.detail__layout', '.locked-panel', '.prompt-card'],
    '/search': ['.search-page', '.chip-row', '.prompt-card'],
    '/terms': ['.legal__layout', '.prose', '.page-header__title'],
    // a member's page: the server sends the shell, the browser loads these with the route's code
    '/cart': ['.cart__layout', '.order-line', '.member-skeleton'],
  };

  for (const [page, rules] of Object.entries(NEEDS)) {
    it(`${page}: exist in dist/ and hold what the page shows`, () => {
      const hrefs = pageStylesheets(manifest, page);
      expect(hrefs.length, page).toBeGreaterThan(0);
      for (const href of hrefs) {
        expect(href).toMatch(/^\/assets\/[\w-]+\.css$/);
        expect(existsSync(join(DIST, href)), href).toBe(true);
        expect(shell, 'not the shell stylesheet again').not.toContain(href);
      }
      const text = hrefs.map(css).join('\n');
      for (const rule of rules) expect(text, `${page} ${rule}`).toContain(rule);
    });
  }
});

describe('one file per rendered page (scripts/vite-page-styles.ts)', () => {
  it("holds the shell's and the page's stylesheets in link order, with its compressed siblings", () => {
    const bundles = JSON.parse(readFileSync(join(DIST, '.vite', STYLE_BUNDLES_FILE), 'utf8')) as StyleBundles;
    for (const page of ['/', '/category/free-prompts', '/detail/a-prompt-f1', '/search', '/terms']) {
      const listed = [...shell, ...pageStylesheets(manifest, page)];
      const href = bundles[styleListKey(listed)];
      expect(href, page).toMatch(/^\/assets\/page-[\w-]+\.css$/);
      expect(css(href!), page).toBe(listed.map((part) => `${css(part)}\n`).join(''));
      for (const sibling of ['.br', '.gz']) expect(existsSync(join(DIST, href! + sibling)), href).toBe(true);
    }
    // Page Not Found's few rules are the shell's own: its one stylesheet is the shell's
    expect(pageStylesheets(manifest, '/nowhere')).toEqual([]);
    // a member's page is sent as the shell, which links its own stylesheet
    expect(
      Object.keys(bundles).some((key) => pageStylesheets(manifest, '/cart').every((s) => key.includes(s))),
    ).toBe(false);
  });
});
