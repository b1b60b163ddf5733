// The fuzz tests' view of the app: every route it registered (enumerated from the app itself), the schemas
// of those routes (from the app's own OpenAPI document, which server/http/openapi.ts collects with an
// onRoute hook from the route schemas), a server like server/main.ts runs it (SPA shell with page
// metadata), and the checks every answer must pass. Used by tests/api/fuzz.test.ts.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DATABASE_REJECTED } from '../../../server/http/errors.ts';
import type { TestServer } from '../../support/server.ts';
import { createPageServer } from './catalog.ts';
import type { JsonSchema } from './fuzz-schema.ts';

// The server ---------------------------------------------------------------------------------------------

const PLENTY = { max: 1_000_000, windowMs: 60_000 };

/**
 * The app as server/main.ts builds it (SPA shell in a temporary dist/, page metadata on), on a fresh copy
 * of the seeded database. Rate limits are raised out of the way: a 429 is a fine answer, but it would stop
 * the fuzzer from reaching the handlers behind the limit after the first few runs.
 */
export function createFuzzServer(): Promise<TestServer & { dist: string }> {
  return createPageServer({
    script: 'console.log("fuzz");',
    files: { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    app: {
      share: { anonymousPerIp: PLENTY },
      auth: {
        rateLimits: {
          loginPerIp: PLENTY,
          loginFailuresPerEmailAndIp: PLENTY,
          loginFailuresPerEmail: PLENTY,
          registerPerIp: PLENTY,
          registerPerEmail: PLENTY,
          resendPerIp: PLENTY,
          mailPerEmailMinute: PLENTY,
          mailPerEmailHour: PLENTY,
          guestPerIp: PLENTY,
          socialPerIp: PLENTY,
          verifyPerIp: PLENTY,
        },
      },
      account: {
        rateLimits: {
          supportPerIp: PLENTY,
          supportPerAccount: PLENTY,
          supportPerEmail: PLENTY,
          passwordPerIp: PLENTY,
          passwordFailuresPerAccount: PLENTY,
          avatarPerAccount: PLENTY,
        },
      },
    },
  });
}

// The routes ---------------------------------------------------------------------------------------------

/**
 * What a route answers when all is well: `json` the envelope; `binary` an image when found, the envelope
 * otherwise; `document` JSON that is not an envelope; `page` HTML, XML, text, static files or redirects.
 */
/** `foreign`: another service's protocol spoken by a stand-in (Stripe's API): JSON in that service's shape. */
export type RouteKind = 'json' | 'binary' | 'document' | 'page' | 'foreign';

export interface RouteSchemas {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

export interface FuzzRoute {
  method: string;
  /** Fastify's pattern, e.g. /api/my/orders/:orderId/cancel. */
  url: string;
  /** The path parameters, in order (`*` for the SPA's wildcard). */
  params: string[];
  /** From the OpenAPI document (or PAGE_SCHEMAS); null for routes that declare no schema. */
  schemas: RouteSchemas | null;
  /** The body is an HTML form (application/x-www-form-urlencoded) rather than JSON. */
  form: boolean;
  kind: RouteKind;
}

/**
 * The routes that legitimately answer something other than the envelope, each with what it answers.
 * Every enumerated route outside this list must answer envelopes; every route on it must exist.
 */
export const NON_ENVELOPE_ROUTES: Record<string, { kind: Exclude<RouteKind, 'json'>; answers: string }> = {
  '/api/openapi.json': { kind: 'document', answers: 'the OpenAPI 3.1 document itself' },
  '/api/images/prompts/:id/:n.webp': { kind: 'binary', answers: 'image/webp (errors: envelope)' },
  '/api/avatars/:file': { kind: 'binary', answers: 'image/webp (errors: envelope)' },
  '/': { kind: 'page', answers: 'the SPA shell (HTML)' },
  '/*': { kind: 'page', answers: 'static files of dist/, else the SPA shell' },
  '/recommended': { kind: 'page', answers: 'the SPA shell with page metadata' },
  '/search': { kind: 'page', answers: 'the SPA shell with page metadata' },
  '/category': { kind: 'page', answers: 'the SPA shell with page metadata' },
  '/category/:id': { kind: 'page', answers: 'the SPA shell with page metadata, 404 page' },
  '/detail/:slugId': { kind: 'page', answers: 'the SPA shell with page metadata, 404 page' },
  '/detail_:id.html': { kind: 'page', answers: 'the SPA shell with page metadata, 404 page' },
  '/robots.txt': { kind: 'page', answers: 'text/plain' },
  '/sitemap.xml': { kind: 'page', answers: 'application/xml' },
  '/sitemap-:name.xml': { kind: 'page', answers: 'application/xml, 404 text/plain' },
  '/dev-idp/authorize': { kind: 'page', answers: 'the development identity provider (HTML, 302)' },
  '/dev-pay/:sessionId': { kind: 'page', answers: 'the development payment page (HTML)' },
  '/dev-pay/:sessionId/pay': { kind: 'page', answers: 'HTML, 303 to the paid page' },
  '/dev-pay/:sessionId/cancel': { kind: 'page', answers: 'HTML, 303 to the pending page' },
  '/dev-stripe/v1/checkout/sessions': {
    kind: 'foreign',
    answers: "Stripe's API: a Checkout Session or error",
  },
  '/dev-stripe/v1/checkout/sessions/:id': {
    kind: 'foreign',
    answers: "Stripe's API: a Checkout Session or error",
  },
  '/dev-stripe/pay/:id': { kind: 'page', answers: 'the Stripe stand-in checkout page (HTML)' },
  '/dev-stripe/pay/:id/pay': { kind: 'page', answers: 'HTML, 303 to the success URL' },
  '/dev-stripe/pay/:id/cancel': { kind: 'page', answers: 'HTML, 303 to the cancel URL' },
};

/**
 * The schemas of the routes outside /api, which the OpenAPI document leaves out: written here from their
 * modules (server/auth/dev-idp.ts AuthorizeQuery and AuthorizeForm, server/commerce/dev-pay.ts Params),
 * which do not export them. `form`: the body is an HTML form post, not JSON.
 */
const optionalStrings = (fields: Record<string, number>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(fields).map(([name, maxLength]) => [name, { type: 'string', maxLength }]),
  ),
  required: [],
});
const SESSION_PARAMS: JsonSchema = {
  type: 'object',
  properties: { sessionId: { type: 'string', maxLength: 128 } },
  required: ['sessionId'],
};
const STRIPE_ID: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 255 } },
  required: ['id'],
};
export const PAGE_SCHEMAS: Record<string, RouteSchemas & { form?: boolean }> = {
  'GET /dev-idp/authorize': {
    querystring: optionalStrings({
      client_id: 64,
      redirect_uri: 2048,
      state: 512,
      response_type: 32,
      scope: 256,
      nonce: 512,
      code_challenge: 128,
      code_challenge_method: 16,
    }),
  },
  'POST /dev-idp/authorize': {
    body: optionalStrings({
      state: 512,
      redirect_uri: 2048,
      nonce: 512,
      code_challenge: 128,
      code_challenge_method: 16,
      email: 320,
      name: 200,
      action: 16,
    }),
    form: true,
  },
  'GET /dev-pay/:sessionId': { params: SESSION_PARAMS },
  'POST /dev-pay/:sessionId/pay': { params: SESSION_PARAMS, form: true },
  'POST /dev-pay/:sessionId/cancel': { params: SESSION_PARAMS, form: true },
  'GET /dev-stripe/pay/:id': { params: STRIPE_ID },
  'POST /dev-stripe/pay/:id/pay': { params: STRIPE_ID, form: true },
  'POST /dev-stripe/pay/:id/cancel': { params: STRIPE_ID, form: true },
  'GET /dev-stripe/v1/checkout/sessions/:id': { params: STRIPE_ID },
  // Stripe's form encoding of nested parameters (server/commerce/stripe-stand-in/form.ts)
  'POST /dev-stripe/v1/checkout/sessions': {
    body: optionalStrings({ mode: 32, success_url: 2048 }),
    form: true,
  },
};

const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** Every (method, url) of app.printRoutes(), which lists the router's tree, HEAD routes included. */
export function enumerateRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth === 0 ? '' : stack[depth - 1]!) + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) out.push({ method, url });
    }
  }
  return out;
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

const objectOf = (parameters: OpenApiParameter[]): JsonSchema | undefined =>
  parameters.length === 0
    ? undefined
    : {
        type: 'object',
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
        required: parameters.filter((p) => p.required).map((p) => p.name),
      };

/** The routes with their schemas and kinds. */
export async function fuzzRoutes(app: FastifyInstance): Promise<FuzzRoute[]> {
  const doc = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  return enumerateRoutes(app).map(({ method, url }) => {
    const operation = doc.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
    const parameters = operation?.parameters ?? [];
    const page = PAGE_SCHEMAS[`${method} ${url}`];
    const schemas: RouteSchemas | null = operation
      ? {
          params: objectOf(parameters.filter((p) => p.in === 'path')),
          querystring: objectOf(parameters.filter((p) => p.in === 'query')),
          body: operation.requestBody?.content['application/json'].schema,
        }
      : (page ?? null);
    const params = [...url.matchAll(/:([A-Za-z_]\w*)|\*/g)].map((m) => m[1] ?? '*');
    const listed = NON_ENVELOPE_ROUTES[url];
    const kind: RouteKind = listed?.kind ?? 'json';
    return { method, url, params, schemas, form: page?.form === true, kind };
  });
}

// The answers --------------------------------------------------------------------------------------------

const STACK_TRACE = /\bat .+\.(?:ts|js|mjs):\d+/;

export class AnswerError extends Error {
  override name = 'AnswerError';
}

const fail = (what: string, res: LightMyRequestResponse): never => {
  const body = res.rawPayload.subarray(0, 300).toString('utf8');
  throw new AnswerError(
    `${what} (status ${res.statusCode}, content-type ${String(res.headers['content-type'])}): ${body}`,
  );
};

/** The text of an answer, decompressed when the client asked for compression. */
export function textOf(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.payload;
}

/**
 * Fastify's router answers a path it cannot decode (FST_ERR_BAD_URL, 400) or a path parameter over 100
 * characters (FST_ERR_MAX_PARAM_LENGTH, 414) itself, before any hook or error handler, unless the app is
 * constructed with the `frameworkErrors` option (server/http/errors.ts frameworkErrors; the constructor
 * is in server/app.ts). `routerAnswersEnvelopes(app)` probes which is the case; while it is not, those two
 * exact answers are tolerated here (and the regression test of frameworkErrors covers the envelope).
 */
export async function routerAnswersEnvelopes(app: FastifyInstance): Promise<boolean> {
  const res = await app.inject('/api/share/%zz');
  return res.json<{ success?: unknown }>().success === false;
}
const ROUTER_ANSWER =
  /^\{"error":"Bad Request","code":"FST_ERR_(?:BAD_URL|MAX_PARAM_LENGTH)","message":"'(?:[^"\\]|\\.)*' is (?:not a valid url component|exceeding the max param length)","statusCode":(?:400|414)\}$/;
export const checks = { tolerateRouterAnswers: false };

/**
 * The answers of server/http/errors.ts when the database refused a value (a NUL in text, a number out of
 * range): a 4xx, but the input got past the schema and the handler into SQL, so the fuzzer reports them.
 * Routes of modules this test may not change are listed with the fix they need (see the report of issue 9).
 */
const DATABASE_MESSAGES = new Set(Object.values(DATABASE_REJECTED).map((r) => r.msg));
export const DATABASE_REJECTIONS_KNOWN: Record<string, string> = {};

/** Throws unless the answer is the envelope of requirements §C2 with a fitting status and JSON type. */
export function checkEnvelope(
  res: LightMyRequestResponse,
  route?: string,
): { success: boolean; msg: string; extend: object } {
  if (
    checks.tolerateRouterAnswers &&
    (res.statusCode === 400 || res.statusCode === 414) &&
    ROUTER_ANSWER.test(res.payload)
  ) {
    return { success: false, msg: 'router', extend: {} };
  }
  if (!/^application\/json\b/.test(String(res.headers['content-type'] ?? ''))) fail('not JSON', res);
  const text = textOf(res);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('unparsable JSON', res);
  }
  const envelope = body as { success?: unknown; msg?: unknown; extend?: unknown };
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof envelope.success !== 'boolean' ||
    typeof envelope.msg !== 'string' ||
    typeof envelope.extend !== 'object' ||
    envelope.extend === null ||
    Array.isArray(envelope.extend)
  ) {
    fail('not the envelope { success, msg, extend }', res);
  }
  if (envelope.success !== res.statusCode < 400)
    fail(`success ${String(envelope.success)} with this status`, res);
  if (res.statusCode >= 400 && (envelope.msg as string).trim() === '')
    fail('an error without a message', res);
  if (STACK_TRACE.test(text)) fail('a stack trace in the answer', res);
  if (
    DATABASE_MESSAGES.has(envelope.msg as string) &&
    !(route !== undefined && route in DATABASE_REJECTIONS_KNOWN)
  ) {
    fail('the database, not the schema or the handler, refused this input', res);
  }
  return envelope as { success: boolean; msg: string; extend: object };
}

/** Throws unless the answer fits the route: never a 5xx; envelopes where the route answers envelopes. */
export function checkAnswer(
  route: Pick<FuzzRoute, 'kind'> & Partial<Pick<FuzzRoute, 'url'>>,
  method: string,
  res: LightMyRequestResponse,
): void {
  const key = route.url === undefined ? undefined : `${method} ${route.url}`;
  if (res.statusCode >= 500) fail('a server error', res);
  if (method === 'HEAD') return;
  if (route.kind === 'page') {
    // Pages answer what they answer; but JSON from a page route is an envelope too (a schema's 400).
    if (/^application\/json\b/.test(String(res.headers['content-type'] ?? ''))) checkEnvelope(res, key);
    return;
  }
  if (route.kind === 'foreign') {
    // Stripe's shape, not ours, but JSON; a 404 may be the site's page when the router matched no route
    // (an id over its parameter length), as for any address outside /api
    const json = /^application\/json\b/.test(String(res.headers['content-type']));
    if (!json && res.statusCode !== 404) fail('a stand-in API answering no JSON', res);
    return;
  }
  if (route.kind === 'document') {
    if (res.statusCode < 400 && !/^application\/json\b/.test(String(res.headers['content-type']))) {
      fail('a document that is not JSON', res);
    }
    if (res.statusCode >= 400) checkEnvelope(res, key);
    return;
  }
  if (route.kind === 'binary' && res.statusCode < 400) {
    if (res.statusCode === 304) return;
    if (!/^image\//.test(String(res.headers['content-type']))) fail('an image route answering no image', res);
    return;
  }
  checkEnvelope(res, key);
}
