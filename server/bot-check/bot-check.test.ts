// The bot check (issue 37): challenges the server signed, solved once, in any process on the database;
// registration, guest sign-in and a signed-out support request refuse a call without one.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server.ts';
import { botProof, enc, get, post } from '../../tests/api/support/auth.ts';
import { BOT_CHECK_MESSAGES, BotCheck, CHALLENGE_LIFETIME_MS, readPayload } from './bot-check.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('GET /api/bot-check/challenge', () => {
  it('answers a signed challenge that expires, never kept by a cache', async () => {
    const { status, body, res } = await get<{
      data: { parameters: Record<string, unknown>; signature: string };
    }>(server, '/api/bot-check/challenge');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = body.extend.data;
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyPrefix: expect.any(String) });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (parameters.expiresAt as number) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(CHALLENGE_LIFETIME_MS - 5_000);
    expect(expiresInMs).toBeLessThanOrEqual(CHALLENGE_LIFETIME_MS);
  });
});

describe('BotCheck.verify', () => {
  it('takes a solved challenge once, and refuses it the second time', async () => {
    const proof = await botProof(server.app);
    expect(await server.app.botCheck.verify(proof)).toBe('ok');
    expect(await server.app.botCheck.verify(proof)).toBe('used');
  });

  it('refuses nothing, garbage, a wrong counter and a challenge it did not sign', async () => {
    const check = server.app.botCheck;
    expect(await check.verify(undefined)).toBe('missing');
    expect(await check.verify('')).toBe('missing');
    expect(await check.verify('recaptcha-dummy-token')).toBe('failed');
    expect(await check.verify(encode({ challenge: {}, solution: {} }))).toBe('failed');
    expect(await check.verify('x'.repeat(5000))).toBe('failed');

    const proof = readPayload(await botProof(server.app))!;
    // a key not derived from the challenge (the counter only leads to the key; the key is what counts)
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const wrongKey = {
      ...proof,
      solution: { ...proof.solution, derivedKey: flip(proof.solution.derivedKey) },
    };
    expect(await check.verify(encode(wrongKey))).toBe('failed');
    // a challenge whose cost was lowered after signing
    const cheaper = {
      ...proof,
      challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, cost: 0 } },
    };
    expect(await check.verify(encode(cheaper))).toBe('failed');

    // the same protocol signed with another secret: another shop's challenge, or one made up
    const other = new BotCheck({
      jwtSecret: 'another-secret-another-secret-another-secret',
      keys: () => {
        throw new Error('not used');
      },
      store: server.app.rateStore,
      cost: 1,
    });
    const foreign = await other.challenge();
    const solution = await solveChallenge({ challenge: foreign, deriveKey });
    expect(await check.verify(encode({ challenge: foreign, solution }))).toBe('failed');
    expect(await other.verify(encode({ challenge: foreign, solution }))).toBe('ok');
  });

  it('refuses an expired challenge', async () => {
    const later = new BotCheck({
      jwtSecret: server.config.jwtSecret,
      keys: () => {
        throw new Error('not used');
      },
      store: server.app.rateStore,
      cost: 1,
      now: () => Date.now() + CHALLENGE_LIFETIME_MS + 1000,
    });
    expect(await later.verify(await botProof(server.app))).toBe('expired');
  });
});

describe('the calls it guards', () => {
  const password = () => enc('Strong@12345', server.config.passwordKey);

  it('registration: the recaptchaToken must be a solved challenge, the fixed dummy no longer passes', async () => {
    const body = (email: string, recaptchaToken: string) => ({
      email,
      password: password(),
      confirmPassword: password(),
      recaptchaToken,
      encrypted: true,
    });
    const dummy = await post(
      server,
      '/api/social/register',
      body('dummy@example.org', 'recaptcha-dummy-token'),
    );
    expect(dummy.status).toBe(400);
    expect(dummy.body).toEqual({
      success: false,
      msg: BOT_CHECK_MESSAGES.failed,
      extend: { field: 'recaptchaToken' },
    });
    const real = await post(
      server,
      '/api/social/register',
      body('solved@example.org', await botProof(server.app)),
    );
    expect(real.status).toBe(200);
  });

  it('guest sign-in: refused without a solved challenge, a new guest with one', async () => {
    const bare = await post(server, '/api/social/guest', {});
    expect(bare.status).toBe(400);
    expect(bare.body.msg).toBe(BOT_CHECK_MESSAGES.missing);
    const proof = await botProof(server.app);
    expect((await post(server, '/api/social/guest', { botCheck: proof })).status).toBe(200);
    const replay = await post(server, '/api/social/guest', { botCheck: proof });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(BOT_CHECK_MESSAGES.used);
  });
});
