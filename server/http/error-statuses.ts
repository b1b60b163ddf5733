// The answers each API operation can give besides its 200, for the OpenAPI document (server/http/openapi.ts
// adds them to every operation it collects). Part of them follows from how a route is declared:
//   400  any operation: a schema refusal (server/http/errors.ts validationMessage), a body or URL Fastify
//        cannot parse, a value the database refused (DATABASE_REJECTED), a request the HTTP parser cannot
//        read (errors.ts clientErrorAnswer); every one a failure envelope
//   408  any operation: the request did not arrive in time (the HTTP parser, errors.ts CLIENT_ERRORS)
//   431  any operation: the URL and headers are over Node's limit (idem)
//   421  any operation, in development only: a Host that is not this machine's (server/http/host-guard.ts)
//   401  a route guarded by `requireUser` (server/auth/plugin.ts) in onRequest or preHandler
//   404  a route with path parameters (what they name does not exist, or a parameter is empty)
//   413  a body over the limit (any method with a body: Fastify reads the body of every POST)
//   415  a body of a content type no parser takes (idem)
//   414  a path parameter over the router's 100 characters (server/http/errors.ts FRAMEWORK_ERRORS)
//   429  a route with a per-client limit of @fastify/rate-limit (`config.rateLimit`, server/auth perIp)
//   500  anything unexpected ("Internal server error"; the fuzzer treats it as a finding)
// The rest is raised by the handlers themselves (`new ApiError(...)`, `notFound`, the per-address and
// per-account limiters, `reply.status(304)`), found in the route modules and listed in HANDLER_STATUSES.
// tests/api/fuzz.test.ts checks every answer against the statuses documented here and their schemas.
import type { RouteOptions } from 'fastify';

type JsonSchema = Record<string, unknown>;

/** Methods whose body Fastify parses (and so can refuse as too large or of an unknown type). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The statuses each handler raises itself, by `METHOD /url` (Fastify's pattern), from the code of its
 * module. 304: the handler answers If-None-Match (server/http/answer-cache.ts sharedJson, or its own ETag).
 */
export const HANDLER_STATUSES: Readonly<Record<string, readonly number[]>> = {
  // server/app.ts: the database did not answer
  'GET /api/health': [503],
  // server/catalog/routes.ts: saved=1 needs a member; sharedJson answers 304; unknown prompt or image
  'GET /api/prompts': [304, 401],
  'GET /api/prompts/home': [304],
  'GET /api/prompts/recommended': [304],
  'GET /api/prompts/related': [304, 404],
  'GET /api/prompts/detail': [304, 404],
  'GET /api/images/prompts/:id/:n.webp': [304, 404],
  // server/auth/*-routes.ts: wrong credentials, unverified address, malformed address or weak password,
  // the per-address limits, a taken address, an expired link, no identity provider, the provider's refusal
  'POST /api/social/login': [401, 403, 422, 429],
  'POST /api/social/register': [409, 422, 429],
  'POST /api/social/resend-verification': [422, 429],
  'POST /api/social/verify-email': [410],
  'GET /api/social/authorize': [503],
  // server/auth/social-users.ts 403 (the provider's address is not verified); server/auth/google.ts 502
  'POST /api/social/exchange': [403, 502],
  // server/commerce/ (checkout.ts, pending-orders.ts, exchange.ts…): unknown prompt, order, coupon, session or offer; owned, full cart, not
  // enough FruitCoins, already paid or cancelled; no payment page on this server (payments.ts 503)
  'POST /api/my/cart/add': [404, 409],
  'POST /api/my/orders': [404, 409, 503],
  'POST /api/my/orders/:orderId/cancel': [409],
  'POST /api/my/orders/:orderId/pay': [409, 503],
  'POST /api/my/exchange': [404, 409],
  // server/commerce/topups.ts: unknown pack or session; no payment page
  'POST /api/my/fruit/topups': [404, 503],
  'POST /api/my/fruit/topups/confirm': [404],
  // server/account/*-routes.ts: the keyed limiters; a malformed address (support.ts); the avatar's checks
  'POST /api/support/requests': [422, 429],
  'POST /api/my/profile/avatar/generated': [429],
  'POST /api/my/profile/avatar': [422, 429],
  'GET /api/avatars/:file': [304],
  'POST /api/my/settings/password': [403, 409, 429],
  // server/catalog/favorites-routes.ts: unknown prompt
  'POST /api/my/favorites': [404],
  'POST /api/my/favorites/remove': [404],
  // server/catalog/categories.ts, server/pages/routes.ts: unknown category or page; sharedJson's 304
  'GET /api/categories': [304, 404],
  'GET /api/categories/:id': [304],
  'GET /api/seo/metadata': [304, 404],
  // server/share/routes.ts: unknown prompt; the anonymous links' limit per client
  'POST /api/share': [404, 429],
  // server/operator/support-routes.ts (operatorGuard: 403 the operator API is off, 401 wrong token, 429
  // too many wrong tokens); unknown request
  'GET /api/operator/support': [401, 403, 429],
  'GET /api/operator/support/:id': [401, 403, 429],
  'POST /api/operator/support/:id/reply': [401, 403, 429],
  // server/operator/catalog-routes.ts (operatorGuard as above): not a usable image (422), not raw bytes
  // (415); an import with invalid lines (400, every error); unknown image file or slug (404)
  'POST /api/operator/catalog/images': [401, 403, 415, 422, 429],
  'GET /api/operator/catalog/images/:sha256': [401, 403, 429],
  'POST /api/operator/catalog/import': [401, 403, 429],
  'GET /api/operator/catalog/export': [401, 403, 429],
  'POST /api/operator/catalog/prompts/:slug/hide': [401, 403, 429],
  'POST /api/operator/catalog/prompts/:slug/show': [401, 403, 429],
  'POST /api/operator/catalog/prompts/:slug/price': [401, 403, 429],
  'POST /api/operator/offers': [401, 403, 429],
};

/** Media types of operations whose 200 is not the envelope. */
export const SUCCESS_MEDIA: Readonly<Record<string, string>> = {
  'GET /api/images/prompts/:id/:n.webp': 'image/webp',
  'GET /api/avatars/:file': 'image/webp',
  'GET /api/operator/catalog/images/:sha256': 'image/webp',
};

export const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  304: 'Not Modified: the copy named by If-None-Match is current (no body)',
  400: 'Invalid input: a schema refusal (extend.field names the field when there is one), a malformed body or URL, or a malformed HTTP request',
  408: 'Request timeout: the request did not arrive in time (the connection is closed)',
  401: 'Not signed in: no valid bearer token (WWW-Authenticate: Bearer), or wrong credentials',
  403: 'Refused: the address is not verified, or the current password is wrong',
  404: 'Not found: what the path or the input names does not exist',
  409: 'Conflict with the current state (already owned or paid, not enough FruitCoins, address taken)',
  410: 'Gone: the link has expired',
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'The body is of a media type this operation does not take',
  421: 'Misdirected Request (development only): the Host header names neither this machine nor PUBLIC_ORIGIN',
  422: 'Well-formed but unacceptable (a malformed address, a password that breaks the rule, an image size)',
  429: 'Rate limited: extend.retryAfter (and the Retry-After header) gives the seconds to wait',
  431: 'Request header fields too large: the URL and headers together are over the limit of the server',
  500: 'Unexpected failure (never expected: the message is generic, the details are logged)',
  502: 'The identity provider could not be reached or answered nonsense',
  503: 'Unavailable: the database (health), card payment or social sign-in on this server',
};

/** The failure envelope of requirements §C2 (server/http/envelope.ts `fail`): never success, always a message. */
const failureSchema = (extend: Record<string, unknown>): JsonSchema => ({
  type: 'object',
  required: ['success', 'msg', 'extend'],
  properties: {
    success: { type: 'boolean', const: false },
    msg: { type: 'string', minLength: 1, description: 'What went wrong, readable by people' },
    extend: { type: 'object', ...extend },
  },
});
const FIELD = { field: { type: 'string', description: 'The input field at fault, when there is one' } };

/** The failure schemas, in the document's components.schemas (responses refer to them by $ref). */
export const FAILURE_SCHEMAS: Readonly<Record<'Failure' | 'RateLimited', JsonSchema>> = {
  Failure: failureSchema({ properties: FIELD }),
  RateLimited: failureSchema({
    properties: { retryAfter: { type: 'integer', minimum: 1, description: 'Seconds to wait' } },
    required: ['retryAfter'],
  }),
};

const hooksOf = (hook: unknown): unknown[] => (Array.isArray(hook) ? hook : hook === undefined ? [] : [hook]);

/** The route answers 401 without a member: `requireUser` is one of its onRequest or preHandler hooks. */
export const isGuarded = (route: RouteOptions, requireUser: unknown): boolean =>
  requireUser !== undefined &&
  [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)].includes(requireUser);

/**
 * The statuses other than 200 that the operation `method` of `route` can answer, sorted. `requireUser` is
 * the app's guard (server/auth/plugin.ts), recognised in the route's onRequest and preHandler hooks.
 */
export function statusesOf(route: RouteOptions, method: string, requireUser: unknown): number[] {
  // 400, 408 and 431: the HTTP parser answers them for any request, before a route is chosen; 421: the
  // development Host guard, before one is chosen too
  const statuses = new Set<number>([400, 408, 421, 431, 500]);
  if (isGuarded(route, requireUser)) statuses.add(401);
  if (/:[A-Za-z_]/.test(route.url)) {
    statuses.add(404);
    statuses.add(414);
  }
  if (BODY_METHODS.has(method)) {
    statuses.add(413);
    statuses.add(415);
  }
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit !== undefined && config.rateLimit !== false) statuses.add(429);
  for (const status of HANDLER_STATUSES[`${method} ${route.url}`] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The OpenAPI response object of a status other than 200. */
export function responseOf(status: number): Record<string, unknown> {
  const description = STATUS_DESCRIPTIONS[status] ?? 'Failure envelope';
  if (status === 304) return { description };
  const schema = { $ref: `#/components/schemas/${status === 429 ? 'RateLimited' : 'Failure'}` };
  return { description, content: { 'application/json': { schema } } };
}
