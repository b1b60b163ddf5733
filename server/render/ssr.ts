// Server rendering (issue 18): the built server entry (dist-ssr/entry-server.js, from src/entry-server.tsx)
// renders a page's markup into the shell's #root, with the snapshots it was rendered from in a JSON data
// block that the browser starts its actors from (src/app/hydrate.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SERVER_STATE_ID,
  type RenderedPage,
  type RenderPage,
  type ServerCatalog,
} from '../../domain/server-render.ts';
import type { Queryable } from '../db/index.ts';
import { escapeHtml } from '../http/html.ts';
import { serverCatalog } from './catalog.ts';
import { scriptsAfterPaint } from './scripts.ts';
import { NO_STYLES, rendersContent, routeStyles, type PageStyles, type RouteStyles } from './styles.ts';

export { rendersContent };

export type { RenderPage };

export const DEFAULT_SSR_DIR = join(import.meta.dirname, '..', '..', 'dist-ssr');

/** The renderer `npm run build` made, or null when there is none (the API alone, or an old build). */
export async function loadRenderer(dir: string = DEFAULT_SSR_DIR): Promise<RenderPage | null> {
  const file = join(dir, 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
  return module.renderPage ?? null;
}

const ROOT = /<div id="root"><\/div>/;
const NOSCRIPT = /\s*<noscript\b[\s\S]*?<\/noscript\s*>/i;
const HEAD_END = /<\/head\s*>/i;

/**
 * The shell with the rendered page in #root and its data block after it. A page rendered with its
 * content works without JavaScript, so the shell's note asking for it goes. `styles` (the CSS of the
 * page's route, server/render/styles.ts) are linked at the end of the head, after the shell's own, so the
 * page paints styled before its scripts run; when the build bundled the shell's and the page's into one
 * file, that file takes the shell's link's place, and the page's own are marked `disabled` (not fetched,
 * but known to the preload helper as loaded).
 */
export function fillShell(template: string, page: RenderedPage, styles: PageStyles = NO_STYLES): string {
  if (!ROOT.test(template)) return template;
  const data =
    page.state === null
      ? ''
      : `\n    <script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>`;
  let html = template.replace(ROOT, () => `<div id="root">${page.html}</div>${data}`);
  const bundled = styles.bundle !== null && linkBundle(html, styles.bundle);
  if (bundled !== false) html = bundled;
  const links = styles.stylesheets
    .map(
      (href) => `<link rel="stylesheet" href="${escapeHtml(href)}"${bundled === false ? '' : ' disabled'}>`,
    )
    .filter((tag) => !html.includes(tag));
  if (links.length > 0) html = html.replace(HEAD_END, (end) => `  ${links.join('\n    ')}\n  ${end}`);
  return page.state === null ? html : html.replace(NOSCRIPT, '');
}

/** The shell's stylesheet links replaced by the bundle's one; false when the shell does not link them all. */
function linkBundle(html: string, bundle: NonNullable<PageStyles['bundle']>): string | false {
  let out = html;
  for (const [i, href] of bundle.shell.entries()) {
    const tag = new RegExp(
      `<link rel="stylesheet"[^>]*\\shref="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    );
    if (!tag.test(out)) return false;
    // the first takes the bundle's link, in its place in the head; the others go
    out = out.replace(tag, () =>
      i === 0 ? `<link rel="stylesheet" href="${escapeHtml(bundle.href)}">` : '',
    );
  }
  return bundle.shell.length > 0 ? out : false;
}

/** Renders the page at an address into a shell; null when rendering failed (the shell then goes as it is). */
export type ShellRenderer = (
  url: string,
  shell: string,
) => Promise<{
  html: string;
  status: 200 | 404;
  /** the prompt the page shows */ promptId: number | null;
} | null>;

/**
 * The renderer the page routes use: public pages with their content and the stylesheets of their route
 * (`styles`: default the built dist/'s), member pages as the header and footer (the browser renders the
 * rest, and its stylesheets come with its code; the shell's stylesheet covers the header and footer), each
 * with the catalog answered from the database.
 */
export function shellRenderer(
  renderPage: RenderPage,
  db: Queryable,
  origin: string,
  log: { error: (details: object, message: string) => void },
  styles: RouteStyles = routeStyles(),
): ShellRenderer {
  const catalog = serverCatalog(db, origin);
  return async (url, shell) => {
    const pathname = new URL(url, 'http://localhost').pathname;
    // the prompt a page shows, whose view its route counts each time the page is sent
    let promptId: number | null = null;
    const seen: ServerCatalog = {
      ...catalog,
      async getPrompt(id) {
        const answer = await catalog.getPrompt(id);
        if (answer.found) promptId = answer.prompt.id;
        return answer;
      },
    };
    try {
      const content = rendersContent(pathname);
      const page = await renderPage({ url, origin, catalog: seen, shellOnly: !content });
      const filled = fillShell(shell, page, content ? await styles(pathname, shell) : NO_STYLES);
      // a page with its content needs no script to be seen: they load after its first paint
      const html = page.state === null ? filled : scriptsAfterPaint(filled);
      return { html, status: page.status, promptId };
    } catch (error) {
      // the shell alone still works: the browser renders the page as it did before server rendering
      log.error({ err: error, url }, 'server rendering failed');
      return null;
    }
  };
}
