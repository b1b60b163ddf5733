// The built SPA (dist/): hashed assets cached for a year, other files briefly, and index.html (never
// cached) for every other GET outside /api: with the page's tab title and robots for the paths the
// client's routes answer (domain/pages.ts), and with 404 and "Page Not Found" for any other
// path, whose view the SPA's router then shows.
//
// Assets are compressed once, at build (scripts/vite-precompress.ts, brotli and gzip siblings). For
// `x.js`, @fastify/static (`preCompressed`) sends `x.js.br` or `x.js.gz` as the request's Accept-Encoding
// allows (by its q-values; brotli on a tie), else x.js itself, always with `vary: accept-encoding`. A
// sibling goes out with x.js's content type and its content-encoding, which keeps @fastify/compress from
// compressing it again; its ETag and Last-Modified are its own.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headOfMatch, matchPage } from '../../domain/pages.ts';
import { escapeHtml } from '../http/html.ts';
import { notFoundSeo } from '../seo/metadata.ts';
import { renderHead } from '../seo/head.ts';
import type { ShellRenderer } from '../render/ssr.ts';
import { sharedPage, type AnswerCache, type Produced } from '../http/answer-cache.ts';
import { hasMemberHint, withViewerMarksHeld } from '../render/member-hint.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';
const PRECOMPRESSED = /\.(?:br|gz)$/;

/** The API's addresses: never a static file or a page. */
export const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Registers the static files of distDir; false when there is no built SPA there. */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<boolean> {
  if (distDir === null || !existsSync(join(distDir, 'index.html'))) return false;
  const assets = join(distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    preCompressed: true,
    // path is the file sent: for a precompressed answer, the .br or .gz sibling
    setHeaders: (reply: FastifyReply, sent: string) => {
      const path = sent.replace(PRECOMPRESSED, '');
      const value = path.startsWith(assets) ? IMMUTABLE : path.endsWith('.html') ? NO_CACHE : SHORT;
      reply.header('cache-control', value);
    },
  });
  return true;
}

/** index.html of distDir, read again when the file changes. */
export function shellReader(distDir: string): () => Promise<string> {
  const file = join(distDir, 'index.html');
  let cached: { mtimeMs: number; size: number; text: string } | null = null;
  return async () => {
    const info = await stat(file);
    if (cached === null || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = { mtimeMs: info.mtimeMs, size: info.size, text: await readFile(file, 'utf8') };
    }
    return cached.text;
  };
}

/**
 * The shell for a path the catalog's metadata does not cover: a client route gets its tab title (and
 * `noindex` when private), any other path 404 with the "Page Not Found" head.
 */
export function shellFor(template: string, pathname: string): { status: 200 | 404; html: string } {
  const matched = matchPage(pathname);
  if (!matched) return { status: 404, html: renderHead(template, notFoundSeo()) };
  const { title, noindex } = headOfMatch(matched);
  let html = template;
  if (title !== null)
    html = html.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, `<title>${escapeHtml(title)}</title>`);
  if (noindex)
    html = html.replace(/<\/head\s*>/i, (end) => `  <meta name="robots" content="noindex" />\n  ${end}`);
  return { status: 200, html };
}

/**
 * Sends the SPA shell for a client route, or 404 for a path no route answers. With a renderer, what it
 * renders (terms, privacy, support with their content; a member page's header and footer, the same for
 * everyone) is kept with the other anonymous answers, as the catalog's pages are (server/pages/routes.ts).
 * A 404 is made for each request.
 */
export async function sendSpaShell(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: () => Promise<string>,
  render: ShellRenderer | null = null,
  answers: AnswerCache | null = null,
): Promise<FastifyReply> {
  const url = request.url;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    pathname = url;
  }
  if (render !== null && answers !== null) {
    return sharedHtml(answers, request, reply, async (hold) => {
      const { status, html } = shellFor(await shell(), pathname);
      const headed = hold(html);
      const rendered = await render(url, headed);
      if (rendered === null) return { status, type: HTML, body: headed, keep: false };
      return { status: status === 404 ? 404 : rendered.status, type: HTML, body: rendered.html };
    });
  }
  const { status, html } = shellFor(await shell(), pathname);
  const rendered = render ? await render(url, html) : null;
  return reply
    .status(status)
    .header('cache-control', NO_CACHE)
    .type(HTML)
    .send(rendered?.html ?? html);
}

export const HTML = 'text/html; charset=utf-8';

/**
 * A page rendered for visitors, kept with the other anonymous answers (server/http/answer-cache.ts). It is
 * the same for everyone but for the member hint (the viewer marks held, server/render/member-hint.ts): two
 * kept versions of each address, and `Vary: Cookie` so that a browser keeps them apart too. `make` gets
 * the function that holds the marks of a page when the request has the hint.
 */
export function sharedHtml(
  answers: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  make: (hold: (html: string) => string) => Promise<Produced>,
  onServe?: (meta: unknown) => void,
): Promise<FastifyReply> {
  const held = hasMemberHint(request.headers.cookie);
  const hold = (html: string) => (held ? withViewerMarksHeld(html) : html);
  const key = `html ${held ? 'held' : 'plain'} ${request.url}`;
  return sharedPage(answers, request, reply, key, () => make(hold), ['Accept-Encoding', 'Cookie'], onServe);
}
