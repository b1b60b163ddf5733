// Focused regressions of what tests/api/fuzz.test.ts found.
//
// 1. Fastify's router answers a path it cannot decode (`/api/share/%zz`, `%FF`, a truncated UTF-8 escape)
//    with 400 and a path parameter over 100 characters with 414 itself, before any hook or error handler
//    runs, as `{ error, code, message, statusCode }`: not the envelope. server/http/errors.ts
//    `frameworkErrors` answers both with the envelope; server/app.ts passes it to the constructor
//    (`Fastify({ ..., frameworkErrors })`; the constructor is the only place Fastify takes it).
// 2. A NUL character (U+0000) in text inputs went past the schemas and handlers into SQL, where PostgreSQL
//    refused it and the error handler's fallback answered a bare 400 "Invalid input": the search's tags, the
//    SEO metadata's referenceId, the sign-in calls' email, the confirmation's sessionId, the development
//    payment page's sessionId and the development support answer. Those fields now carry the pattern NO_NUL
//    (400 "... must not contain NUL characters", naming the field), and the fallback names the reason.
// 3. A correctly signed token whose `ver` exceeds PostgreSQL's integer made every route answer 400
//    (server/auth passed it to SQL); verifyToken now refuses a version outside 0…2^31-1.
// 4. Found by checking every answer against the statuses the OpenAPI document lists (issue 20): with the
//    SPA served, an /api/ path no API route takes (an empty parameter between two slashes, a parameter over
//    the router's 100 characters) falls through to the static files' wildcard (server/pages/spa.ts), and
//    @fastify/send answers some of them 403 "Forbidden", which no operation documents, instead of the
//    API's 404 "No such API endpoint" or 414. Open: server/pages/spa.ts is not this test's to change. The test
//    below is marked `fails` until it is fixed; then drop the mark and KNOWN_UNDOCUMENTED in tests/api/support/fuzz-documented.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../server/http/envelope.ts';
import { FRAMEWORK_ERRORS, frameworkErrors, registerErrorHandler } from '../../server/http/errors.ts';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { signToken } from '../../server/auth/tokens.ts';
import { SignJWT } from 'jose';
import { createTestServer } from '../support/server.ts';
import { createPageServer } from './support/catalog.ts';
import { checkEnvelope, routerAnswersEnvelopes } from './support/fuzz-routes.ts';
import { openForSuite } from './support/suite.ts';

const MALFORMED_PATHS = [
  '/api/share/%zz',
  '/api/share/%FF',
  '/api/share/%E0%A4%A',
  '/api/share/%C0%AF',
  '/api/my/orders/%ED%A0%80/cancel',
];
const LONG_PARAM_PATHS = [`/api/share/${'x'.repeat(101)}`, `/api/my/orders/${'9'.repeat(5000)}/pay`];

describe('frameworkErrors (server/http/errors.ts)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The app's arrangement in miniature: the option on the constructor, the one error handler, routes
    // with path parameters.
    app = Fastify({ frameworkErrors });
    registerErrorHandler(app);
    app.get('/api/share/:shortUrlId', async (request) => ok({ params: request.params }));
    app.post('/api/my/orders/:orderId/:action', async (request) => ok({ params: request.params }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(MALFORMED_PATHS)('answers the undecodable path %s with a 400 envelope', async (url) => {
    const res = await app.inject({ method: url.includes('orders') ? 'POST' : 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(checkEnvelope(res)).toEqual({
      success: false,
      msg: FRAMEWORK_ERRORS.FST_ERR_BAD_URL!.msg,
      extend: {},
    });
  });

  it.each(LONG_PARAM_PATHS.map((url) => [url.slice(0, 40), url]))(
    'answers an over-long path parameter (%s...) with a 414 envelope',
    async (_name, url) => {
      const res = await app.inject({ method: url.includes('orders') ? 'POST' : 'GET', url });
      expect(res.statusCode).toBe(414);
      expect(checkEnvelope(res).msg).toBe(FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH!.msg);
    },
  );

  it('leaves well-formed paths to their routes', async () => {
    const res = await app.inject('/api/share/%F0%9F%98%80');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, extend: { params: { shortUrlId: '\u{1F600}' } } });
  });
});

describe('the app, once server/app.ts passes frameworkErrors to Fastify', () => {
  const server = openForSuite(createTestServer);
  let wired = false;
  beforeAll(async () => {
    wired = await routerAnswersEnvelopes(server.app);
  });

  it('answers malformed paths and over-long path parameters with the envelope', async () => {
    expect(wired).toBe(true);
    for (const url of [...MALFORMED_PATHS, ...LONG_PARAM_PATHS]) {
      const res = await server.app.inject({ method: url.includes('orders') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(url.length > 100 ? 414 : 400);
      expect(checkEnvelope(res).success).toBe(false);
    }
  });
});

describe('a NUL in text inputs', () => {
  const server = openForSuite(createTestServer);
  let auth: Record<string, string>;
  let orderId: number;
  beforeAll(async () => {
    auth = { authorization: `Bearer ${await server.tokenFor('demo@example.com')}` };
    orderId = (
      await server.db.one<{ id: number }>(
        "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'demo@example.com' LIMIT 1",
      )
    ).id;
  });

  const password = () => encryptPassword('Demo@12345', server.config.passwordKey);
  const cases: [string, () => { method: 'GET' | 'POST'; url: string; payload?: object }, string, string][] = [
    [
      'the search tags',
      () => ({ method: 'GET', url: '/api/prompts?tags=cat%00dog' }),
      'query parameter',
      'tags',
    ],
    [
      'the SEO referenceId',
      () => ({ method: 'GET', url: '/api/seo/metadata?pageType=SEARCH&referenceId=a%00b' }),
      'query parameter',
      'referenceId',
    ],
    [
      'the login email',
      () => ({
        method: 'POST',
        url: '/api/social/login',
        payload: { email: 'a\u0000b@example.com', password: password() },
      }),
      'body field',
      'email',
    ],
    [
      'the registration email',
      () => ({
        method: 'POST',
        url: '/api/social/register',
        payload: {
          email: 'a\u0000b@example.com',
          password: password(),
          confirmPassword: password(),
          recaptchaToken: 'recaptcha-dummy-token',
        },
      }),
      'body field',
      'email',
    ],
    [
      'the verification mail address',
      () => ({
        method: 'POST',
        url: '/api/social/resend-verification',
        payload: { email: 'a\u0000b@example.com' },
      }),
      'body field',
      'email',
    ],
    [
      'the payment session of a confirmation',
      () => ({
        method: 'POST',
        url: `/api/my/orders/${orderId}/confirm`,
        payload: { sessionId: 'cs_\u0000' },
      }),
      'body field',
      'sessionId',
    ],
    [
      'the development support answer',
      () => ({ method: 'POST', url: '/api/dev/support/1/reply', payload: { body: 'Fixed \u0000 now' } }),
      'body field',
      'body',
    ],
    [
      'the development payment page',
      () => ({ method: 'GET', url: '/dev-pay/cs_%00' }),
      'path parameter',
      'sessionId',
    ],
    [
      'the development payment',
      () => ({ method: 'POST', url: '/dev-pay/cs_%00/pay' }),
      'path parameter',
      'sessionId',
    ],
  ];

  it.each(cases)('refuses one in %s with a 400 naming the field', async (_name, request, place, field) => {
    const { method, url, payload } = request();
    const res = await server.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      msg: `Invalid ${place} '${field}': must not contain NUL characters`,
      extend: { field },
    });
  });

  it('still takes text without one (the pattern refuses nothing else)', async () => {
    const res = await server.app.inject('/api/prompts?tags=%F0%9F%98%80%D7%A9%E2%80%AE%ED%A0%80x');
    expect(res.statusCode).toBe(200);
    const seo = await server.app.inject(
      '/api/seo/metadata?pageType=SEARCH&referenceId=caf%C3%A9%20%F0%9F%98%80',
    );
    expect(seo.statusCode).toBe(200);
  });

  it("refuses a NUL in the development outbox's recipient before SQL sees it", async () => {
    const res = await server.app.inject('/api/dev/outbox?to=a%00b');
    expect(res.statusCode).toBe(400);
    expect(checkEnvelope(res, 'GET /api/dev/outbox').msg).toBe(
      "Invalid query parameter 'to': must not contain NUL characters",
    );
  });
});

describe('a signed token whose version is beyond an integer', () => {
  const server = openForSuite(createTestServer);
  let token: string;
  beforeAll(async () => {
    const user = await server.db.one<{ id: string }>("SELECT id FROM users WHERE email = 'demo@example.com'");
    const valid = await signToken({ id: user.id, name: 'Demo', tokenVersion: 0 }, server.config.jwtSecret);
    const claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    token = await new SignJWT({ ...claims, ver: 2 ** 53 + 2 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(server.config.jwtSecret));
  });

  it('leaves the caller anonymous on public routes and answers 401 on /api/my', async () => {
    const home = await server.app.inject({
      url: '/api/prompts/home',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(home.statusCode).toBe(200);
    const mine = await server.app.inject({
      url: '/api/my/orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(401);
    expect(checkEnvelope(mine).success).toBe(false);
  });
});

describe('an /api/ path no route takes, with the SPA served', () => {
  const server = openForSuite(createPageServer);

  // `fails`: the static files answer 403 today (finding 4); it passes, and must lose the mark, once fixed.
  it("answers the 404 or 414 envelope, never the static files' 403", async () => {
    for (const [url, status] of [
      ['/api/images/prompts//a/b.webp', 404],
      [`/api/my/orders/${'9'.repeat(5000)}`, 414],
    ] as const) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(checkEnvelope(res).success).toBe(false);
    }
  });
});

// Finding 5 (the schema fuzzer, seed 11): a number field sent as a string the validator's coercion does not
// take as a number ("-Infinity", "NaN", "1e999") reached the database, which refused it with a 500.
describe('a number field sent as a string that is no number', () => {
  const server = openForSuite(createTestServer);
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = { authorization: `Bearer ${await server.tokenFor('demo@example.com')}` };
  });

  it.each(['-Infinity', 'Infinity', 'NaN', '1e999', ''])(
    'is a 400 envelope naming the field: offerId %j',
    async (offerId) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/my/exchange',
        headers: auth,
        payload: { offerId, requestId: 'fuzz-5' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(checkEnvelope(res).msg).toMatch(/offerId/);
    },
  );
});
