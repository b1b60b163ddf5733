// Security policies (docs/security.md): a rate limit on every call that sends mail or checks a password.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RATE_LIMIT_MESSAGES } from '../../server/account/rate-limits.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/auth/rate-limits.ts';
import { signToken } from '../../server/auth/tokens.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, botProof, enc, proven } from './support/auth.ts';
import { appBeside, openForSuite } from './support/suite.ts';
import { CALLBACK, expectBaseHeaders } from './support/security.ts';

// --- rate limits ----------------------------------------------------------------------------------------------

describe('rate limits on every call that sends mail or checks a password', () => {
  const LIMIT = 2;
  const limit = { max: LIMIT, windowMs: 60_000 };
  const server = openForSuite(createTestServer);
  let ip = 0;
  /** A client address of its own, so that no test counts against another's per-IP limit. */
  const nextIp = () => `10.9.0.${++ip}`;

  const limited = openForSuite(() =>
    appBeside(server, {
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
    }),
  );

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
  const registration = async (email: string) => ({
    email,
    password: enc('Strong@12345', key()),
    confirmPassword: enc('Strong@12345', key()),
    recaptchaToken: await botProof(server.app),
    encrypted: true,
  });
  const supportRequest = (email: string) =>
    proven(server.app, {
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
      async (n) =>
        postFrom(from, '/api/social/register', await registration(`rl-register-ip-${n}@example.com`)),
      RATE_LIMIT_MESSAGES.register,
    );
  });

  it('POST /api/social/register (sends mail): per address', async () => {
    await hammer(
      async () =>
        postFrom(nextIp(), '/api/social/register', await registration('rl-register-one@example.com')),
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
    await hammer(
      async () => postFrom(from, '/api/social/guest', await proven(server.app, {})),
      RATE_LIMIT_MESSAGES.guest,
    );
  });

  it('POST /api/support/requests (sends mail): per client IP', async () => {
    const from = nextIp();
    await hammer(
      async (n) =>
        postFrom(from, '/api/support/requests', await supportRequest(`rl-support-ip-${n}@example.com`)),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
  });

  it('POST /api/support/requests (sends mail): per address', async () => {
    await hammer(
      async () =>
        postFrom(nextIp(), '/api/support/requests', await supportRequest('rl-support-one@example.com')),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
  });

  it('POST /api/support/requests (sends mail): per account, whatever the address', async () => {
    const token = await memberWithPassword('rl-support-member@example.com', 'Start@12345');
    await hammer(
      async (n) =>
        postFrom(
          nextIp(),
          '/api/support/requests',
          await supportRequest(`ignored-${n}@example.com`),
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
