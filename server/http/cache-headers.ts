// How answers may be cached, where their routes do not decide it well (issue 37): a member's answers and
// pages are never stored by anyone (`Cache-Control: no-store`): every /api/my/ answer, the signed-in
// account (/api/social/accounts) and the member-only pages of the page table (domain/pages.ts `private`),
// whose shell the page routes would otherwise send as a kept, public answer. Every 404 says how it may be
// cached and what it varies on (`no-cache` and `Vary` where its route set neither), so a shared cache never
// keeps one by guesswork. One onSend hook on the root instance, as the security headers are.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPage } from '../../domain/pages.ts';
import { isApiPath } from '../pages/spa.ts';

export const MEMBER_CACHE_CONTROL = 'no-store';
const NOT_FOUND_CACHE_CONTROL = 'no-cache';
const API_VARY = 'Authorization, Accept-Encoding';
const PAGE_VARY = 'Accept-Encoding';

const pathnameOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/** Whether the request is for a member's own answer or a member-only page. */
export function isMemberAddress(request: FastifyRequest): boolean {
  const pathname = pathnameOf(request.url);
  if (isApiPath(pathname)) {
    return pathname === '/api/my' || pathname.startsWith('/api/my/') || pathname === '/api/social/accounts';
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const page = matchPage(decoded)?.page;
  return page !== undefined && 'private' in page && page.private === true;
}

/** Adds the hook to `app` (the root instance). */
export function registerCacheHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isMemberAddress(request)) {
      reply.header('cache-control', MEMBER_CACHE_CONTROL);
    } else if (reply.statusCode === 404 && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', NOT_FOUND_CACHE_CONTROL);
    }
    if (reply.statusCode === 404 && !reply.hasHeader('vary')) {
      reply.header('vary', isApiPath(request.url) ? API_VARY : PAGE_VARY);
    }
    return payload;
  });
}
