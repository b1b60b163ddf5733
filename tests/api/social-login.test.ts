// Social sign-in (requirements §4 Social login flow, requirements §C4): the authorize call, the development
// identity provider standing in for Google (a real authorization-code flow: state checked, code single-use
// and short-lived), the exchange, and the same server code talking to Google when it is configured.
import { exportJWK, generateKeyPair, createLocalJWKSet, SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSubject } from '../../server/auth/dev-idp.ts';
import { GOOGLE_TOKEN_URL, nonceOf } from '../../server/auth/google.ts';
import { hashSecret } from '../../server/auth/one-time-tokens.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { bearer, get, post, type SignIn, type UserData } from './support/auth.ts';

const ORIGIN = 'http://localhost:3000';
const CALLBACK = `${ORIGIN}/auth/callback`;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const authorize = async (callback = CALLBACK, provider = 'google') =>
  get<{ authUrl: string }>(
    server,
    `/api/social/authorize?provider=${encodeURIComponent(provider)}&callback=${encodeURIComponent(callback)}`,
  );

/** A fresh state from the authorize call, and the dev IdP's page URL. */
const start = async (callback = CALLBACK) => {
  const { status, body } = await authorize(callback);
  expect(status).toBe(200);
  const url = new URL(body.extend.authUrl);
  return { url, state: url.searchParams.get('state')!, redirectUri: url.searchParams.get('redirect_uri')! };
};

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/dev-idp/authorize',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** Signs in at the dev IdP: the code and state of the redirect back to the callback. */
const signInAtIdp = async (email: string, name = '', callback = CALLBACK) => {
  const { state, redirectUri } = await start(callback);
  const res = await server.app.inject(
    form({ state, redirect_uri: redirectUri, email, name, action: 'signin' }),
  );
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(callback);
  return {
    code: location.searchParams.get('code')!,
    state: location.searchParams.get('state')!,
    sent: state,
  };
};

const exchange = (code: string, state: string) =>
  post<SignIn>(server, '/api/social/exchange', { code, state });

describe('GET /api/social/authorize', () => {
  it('answers the development identity provider URL with a state bound to the callback', async () => {
    const { status, body } = await authorize();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const authUrl = body.extend.authUrl;
    expect(authUrl).toMatch(
      /^http:\/\/localhost:3000\/dev-idp\/authorize\?client_id=dev&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback&state=[A-Za-z0-9_-]{43}&response_type=code&scope=openid%20email%20profile$/,
    );
    const state = new URL(authUrl).searchParams.get('state')!;
    const row = await server.db.one<{
      data: { callback: string; mode: string };
      expires_at: Date;
      used_at: Date | null;
    }>(
      `SELECT data, expires_at, used_at FROM one_time_tokens WHERE purpose = 'oauth_state' AND token_hash = $1`,
      [hashSecret(state)],
    );
    expect(row.data).toMatchObject({ callback: CALLBACK, mode: 'dev' });
    expect(row.used_at).toBeNull();
    const ttl = row.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('takes /social-callback too; the Host a request names never widens the allowed callbacks', async () => {
    expect((await authorize(`${ORIGIN}/social-callback`)).status).toBe(200);
    // issue 20: the callback's origin is PUBLIC_ORIGIN's (npm run dev sets it to Vite's), never the Host header's
    const viaProxy = await server.app.inject({
      url: `/api/social/authorize?provider=google&callback=${encodeURIComponent('http://localhost:5173/auth/callback')}`,
      headers: { host: 'localhost:5173' },
    });
    expect(viaProxy.statusCode).toBe(400);
    expect(viaProxy.body).not.toContain('localhost:5173');
  });

  it.each([
    ['facebook', CALLBACK, 'Unsupported sign-in provider'],
    ['Google', CALLBACK, 'Unsupported sign-in provider'],
    ['', CALLBACK, 'Unsupported sign-in provider'],
    ['google', 'https://evil.example/auth/callback', 'This sign-in callback address is not allowed.'],
    [
      'google',
      'http://localhost:3000.evil.example/auth/callback',
      'This sign-in callback address is not allowed.',
    ],
    ['google', 'http://localhost:3000/somewhere-else', 'This sign-in callback address is not allowed.'],
    [
      'google',
      'http://localhost:3000/auth/callback?next=https://evil.example',
      'This sign-in callback address is not allowed.',
    ],
    [
      'google',
      'http://user:pw@localhost:3000/auth/callback',
      'This sign-in callback address is not allowed.',
    ],
    [
      'google',
      'javascript:alert(1)//localhost:3000/auth/callback',
      'This sign-in callback address is not allowed.',
    ],
    ['google', '/auth/callback', 'This sign-in callback address is not allowed.'],
    ['google', 'not a url', 'This sign-in callback address is not allowed.'],
  ])('refuses provider %j with callback %j: 400', async (provider, callback, msg) => {
    const { status, body } = await authorize(callback, provider);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, msg, extend: {} });
  });

  it('refuses a callback on another host even when the request came there', async () => {
    const res = await server.app.inject({
      url: `/api/social/authorize?provider=google&callback=${encodeURIComponent('http://localhost:5173/auth/callback')}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('names a missing query parameter', async () => {
    const res = await get(server, '/api/social/authorize?provider=google');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("Missing query parameter 'callback'");
  });
});

describe('development identity provider', () => {
  it('shows an accessible sign-in page for a live state', async () => {
    const { url } = await start();
    const res = await server.app.inject(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<title>Sign in with Google (development)</title>');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="name">Name/);
    expect(html).toMatch(/<button type="submit" name="action" value="signin"[^>]*>Sign in<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).toContain(`name="state" value="${url.searchParams.get('state')}"`);
  });

  it.each([
    ['an unknown state', (u: URL) => u.searchParams.set('state', 'forged')],
    [
      'another redirect_uri',
      (u: URL) => u.searchParams.set('redirect_uri', 'https://evil.example/auth/callback'),
    ],
    ['another client', (u: URL) => u.searchParams.set('client_id', 'other')],
    ['another response type', (u: URL) => u.searchParams.set('response_type', 'token')],
    ['no state', (u: URL) => u.searchParams.delete('state')],
  ])('refuses %s with an error page and no redirect', async (_what, change) => {
    const { url } = await start();
    change(url);
    const res = await server.app.inject(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('This sign-in request is not valid');
  });

  it('returns to the callback with a code bound to the state, and cancel with access_denied', async () => {
    const { code, state, sent } = await signInAtIdp('pat@example.net', 'Pat Example');
    expect(state).toBe(sent);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await server.db.one<{ email: string; data: Record<string, string>; expires_at: Date }>(
      `SELECT email, data, expires_at FROM one_time_tokens WHERE purpose = 'auth_code' AND token_hash = $1`,
      [hashSecret(code)],
    );
    expect(row.email).toBe('pat@example.net');
    expect(row.data).toMatchObject({
      stateHash: hashSecret(state),
      redirectUri: CALLBACK,
      name: 'Pat Example',
    });
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const cancel = await start();
    const res = await server.app.inject(
      form({ state: cancel.state, redirect_uri: cancel.redirectUri, email: '', action: 'cancel' }),
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${CALLBACK}?error=access_denied&state=${cancel.state}`);
  });

  it('re-shows the page with the message for a bad address, escaping what was typed', async () => {
    const { state, redirectUri } = await start();
    const typed = '"><script>alert(1)</script>';
    const res = await server.app.inject(
      form({ state, redirect_uri: redirectUri, email: typed, name: '<b>x</b>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    const empty = await server.app.inject(form({ state, redirect_uri: redirectUri, email: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Email is required');
  });

  it('refuses a form for another redirect_uri or a forged state', async () => {
    const { state } = await start();
    const cases: Record<string, string>[] = [
      { state, redirect_uri: 'https://evil.example/auth/callback', email: 'a@example.com' },
      { state: 'forged', redirect_uri: CALLBACK, email: 'a@example.com' },
      { email: 'a@example.com' },
    ];
    for (const fields of cases) {
      const res = await server.app.inject(form(fields));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('POST /api/social/exchange', () => {
  it('signs in a new Google user: verified, named by the provider', async () => {
    const { code, state } = await signInAtIdp('new.google@example.net', 'Nova Google');
    const { status, body } = await exchange(code, state);
    expect(status).toBe(200);
    expect(body.msg).toBe('Login successful!');
    const { token, data } = body.extend;
    expect(data).toMatchObject({
      email: 'new.google@example.net',
      providerUsername: 'Nova Google',
      fruitCnt: 0,
    });
    const row = await server.db.one<{
      provider: string;
      provider_subject: string;
      email_verified_at: Date | null;
    }>('SELECT provider, provider_subject, email_verified_at FROM users WHERE id = $1', [data.userId]);
    expect(row.provider).toBe('google');
    expect(row.provider_subject).toBe(devSubject('new.google@example.net'));
    expect(row.email_verified_at).not.toBeNull();
    expect(decodeJwt(token).sub).toBe(data.userId);
    const account = await get<{ data: UserData }>(server, '/api/social/accounts', bearer(token));
    expect(account.body.extend.data).toEqual(data);

    // the same person again: the same account
    const again = await signInAtIdp('NEW.google@example.net');
    const second = await exchange(again.code, again.state);
    expect(second.body.extend.data.userId).toBe(data.userId);
  });

  it('signs an existing account in by its address, and the name defaults to the address', async () => {
    const { code, state } = await signInAtIdp('demo@example.com');
    const { status, body } = await exchange(code, state);
    expect(status).toBe(200);
    const demo = await server.db.one<{ id: string; password_hash: string | null }>(
      `SELECT id, password_hash FROM users WHERE email = 'demo@example.com'`,
    );
    expect(body.extend.data.userId).toBe(demo.id);
    expect(demo.password_hash).not.toBeNull(); // a verified account keeps its password
    const fresh = await signInAtIdp('no.name@example.net');
    expect((await exchange(fresh.code, fresh.state)).body.extend.data.providerUsername).toBe('no.name');
  });

  it('takes over an unverified registration: its password no longer works', async () => {
    await server.db.query(
      `INSERT INTO users (email, password_hash, name, provider) VALUES ('squatted@example.net', 'x', 'Squatter', 'email')`,
    );
    const { code, state } = await signInAtIdp('squatted@example.net');
    const { status } = await exchange(code, state);
    expect(status).toBe(200);
    const row = await server.db.one<{
      password_hash: string | null;
      email_verified_at: Date | null;
      token_version: number;
    }>(
      `SELECT password_hash, email_verified_at, token_version FROM users WHERE email = 'squatted@example.net'`,
    );
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.token_version).toBe(1);
  });

  it('refuses to use a code twice', async () => {
    const { code, state } = await signInAtIdp('twice.code@example.net');
    expect((await exchange(code, state)).status).toBe(200);
    const reuse = await exchange(code, state);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      success: false,
      msg: 'This sign-in link has expired. Please try again.',
      extend: {},
    });
  });

  it('refuses a code with another state, and burns both', async () => {
    const first = await signInAtIdp('wrong.state@example.net');
    const other = await start();
    const res = await exchange(first.code, other.state);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This sign-in link is not valid. Please try again.');
    // the code is gone now, also with its own state
    const retry = await exchange(first.code, first.state);
    expect(retry.status).toBe(400);
    expect(retry.body.success).toBe(false);
  });

  it('refuses an unknown state or code', async () => {
    const { code } = await signInAtIdp('unknown.state@example.net');
    const forged = await exchange(code, 'forged-state');
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('This sign-in link is not valid. Please try again.');
    const { state } = await start();
    const noCode = await exchange('forged-code', state);
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('This sign-in link is not valid. Please try again.');
  });

  it('refuses an expired code and an expired state', async () => {
    const late = await signInAtIdp('late.code@example.net');
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashSecret(late.code)],
    );
    const res = await exchange(late.code, late.state);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This sign-in link has expired. Please try again.');

    const slow = await signInAtIdp('late.state@example.net');
    await server.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashSecret(slow.state)],
    );
    const stale = await exchange(slow.code, slow.state);
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toBe('This sign-in link has expired. Please try again.');
  });

  it('answers bad bodies with 400', async () => {
    for (const [payload, msg] of [
      [{ state: 'x' }, "Missing body field 'code'"],
      [{ code: 'x' }, "Missing body field 'state'"],
      [{ code: '', state: 'x' }, "Invalid body field 'code': must NOT have fewer than 1 characters"],
      [{ code: { a: 1 }, state: 'x' }, "Invalid body field 'code': must be string"],
    ] as const) {
      const res = await post(server, '/api/social/exchange', payload);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('with GOOGLE_CLIENT_ID: the same flow against Google', () => {
  const CLIENT_ID = 'client-123.apps.googleusercontent.com';
  let google: TestServer;
  let signIdToken: (claims: Record<string, unknown>) => Promise<string>;
  let nextIdToken: string | null = null;
  const tokenRequests: URLSearchParams[] = [];

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    signIdToken = (claims) =>
      new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      expect(String(url)).toBe(GOOGLE_TOKEN_URL);
      tokenRequests.push(new URLSearchParams(String(init?.body)));
      if (nextIdToken === null) return Response.json({ error: 'invalid_grant' }, { status: 400 });
      return Response.json({ access_token: 'at', id_token: nextIdToken, token_type: 'Bearer' });
    }) as typeof fetch;
    google = await createTestServer({
      config: { google: { clientId: CLIENT_ID, clientSecret: 'shh' } },
      app: { auth: { google: { fetch: fakeFetch, jwks: createLocalJWKSet({ keys: [jwk] }) } } },
    });
  });
  afterAll(async () => {
    await google.close();
  });

  const googleStart = async () => {
    const { status, body } = await get<{ authUrl: string }>(
      google,
      `/api/social/authorize?provider=google&callback=${encodeURIComponent(CALLBACK)}`,
    );
    expect(status).toBe(200);
    const url = new URL(body.extend.authUrl);
    return { url, state: url.searchParams.get('state')! };
  };

  it("answers Google's consent URL with state and nonce; the development provider is off", async () => {
    const { url, state } = await googleStart();
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      nonce: nonceOf(state),
    });
    expect(url.search).toContain('scope=openid%20email%20profile');
    expect((await google.app.inject(`/dev-idp/authorize?state=${state}`)).statusCode).toBe(404);
  });

  it('exchanges the code with the secret, verifies the id_token and signs the person in', async () => {
    const { state } = await googleStart();
    nextIdToken = await signIdToken({
      sub: '1098765',
      email: 'gina@gmail.com',
      email_verified: true,
      name: 'Gina G',
      picture: 'https://lh3.googleusercontent.com/a/photo',
      nonce: nonceOf(state),
    });
    const { status, body } = await post<SignIn>(google, '/api/social/exchange', {
      code: 'google-code',
      state,
    });
    expect(status).toBe(200);
    expect(body.extend.data).toMatchObject({
      email: 'gina@gmail.com',
      providerUsername: 'Gina G',
      avatarUrl: 'https://lh3.googleusercontent.com/a/photo',
    });
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toEqual({
      code: 'google-code',
      client_id: CLIENT_ID,
      client_secret: 'shh',
      redirect_uri: CALLBACK,
      grant_type: 'authorization_code',
    });
    const row = await google.db.one<{ provider_subject: string }>(
      `SELECT provider_subject FROM users WHERE email = 'gina@gmail.com'`,
    );
    expect(row.provider_subject).toBe('1098765');
  });

  it('refuses a refused code, a bad nonce, another audience and an unverified address', async () => {
    nextIdToken = null;
    const refused = await post(google, '/api/social/exchange', {
      code: 'bad',
      state: (await googleStart()).state,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This sign-in link has expired. Please try again.');

    const cases: [Record<string, unknown>, string][] = [
      [{ nonce: 'other' }, 'Google sign-in could not be verified. Please try again.'],
      [{ aud: 'someone-else' }, 'Google sign-in could not be verified. Please try again.'],
      [{ iss: 'https://evil.example' }, 'Google sign-in could not be verified. Please try again.'],
      [
        { email_verified: false, sub: 'unverified-1' },
        'Your Google account has no verified email address. Please verify it with Google or use another account.',
      ],
    ];
    for (const [claims, msg] of cases) {
      const { state } = await googleStart();
      nextIdToken = await signIdToken({
        sub: '55',
        email: 'x@gmail.com',
        email_verified: true,
        nonce: nonceOf(state),
        ...claims,
      });
      const res = await post(google, '/api/social/exchange', { code: 'c', state });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('in production without Google', () => {
  it('has no development provider, no outbox, and says social sign-in is unavailable', async () => {
    const prod = await createTestServer({
      config: { production: true, devStandIns: false, nodeEnv: 'production' },
    });
    try {
      const auth = await get(
        prod,
        `/api/social/authorize?provider=google&callback=${encodeURIComponent(CALLBACK)}`,
      );
      expect(auth.status).toBe(503);
      expect(auth.body.success).toBe(false);
      expect((await prod.app.inject('/dev-idp/authorize')).statusCode).toBe(404);
      const outbox = await get(prod, '/api/dev/outbox?to=demo@example.com');
      expect(outbox.status).toBe(404);
      // a development callback host is not ours in production
      const viaProxy = await prod.app.inject({
        url: `/api/social/authorize?provider=google&callback=${encodeURIComponent('http://localhost:5173/auth/callback')}`,
        headers: { host: 'localhost:5173' },
      });
      expect(viaProxy.statusCode).toBe(400);
    } finally {
      await prod.close();
    }
  });
});
