// Throttling that slows attackers, not owners (issue 37, item 5; server/auth/rate-limits.ts loginThrottle):
// wrong passwords are counted per (account, client address), where a lockout refuses only that address, and
// per account from anywhere, where past the limit every further wrong password answers 429 and its address
// must wait an interval that grows with the account's failures. The password is checked before the
// account-wide throttle answers, so the right one from an address that is not itself locked or waiting signs
// in at once, however many guesses came from elsewhere. The defaults are the ones tested.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGES } from '../../server/auth/rate-limits.ts';
import { createTestServer } from '../support/server.ts';
import { enc } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const RIGHT = 'Right@12345';
const server = openForSuite(createTestServer);

async function member(email: string): Promise<void> {
  await server.db.query(
    `INSERT INTO users (email, password_hash, name, provider, email_verified_at)
     VALUES ($1, $2, 'Owner', 'email', now())`,
    [email, await hashPassword(RIGHT)],
  );
}

const login = (email: string, password: string, remoteAddress: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/social/login',
    payload: { email, password: enc(password, server.config.passwordKey), encrypted: true },
    remoteAddress,
  });

const expectThrottled = (res: LightMyRequestResponse): number => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    msg: RATE_LIMIT_MESSAGES.login,
    extend: { retryAfter: expect.any(Number) },
  });
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(res.json().extend.retryAfter).toBe(seconds);
  return seconds;
};

describe('password sign-in throttling', () => {
  it('uses the limits it is tested with: ten failures per address and ten per account', () => {
    expect(DEFAULT_RATE_LIMITS.loginFailuresPerEmailAndIp.max).toBe(10);
    expect(DEFAULT_RATE_LIMITS.loginFailuresPerEmail.max).toBe(10);
  });

  it('ten wrong passwords from address A: the owner from address B signs in at once', async () => {
    await member('owner-b@example.com');
    for (let n = 0; n < 10; n++) {
      expect((await login('owner-b@example.com', 'Wrong@12345', '10.37.1.1')).statusCode).toBe(401);
    }
    const owner = await login('owner-b@example.com', RIGHT, '10.37.1.2');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("A's lockout refuses A only, even with the right password; B still signs in", async () => {
    await member('owner-a@example.com');
    for (let n = 0; n < 10; n++) {
      expect((await login('owner-a@example.com', 'Wrong@12345', '10.37.2.1')).statusCode).toBe(401);
    }
    expectThrottled(await login('owner-a@example.com', 'Wrong@12345', '10.37.2.1'));
    expectThrottled(await login('owner-a@example.com', RIGHT, '10.37.2.1'));
    expect((await login('owner-a@example.com', RIGHT, '10.37.2.2')).statusCode).toBe(200);
    // the lockout is for this account only: A may still sign in to another
    await member('other-of-a@example.com');
    expect((await login('other-of-a@example.com', RIGHT, '10.37.2.1')).statusCode).toBe(200);
  });

  it('800 guesses from 800 addresses: past ten, wrong guesses answer 429 with a growing wait; the right password still works', async () => {
    await member('target@example.com');
    const address = (n: number) => `10.38.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let n = 0; n < 800; n++) {
      const res = await login('target@example.com', `Wrong@${n}2345`, address(n));
      statuses.push(res.statusCode);
      if (res.statusCode === 429) waits.push(expectThrottled(res));
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(790).fill(429));
    // the wait grows with the account's failures, up to the window
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits.at(-1)).toBe(DEFAULT_RATE_LIMITS.loginFailuresPerEmail.windowMs / 1000);
    // a guesser that was told to wait is refused before its password is looked at
    expectThrottled(await login('target@example.com', 'Wrong@99999', address(500)));
    // the owner, from an address that did not guess, signs in at once
    const owner = await login('target@example.com', RIGHT, '10.39.0.1');
    expect(owner.statusCode, owner.body).toBe(200);
  }, 180_000);

  it('a wait ends: the address that waited may try again', async () => {
    await member('patient@example.com');
    for (let n = 0; n < 12; n++) {
      const res = await login('patient@example.com', 'Wrong@12345', `10.40.0.${n + 1}`);
      expect(res.statusCode).toBe(n < 10 ? 401 : 429);
    }
    // the 13th failure: a wait of 4 s for this address
    expect(expectThrottled(await login('patient@example.com', 'Wrong@12345', '10.40.1.1'))).toBe(4);
    expectThrottled(await login('patient@example.com', RIGHT, '10.40.1.1'));
    // the database's clock is the store's: end the waits there
    await server.db.query(
      `UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key LIKE 'login-wait%'`,
    );
    expect((await login('patient@example.com', RIGHT, '10.40.1.1')).statusCode).toBe(200);
  });
});
