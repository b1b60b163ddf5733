// Security policies (docs/security.md): expired or revoked tokens refused, and tokens claiming a longer life
// than the server issues (issue 37).
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../server/account/settings.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { LONGEST_TOKEN_TTL_SECONDS } from '../../server/auth/signing-keys.ts';
import {
  REMEMBER_ME_TTL_SECONDS,
  signToken,
  TOKEN_CLOCK_SKEW_SECONDS,
  TOKEN_ISSUER,
} from '../../server/auth/tokens.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, enc, get, post } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

// --- tokens ---------------------------------------------------------------------------------------------------

describe('expired and revoked tokens are refused', () => {
  const server = openForSuite(createTestServer);

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

  it('refuses a token signed with the server key that claims more life than the server gives, or a future iat', async () => {
    const member = await newMember('tok-lifetime@example.com');
    const key = new TextEncoder().encode(server.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const forged = (iat: number | null, exp: number) => {
      const jwt = new SignJWT({ preferred_username: member.name, ver: member.token_version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'env' })
        .setSubject(member.id)
        .setIssuer(TOKEN_ISSUER)
        .setJti(crypto.randomUUID())
        .setExpirationTime(exp);
      return (iat === null ? jwt : jwt.setIssuedAt(iat)).sign(key);
    };
    const longest = LONGEST_TOKEN_TTL_SECONDS;
    await expectRefused(await forged(now, now + 10 * 365 * 24 * 3600), 'ten years long');
    await expectRefused(await forged(now - 60, now - 60 + longest + 1), 'a second longer than the longest');
    await expectRefused(await forged(null, now + 3600), 'no iat');
    await expectRefused(await forged(now + 3600, now + 7200), 'issued an hour from now');
    // the longest lifetime the server issues, and a clock a little ahead of ours, are fine
    expect(await accepted(await forged(now - 60, now - 60 + longest))).toBe(200);
    expect(await accepted(await forged(now + TOKEN_CLOCK_SKEW_SECONDS - 5, now + 3600))).toBe(200);
    expect(await accepted(await tokenOf(member, { ttlSeconds: REMEMBER_ME_TTL_SECONDS }))).toBe(200);
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
