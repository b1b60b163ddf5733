// The stylesheets of a page the server renders (issue 18). index.html links the first load's stylesheet
// (src/main.tsx: tokens, element defaults, buttons, the shell); every view's styles come with its lazy
// chunk (src/styles/), which the browser fetches when it runs the route's code. A rendered page is
// painted before that, so its head links the stylesheets of the route chunk(s) that render it, as the
// client build's manifest (dist/.vite/manifest.json, vite.config.ts) lists them: the CSS of each chunk
// and of every chunk it imports statically, dependencies first (the order Vite's preload helper adds
// them in, so a later stylesheet may override an earlier one), without the shell's own. The browser's
// preload helper finds these links by their href and does not fetch them again.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { matchPage, PAGES, type PagePath } from '../../domain/pages.ts';

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

/** The stylesheets (`/assets/….css`) a page at this pathname renders with, for the shell it fills. */
export type RouteStyles = (pathname: string, shell: string) => Promise<string[]>;

export const DEFAULT_DIST_DIR = join(import.meta.dirname, '..', '..', 'dist');

/** The manifest key of the page index.html loads. */
const SHELL_ENTRY = 'index.html';
/** What the root route renders for an address no page has (src/routes/__root.tsx, notFoundComponent). */
const NOT_FOUND_VIEW = 'src/ui/not-found-view.tsx';
const SPLIT = '?tsr-split=';

/**
 * The file of a page's route, as TanStack Router's file routes name it (src/routeTree.gen.ts):
 * `/category/$id` → src/routes/category.$id.tsx, `/category/` → category.index.tsx, a literal dot
 * escaped (`/detail_{$id}.html` → detail_{$id}[.]html.tsx), a member's page under the pathless
 * layout's folder (src/routes/_member/).
 */
export function routeFileOf(path: PagePath): string {
  const name = path
    .slice(1)
    .replace(/\./g, '[.]')
    .replace(/(^|\/)$/, '$1index')
    .replace(/\//g, '.');
  return `src/routes/${'private' in PAGES[path] ? '_member/' : ''}${name}.tsx`;
}

/**
 * The manifest keys of the chunks that render a pathname: its route's component chunks (autoCodeSplitting
 * keys them `src/routes/index.tsx?tsr-split=component---loader`; an errorComponent or notFoundComponent
 * chunk only loads on an error), or the not-found view when no page has the address.
 */
export function renderingChunks(manifest: Manifest, pathname: string): string[] {
  const matched = matchPage(pathname);
  if (!matched) return [NOT_FOUND_VIEW];
  const file = routeFileOf(matched.path);
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
  const shell = new Set(stylesheetsOf(manifest, [SHELL_ENTRY]));
  return stylesheetsOf(manifest, renderingChunks(manifest, pathname))
    .filter((css) => !shell.has(css))
    .map((css) => `/${css}`);
}

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/;

/**
 * The stylesheets of dist/'s pages, from its manifest, read again when the file changes (a new build).
 * None when there is no manifest, or when it is another build's than the shell's (its entry script
 * differs: a build half written, a test's own shell): a page then paints with the shell's stylesheet
 * and gets the rest with its code, as before server rendering.
 */
export function routeStyles(distDir: string = DEFAULT_DIST_DIR): RouteStyles {
  const file = join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; size: number; manifest: Manifest; pages: Map<string, string[]> } | null =
    null;
  return async (pathname, shell) => {
    const info = await stat(file).catch(() => null);
    if (!info) return [];
    if (cached === null || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
      cached = { mtimeMs: info.mtimeMs, size: info.size, manifest, pages: new Map() };
    }
    if (ENTRY_SCRIPT.exec(shell)?.[1] !== cached.manifest[SHELL_ENTRY]?.file) return [];
    // one answer per page (all of a route's addresses share it), not per address
    const key = matchPage(pathname)?.path ?? NOT_FOUND_VIEW;
    let hrefs = cached.pages.get(key);
    if (!hrefs) {
      hrefs = pageStylesheets(cached.manifest, pathname);
      cached.pages.set(key, hrefs);
    }
    return hrefs;
  };
}
