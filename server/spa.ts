// The built SPA (dist/): hashed assets cached for a year, other files briefly, and index.html (never
// cached) for every other GET outside /api, so client routes, unknown paths included, reach the SPA's
// router (which shows "Page Not Found" itself).
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

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
    setHeaders: (reply: FastifyReply, path: string) => {
      const value = path.startsWith(assets) ? IMMUTABLE : path.endsWith('.html') ? NO_CACHE : SHORT;
      reply.header('cache-control', value);
    },
  });
  return true;
}

/** Sends the SPA shell (used by the not-found handler for client routes). */
export const sendSpaShell = (reply: FastifyReply): FastifyReply =>
  reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html');
