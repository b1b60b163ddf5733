// Safe defaults (issue 20): links, redirects and the sign-in callback on PUBLIC_ORIGIN whatever the Host
// header says; TRUST_PROXY decides whose address a rate limit counts; errors raised before routing (the
// HTTP parser's 431 and 400) answer with the envelope and the security headers, on a real socket.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../server/auth/constants.ts';
import { callbackOrigins } from '../../server/auth/social-routes.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/auth/rate-limits.ts';
import type { Config } from '../../server/config.ts';
import { clientErrorResponse } from '../../server/http/errors.ts';
import { PERMISSIONS_POLICY, REFERRER_POLICY, RESOURCE_POLICY } from '../../server/http/security.ts';
import { createTestServer, TEST_CONFIG, type TestServer } from '../support/server.ts';
import { botProof, devIdpForm, enc, proven } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const ORIGIN = TEST_CONFIG.publicOrigin;
// In development a Host naming another machine gets 421 before anything reads it (issue 37,
// tests/api/host-guard.test.ts); a loopback name on another port passes that guard, and must still never
// reach a link or a callback.
const OTHER_HOST = '127.0.0.2:8080';
const authorizeUrl = (callback: string) =>
  `/api/social/authorize?provider=google&callback=${encodeURIComponent(callback)}`;

describe('links, redirects and the sign-in callback use PUBLIC_ORIGIN, never the Host header', () => {
  // development: the stand-in identity provider, where the Host header used to be trusted
  const server = openForSuite(createTestServer);

  it('refuses a callback on the host the request names (Host: 127.0.0.2:8080)', async () => {
    const res = await server.app.inject({
      url: authorizeUrl(`http://${OTHER_HOST}/auth/callback`),
      headers: { host: OTHER_HOST },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, msg: AUTH_MESSAGES.badCallback, extend: {} });
    expect(res.body).not.toContain(OTHER_HOST);
  });

  it('takes only PUBLIC_ORIGIN, and in development its loopback aliases (a browser on 127.0.0.1)', async () => {
    expect([...callbackOrigins({ publicOrigin: 'https://shop.example', production: false })]).toEqual([
      'https://shop.example',
    ]);
    expect([...callbackOrigins({ publicOrigin: 'http://localhost:3000', production: true })]).toEqual([
      'http://localhost:3000',
    ]);
    expect([...callbackOrigins({ publicOrigin: 'http://localhost:3000', production: false })].sort()).toEqual(
      ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'],
    );
    const res = await server.app.inject({
      url: authorizeUrl('http://127.0.0.1:3000/auth/callback'),
      headers: { host: OTHER_HOST },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ extend: { authUrl: string } }>().extend.authUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/dev-idp\/authorize\?/,
    );
    // another port of the same host (the Vite dev server's, when PUBLIC_ORIGIN is not it) is not ours
    const otherPort = await server.app.inject({
      url: authorizeUrl('http://localhost:5173/auth/callback'),
      headers: { host: 'localhost:5173' },
    });
    expect(otherPort.statusCode).toBe(400);
  });

  it('refuses it through X-Forwarded-Host behind a trusted proxy too', async () => {
    const proxied = await createTestServer({ config: { trustProxy: true } as Partial<Config> });
    try {
      const res = await proxied.app.inject({
        url: authorizeUrl(`https://${OTHER_HOST}/auth/callback`),
        headers: { 'x-forwarded-host': OTHER_HOST, 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain(OTHER_HOST);
    } finally {
      await proxied.close();
    }
  });

  it('sends the sign-in (authorization URL, the code redirect) to PUBLIC_ORIGIN when Host is another', async () => {
    const headers = { host: OTHER_HOST };
    const res = await server.app.inject({ url: authorizeUrl(`${ORIGIN}/auth/callback`), headers });
    expect(res.statusCode).toBe(200);
    const authUrl = new URL(res.json<{ extend: { authUrl: string } }>().extend.authUrl);
    expect(authUrl.origin).toBe(ORIGIN);
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback`);

    // the development identity provider's page, then its redirect with the code
    const page = await server.app.inject({ url: `${authUrl.pathname}${authUrl.search}`, headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(OTHER_HOST);
    const form = devIdpForm(authUrl, {
      email: 'host-header@example.com',
      name: 'Host Header',
      action: 'signin',
    });
    const signIn = await server.app.inject({ ...form, headers: { ...headers, ...form.headers } });
    expect(signIn.statusCode).toBe(302);
    const location = new URL(String(signIn.headers.location));
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('mails the verification link on PUBLIC_ORIGIN when Host is another', async () => {
    const email = 'host-header-mail@example.com';
    const password = enc('Str0ng!Passw0rd', server.config.passwordKey);
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/social/register',
      headers: { host: OTHER_HOST },
      payload: { email, password, confirmPassword: password, recaptchaToken: await botProof(server.app) },
    });
    expect(registered.statusCode).toBe(200);
    const rows = await server.db.query<{ body: string }>(
      `SELECT text_body || html_body AS body FROM outbox_mails WHERE to_email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain(`${ORIGIN}/verifyemail-`);
    expect(rows[0]!.body).not.toContain(OTHER_HOST);
  });
});

describe('TRUST_PROXY: whose address a per-IP rate limit counts', () => {
  const oneGuest = { auth: { rateLimits: { guestPerIp: { max: 1, windowMs: 60_000 } } } };
  const guestFrom = async (server: TestServer, options: Partial<InjectOptions>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/social/guest',
      payload: await proven(server.app, {}),
      ...options,
    });
  const forwardedFor = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('off (the default): X-Forwarded-For is ignored, so it cannot dodge the limit', async () => {
    const server = await createTestServer({ app: oneGuest });
    try {
      expect(server.config.trustProxy ?? false).toBe(false);
      expect((await guestFrom(server, forwardedFor('203.0.113.1'))).statusCode).toBe(200);
      const second = await guestFrom(server, forwardedFor('203.0.113.2'));
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({ success: false, msg: RATE_LIMIT_MESSAGES.guest });
    } finally {
      await server.close();
    }
  });

  it('on for the proxy: two clients behind it get a bucket each', async () => {
    // inject's requests come from 127.0.0.1, the proxy
    const server = await createTestServer({
      app: oneGuest,
      config: { trustProxy: ['127.0.0.1'] } as Partial<Config>,
    });
    try {
      expect((await guestFrom(server, forwardedFor('203.0.113.1'))).statusCode).toBe(200);
      expect((await guestFrom(server, forwardedFor('203.0.113.2'))).statusCode).toBe(200);
      expect((await guestFrom(server, forwardedFor('203.0.113.1'))).statusCode).toBe(429);
      expect((await guestFrom(server, forwardedFor('203.0.113.2'))).statusCode).toBe(429);
      // a client that is not the proxy cannot name another address: its own is counted
      const direct = { remoteAddress: '198.51.100.7' };
      expect((await guestFrom(server, { ...direct, ...forwardedFor('203.0.113.9') })).statusCode).toBe(200);
      expect((await guestFrom(server, { ...direct, ...forwardedFor('203.0.113.10') })).statusCode).toBe(429);
    } finally {
      await server.close();
    }
  });
});

/** The raw answer of one request written to a socket as is: status, headers (lower-case), body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const rawRequest = (port: number, request: string | Buffer): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // the server may reset the connection after answering; what was read is the answer
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.end(request);
  });

describe('errors raised before routing answer with the envelope and the security headers', () => {
  const server = openForSuite(() => createTestServer({ config: { publicOrigin: 'https://shop.example' } }));
  let port: number;
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });

  function expectEnvelopeAnswer(answer: RawAnswer, status: number): void {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const body = JSON.parse(answer.body) as unknown;
    expect(body).toEqual({ success: false, msg: expect.any(String), extend: {} });
    expect(answer.headers['content-security-policy']).toBe(RESOURCE_POLICY);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe(REFERRER_POLICY);
    expect(answer.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.connection).toBe('close');
  }

  it('answers a normal request on the same socket kind (the harness works)', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(RESOURCE_POLICY);
  });

  it('a 20 KB URL: 431 with the envelope', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/prompts?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectEnvelopeAnswer(answer, 431);
    expect(answer.body).toMatch(/too large|too long/i);
  });

  it('20 KB of headers: 431 with the envelope', async () => {
    const answer = await rawRequest(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expectEnvelopeAnswer(answer, 431);
  });

  it('carries the very security headers of a routed JSON answer', async () => {
    const routed = await server.app.inject({ url: '/api/no-such-endpoint' });
    const raw = await rawRequest(port, `GET /${'c'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const names = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'strict-transport-security',
    ];
    for (const name of names) expect(raw.headers[name], name).toBe(routed.headers[name]);
  });

  it('answers a timeout 408 and over-long chunk extensions 413, the same way', () => {
    const headers = { 'x-content-type-options': 'nosniff' };
    for (const [code, status] of [
      ['ERR_HTTP_REQUEST_TIMEOUT', 408],
      ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
      ['HPE_INVALID_METHOD', 400],
    ] as const) {
      const raw = clientErrorResponse(code, headers);
      expect(raw.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(raw).toContain('\r\nx-content-type-options: nosniff\r\n');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
    }
  });

  it.each([
    ['a garbage request line', 'HELLO WORLD\r\n\r\n'],
    ['an invalid method', 'G@T / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a malformed header', 'GET / HTTP/1.1\r\nHost x\r\n\r\n'],
    ['a bad Content-Length', 'POST /api/social/guest HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('%s: 400 with the envelope', async (_what, request) => {
    expectEnvelopeAnswer(await rawRequest(port, request), 400);
  });
});
