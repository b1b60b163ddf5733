// The stylesheets of a page the server renders (issue 18). index.html links the first load's stylesheet
// (src/main.tsx: tokens, element defaults, buttons, the shell); every view's styles come with its lazy
// chunk (src/styles/), which the browser fetches when it runs the route's code. A rendered page is
// painted before that, so its head links the stylesheets of the route chunk(s) that render it, as the
// client build's manifest (dist/.vite/manifest.json, vite.config.ts) lists them: the CSS of each chunk
// and of every chunk it imports statically, dependencies first (the order Vite's preload helper adds
// them in, so a later stylesheet may override an earlier one), without the shell's own. The browser's
// preload helper finds these links by their href and does not fetch them again.
//
// Each stylesheet is its own request, and before the first paint every one of them blocks it: on a phone's
// connection each request past the first waits for a connection of its own (the detail page had five).
// So the build also writes, for every page, one file holding the shell's stylesheet and the page's, in the
// order they would be linked (scripts/vite-page-styles.ts, listed in dist/.vite/page-styles.json); a
// rendered page links that one file in place of the shell's, and marks each of its own stylesheets with a
// `disabled` link, which the browser does not fetch but the preload helper counts as loaded, so a later
// client-side visit does not fetch rules the page has already.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { matchPage, PAGES, type PagePath } from '../../domain/pages.ts';
import { DECLARED_ROUTE_FILES } from '../../domain/pages.gen.ts';

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** Loaded when the code asks (a dialog, another route): not the page's. */
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * What a rendered page links: its route's stylesheets (`/assets/….css`, without the shell's), and the
 * build's one file holding the shell's and those (null when the build made none: then each is linked).
 */
export interface PageStyles {
  stylesheets: string[];
  /** The bundle and the shell's stylesheets it holds too (index.html links those). */
  bundle: { href: string; shell: string[] } | null;
}
export const NO_STYLES: PageStyles = { stylesheets: [], bundle: null };

/** The stylesheets a page at this pathname renders with, for the shell it fills. */
export type RouteStyles = (pathname: string, shell: string) => Promise<PageStyles>;

/** dist/.vite/page-styles.json: the bundle of each list of stylesheets (`styleListKey`) it was made for. */
export type StyleBundles = Record<string, string>;
export const STYLE_BUNDLES_FILE = 'page-styles.json';
/** The key of a list of stylesheet hrefs, the shell's first, in link order. */
export const styleListKey = (hrefs: readonly string[]): string => hrefs.join(' ');

export const DEFAULT_DIST_DIR = join(import.meta.dirname, '..', '..', 'dist');

/** The pages the server renders with their content (the public ones); and any address no page has. */
export const CONTENT_PAGES: readonly PagePath[] = [
  '/',
  '/recommended',
  '/search',
  '/category/',
  '/category/$id',
  '/category/free-prompts',
  '/category/fruit-prompts',
  '/category/premium-prompts',
  '/detail/$slugId',
  '/terms',
  '/privacy',
  '/support',
];

export function rendersContent(pathname: string): boolean {
  const matched = matchPage(pathname);
  return !matched || CONTENT_PAGES.includes(matched.path);
}

/** The manifest key of the page index.html loads. */
export const SHELL_ENTRY = 'index.html';
/** What the root route renders for an address no page has (src/routes/__root.tsx, notFoundComponent). */
export const NOT_FOUND_VIEW = 'src/ui/not-found-view.tsx';
const SPLIT = '?tsr-split=';

/**
 * The file of a page's route, as TanStack Router's file routes name it (src/routeTree.gen.ts):
 * `/category/$id` → src/routes/category.$id.tsx, `/category/` → category.index.tsx, a literal dot
 * escaped (`/detail_{$id}.html` → detail_{$id}[.]html.tsx), a member's page under the pathless
 * layout's folder (src/routes/_member/).
 */
export function routeFileOf(path: PagePath): string {
  const declared = DECLARED_ROUTE_FILES[path];
  if (declared) return declared;
  const name = path
    .slice(1)
    .replace(/\./g, '[.]')
    .replace(/(^|\/)$/, '$1index')
    .replace(/\//g, '.');
  return `src/routes/${'private' in PAGES[path] ? '_member/' : ''}${name}.tsx`;
}

/**
 * The manifest keys of the chunks that render a page: its route's component chunks (autoCodeSplitting
 * keys them `src/routes/index.tsx?tsr-split=component---loader`; an errorComponent or notFoundComponent
 * chunk only loads on an error), or (null) the not-found view, for an address no page has.
 */
function chunksOfPage(manifest: Manifest, page: PagePath | null): string[] {
  if (page === null) return [NOT_FOUND_VIEW];
  const file = routeFileOf(page);
  return Object.keys(manifest).filter(
    (key) =>
      key.startsWith(file + SPLIT) &&
      key
        .slice(file.length + SPLIT.length)
        .split('---')
        .includes('component'),
  );
}

/** The CSS files of chunks and of the chunks they import statically (not dynamically), dependencies first. */
export function stylesheetsOf(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
  };
  keys.forEach(visit);
  return files;
}

/** A pathname's stylesheets as hrefs, without those index.html links already. */
export function pageStylesheets(manifest: Manifest, pathname: string): string[] {
  return stylesheetsOfPage(manifest, matchPage(pathname)?.path ?? null);
}

/** A page's stylesheets (null: the not-found view's) as hrefs, without those index.html links already. */
export function stylesheetsOfPage(manifest: Manifest, page: PagePath | null): string[] {
  const shell = new Set(stylesheetsOf(manifest, [SHELL_ENTRY]));
  return stylesheetsOf(manifest, chunksOfPage(manifest, page))
    .filter((css) => !shell.has(css))
    .map((css) => `/${css}`);
}

/** The shell's stylesheets as hrefs (index.html links them). */
export const shellStylesheets = (manifest: Manifest): string[] =>
  stylesheetsOf(manifest, [SHELL_ENTRY]).map((css) => `/${css}`);

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/;

/**
 * The stylesheets of dist/'s pages, from its manifest, read again when the file changes (a new build).
 * None when there is no manifest, or when it is another build's than the shell's (its entry script
 * differs: a build half written, a test's own shell): a page then paints with the shell's stylesheet
 * and gets the rest with its code, as before server rendering.
 */
export function routeStyles(distDir: string = DEFAULT_DIST_DIR): RouteStyles {
  const file = join(distDir, '.vite', 'manifest.json');
  let cached: {
    mtimeMs: number;
    size: number;
    manifest: Manifest;
    bundles: StyleBundles;
    pages: Map<string, PageStyles>;
  } | null = null;
  return async (pathname, shell) => {
    const info = await stat(file).catch(() => null);
    if (!info) return NO_STYLES;
    if (cached === null || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
      // written with the manifest by the same build; a build without it links each stylesheet
      const bundles = await readFile(join(distDir, '.vite', STYLE_BUNDLES_FILE), 'utf8')
        .then((text) => JSON.parse(text) as StyleBundles)
        .catch(() => ({}));
      cached = { mtimeMs: info.mtimeMs, size: info.size, manifest, bundles, pages: new Map() };
    }
    if (ENTRY_SCRIPT.exec(shell)?.[1] !== cached.manifest[SHELL_ENTRY]?.file) return NO_STYLES;
    // one answer per page (all of a route's addresses share it), not per address
    const key = matchPage(pathname)?.path ?? NOT_FOUND_VIEW;
    let styles = cached.pages.get(key);
    if (!styles) {
      const stylesheets = pageStylesheets(cached.manifest, pathname);
      const shellSheets = shellStylesheets(cached.manifest);
      const href = cached.bundles[styleListKey([...shellSheets, ...stylesheets])];
      styles = { stylesheets, bundle: href ? { href, shell: shellSheets } : null };
      cached.pages.set(key, styles);
    }
    return styles;
  };
}
