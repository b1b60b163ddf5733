// Development stays on loopback (issue 37): while the development stand-ins are on (they sign in any
// address and show every mail), only requests that name this machine are answered. A DNS-rebinding page (a
// name of its own that later resolves to 127.0.0.1) reaches the server with its name in the Host header:
// it gets 421 Misdirected Request in the envelope, before any route, the static files or a body is read.
// The Host header itself is checked, not X-Forwarded-Host, which such a page can send as it likes. In
// production the guard is off: the proxy in front decides which names reach the server.
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../config.ts';
import { fail } from './envelope.ts';

export const MISDIRECTED_MESSAGE =
  'Misdirected request: this development server answers only at localhost, 127.0.0.1, [::1] or the host of PUBLIC_ORIGIN.';

/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i;

/** The host name a Host header names (lower case, no brackets, no trailing dot), or null if it is no Host. */
export function hostNameOf(header: string | undefined): string | null {
  const match = HOST_HEADER.exec(header ?? '');
  if (match === null) return null;
  const name = (match[1] ?? match[2] ?? '').toLowerCase();
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Whether a request naming this Host may be answered: a loopback name or PUBLIC_ORIGIN's host. */
export function isOurHost(header: string | undefined, publicOrigin: string): boolean {
  const name = hostNameOf(header);
  if (name === null || name === '') return false;
  return isLoopbackHost(name) || name === new URL(publicOrigin).hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Adds the onRequest hook to `app` when the stand-ins are on (call on the root instance, before routes). */
export function registerHostGuard(
  app: FastifyInstance,
  { devStandIns, publicOrigin }: { devStandIns: boolean; publicOrigin: string },
): void {
  if (!devStandIns) return;
  app.addHook('onRequest', async (request, reply) => {
    if (isOurHost(request.headers.host, publicOrigin)) return;
    return reply.status(421).header('cache-control', 'no-store').send(fail(MISDIRECTED_MESSAGE));
  });
}
