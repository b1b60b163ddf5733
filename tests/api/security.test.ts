// Security policies (docs/security.md): the headers of every kind of answer, a Content-Security-Policy
// without inline scripts on every HTML document, closed CORS, no cookies, a rate limit on every call that
// sends mail or checks a password, and expired or revoked tokens refused.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../server/account/settings.ts';
import { ACCOUNT_RATE_LIMIT_MESSAGES } from '../../server/account/rate-limits.ts';
import { buildApp, DEFAULT_DIST_DIR } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/auth/rate-limits.ts';
import { signToken, TOKEN_ISSUER } from '../../server/auth/tokens.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { documentPolicy, GOOGLE_AVATAR_HOSTS, RESOURCE_POLICY } from '../../server/http/security.ts';
import { createTestServer, openTestDb, TEST_CONFIG, type TestServer } from '../support/server.ts';
import { bearer, enc, get, post, type SignIn } from './support/auth.ts';
import { createPageServer } from './support/catalog.ts';

const EVIL = 'https://evil.example';
const CALLBACK = `${TEST_CONFIG.publicOrigin}/auth/callback`;

/** The directives of a policy, by name. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

/** The script elements of an HTML text that would run without a src (JSON-LD is data, not a script). */
const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .filter(([, attributes]) => !/\btype\s*=\s*["']?application\/(ld\+)?json["']?/i.test(attributes!))
    .map(([element]) => element);

/** What every answer carries, whatever it is. */
function expectBaseHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(String(res.headers['permissions-policy']), what).toMatch(/camera=\(\), microphone=\(\)/);
  expect(String(res.headers['referrer-policy']), what).toMatch(
    /^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/,
  );
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(directives(csp).get('frame-ancestors'), `${what}: ${csp}`).toEqual(["'none'"]);
  for (const name of Object.keys(res.headers)) {
    expect(name.startsWith('access-control-'), `${what}: ${name}`).toBe(false);
  }
  expect(res.headers['set-cookie'], what).toBeUndefined();
}

/** A document's policy: nothing inline or foreign may run, and nothing may frame it. */
function expectDocumentPolicy(res: LightMyRequestResponse, what: string): void {
  expect(String(res.headers['content-type']), what).toMatch(/^text\/html/);
  const csp = directives(String(res.headers['content-security-policy']));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, what).toBeDefined();
  for (const value of scripts!) {
    expect(["'self'", "'none'"], `${what}: script source ${value}`).toContain(value);
  }
  expect(csp.get('object-src') ?? csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toBeDefined();
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(inlineScripts(res.body), what).toEqual([]);
}

// --- headers ------------------------------------------------------------------------------------------------

describe('security headers', () => {
  let pages: TestServer & { dist: string };
  let slugId: string;
  beforeAll(async () => {
    pages = await createPageServer();
    const prompt = await pages.db.one<{ slug: string; sort_id: number }>(
      'SELECT slug, sort_id FROM prompts ORDER BY id LIMIT 1',
    );
    slugId = `${prompt.slug}-${prompt.sort_id}`;
  });
  afterAll(async () => {
    await pages.close();
  });

  it('the SPA documents: the policy without inline scripts, on every client route', async () => {
    const policy = documentPolicy({ googleAvatars: false });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    for (const url of [
      '/',
      '/category/free-prompts',
      '/category?id=fruit_prompts',
      '/search?q=portrait',
      `/detail/${slugId}`,
      '/detail_1.html',
      '/recommended',
      '/cart',
      '/some/client/route',
      '/detail/no-such-prompt-999999', // 404 with the not-found title
      '/index.html',
    ]) {
      const res = await pages.app.inject(url);
      expect([200, 404], url).toContain(res.statusCode);
      expectBaseHeaders(res, url);
      expect(res.headers['content-security-policy'], url).toBe(policy);
      expectDocumentPolicy(res, url);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('a detail page keeps its JSON-LD as a data block (not a script the policy would have to allow)', async () => {
    const res = await pages.app.inject(`/detail/${slugId}`);
    expect(res.body).toMatch(/<script type="application\/ld\+json">/);
    expect(inlineScripts(res.body)).toEqual([]);
  });

  it('API answers, errors, files, images and redirects: nothing may run, nothing may frame them', async () => {
    const cases: [string, InjectOptions, number][] = [
      ['health', { url: '/api/health' }, 200],
      ['unknown API route', { url: '/api/no-such-call' }, 404],
      ['bad query', { url: '/api/prompts?pageSize=100000' }, 400],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/social/login',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        },
        400,
      ],
      ['401', { url: '/api/my/cart/count' }, 401],
      ['openapi', { url: '/api/openapi.json' }, 200],
      ['image', { url: '/api/images/prompts/1/0.webp' }, 200],
      ['hashed asset', { url: '/assets/index-Ab12.js' }, 200],
      ['unknown asset', { url: '/assets/nope.js' }, 404], // the "Page Not Found" document
      ['sitemap', { url: '/sitemap.xml' }, 200],
      ['robots', { url: '/robots.txt' }, 200],
      ['HEAD', { method: 'HEAD', url: '/api/health' }, 200],
    ];
    for (const [what, options, status] of cases) {
      const res = await pages.app.inject(options);
      expect(res.statusCode, what).toBe(status);
      expectBaseHeaders(res, what);
      if (String(res.headers['content-type']).startsWith('text/html')) expectDocumentPolicy(res, what);
      else expect(res.headers['content-security-policy'], what).toBe(RESOURCE_POLICY);
    }
  });

  it("a member's avatar keeps its own sandboxing policy, and may not be framed either", async () => {
    await pages.db.query(
      `INSERT INTO users (email, name, provider, email_verified_at) VALUES ('sec-avatar@example.com', 'Ava', 'email', now())`,
    );
    const token = await pages.tokenFor('sec-avatar@example.com');
    const made = await post<{ data: { avatarUrl: string } }>(
      pages,
      '/api/my/profile/avatar/generated',
      {},
      bearer(token),
    );
    expect(made.status).toBe(200);
    const res = await pages.app.inject(made.body.extend.data.avatarUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectBaseHeaders(res, 'avatar');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
  });

  it('the development stand-in pages keep their own stricter policy: no script at all', async () => {
    const authorize = await get<{ authUrl: string }>(
      pages,
      `/api/social/authorize?provider=google&callback=${encodeURIComponent(CALLBACK)}`,
    );
    expect(authorize.status).toBe(200);
    const idp = new URL(authorize.body.extend.authUrl);
    await pages.db.query(
      `INSERT INTO users (email, name, provider, email_verified_at) VALUES ('sec-pay@example.com', 'Pay', 'email', now())`,
    );
    const buyer = await pages.tokenFor('sec-pay@example.com');
    const premium = await pages.db.one<{ id: number }>(
      'SELECT id FROM prompts WHERE grade = 2 ORDER BY id LIMIT 1',
    );
    const checkout = await post<{ data: { paymentUrl: string | null } }>(
      pages,
      '/api/my/orders',
      { promptIds: [premium.id], requestId: crypto.randomUUID() },
      bearer(buyer),
    );
    expect(checkout.status).toBe(200);
    const payment = checkout.body.extend.data.paymentUrl!;
    expect(payment).toMatch(/\/dev-pay\//);

    for (const url of [
      `${idp.pathname}${idp.search}`,
      '/dev-idp/authorize?state=unknown',
      new URL(payment, TEST_CONFIG.publicOrigin).pathname,
      '/dev-pay/no-such-session',
    ]) {
      const res = await pages.app.inject(url);
      expect([200, 400, 404], url).toContain(res.statusCode);
      expectBaseHeaders(res, url);
      expectDocumentPolicy(res, url);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.has('script-src'), url).toBe(false);
      expect(res.body, url).not.toMatch(/<script/i);
    }
    // Its buttons' answers: redirects back to the SPA, with the headers of every answer.
    const cancel = await pages.app.inject({
      method: 'POST',
      url: `${new URL(payment, TEST_CONFIG.publicOrigin).pathname}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expectBaseHeaders(cancel, 'redirect');
    expect(cancel.headers['content-security-policy']).toBe(RESOURCE_POLICY);
  });

  it('shows real Google avatars only when Google sign-in is configured', async () => {
    expect(directives(documentPolicy({ googleAvatars: true })).get('img-src')).toEqual([
      "'self'",
      'data:',
      GOOGLE_AVATAR_HOSTS,
    ]);
    const db = await openTestDb();
    const app = await buildApp({
      db,
      config: { ...TEST_CONFIG, google: { clientId: 'id', clientSecret: 'secret' } },
      distDir: pages.dist,
      imageStore: memoryImageStore(),
    });
    try {
      const res = await app.inject('/category/free-prompts');
      expect(res.headers['content-security-policy']).toBe(documentPolicy({ googleAvatars: true }));
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('sends Strict-Transport-Security when the public origin is https, and not over plain http', async () => {
    expect((await pages.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const db = await openTestDb();
    const app = await buildApp({
      db,
      config: { ...TEST_CONFIG, publicOrigin: 'https://shop.example.com' },
      distDir: null,
      imageStore: memoryImageStore(),
    });
    try {
      const res = await app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it.skipIf(!existsSync(join(DEFAULT_DIST_DIR, 'index.html')))(
    'the production build (dist/index.html) has no inline script',
    () => {
      const html = readFileSync(join(DEFAULT_DIST_DIR, 'index.html'), 'utf8');
      expect(inlineScripts(html)).toEqual([]);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
      expect(html).not.toMatch(/<style\b|\sstyle\s*=/i); // no inline styles either
      expect(html).toMatch(/<script type="module"[^>]*\ssrc="\/assets\//);
    },
  );
});

// --- CORS and cookies ---------------------------------------------------------------------------------------

describe('CORS is closed and nothing sets cookies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers another origin without any Access-Control-* header', async () => {
    const token = await server.tokenFor('demo@example.com');
    for (const options of [
      { url: '/api/health' },
      { url: '/api/prompts?pageSize=1' },
      { url: '/api/my/cart/count', headers: bearer(token) },
    ] satisfies InjectOptions[]) {
      const res = await server.app.inject({ ...options, headers: { ...options.headers, origin: EVIL } });
      expect(res.statusCode).toBe(200);
      expectBaseHeaders(res, options.url);
    }
  });

  it('gives a preflight from another origin no allow headers', async () => {
    for (const url of ['/api/social/login', '/api/my/settings/password', '/api/health']) {
      const res = await server.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: EVIL,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.json(), url).toMatchObject({ success: false });
      expectBaseHeaders(res, url);
    }
  });

  it('sets no cookie on sign-in: the session is a bearer token the client keeps', async () => {
    const login = await post<SignIn>(server, '/api/social/login', {
      email: 'demo@example.com',
      password: enc('Demo@12345', server.config.passwordKey),
      encrypted: true,
    });
    expect(login.status).toBe(200);
    expect(login.res.headers['set-cookie']).toBeUndefined();
    const guest = await post<SignIn>(server, '/api/social/guest', {});
    expect(guest.status).toBe(200);
    expect(guest.res.headers['set-cookie']).toBeUndefined();
  });

  it('takes no form or text bodies on the JSON API (no cross-site form posts reach a handler)', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/social/login',
        headers: { 'content-type': type, origin: EVIL },
        // JSON text under a content type a cross-site form may send without a preflight.
        payload: JSON.stringify({ email: 'demo@example.com', password: 'x', encrypted: true }),
      });
      expect([400, 415], type).toContain(res.statusCode);
      expect(res.json(), type).toMatchObject({ success: false });
    }
  });
});

// --- rate limits ----------------------------------------------------------------------------------------------

describe('rate limits on every call that sends mail or checks a password', () => {
  const LIMIT = 2;
  const limit = { max: LIMIT, windowMs: 60_000 };
  let server: TestServer;
  let limited: FastifyInstance;
  let ip = 0;
  /** A client address of its own, so that no test counts against another's per-IP limit. */
  const nextIp = () => `10.9.0.${++ip}`;

  beforeAll(async () => {
    server = await createTestServer();
    limited = await buildApp({
      db: server.db,
      config: server.config,
      distDir: null,
      imageStore: memoryImageStore(),
      auth: {
        rateLimits: {
          loginPerIp: limit,
          loginFailuresPerEmail: limit,
          registerPerIp: limit,
          registerPerEmail: limit,
          resendPerIp: limit,
          mailPerEmailMinute: { max: 1, windowMs: 60_000 },
          mailPerEmailHour: limit,
          guestPerIp: limit,
          socialPerIp: limit,
          verifyPerIp: limit,
        },
      },
      account: {
        rateLimits: {
          supportPerIp: limit,
          supportPerAccount: limit,
          supportPerEmail: limit,
          passwordPerIp: limit,
          passwordFailuresPerAccount: limit,
        },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
    await server.close();
  });

  /**
   * Sends until the answer is 429 and checks it: within `allowed + 1` attempts, the envelope with the limit's
   * message and extend.retryAfter, and the Retry-After header. Every earlier answer is not a 429.
   */
  async function hammer(
    send: (attempt: number) => Promise<LightMyRequestResponse>,
    msg: string,
    allowed = LIMIT,
  ): Promise<void> {
    for (let attempt = 0; attempt < allowed; attempt++) {
      const res = await send(attempt);
      expect(res.statusCode, `attempt ${attempt + 1}: ${res.body}`).not.toBe(429);
    }
    const refused = await send(allowed);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ success: false, msg, extend: { retryAfter: expect.any(Number) } });
    expect(refused.json().extend.retryAfter).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expectBaseHeaders(refused, msg);
  }

  const postFrom = (
    remoteAddress: string,
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) => limited.inject({ method: 'POST', url, payload, headers, remoteAddress });

  const key = () => server.config.passwordKey;
  const login = (email: string, password: string) => ({
    email,
    password: enc(password, key()),
    encrypted: true,
  });
  const registration = (email: string) => ({
    email,
    password: enc('Strong@12345', key()),
    confirmPassword: enc('Strong@12345', key()),
    recaptchaToken: 'recaptcha-dummy-token',
    encrypted: true,
  });
  const supportRequest = (email: string) => ({
    email,
    subject: 'Where is my prompt?',
    message: 'I bought a prompt yesterday and cannot find it in my orders.',
  });

  async function memberWithPassword(email: string, password: string): Promise<string> {
    const user = await server.db.one<{ id: string; name: string; token_version: number }>(
      `INSERT INTO users (email, password_hash, name, provider, email_verified_at)
       VALUES ($1, $2, 'Member', 'email', now()) RETURNING id, name, token_version`,
      [email, await hashPassword(password)],
    );
    return signToken(
      { id: user.id, name: user.name, tokenVersion: user.token_version },
      server.config.jwtSecret,
    );
  }

  const passwordChange = (current: string) => ({
    currentPassword: enc(current, key()),
    newPassword: enc('Better@12345', key()),
    encrypted: true,
  });

  it('POST /api/social/login: per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/social/login', login(`nobody-${n}@example.com`, 'Wrong@12345')),
      RATE_LIMIT_MESSAGES.login,
    );
  });

  it('POST /api/social/login: failed passwords per address, from any client', async () => {
    await hammer(
      () => postFrom(nextIp(), '/api/social/login', login('alice@example.com', 'Wrong@12345')),
      RATE_LIMIT_MESSAGES.login,
    );
  });

  it('POST /api/social/register (sends mail): per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/social/register', registration(`rl-register-ip-${n}@example.com`)),
      RATE_LIMIT_MESSAGES.register,
    );
  });

  it('POST /api/social/register (sends mail): per address', async () => {
    await hammer(
      () => postFrom(nextIp(), '/api/social/register', registration('rl-register-one@example.com')),
      RATE_LIMIT_MESSAGES.register,
    );
  });

  it('POST /api/social/resend-verification (sends mail): per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/social/resend-verification', { email: `rl-resend-${n}@example.com` }),
      RATE_LIMIT_MESSAGES.resend,
    );
  });

  it('POST /api/social/resend-verification (sends mail): one a minute per address', async () => {
    await hammer(
      () => postFrom(nextIp(), '/api/social/resend-verification', { email: 'rl-resend-one@example.com' }),
      RATE_LIMIT_MESSAGES.mailMinute,
      1,
    );
  });

  it('POST /api/social/verify-email (checks a secret): per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/social/verify-email', { token: `guess-${n}` }),
      RATE_LIMIT_MESSAGES.verify,
    );
  });

  it('POST /api/social/exchange (checks a secret): per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/social/exchange', { code: `code-${n}`, state: `state-${n}` }),
      RATE_LIMIT_MESSAGES.social,
    );
  });

  it('GET /api/social/authorize and the development identity provider: per client IP', async () => {
    const from = nextIp();
    const url = `/api/social/authorize?provider=google&callback=${encodeURIComponent(CALLBACK)}`;
    await hammer(() => limited.inject({ url, remoteAddress: from }), RATE_LIMIT_MESSAGES.social);
    const idp = nextIp();
    await hammer(
      () => limited.inject({ url: '/dev-idp/authorize?state=x', remoteAddress: idp }),
      RATE_LIMIT_MESSAGES.social,
    );
  });

  it('POST /api/social/guest (creates accounts): per client IP', async () => {
    const from = nextIp();
    await hammer(() => postFrom(from, '/api/social/guest', {}), RATE_LIMIT_MESSAGES.guest);
  });

  it('POST /api/support/requests (sends mail): per client IP', async () => {
    const from = nextIp();
    await hammer(
      (n) => postFrom(from, '/api/support/requests', supportRequest(`rl-support-ip-${n}@example.com`)),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
  });

  it('POST /api/support/requests (sends mail): per address', async () => {
    await hammer(
      () => postFrom(nextIp(), '/api/support/requests', supportRequest('rl-support-one@example.com')),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
  });

  it('POST /api/support/requests (sends mail): per account, whatever the address', async () => {
    const token = await memberWithPassword('rl-support-member@example.com', 'Start@12345');
    await hammer(
      (n) =>
        postFrom(
          nextIp(),
          '/api/support/requests',
          supportRequest(`ignored-${n}@example.com`),
          bearer(token),
        ),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
  });

  it('POST /api/my/settings/password (checks a password): per client IP', async () => {
    const from = nextIp();
    const tokens: string[] = [];
    for (let n = 0; n <= LIMIT; n++) {
      tokens.push(await memberWithPassword(`rl-password-ip-${n}@example.com`, 'Start@12345'));
    }
    await hammer(
      (n) => postFrom(from, '/api/my/settings/password', passwordChange('Wrong@12345'), bearer(tokens[n]!)),
      ACCOUNT_RATE_LIMIT_MESSAGES.password,
    );
  });

  it('POST /api/my/settings/password (checks a password): wrong passwords per account', async () => {
    const token = await memberWithPassword('rl-password-account@example.com', 'Start@12345');
    await hammer(
      () => postFrom(nextIp(), '/api/my/settings/password', passwordChange('Wrong@12345'), bearer(token)),
      ACCOUNT_RATE_LIMIT_MESSAGES.password,
    );
    // Even the right password is refused until the window passes: guessing cannot go on.
    const right = await postFrom(
      nextIp(),
      '/api/my/settings/password',
      passwordChange('Start@12345'),
      bearer(token),
    );
    expect(right.statusCode).toBe(429);
  });
});

// --- tokens ---------------------------------------------------------------------------------------------------

describe('expired and revoked tokens are refused', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  interface Member {
    id: string;
    name: string;
    token_version: number;
  }
  const newMember = async (email: string, password: string | null = null): Promise<Member> =>
    server.db.one<Member>(
      `INSERT INTO users (email, password_hash, name, provider, email_verified_at)
       VALUES ($1, $2, 'Member', 'email', now()) RETURNING id, name, token_version`,
      [email, password === null ? null : await hashPassword(password)],
    );
  const tokenOf = (m: Member, options: { ttlSeconds?: number; now?: number } = {}) =>
    signToken({ id: m.id, name: m.name, tokenVersion: m.token_version }, server.config.jwtSecret, options);

  /** A guarded call answers 401 with the envelope, and public calls treat the token as anonymous. */
  async function expectRefused(token: string, what: string): Promise<void> {
    for (const url of ['/api/my/cart/count', '/api/social/accounts', '/api/my/profile']) {
      const res = await get(server, url, bearer(token));
      expect(res.status, `${what}: ${url}`).toBe(401);
      expect(res.body, `${what}: ${url}`).toEqual({
        success: false,
        msg: 'Invalid or expired token',
        extend: {},
      });
      expect(res.res.headers['www-authenticate']).toBe('Bearer');
    }
    const saved = await get(server, '/api/prompts?saved=1', bearer(token));
    expect(saved.status, what).toBe(401);
  }

  const accepted = async (token: string) => (await get(server, '/api/my/cart/count', bearer(token))).status;

  it('refuses a token signed with the server key whose exp has passed', async () => {
    const member = await newMember('tok-expired@example.com');
    const now = Date.now();
    expect(await accepted(await tokenOf(member))).toBe(200);
    await expectRefused(await tokenOf(member, { now: now - 8 * 24 * 3600 * 1000 }), 'a week old');
    await expectRefused(await tokenOf(member, { now: now - 2000, ttlSeconds: 1 }), 'expired a second ago');
  });

  it('refuses tokens of another key, unsigned, tampered or without the claims it needs', async () => {
    const member = await newMember('tok-forged@example.com');
    const good = await tokenOf(member);
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const other = await signToken(
      { id: member.id, name: member.name, tokenVersion: member.token_version },
      'another-secret-another-secret-0123456789',
    );
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 4102444800 })).toString('base64url')}.${signature}`;
    const key = new TextEncoder().encode(server.config.jwtSecret);
    const noJti = await new SignJWT({ ver: member.token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setIssuer(TOKEN_ISSUER)
      .setExpirationTime('1h')
      .sign(key);
    const otherIssuer = await new SignJWT({ ver: member.token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setIssuer('someone-else')
      .setJti(crypto.randomUUID())
      .setExpirationTime('1h')
      .sign(key);
    for (const [what, token] of Object.entries({ other, unsigned, tampered, noJti, otherIssuer })) {
      await expectRefused(token, what);
    }
  });

  it('refuses a token after its logout; the member’s other sessions go on', async () => {
    const member = await newMember('tok-logout@example.com');
    const token = await tokenOf(member);
    const other = await tokenOf(member);
    const out = await post(server, '/api/social/logout', {}, bearer(token));
    expect(out.status).toBe(200);
    await expectRefused(token, 'logged out');
    expect((await post(server, '/api/social/logout', {}, bearer(token))).status).toBe(401);
    expect(await accepted(other)).toBe(200);
  });

  it('refuses every older token after a password change; the new token works', async () => {
    const member = await newMember('tok-password@example.com', 'Start@12345');
    const token = await tokenOf(member);
    const other = await tokenOf(member);
    const changed = await post<{ token: string }>(
      server,
      '/api/my/settings/password',
      {
        currentPassword: enc('Start@12345', server.config.passwordKey),
        newPassword: enc('Better@12345', server.config.passwordKey),
        encrypted: true,
      },
      bearer(token),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe(SETTINGS_MESSAGES.changed);
    await expectRefused(token, 'before the password change');
    await expectRefused(other, 'another session before the change');
    expect(await accepted(changed.body.extend.token)).toBe(200);
  });

  it('refuses every token after "sign out everywhere" and after the account is deleted', async () => {
    const everywhere = await newMember('tok-everywhere@example.com');
    const a = await tokenOf(everywhere);
    const b = await tokenOf(everywhere);
    expect((await post(server, '/api/my/settings/sign-out-everywhere', {}, bearer(a))).status).toBe(200);
    await expectRefused(a, 'signed out everywhere (this one)');
    await expectRefused(b, 'signed out everywhere (another)');

    const deleted = await newMember('tok-deleted@example.com');
    const c = await tokenOf(deleted);
    const d = await tokenOf(deleted);
    expect((await post(server, '/api/my/account/delete', { confirm: 'DELETE' }, bearer(c))).status).toBe(200);
    await expectRefused(c, 'deleted account');
    await expectRefused(d, 'deleted account (another session)');
  });
});
