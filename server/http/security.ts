// Security headers of every answer (docs/security.md), set in one onSend hook so that API JSON, errors, the
// SPA shell, static files, page metadata documents and redirects all get them:
// - HTML documents: a Content-Security-Policy without inline scripts (the built SPA loads only its own
//   module scripts and stylesheets; JSON-LD is a data block, which script-src does not govern). A document
//   that sets its own policy keeps it (the development stand-ins: no scripts at all, inline styles), with
//   frame-ancestors 'none' added when it has none (an avatar's `default-src 'none'; sandbox`).
// - Everything else: `default-src 'none'`, so a JSON answer or a file opened as a page runs nothing.
// - Always: nosniff, a referrer policy, no framing (frame-ancestors and X-Frame-Options), a Permissions-Policy
//   switching off what the shop never uses, and HSTS when the public origin is https.
// No Access-Control-* header is ever sent: the SPA and the API share one origin (`npm run dev` proxies /api),
// so CORS stays closed, preflights included.
import type { FastifyInstance } from 'fastify';

/** Where Google serves profile pictures (the `picture` claim stored as a Google account's avatar). */
export const GOOGLE_AVATAR_HOSTS = 'https://*.googleusercontent.com';

export interface SecurityOptions {
  /** Real Google sign-in is configured: its profile pictures may be shown. */
  googleAvatars: boolean;
  /** The public origin; https turns on Strict-Transport-Security. */
  publicOrigin: string;
}

/** The policy of the SPA's documents (index.html for every client route). */
export const documentPolicy = (options: Pick<SecurityOptions, 'googleAvatars'>): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // React applies `style={...}` through the CSSOM (element.style), which CSP does not restrict; the
    // build emits only <link rel="stylesheet">. So no 'unsafe-inline' for styles.
    "style-src 'self'",
    `img-src 'self' data:${options.googleAvatars ? ` ${GOOGLE_AVATAR_HOSTS}` : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The policy of everything that is not an HTML document: nothing may run or load if it is opened. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const HSTS = 'max-age=15552000';

/**
 * The headers every answer that is not an HTML document carries (the onSend hook below sets the same), for
 * answers written without Fastify: the HTTP parser's errors (server/http/errors.ts, clientErrorAnswer).
 */
export function resourceHeaders(options: Pick<SecurityOptions, 'publicOrigin'>): Record<string, string> {
  return {
    'content-security-policy': RESOURCE_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(options.publicOrigin.startsWith('https:') ? { 'strict-transport-security': HSTS } : {}),
  };
}

const isHtml = (contentType: unknown): boolean =>
  /^\s*text\/html\b/i.test(Array.isArray(contentType) ? String(contentType[0]) : String(contentType ?? ''));

/** Adds the hook to `app` (call on the root instance before any route is registered). */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const documentCsp = documentPolicy(options);
  const https = options.publicOrigin.startsWith('https:');

  app.addHook('onSend', async (_request, reply, payload) => {
    const own = reply.getHeader('content-security-policy');
    if (own === undefined) {
      reply.header(
        'content-security-policy',
        isHtml(reply.getHeader('content-type')) ? documentCsp : RESOURCE_POLICY,
      );
    } else if (!/(^|;)\s*frame-ancestors\s/i.test(String(own))) {
      // A route's own policy (an avatar's sandbox) is kept, and framing is refused there too.
      reply.header('content-security-policy', `${String(own)}; frame-ancestors 'none'`);
    }
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.header('strict-transport-security', HSTS);
    // Closed CORS: nothing here may open it, whatever a plugin did.
    for (const name of Object.keys(reply.getHeaders())) {
      if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
    }
    return payload;
  });
}
