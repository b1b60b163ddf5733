// Security policies (docs/security.md): the headers of every kind of answer, a Content-Security-Policy
// without inline scripts on every HTML document, closed CORS and no cookies.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DEFAULT_DIST_DIR } from '../../server/app.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { documentPolicy, GOOGLE_AVATAR_HOSTS, RESOURCE_POLICY } from '../../server/http/security.ts';
import { createTestServer, openTestDb, TEST_CONFIG } from '../support/server.ts';
import { bearer, enc, get, post, proven, type SignIn } from './support/auth.ts';
import { createPageServer } from './support/catalog.ts';
import { EVIL, CALLBACK, directives, inlineScripts, expectBaseHeaders } from './support/security.ts';
import { expectDocumentPolicy } from './support/security.ts';
import { openForSuite } from './support/suite.ts';

// --- headers ------------------------------------------------------------------------------------------------

describe('security headers', () => {
  const pages = openForSuite(createPageServer);
  let slugId: string;
  beforeAll(async () => {
    const prompt = await pages.db.one<{ slug: string; sort_id: number }>(
      'SELECT slug, sort_id FROM prompts ORDER BY id LIMIT 1',
    );
    slugId = `${prompt.slug}-${prompt.sort_id}`;
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
  const server = openForSuite(createTestServer);

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
    const guest = await post<SignIn>(server, '/api/social/guest', await proven(server.app, {}));
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
