// Property-based fuzzing of every route the app registers (issue 9). The routes are enumerated from the
// app itself (app.printRoutes(): methods and patterns, HEAD routes included) and their schemas taken from
// the app's own OpenAPI document (collected from the route schemas by an onRoute hook in
// server/http/openapi.ts). From each route's params, querystring and body schemas fast-check makes valid
// requests, then breaks them: wrong types, missing and extra fields, huge strings (under and over the body
// limit), hostile unicode (NUL, RTL, lone surrogates, emoji), out-of-range numbers, malformed JSON, wrong
// content types, broken path parameters and broken bearer tokens (garbage, expired, wrong key, alg none,
// revoked, foreign). Every answer must be below 500; API routes answer the envelope { success, msg,
// extend } as JSON (the routes that answer something else are listed in NON_ENVELOPE_ROUTES); every
// answer of an operation in the OpenAPI document has a status that operation documents, and a body that
// matches the schema documented for it (server/http/error-statuses.ts says which failures each operation
// documents); and after each route's property the server still answers a health call and a real list call.
//
// Each route runs twice: signed out, and signed in as the demo member, so guarded handlers run past the
// auth check. A fresh demo token is minted for every request, so the fuzzer may sign the member out
// (logout, sign-out-everywhere, a password change that happens to be valid) without starving later
// requests. Deleting the account is the one call that would take the member away: that route signs in
// a throwaway member per request instead (its valid happy path, `{ confirm: "DELETE" }`, is among the
// hints, so the deletion itself gets exercised too).
//
// FUZZ_SEED=<n> picks another seed (fast-check prints seed and path of a failure, to replay it);
// FUZZ_RUNS=<n> changes the runs per API route (default 15); FUZZ_SHRINK=1 shrinks counterexamples;
// FUZZ_STATS=1 prints each route's answers by status (to see how deep the fuzzer gets).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import Value from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { signToken, TOKEN_ISSUER } from '../../server/auth/tokens.ts';
import { newUser } from './support/catalog.ts';
import {
  describe as describeRequest,
  requestArb,
  unknownPathArb,
  type FuzzRequest,
} from './support/fuzz-requests.ts';
import {
  AnswerError,
  checkAnswer,
  checkEnvelope,
  createFuzzServer,
  fuzzRoutes,
  checks,
  NON_ENVELOPE_ROUTES,
  routerAnswersEnvelopes,
  textOf,
  type FuzzRoute,
} from './support/fuzz-routes.ts';
import { validOf, type Hints, type JsonSchema } from './support/fuzz-schema.ts';
import { pctEncode, queryOf } from './support/fuzz-requests.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const API_RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const STATS = process.env.FUZZ_STATS === '1';
const DEMO = 'demo@example.com';

const server = await createFuzzServer();
const routes = await fuzzRoutes(server.app);
// Until server/app.ts passes frameworkErrors to Fastify, the router's own two answers are tolerated (see
// routerAnswersEnvelopes); once it does, they are checked like every other answer.
checks.tolerateRouterAnswers = !(await routerAnswersEnvelopes(server.app));
afterAll(async () => {
  await server.close();
});

// The documented answers ----------------------------------------------------------------------------------

interface DocumentedResponse {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}
interface OpenApiDocument {
  components: { schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
}
const openApi = (await server.app.inject('/api/openapi.json')).json<OpenApiDocument>();
const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** A schema with the document's `#/components/schemas/...` references replaced by what they name. */
const resolved = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(resolved);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const target = openApi.components.schemas[ref.replace('#/components/schemas/', '')];
    if (target === undefined) throw new AnswerError(`the document refers to ${ref}, which it lacks`);
    return resolved(target);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value)]));
};
const resolvedSchemas = new Map<DocumentedResponse, Map<string, unknown>>();
const schemaOf = (response: DocumentedResponse, media: string): unknown => {
  let byMedia = resolvedSchemas.get(response);
  if (byMedia === undefined) resolvedSchemas.set(response, (byMedia = new Map()));
  if (!byMedia.has(media)) byMedia.set(media, resolved(response.content?.[media]?.schema));
  return byMedia.get(media);
};

/**
 * Undocumented answers found by this check that need a fix outside this test's files, each narrowly
 * recognised, with the fix it needs (see the report of issue 20).
 */
const KNOWN_UNDOCUMENTED: { what: string; matches: (url: string, res: LightMyRequestResponse) => boolean }[] =
  [
    {
      // With the SPA served, an /api/ path that no API route takes (a parameter over the router's 100
      // characters, an empty one between two slashes: /api/images/prompts//a/b.webp) falls through to the
      // static files' wildcard route (server/pages/spa.ts), and @fastify/send answers some of those paths 403
      // "Forbidden" (others 404) instead of the API's 414 (server/http/errors.ts FRAMEWORK_ERRORS) or 404
      // "No such API endpoint". Fix: the wildcard leaves /api/ paths to the not-found handler
      // (@fastify/static `allowedPath`), and an over-long parameter of an API route is answered 414.
      what: "an /api/ path no route takes, answered 403 by the static files' wildcard",
      matches: (_url, res) =>
        res.statusCode === 403 &&
        (res.payload === '' || /^\{"success":false,"msg":"Forbidden",/.test(res.payload)),
    },
  ];

/**
 * Throws unless the answer's status is one the operation documents and its body (none for HEAD and 304)
 * matches the schema documented for that status and its media type. Routes the document leaves out
 * (pages, the document itself) are not checked here.
 */
function checkDocumented(
  route: Pick<FuzzRoute, 'url'>,
  method: string,
  url: string,
  res: LightMyRequestResponse,
): void {
  const operation =
    openApi.paths[toOpenApiPath(route.url)]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
  if (operation === undefined) return;
  const response = operation.responses[String(res.statusCode)];
  const where = `${method} ${route.url}`;
  if (response === undefined) {
    if (KNOWN_UNDOCUMENTED.some((known) => known.matches(url, res))) return;
    const documented = Object.keys(operation.responses).join(', ');
    throw new AnswerError(
      `${where} answered ${res.statusCode}, which it does not document (documented: ${documented}): ${res.payload.slice(0, 200)}`,
    );
  }
  if (method === 'HEAD' || res.statusCode === 304 || response.content === undefined) return;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const media = Object.keys(response.content).find((documented) => documented === type);
  if (media === undefined) {
    throw new AnswerError(
      `${where} answered ${res.statusCode} as ${type}, documented as ${Object.keys(response.content).join(', ')}`,
    );
  }
  if (media !== 'application/json') return;
  const body: unknown = JSON.parse(textOf(res));
  const schema = schemaOf(response, media) as Parameters<typeof Value.Check>[0];
  if (!Value.Check(schema, body)) {
    const errors = [...Value.Errors(schema, body)]
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    throw new AnswerError(
      `${where} answered ${res.statusCode} with a body off its documented schema (${errors}): ${textOf(res).slice(0, 200)}`,
    );
  }
}

// Real rows, so valid requests get past "not found" -------------------------------------------------------

const { db, config } = server;
const demo = await db.one<{ id: string; name: string; token_version: number }>(
  'SELECT id, name, token_version FROM users WHERE email = $1',
  [DEMO],
);
const alice = await db.one<{ id: string }>("SELECT id FROM users WHERE email = 'alice@example.com'");
const ids = async (sql: string, params: unknown[] = []): Promise<(string | number)[]> => {
  const rows = await db.query<{ id: string | number }>(sql, params);
  return rows.length > 0 ? rows.map((r) => r.id) : [1];
};
const maxPrompt = (await db.one<{ n: number }>('SELECT max(id)::integer AS n FROM prompts')).n;
const slugIds = await ids("SELECT slug || '-' || sort_id AS id FROM prompts ORDER BY id LIMIT 5");
const orderIds = await ids('SELECT id FROM orders WHERE user_id = $1 ORDER BY id', [demo.id]);
const messageIds = await ids('SELECT id FROM messages WHERE user_id = $1 ORDER BY id LIMIT 20', [demo.id]);
const supportIds = await ids('SELECT id FROM support_requests ORDER BY id LIMIT 10');
const couponIds = await ids('SELECT id FROM coupons WHERE user_id = $1 ORDER BY id', [demo.id]);
const offerIds = await ids('SELECT id FROM exchange_offers ORDER BY id');
const sessionIds = await ids(
  'SELECT s.id FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE o.user_id = $1',
  [demo.id],
);
const shortIds = await ids('SELECT id FROM short_links ORDER BY created_at LIMIT 10');
/** Prompts the demo member can buy (priced, not owned yet). */
const buyable = await ids(
  `SELECT id FROM prompts p WHERE grade > 0
     AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $1 AND a.prompt_id = p.id)
   ORDER BY id LIMIT 40`,
  [demo.id],
);
/** Live OAuth states of the development identity provider (each is used up by its first sign-in). */
const devIdp = await Promise.all(
  Array.from({ length: 12 }, async () => {
    const res = await server.app.inject(
      '/api/social/authorize?provider=google&callback=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback',
    );
    return new URL(res.json<{ extend: { authUrl: string } }>().extend.authUrl, config.publicOrigin)
      .searchParams;
  }),
);
const categoryKeys = [
  'all',
  'free_prompts',
  'fruit_prompts',
  'pay_prompts',
  'free-prompts',
  'premium-prompts',
  '0',
  '2',
];
const demoPassword = encryptPassword('Demo@12345', config.passwordKey);
const newPassword = encryptPassword('Fuzz@Pass12345', config.passwordKey);

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const COMMON_HINTS: Hints = {
  promptId: fc.integer({ min: 1, max: maxPrompt + 3 }),
  promptIds: fc.oneof(
    fc.uniqueArray(pick(buyable), { minLength: 1, maxLength: 3 }),
    fc.array(fc.integer({ min: 1, max: maxPrompt }), { minLength: 1, maxLength: 4 }),
  ),
  couponId: pick(couponIds),
  offerId: pick(offerIds),
  orderId: pick(orderIds.map(String)),
  sessionId: pick(sessionIds),
  shortUrlId: pick(shortIds),
  referral: pick(shortIds),
  slugId: pick(slugIds),
  file: pick([`${demo.id}.webp`, `${alice.id}.webp`, `${randomUUID()}.webp`, `${demo.id}.png`]),
  email: pick([DEMO, 'alice@example.com', 'Fuzz.New@Example.com', 'visitor@example.com']),
  password: pick([demoPassword, newPassword]),
  confirmPassword: pick([demoPassword, newPassword]),
  // A valid password change may happen (demo's password then differs); nothing here signs in with it.
  currentPassword: pick([demoPassword]),
  newPassword: pick([newPassword, demoPassword]),
  recaptchaToken: fc.constant('recaptcha-dummy-token'),
  encrypted: fc.constant(true),
  confirm: fc.constant('DELETE'),
  provider: fc.constant('google'),
  callback: pick([
    'http://localhost:3000/auth/callback',
    'http://localhost:3000/social-callback',
    'http://evil.example/auth/callback',
  ]),
  name: pick(['Demo Member', '  Fuzz  ', 'ש\u202Eמ']),
  pageType: pick(['HOME', 'CATEGORY', 'DETAIL', 'SEARCH']),
  subject: pick(['Where is my order?', '  Refund please  ', 'שלום \u{1F600}', 'ab']),
  message: pick([
    'I bought a prompt yesterday and cannot see its template yet. Could you help?',
    '\u{1F600}'.repeat(30),
    `${'Long message. '.repeat(140)}`,
    'Too short',
  ]),
  body: pick(['Thanks, it is fixed now.', ' ', '\u202Eanswer']),
  client_id: pick([...new Set(devIdp.map((p) => p.get('client_id') ?? ''))]),
  redirect_uri: pick([...new Set(devIdp.map((p) => p.get('redirect_uri') ?? ''))]),
  state: pick(devIdp.map((p) => p.get('state') ?? '')),
  response_type: fc.constant('code'),
  action: pick(['cancel', 'signin', 'sign-in', '']),
  referenceId: pick(['', 'recommended', 'free_prompts', '1', ...slugIds.map(String)]),
};

const hintsFor = (route: FuzzRoute): Hints => {
  const id: Record<string, fc.Arbitrary<unknown>> = {
    '/api/my/messages': pick(messageIds.map(String)),
    '/api/dev/support': pick(supportIds.map(String)),
    '/api/categories': pick(categoryKeys),
    '/category': pick(categoryKeys),
    '/api/prompts': pick([...slugIds, '1', String(maxPrompt), String(maxPrompt + 1)]),
    '/api/images': fc.integer({ min: 1, max: maxPrompt }),
    '/detail_': fc.integer({ min: 1, max: maxPrompt + 1 }),
  };
  const prefix = Object.keys(id).find((p) => route.url.startsWith(p));
  return prefix === undefined ? COMMON_HINTS : { ...COMMON_HINTS, id: id[prefix]! };
};

// Tokens that must not sign anybody in -----------------------------------------------------------------

const secret = config.jwtSecret;
const subject = { id: demo.id, name: demo.name, tokenVersion: demo.token_version };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const validNow = await signToken(subject, secret);
const [, validPayload, validSignature] = validNow.split('.');
const claims = JSON.parse(Buffer.from(validPayload!, 'base64url').toString()) as Record<string, unknown>;
const revoked = await signToken(subject, secret);
expect(
  (
    await server.app.inject({
      method: 'POST',
      url: '/api/social/logout',
      headers: { authorization: `Bearer ${revoked}` },
    })
  ).statusCode,
).toBe(200);
const BAD_AUTH_HEADERS = [
  'Bearer garbage',
  'Bearer ',
  'Bearer',
  'Bearer a.b.c',
  'Bearer ...',
  'Bearer null',
  'Basic ZGVtb0BleGFtcGxlLmNvbTpEZW1vQDEyMzQ1',
  `Bearer ${'a'.repeat(10_000)}`,
  `Bearer eyJ${'A'.repeat(200)}.eyJ.`,
  validNow, // no scheme
  `Bearer ${validNow}${validNow}`,
  `Bearer ${validNow.slice(0, -4)}`,
  `Bearer ${revoked}`,
  // expired a month ago
  `Bearer ${await signToken(subject, secret, { now: Date.now() - 40 * 24 * 3600 * 1000 })}`,
  // signed with another key
  `Bearer ${await signToken(subject, 'another-secret-another-secret-another-secret')}`,
  // alg none, with and without a signature
  `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${validPayload}.`,
  `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${validPayload}.${validSignature}`,
  // another algorithm with the right key
  `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(secret))}`,
  // the payload changed to another member under the old signature
  `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, sub: alice.id })}.${validSignature}`,
  // correctly signed, but for nobody, for a stale version, or with claims of the wrong shape
  `Bearer ${await signToken({ id: randomUUID(), name: 'x', tokenVersion: 0 }, secret)}`,
  `Bearer ${await signToken({ ...subject, tokenVersion: subject.tokenVersion + 7 }, secret)}`,
  `Bearer ${await signToken({ ...subject, id: "1' OR '1'='1" }, secret)}`,
  `Bearer ${await new SignJWT({ ...claims, sub: 42 as unknown as string, ver: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))}`,
  `Bearer ${await new SignJWT({ ...claims, iss: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))}`,
];
/**
 * Correctly signed, with a `ver` beyond PostgreSQL's integer: server/auth (not this test's to change) passes
 * it to SQL, which refuses it, so every route answers 400 "a number is out of range" instead of treating the
 * caller as anonymous (public routes) or answering 401 (/api/my). Fuzzed only once that is fixed; see
 * tests/api/fuzz-regressions.test.ts.
 */
const HUGE_VERSION_TOKEN = await new SignJWT({ ...claims, iss: TOKEN_ISSUER, ver: 2 ** 53 + 2 })
  .setProtectedHeader({ alg: 'HS256' })
  .sign(new TextEncoder().encode(secret));
const hugeVersion = await server.app.inject({
  url: '/api/prompts/home',
  headers: { authorization: `Bearer ${HUGE_VERSION_TOKEN}` },
});
if (hugeVersion.statusCode === 200) BAD_AUTH_HEADERS.push(`Bearer ${HUGE_VERSION_TOKEN}`);

// Sending and checking -----------------------------------------------------------------------------------

let throwaways = 0;
/** A token of whom a request signs in as: a throwaway member for the account deletion, else the demo member. */
async function tokenFor(route: FuzzRoute): Promise<string> {
  if (route.url === '/api/my/account/delete') {
    throwaways += 1;
    return (await newUser(server, `throwaway-${throwaways}@example.com`)).token;
  }
  return server.tokenFor(DEMO);
}

async function send(route: FuzzRoute, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = { ...request.headers };
  if (request.auth.kind === 'header') headers.authorization = request.auth.value;
  if (request.auth.kind === 'valid') {
    headers.authorization = `${request.auth.scheme} ${await tokenFor(route)}${request.auth.suffix}`;
  }
  return server.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** The server still answers: health, a real list, and (signed in) the member's own orders. */
async function expectHealthy(signedIn: boolean): Promise<void> {
  const health = await server.app.inject('/api/health');
  expect(health.statusCode).toBe(200);
  expect(checkEnvelope(health).extend).toMatchObject({ status: 'ok' });
  const list = await server.app.inject('/api/prompts?pageSize=2');
  expect(list.statusCode).toBe(200);
  expect(list.json<{ extend: { data: unknown[] } }>().extend.data).toHaveLength(2);
  if (signedIn) {
    const orders = await server.app.inject({
      url: '/api/my/orders',
      headers: { authorization: `Bearer ${await server.tokenFor(DEMO)}` },
    });
    expect(orders.statusCode).toBe(200);
    expect(checkEnvelope(orders).success).toBe(true);
  }
}

const runsOf = (route: FuzzRoute): number => {
  if (route.method === 'HEAD') return Math.max(2, Math.round(API_RUNS / 5));
  if (route.kind === 'page') return Math.max(3, Math.round(API_RUNS / 2));
  return API_RUNS;
};

const seedOf = (index: number, signedIn: boolean) => (SEED + index * 7919 + (signedIn ? 104_729 : 0)) | 0;

const readable = (request: FuzzRequest): FuzzRequest =>
  Object.defineProperty(request, fc.toStringMethod, {
    value: () => describeRequest(request),
    enumerable: false,
  });

async function fuzz(route: FuzzRoute, index: number, signedIn: boolean): Promise<void> {
  const statuses: number[] = [];
  const arbitrary = requestArb(route, {
    hints: hintsFor(route),
    signedIn,
    badAuthHeaders: BAD_AUTH_HEADERS,
  }).map(readable);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const res = await send(route, request);
      statuses.push(res.statusCode);
      if (process.env.FUZZ_STATS === '2' && res.statusCode >= 400) {
        console.log(
          `msg ${route.method} ${route.url} ${res.statusCode} ${res.payload.slice(0, 160)} <- ${describeRequest(request).slice(-600)}`,
        );
      }
      checkAnswer(route, request.method, res);
      checkDocumented(route, request.method, request.url, res);
    }),
    { numRuns: runsOf(route), seed: seedOf(index, signedIn), endOnFailure: !SHRINK },
  );
  if (STATS) {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(`fuzz ${signedIn ? 'in ' : 'out'} ${route.method} ${route.url} ${JSON.stringify(counts)}`);
  }
  await expectHealthy(signedIn);
}

// The tests ----------------------------------------------------------------------------------------------

describe('the routes under fuzzing', () => {
  it('are enumerated from the app, with the schemas of its OpenAPI document', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(55);
    // Every API route but the OpenAPI document itself declares its schemas.
    expect(api.filter((r) => r.schemas === null).map((r) => r.url)).toEqual(['/api/openapi.json']);
    // Every route outside the envelope is listed with what it answers, and every listed one exists.
    const urls = new Set(routes.map((r) => r.url));
    expect(routes.filter((r) => !r.url.startsWith('/api/') && r.kind === 'json').map((r) => r.url)).toEqual(
      [],
    );
    expect(Object.keys(NON_ENVELOPE_ROUTES).filter((url) => !urls.has(url))).toEqual([]);
  });
});

describe('the check against the documented answers', () => {
  /** An answer as if it had this status and (optionally) this JSON body. */
  const altered = (
    res: LightMyRequestResponse,
    statusCode: number,
    body?: unknown,
  ): LightMyRequestResponse => {
    const raw = body === undefined ? res.rawPayload : Buffer.from(JSON.stringify(body));
    return Object.create(res, {
      statusCode: { value: statusCode },
      rawPayload: { value: raw },
      payload: { value: raw.toString('utf8') },
    }) as LightMyRequestResponse;
  };
  const share = { url: '/api/share/:shortUrlId' };

  const shareLink = async (): Promise<string> =>
    (await server.app.inject({ method: 'POST', url: '/api/share', payload: { promptId: 1 } })).json<{
      extend: { shortUrlId: string };
    }>().extend.shortUrlId;

  it('passes documented statuses with bodies of their schemas', async () => {
    const found = await server.app.inject(`/api/share/${await shareLink()}`);
    expect(found.statusCode).toBe(200);
    checkDocumented(share, 'GET', '/api/share/x', found);
    const missing = await server.app.inject('/api/share/no-such-link');
    expect(missing.statusCode).toBe(404);
    checkDocumented(share, 'GET', '/api/share/no-such-link', missing);
    const limited = { success: false, msg: 'Too many', extend: { retryAfter: 3 } };
    checkDocumented({ url: '/api/share' }, 'POST', '/api/share', altered(missing, 429, limited));
  });

  it('fails an undocumented status', async () => {
    const missing = await server.app.inject('/api/share/no-such-link');
    expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(missing, 409))).toThrow(
      /answered 409, which it does not document/,
    );
    expect(() => checkDocumented(share, 'HEAD', '/api/share/x', altered(missing, 401))).toThrow(
      /answered 401/,
    );
  });

  it('fails a body off the documented schema', async () => {
    const missing = await server.app.inject('/api/share/no-such-link');
    for (const body of [
      { success: false, msg: '', extend: {} },
      { success: true, msg: 'Not found', extend: {} },
      { success: false, msg: 'Not found' },
      { success: false, msg: 'Not found', extend: { field: 7 } },
    ]) {
      expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(missing, 404, body))).toThrow(
        /off its documented schema/,
      );
    }
    // a 429 says how long to wait
    const noWait = { success: false, msg: 'Too many', extend: {} };
    expect(() =>
      checkDocumented({ url: '/api/share' }, 'POST', '/api/share', altered(missing, 429, noWait)),
    ).toThrow(/off its documented schema/);
    // a success whose data lacks a documented field
    const found = await server.app.inject(`/api/share/${await shareLink()}`);
    const { extend } = found.json<{ extend: Record<string, unknown> }>();
    const partial = { success: true, msg: 'OK', extend: { ...extend, promptId: 'one' } };
    expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(found, 200, partial))).toThrow(
      /off its documented schema/,
    );
  });
});

describe.each([
  ['signed out', false],
  ['signed in as the demo member', true],
] as const)('fuzzing every route, %s', (_mode, signedIn) => {
  it.each(routes.map((route, index) => [`${route.method} ${route.url}`, route, index] as const))(
    '%s',
    async (_name, route, index) => {
      await fuzz(route, index, signedIn);
    },
  );

  // A NUL cannot be stored in PostgreSQL text: every text input must be refused (or ignored) before SQL.
  // Random runs reach a given field with a NUL only now and then, so this sweeps each one in turn.
  it('refuses a NUL in every text input before it reaches the database', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      if (route.method === 'HEAD' || route.schemas === null) continue;
      const hints = hintsFor(route);
      // The required fields only (valid ones, real ids where hints have them), so nothing else fails first.
      const sample = (schema: JsonSchema | undefined, salt: number): Record<string, unknown> =>
        Object.fromEntries(
          (schema?.required ?? []).map((key) => {
            const arbitrary = hints[key] ?? validOf(schema?.properties?.[key] ?? {}, hints);
            return [key, fc.sample(arbitrary, { numRuns: 1, seed: SEED + index + salt })[0]];
          }),
        );
      const base = {
        params: sample(route.schemas.params, 1),
        querystring: sample(route.schemas.querystring, 2),
        body: sample(route.schemas.body, 3),
      };
      for (const where of ['params', 'querystring', 'body'] as const) {
        for (const [name, property] of Object.entries(route.schemas[where]?.properties ?? {})) {
          if (property.type !== 'string' || property.enum !== undefined) continue;
          const value = String(base[where][name] ?? 'x');
          for (const withNul of [`${value.slice(0, 1)}\u0000${value.slice(1)}`, `${value}\u0000`]) {
            const parts = { ...base, [where]: { ...base[where], [name]: withNul } };
            const path = route.url.replace(/:([A-Za-z_]\w*)/g, (_m, param: string) =>
              pctEncode(String(parts.params[param] ?? '1')),
            );
            const query = queryOf(parts.querystring);
            const request: FuzzRequest = {
              method: route.method,
              url: query === '' ? path : `${path}?${query}`,
              headers:
                route.method !== 'POST'
                  ? {}
                  : { 'content-type': route.form ? 'application/x-www-form-urlencoded' : 'application/json' },
              auth: signedIn ? { kind: 'valid', scheme: 'Bearer', suffix: '' } : { kind: 'none' },
              ...(route.method === 'POST'
                ? { payload: route.form ? queryOf(parts.body) : JSON.stringify(parts.body) }
                : {}),
            };
            const res = await send(route, request);
            sent += 1;
            try {
              checkAnswer(route, route.method, res);
              checkDocumented(route, route.method, request.url, res);
            } catch (error) {
              failures.push(`${route.method} ${route.url} ${where}.${name}: ${String(error).slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);
    await expectHealthy(signedIn);
  });

  it('answers paths no route has with the 404 envelope (API) or the SPA shell', async () => {
    await fc.assert(
      fc.asyncProperty(unknownPathArb.map(readable), async (request) => {
        const res = await server.app.inject({
          method: request.method as 'GET',
          url: request.url,
          ...(signedIn ? { headers: { authorization: `Bearer ${await server.tokenFor(DEMO)}` } } : {}),
        });
        // where the address leads once resolved (`/api/..` is `/`, as for every HTTP client)
        const path = new URL(request.url, 'http://shop.test').pathname;
        const api = path === '/api' || path.startsWith('/api/');
        checkAnswer({ kind: api ? 'json' : 'page' }, request.method, res);
      }),
      { numRuns: API_RUNS * 2, seed: seedOf(routes.length, signedIn), endOnFailure: !SHRINK },
    );
    await expectHealthy(signedIn);
  });
});
