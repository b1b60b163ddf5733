// Social sign-in (requirements §4 Social login flow, requirements §C4): the authorize call, the development
// identity provider standing in for Google (a real authorization-code flow: state checked, code single-use
// and short-lived), the exchange, and the same server code talking to Google when it is configured.
import { exportJWK, generateKeyPair, createLocalJWKSet, SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSubject } from '../../server/auth/dev-idp.ts';
import { AUTH_MESSAGES } from '../../server/auth/constants.ts';
import { codeChallengeOf } from '../../server/auth/flow-cookie.ts';
import { GOOGLE_TOKEN_URL } from '../../server/auth/google.ts';
import { hashSecret } from '../../server/auth/one-time-tokens.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import {
  bearer,
  cookieOf,
  devIdpForm,
  expireOneTimeToken,
  get,
  post,
  setCookies,
  type SignIn,
  type UserData,
} from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const ORIGIN = 'http://localhost:3000';
const CALLBACK = `${ORIGIN}/auth/callback`;

const server = openForSuite(createTestServer);

const authorize = async (callback = CALLBACK, provider = 'google') =>
  get<{ authUrl: string }>(
    server,
    `/api/social/authorize?provider=${encodeURIComponent(provider)}&callback=${encodeURIComponent(callback)}`,
  );

/** A fresh state from the authorize call, the dev IdP's page URL, and the cookie of this browser's flow. */
const start = async (callback = CALLBACK) => {
  const { status, body, res } = await authorize(callback);
  expect(status).toBe(200);
  const url = new URL(body.extend.authUrl);
  return {
    url,
    state: url.searchParams.get('state')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    cookie: cookieOf(res),
  };
};

/**
 * Signs in at the dev IdP: the code and state of the redirect back to the callback, and the cookie of the
 * browser that started the flow. `fields` changes what the IdP's form sends (its hidden nonce or challenge).
 */
const signInAtIdp = async (
  email: string,
  name = '',
  callback = CALLBACK,
  fields: Record<string, string> = {},
) => {
  const { url, state, cookie } = await start(callback);
  const res = await server.app.inject(devIdpForm(url, { email, name, action: 'signin', ...fields }));
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(callback);
  return {
    code: location.searchParams.get('code')!,
    state: location.searchParams.get('state')!,
    sent: state,
    cookie,
  };
};

/** The callback page's exchange, from a browser with this Cookie header (null: a browser without one). */
const exchange = (code: string, state: string, cookie: string | null) =>
  post<SignIn>(server, '/api/social/exchange', { code, state }, cookie === null ? {} : { cookie });

describe('GET /api/social/authorize', () => {
  it('answers the development identity provider URL with a state bound to the callback', async () => {
    const { status, body } = await authorize();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const authUrl = body.extend.authUrl;
    expect(authUrl).toMatch(
      /^http:\/\/localhost:3000\/dev-idp\/authorize\?client_id=dev&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback&state=[A-Za-z0-9_-]{43}&response_type=code&scope=openid%20email%20profile&nonce=[A-Za-z0-9_-]{43}&code_challenge=[A-Za-z0-9_-]{43}&code_challenge_method=S256$/,
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
    expect(html).toContain(`name="nonce" value="${url.searchParams.get('nonce')}"`);
    expect(html).toContain(`name="code_challenge" value="${url.searchParams.get('code_challenge')}"`);
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
    // PKCE (S256) and a nonce are required, as the relying party always sends them (issue 37)
    ['no code challenge', (u: URL) => u.searchParams.delete('code_challenge')],
    ['a plain code challenge', (u: URL) => u.searchParams.set('code_challenge_method', 'plain')],
    ['a malformed code challenge', (u: URL) => u.searchParams.set('code_challenge', 'short')],
    ['no nonce', (u: URL) => u.searchParams.delete('nonce')],
  ])('refuses %s with an error page and no redirect', async (_what, change) => {
    const { url } = await start();
    change(url);
    const res = await server.app.inject(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('This sign-in request is not valid');
  });

  it('returns to the callback with a code bound to the state, and cancel with access_denied', async () => {
    const { code, state, sent, cookie } = await signInAtIdp('pat@example.net', 'Pat Example');
    const [nonce, verifier] = cookie.split('=')[1]!.split('.').slice(1);
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
      // what the flow's browser holds: the nonce, and the verifier of the PKCE challenge
      nonce,
      codeChallenge: codeChallengeOf(verifier!),
    });
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const cancel = await start();
    const res = await server.app.inject(devIdpForm(cancel.url, { email: '', action: 'cancel' }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${CALLBACK}?error=access_denied&state=${cancel.state}`);
  });

  it('re-shows the page with the message for a bad address, escaping what was typed', async () => {
    const { url } = await start();
    const typed = '"><script>alert(1)</script>';
    const res = await server.app.inject(devIdpForm(url, { email: typed, name: '<b>x</b>' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    expect(res.body).toContain(`name="code_challenge" value="${url.searchParams.get('code_challenge')}"`);
    const empty = await server.app.inject(devIdpForm(url, { email: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Email is required');
  });

  it('refuses a form for another redirect_uri, a forged state or without its PKCE challenge or nonce', async () => {
    const { url } = await start();
    const email = 'a@example.com';
    const cases: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/auth/callback', email },
      { state: 'forged', email },
      { code_challenge: '', email },
      { code_challenge_method: 'plain', email },
      { nonce: '', email },
    ];
    for (const fields of cases) {
      const res = await server.app.inject(devIdpForm(url, fields));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
    const withoutHidden: Record<string, string>[] = [{ email }, { email, action: 'cancel' }];
    for (const fields of withoutHidden) {
      const res = await server.app.inject({
        ...devIdpForm(url, {}),
        payload: new URLSearchParams(fields).toString(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('POST /api/social/exchange', () => {
  it('signs in a new Google user: verified, named by the provider', async () => {
    const { code, state, cookie } = await signInAtIdp('new.google@example.net', 'Nova Google');
    const { status, body } = await exchange(code, state, cookie);
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
    const second = await exchange(again.code, again.state, again.cookie);
    expect(second.body.extend.data.userId).toBe(data.userId);
  });

  it('signs an existing account in by its address, and the name defaults to the address', async () => {
    const { code, state, cookie } = await signInAtIdp('demo@example.com');
    const { status, body } = await exchange(code, state, cookie);
    expect(status).toBe(200);
    const demo = await server.db.one<{ id: string; password_hash: string | null }>(
      `SELECT id, password_hash FROM users WHERE email = 'demo@example.com'`,
    );
    expect(body.extend.data.userId).toBe(demo.id);
    expect(demo.password_hash).not.toBeNull(); // a verified account keeps its password
    const fresh = await signInAtIdp('no.name@example.net');
    expect((await exchange(fresh.code, fresh.state, fresh.cookie)).body.extend.data.providerUsername).toBe(
      'no.name',
    );
  });

  it('takes over an unverified registration: its password no longer works', async () => {
    await server.db.query(
      `INSERT INTO users (email, password_hash, name, provider) VALUES ('squatted@example.net', 'x', 'Squatter', 'email')`,
    );
    const { code, state, cookie } = await signInAtIdp('squatted@example.net');
    const { status } = await exchange(code, state, cookie);
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
    const { code, state, cookie } = await signInAtIdp('twice.code@example.net');
    expect((await exchange(code, state, cookie)).status).toBe(200);
    // the same cookie sent again (a browser that kept it): the state is used
    const reuse = await exchange(code, state, cookie);
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
    const res = await exchange(first.code, other.state, other.cookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This sign-in link is not valid. Please try again.');
    // the code is gone now, also with its own state
    const retry = await exchange(first.code, first.state, first.cookie);
    expect(retry.status).toBe(400);
    expect(retry.body.success).toBe(false);
  });

  it('refuses an unknown state or code', async () => {
    const { code, cookie } = await signInAtIdp('unknown.state@example.net');
    const forged = await exchange(code, 'forged-state', cookie);
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe(AUTH_MESSAGES.signInOtherBrowser);
    const { state, cookie: its } = await start();
    const noCode = await exchange('forged-code', state, its);
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('This sign-in link is not valid. Please try again.');
  });

  it('refuses an expired code and an expired state', async () => {
    const late = await signInAtIdp('late.code@example.net');
    await expireOneTimeToken(server, late.code);
    const res = await exchange(late.code, late.state, late.cookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('This sign-in link has expired. Please try again.');

    const slow = await signInAtIdp('late.state@example.net');
    await expireOneTimeToken(server, slow.state);
    const stale = await exchange(slow.code, slow.state, slow.cookie);
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

// issue 37: a prepared `/auth/callback?code=…&state=…` link signed a fresh browser into the preparer's account
describe('the sign-in is bound to the browser that started it', () => {
  it('sets the flow cookie when the flow starts: httpOnly, SameSite=Lax, for the exchange only, 10 minutes', async () => {
    const { res } = await authorize();
    const [cookie, ...more] = setCookies(res);
    expect(more).toEqual([]);
    const [pair, ...attributes] = cookie!.split('; ');
    expect(pair).toMatch(/^fp_signin=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual(
      ['HttpOnly', 'Max-Age=600', 'Path=/api/social/exchange', 'SameSite=Lax'].sort(),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // the secrets the browser holds are the ones the provider was given
    const url = new URL(res.json<{ extend: { authUrl: string } }>().extend.authUrl);
    const [state, nonce, verifier] = pair!.split('=')[1]!.split('.');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('nonce')).toBe(nonce);
    expect(url.searchParams.get('code_challenge')).toBe(codeChallengeOf(verifier!));
  });

  it('refuses the prepared link in a browser without the cookie, and keeps it for its own browser', async () => {
    const attacker = await signInAtIdp('preparer@example.net');
    const victim = await exchange(attacker.code, attacker.state, null);
    expect(victim.status).toBe(400);
    expect(victim.body).toEqual({ success: false, msg: AUTH_MESSAGES.signInOtherBrowser, extend: {} });
    expect(victim.res.headers['set-cookie']).toBeUndefined();
    const account = await server.db.maybeOne(`SELECT id FROM users WHERE email = 'preparer@example.net'`);
    expect(account).toBeNull();
  });

  it("refuses it in a browser whose cookie is another flow's, which still completes", async () => {
    const attacker = await signInAtIdp('preparer2@example.net');
    const own = await signInAtIdp('own.flow@example.net');
    const res = await exchange(attacker.code, attacker.state, own.cookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(AUTH_MESSAGES.signInOtherBrowser);
    // the browser's own flow is untouched: its cookie kept, its sign-in goes through
    expect(res.res.headers['set-cookie']).toBeUndefined();
    const done = await exchange(own.code, own.state, own.cookie);
    expect(done.status).toBe(200);
    expect(done.body.extend.data.email).toBe('own.flow@example.net');
  });

  it('signs in the browser that started it, clears the cookie, and refuses a replay', async () => {
    const flow = await signInAtIdp('right.browser@example.net');
    // among the browser's other cookies
    const res = await exchange(flow.code, flow.state, `fp_member=1; ${flow.cookie}; theme=dark`);
    expect(res.status).toBe(200);
    expect(res.body.extend.data.email).toBe('right.browser@example.net');
    expect(setCookies(res.res)).toEqual([
      'fp_signin=; Path=/api/social/exchange; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
    expect(res.res.headers['cache-control']).toBe('no-store');
    // the same callback again: the browser has no cookie any more…
    const replay = await exchange(flow.code, flow.state, null);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(AUTH_MESSAGES.signInOtherBrowser);
    // …and a copy of the cookie finds the state used
    const copied = await exchange(flow.code, flow.state, flow.cookie);
    expect(copied.status).toBe(400);
    expect(copied.body.msg).toBe(AUTH_MESSAGES.signInExpired);
  });

  it('clears the cookie after a failed exchange too: a flow is tried once', async () => {
    const flow = await signInAtIdp('failed.once@example.net');
    const res = await exchange('not-the-code', flow.state, flow.cookie);
    expect(res.status).toBe(400);
    expect(setCookies(res.res)).toEqual([
      'fp_signin=; Path=/api/social/exchange; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });

  it('refuses a cookie whose nonce or verifier was changed', async () => {
    for (const part of [1, 2]) {
      const flow = await signInAtIdp(`tampered${part}@example.net`);
      const [name, value] = flow.cookie.split('=');
      const parts = value!.split('.');
      parts[part] = 'A'.repeat(43);
      const res = await exchange(flow.code, flow.state, `${name}=${parts.join('.')}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(AUTH_MESSAGES.signInInvalid);
    }
  });

  it("refuses a code issued for another PKCE challenge or nonce than the browser's", async () => {
    const other = await start();
    const challenge = other.url.searchParams.get('code_challenge')!;
    const wrongVerifier = await signInAtIdp('pkce@example.net', '', CALLBACK, { code_challenge: challenge });
    const res = await exchange(wrongVerifier.code, wrongVerifier.state, wrongVerifier.cookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(AUTH_MESSAGES.signInInvalid);

    const wrongNonce = await signInAtIdp('nonce@example.net', '', CALLBACK, {
      nonce: other.url.searchParams.get('nonce')!,
    });
    const refused = await exchange(wrongNonce.code, wrongNonce.state, wrongNonce.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(AUTH_MESSAGES.signInInvalid);
    for (const email of ['pkce@example.net', 'nonce@example.net']) {
      expect(await server.db.maybeOne('SELECT id FROM users WHERE email = $1', [email])).toBeNull();
    }
  });

  it('marks the cookie Secure (and __Secure-) when the public origin is https', async () => {
    const https = await createTestServer({ config: { publicOrigin: 'https://shop.example' } });
    try {
      const res = await https.app.inject({
        url: `/api/social/authorize?provider=google&callback=${encodeURIComponent('https://shop.example/auth/callback')}`,
        headers: { host: 'shop.example' },
      });
      expect(res.statusCode).toBe(200);
      const [cookie] = setCookies(res);
      expect(cookie).toMatch(/^__Secure-fp_signin=[^;]+; /);
      expect(cookie!.split('; ')).toContain('Secure');
    } finally {
      await https.close();
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

  /** A flow started in a browser: the consent URL, its state and nonce, the browser's cookie and verifier. */
  const googleStart = async () => {
    const { status, body, res } = await get<{ authUrl: string }>(
      google,
      `/api/social/authorize?provider=google&callback=${encodeURIComponent(CALLBACK)}`,
    );
    expect(status).toBe(200);
    const url = new URL(body.extend.authUrl);
    const cookie = cookieOf(res);
    return {
      url,
      state: url.searchParams.get('state')!,
      nonce: url.searchParams.get('nonce')!,
      cookie,
      verifier: cookie.split('.')[2]!,
    };
  };
  const googleExchange = (code: string, state: string, cookie: string | null) =>
    post<SignIn>(google, '/api/social/exchange', { code, state }, cookie === null ? {} : { cookie });

  it("answers Google's consent URL with state, nonce and PKCE challenge; the development provider is off", async () => {
    const { url, state, nonce, verifier } = await googleStart();
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      nonce,
      code_challenge: codeChallengeOf(verifier),
      code_challenge_method: 'S256',
    });
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.search).toContain('scope=openid%20email%20profile');
    expect((await google.app.inject(`/dev-idp/authorize?state=${state}`)).statusCode).toBe(404);
  });

  it('exchanges the code with the secret and verifier, verifies the id_token and signs the person in', async () => {
    const { state, nonce, cookie, verifier } = await googleStart();
    nextIdToken = await signIdToken({
      sub: '1098765',
      email: 'gina@gmail.com',
      email_verified: true,
      name: 'Gina G',
      picture: 'https://lh3.googleusercontent.com/a/photo',
      nonce,
    });
    const { status, body } = await googleExchange('google-code', state, cookie);
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
      code_verifier: verifier,
    });
    const row = await google.db.one<{ provider_subject: string }>(
      `SELECT provider_subject FROM users WHERE email = 'gina@gmail.com'`,
    );
    expect(row.provider_subject).toBe('1098765');
  });

  it('refuses a refused code, a bad nonce, another audience and an unverified address', async () => {
    nextIdToken = null;
    const first = await googleStart();
    const refused = await googleExchange('bad', first.state, first.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This sign-in link has expired. Please try again.');

    const cases: [Record<string, unknown>, string][] = [
      [{ nonce: 'other' }, 'Google sign-in could not be verified. Please try again.'],
      [{ nonce: undefined }, 'Google sign-in could not be verified. Please try again.'],
      [{ aud: 'someone-else' }, 'Google sign-in could not be verified. Please try again.'],
      [{ iss: 'https://evil.example' }, 'Google sign-in could not be verified. Please try again.'],
      [
        { email_verified: false, sub: 'unverified-1' },
        'Your Google account has no verified email address. Please verify it with Google or use another account.',
      ],
    ];
    for (const [claims, msg] of cases) {
      const { state, nonce, cookie } = await googleStart();
      nextIdToken = await signIdToken({
        sub: '55',
        email: 'x@gmail.com',
        email_verified: true,
        nonce,
        ...claims,
      });
      const res = await googleExchange('c', state, cookie);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.msg).toBe(msg);
    }
  });

  it("refuses a prepared link before asking Google, and an id_token of another flow's nonce", async () => {
    const prepared = await googleStart();
    const asked = tokenRequests.length;
    const victim = await googleExchange('attackers-code', prepared.state, null);
    expect(victim.status).toBe(400);
    expect(victim.body.msg).toBe(AUTH_MESSAGES.signInOtherBrowser);
    expect(tokenRequests).toHaveLength(asked);

    const other = await googleStart();
    const flow = await googleStart();
    nextIdToken = await signIdToken({
      sub: '77',
      email: 'y@gmail.com',
      email_verified: true,
      nonce: other.nonce,
    });
    const res = await googleExchange('c', flow.state, flow.cookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Google sign-in could not be verified. Please try again.');
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
