// Email sign-in (requirements §4, §5, §7, §8): login, registration, the verification mail and link, resend, and
// their rate limits. Every answer is an envelope; bad input is a 4xx with the product's message.
import { createCipheriv } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/one-time-tokens.ts';
import { DEFAULT_PASSWORD_KEY } from '../../server/config.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import {
  bearer,
  botProof,
  enc,
  expireOneTimeToken,
  get,
  outbox,
  post,
  verifyTokenFromOutbox,
  type SignIn,
  type UserData,
} from './support/auth.ts';

const KEY = DEFAULT_PASSWORD_KEY;
const PASSWORD_RULE =
  'Password must be at least 8 characters and include uppercase, lowercase, number, and special character';

let server: TestServer;
beforeAll(async () => {
  // This file registers more accounts from one client than the default limit allows in an hour.
  server = await createTestServer({
    app: { auth: { rateLimits: { registerPerIp: { max: 1000, windowMs: 3_600_000 } } } },
  });
});
afterAll(async () => {
  await server.close();
});

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  post<SignIn & { code?: string; email?: string }>(server, '/api/social/login', {
    email,
    password: enc(password, KEY),
    encrypted: true,
    ...extra,
  });

const register = async (
  email: string,
  password: string,
  confirmPassword = password,
  extra: Record<string, unknown> = {},
) =>
  post(server, '/api/social/register', {
    email,
    password: enc(password, KEY),
    confirmPassword: enc(confirmPassword, KEY),
    recaptchaToken: await botProof(server.app),
    encrypted: true,
    ...extra,
  });

describe('POST /api/social/login', () => {
  it('signs in a verified user: token and user data', async () => {
    const { status, body } = await login('demo@example.com', 'Demo@12345');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.msg).toBe('Login successful!');
    const demo = await server.db.one<{ id: string; name: string; fruit_cnt: number }>(
      `SELECT id, name, fruit_cnt FROM users WHERE email = 'demo@example.com'`,
    );
    expect(body.extend.data).toEqual<UserData>({
      userId: demo.id,
      providerUsername: demo.name,
      email: 'demo@example.com',
      avatarUrl: null,
      fruitCnt: demo.fruit_cnt,
    });
    const claims = decodeJwt(body.extend.token);
    expect(claims).toMatchObject({ sub: demo.id, preferred_username: demo.name });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    const account = await get<{ data: UserData }>(server, '/api/social/accounts', bearer(body.extend.token));
    expect(account.body.extend.data.userId).toBe(demo.id);
  });

  it('takes the address in any case and with surrounding spaces', async () => {
    const { status } = await login('  DEMO@Example.com ', 'Demo@12345');
    expect(status).toBe(200);
  });

  it('answers a wrong password and an unknown address alike: 401', async () => {
    const wrong = await login('demo@example.com', 'Demo@99999');
    const unknown = await login('nobody@example.com', 'Demo@12345');
    for (const { status, body } of [wrong, unknown]) {
      expect(status).toBe(401);
      expect(body).toEqual({ success: false, msg: 'Incorrect email or password.', extend: {} });
    }
  });

  it.each([
    [{ email: '', password: 'x' }, 400, 'Email is required'],
    [{ email: '   ', password: 'x' }, 400, 'Email is required'],
    [{ email: 'not-an-email', password: 'x' }, 422, 'Please enter a valid email address'],
    [{ email: 'a@b.c1', password: 'x' }, 422, 'Please enter a valid email address'],
    [{ email: 'demo@example.com', password: '' }, 400, 'Password is required'],
  ])('checks the fields in order: %j', async (fields, status, msg) => {
    const res = await post(server, '/api/social/login', {
      email: fields.email,
      password: fields.password === '' ? '' : enc(fields.password, KEY),
      encrypted: true,
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, msg, extend: {} });
  });

  it('answers an encrypted empty password with "Password is required"', async () => {
    const res = await login('demo@example.com', '');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Password is required');
  });

  it.each([
    ['not base64', 'this is not base64!'],
    ['base64 of too few bytes', Buffer.from('short').toString('base64')],
    ['an IV without ciphertext', Buffer.alloc(16).toString('base64')],
    ['not whole blocks', Buffer.alloc(40).toString('base64')],
    ['base64url instead of base64', Buffer.alloc(48, 0xfb).toString('base64url')],
  ])('answers a password that is %s with 400', async (_what, password) => {
    const res = await post(server, '/api/social/login', {
      email: 'demo@example.com',
      password,
      encrypted: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      msg: 'We could not read your password. Please try again.',
      extend: {},
    });
  });

  it('answers a ciphertext under another key with 400', async () => {
    // A fixed IV keeps this deterministic: under the server's key the padding does not check out.
    const otherKey = Buffer.from('another-key-of-32-bytes-01234567', 'utf8');
    const iv = Buffer.alloc(16, 7);
    const cipher = createCipheriv('aes-256-cbc', otherKey, iv);
    const password = Buffer.concat([iv, cipher.update('Demo@12345', 'utf8'), cipher.final()]).toString(
      'base64',
    );
    const res = await post(server, '/api/social/login', {
      email: 'demo@example.com',
      password,
      encrypted: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('We could not read your password. Please try again.');
  });

  it('refuses a password sent in the clear', async () => {
    const res = await post(server, '/api/social/login', {
      email: 'demo@example.com',
      password: 'Demo@12345',
      encrypted: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it.each([
    [{ password: 'x' }, "Missing body field 'email'"],
    [{ email: 'demo@example.com' }, "Missing body field 'password'"],
    [{ email: { a: 1 }, password: 'x' }, "Invalid body field 'email': must be string"],
    [{ email: 'demo@example.com', password: { iv: 'x' } }, "Invalid body field 'password': must be string"],
    // Fastify's schema coercion turns null into '' (and 5 into '5'): then the field rules answer
    [{ email: null, password: 'x' }, 'Email is required'],
    [
      { email: 'demo@example.com', password: 'x', encrypted: 'yes' },
      "Invalid body field 'encrypted': must be boolean",
    ],
    [
      { email: 'x'.repeat(400), password: 'x' },
      "Invalid body field 'email': must NOT have more than 320 characters",
    ],
  ])('answers a body that fails the schema with 400: %j', async (payload, msg) => {
    const res = await post(server, '/api/social/login', payload);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toBe(msg);
  });

  it('answers malformed JSON, an empty body, a non-object and a huge body with 4xx envelopes', async () => {
    const raw = (payload: string, type = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: '/api/social/login',
        headers: { 'content-type': type },
        payload,
      });
    const malformed = await raw('{"email": "demo@example.com",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false });
    expect((await raw('')).statusCode).toBe(400);
    expect((await raw('"just a string"')).statusCode).toBe(400);
    expect((await raw('null')).statusCode).toBe(400);
    const huge = await raw(
      JSON.stringify({ email: 'demo@example.com', password: 'A'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false });
    const form = await raw('email=demo%40example.com&password=x', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ success: false });
  });

  it('needs no Authorization header and ignores a stale one', async () => {
    const res = await post(
      server,
      '/api/social/login',
      { email: 'demo@example.com', password: enc('Demo@12345', KEY), encrypted: true },
      bearer('x.y.z'),
    );
    expect(res.status).toBe(200);
  });
});

describe('registration, verification mail and link', () => {
  it('registers, mails the link, refuses login until verified, verifies, then logs in', async () => {
    const email = 'new.person@example.org';
    const reg = await register(email, 'Secret@123');
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({
      success: true,
      msg: 'Registration successful. Please check your email to verify your account.',
      extend: {},
    });
    const user = await server.db.one<{
      password_hash: string;
      email_verified_at: Date | null;
      provider: string;
    }>('SELECT password_hash, email_verified_at, provider FROM users WHERE email = $1', [email]);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_verified_at).toBeNull();
    expect(user.provider).toBe('email');

    const [mail, ...older] = await outbox(server, email);
    expect(older).toEqual([]);
    expect(mail).toMatchObject({ to: email, subject: 'Verify your FruitPrompt email' });
    expect(new Date(mail!.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const token = await verifyTokenFromOutbox(server, email);
    expect(mail!.text).toContain(`http://localhost:3000/verifyemail-${token}.html`);
    expect(mail!.html).toContain(`href="http://localhost:3000/verifyemail-${token}.html"`);
    // only the hash is stored
    const stored = await server.db.query<{ token_hash: string; expires_at: Date }>(
      `SELECT token_hash, expires_at FROM one_time_tokens WHERE purpose = 'verify_email' AND email = $1`,
      [email],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(hashSecret(token));
    expect(stored[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const early = await login(email, 'Secret@123');
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      success: false,
      msg: 'Please verify your email address before logging in.',
      extend: { code: 'EMAIL_NOT_VERIFIED', email },
    });
    // a wrong password does not tell that the address is unverified
    expect((await login(email, 'Secret@999')).status).toBe(401);

    const verified = await post(server, '/api/social/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      msg: 'Your email address has been verified. You can now log in.',
      extend: { status: 'verified', email },
    });
    // opening the link again still says verified
    const again = await post(server, '/api/social/verify-email', { token });
    expect(again.status).toBe(200);
    expect(again.body.extend).toEqual({ status: 'verified', email });

    const ok = await login(email, 'Secret@123');
    expect(ok.status).toBe(200);
    expect(ok.body.extend.data).toMatchObject({ email, providerUsername: 'new.person', fruitCnt: 0 });
  });

  it('refuses a second account for an address (any case): 409', async () => {
    const first = await register('twice@example.org', 'Secret@123');
    expect(first.status).toBe(200);
    for (const email of ['twice@example.org', 'TWICE@example.org', 'demo@example.com']) {
      const res = await register(email, 'Secret@123');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        msg: 'An account with this email already exists. Please log in.',
        extend: {},
      });
    }
  });

  it.each([
    ['', 'Secret@123', 'Secret@123', 400, 'Email is required'],
    ['bad@address', 'Secret@123', 'Secret@123', 422, 'Please enter a valid email address'],
    ['v1@example.org', '', '', 400, 'Password is required'],
    ['v1@example.org', 'short@1A', 'short@1A', 200, null],
    ['v2@example.org', 'Sh@1a', 'Sh@1a', 422, PASSWORD_RULE],
    ['v2@example.org', 'alllower@123', 'alllower@123', 422, PASSWORD_RULE],
    ['v2@example.org', 'ALLUPPER@123', 'ALLUPPER@123', 422, PASSWORD_RULE],
    ['v2@example.org', 'NoDigits@abc', 'NoDigits@abc', 422, PASSWORD_RULE],
    ['v2@example.org', 'NoSpecial123', 'NoSpecial123', 422, PASSWORD_RULE],
    ['v2@example.org', 'Other#Char123', 'Other#Char123', 422, PASSWORD_RULE],
    ['v2@example.org', 'Secret@123', 'Secret@124', 422, 'Passwords do not match'],
    // the checks run in order: email, password, confirmation
    ['bad', 'weak', 'other', 422, 'Please enter a valid email address'],
    ['v2@example.org', 'weak', 'other', 422, PASSWORD_RULE],
  ])('checks %j / %j / %j on the server too', async (email, password, confirm, status, msg) => {
    const res =
      password === ''
        ? await post(server, '/api/social/register', {
            email,
            password: '',
            confirmPassword: '',
            recaptchaToken: await botProof(server.app),
            encrypted: true,
          })
        : await register(email, password, confirm);
    expect(res.status).toBe(status);
    if (msg !== null) expect(res.body).toEqual({ success: false, msg, extend: {} });
  });

  it('refuses a wrong recaptcha token, undecryptable passwords and bad bodies', async () => {
    const wrongCaptcha = await register('captcha@example.org', 'Secret@123', 'Secret@123', {
      recaptchaToken: 'nope',
    });
    expect(wrongCaptcha.status).toBe(400);
    expect(wrongCaptcha.body.msg).toBe('The security check failed. Please reload the page and try again.');
    const garbled = await register('garbled@example.org', 'Secret@123', 'Secret@123', {
      confirmPassword: '%%%',
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.msg).toBe('We could not read your password. Please try again.');
    const missing = await post(server, '/api/social/register', {
      email: 'x@example.org',
      password: enc('Secret@123', KEY),
      recaptchaToken: await botProof(server.app),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Missing body field 'confirmPassword'");
    const noCaptcha = await post(server, '/api/social/register', {
      email: 'x@example.org',
      password: enc('Secret@123', KEY),
      confirmPassword: enc('Secret@123', KEY),
    });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.msg).toBe("Missing body field 'recaptchaToken'");
    const count = await server.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email IN ('captcha@example.org', 'garbled@example.org', 'x@example.org')`,
    );
    expect(count.n).toBe(0);
  });
});

describe('POST /api/social/verify-email', () => {
  it('answers an unknown or empty token with 400 invalid', async () => {
    for (const token of ['no-such-token', '', 'x'.repeat(43)]) {
      const res = await post(server, '/api/social/verify-email', { token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        msg: 'This verification link is not valid.',
        extend: { status: 'invalid' },
      });
    }
    const missing = await post(server, '/api/social/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Missing body field 'token'");
  });

  it('answers an expired link with 410 and the address, and a new link works', async () => {
    const email = 'late@example.org';
    expect((await register(email, 'Secret@123')).status).toBe(200);
    const token = await verifyTokenFromOutbox(server, email);
    await expireOneTimeToken(server, token);
    const expired = await post(server, '/api/social/verify-email', { token });
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      success: false,
      msg: 'This verification link has expired. Ask for a new one below.',
      extend: { status: 'expired', email },
    });
    // the registration's mail counts: a resend right away waits for the minute
    const tooSoon = await post(server, '/api/social/resend-verification', { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.msg).toBe('Please wait a minute before asking for another email.');
    expect(tooSoon.res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/social/resend-verification', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({
      app: {
        auth: {
          rateLimits: {
            mailPerEmailMinute: { max: 100, windowMs: 60_000 },
            mailPerEmailHour: { max: 3, windowMs: 3_600_000 },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('sends a new link, retires the older one, and answers any address alike', async () => {
    const email = 'resend@example.org';
    const reg = await post(limited, '/api/social/register', {
      email,
      password: enc('Secret@123', KEY),
      confirmPassword: enc('Secret@123', KEY),
      recaptchaToken: await botProof(limited.app),
      encrypted: true,
    });
    expect(reg.status).toBe(200);
    const first = await verifyTokenFromOutbox(limited, email);

    const resent = await post(limited, '/api/social/resend-verification', { email: email.toUpperCase() });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, msg: 'Verification email sent successfully!', extend: {} });
    const mails = await outbox(limited, email);
    expect(mails).toHaveLength(2);
    const second = await verifyTokenFromOutbox(limited, email);
    expect(second).not.toBe(first);

    // the older link now answers expired; the new one verifies
    expect((await post(limited, '/api/social/verify-email', { token: first })).status).toBe(410);
    expect((await post(limited, '/api/social/verify-email', { token: second })).body.extend).toEqual({
      status: 'verified',
      email,
    });

    // verified, unknown: the same answer, no mail
    for (const other of [email, 'nobody-at-all@example.org', 'alice@example.com']) {
      const res = await post(limited, '/api/social/resend-verification', { email: other });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(resent.body);
    }
    expect(await outbox(limited, email)).toHaveLength(2);
    expect(await outbox(limited, 'nobody-at-all@example.org')).toHaveLength(0);
  });

  it('limits the mails per address per hour (for unknown addresses too)', async () => {
    const email = 'hourly@example.org';
    for (let i = 0; i < 3; i++) {
      expect((await post(limited, '/api/social/resend-verification', { email })).status).toBe(200);
    }
    const fourth = await post(limited, '/api/social/resend-verification', { email });
    expect(fourth.status).toBe(429);
    expect(fourth.body.msg).toBe('Too many emails were sent to this address. Please try again in an hour.');
    expect(fourth.body.extend).toMatchObject({ retryAfter: expect.any(Number) });
    // another address is not affected
    expect(
      (await post(limited, '/api/social/resend-verification', { email: 'other-hourly@example.org' })).status,
    ).toBe(200);
  });

  it('checks the address', async () => {
    const bad = await post(limited, '/api/social/resend-verification', { email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('Please enter a valid email address');
    const missing = await post(limited, '/api/social/resend-verification', {});
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Missing body field 'email'");
  });
});

describe('rate limits of login and registration', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({
      app: {
        auth: {
          rateLimits: {
            loginPerIp: { max: 6, windowMs: 60_000 },
            loginFailuresPerEmailAndIp: { max: 2, windowMs: 60_000 },
            loginFailuresPerEmail: { max: 2, windowMs: 60_000 },
            registerPerIp: { max: 1, windowMs: 60_000 },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  const tryLogin = (email: string, password: string) =>
    post(limited, '/api/social/login', { email, password: enc(password, KEY), encrypted: true });

  it('stops guessing at one address from one client after the allowed failures, even with the right password', async () => {
    expect((await tryLogin('alice@example.com', 'Alice@12345')).status).toBe(200);
    expect((await tryLogin('alice@example.com', 'Wrong@1')).status).toBe(401);
    expect((await tryLogin('alice@example.com', 'Wrong@2')).status).toBe(401);
    const blocked = await tryLogin('alice@example.com', 'Alice@12345');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      msg: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    // another address still works
    expect((await tryLogin('demo@example.com', 'Demo@12345')).status).toBe(200);
  });

  it('limits the attempts of one client', async () => {
    // five attempts so far from this client in the window; the sixth is the last one allowed
    expect((await tryLogin('demo@example.com', 'Demo@12345')).status).toBe(200);
    const blocked = await tryLogin('demo@example.com', 'Demo@12345');
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.body.msg).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  });

  it('limits registrations of one client', async () => {
    const body = {
      email: 'rl1@example.org',
      password: enc('Secret@123', KEY),
      confirmPassword: enc('Secret@123', KEY),
      recaptchaToken: await botProof(limited.app),
      encrypted: true,
    };
    expect((await post(limited, '/api/social/register', body)).status).toBe(200);
    const second = await post(limited, '/api/social/register', { ...body, email: 'rl2@example.org' });
    expect(second.status).toBe(429);
    expect(second.body.msg).toBe('Too many sign-up attempts. Please try again later.');
  });
});
