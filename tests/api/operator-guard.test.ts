// The operator API's door (server/operator/guard.ts, docs/decisions/012-operator-api.md): off without
// OPERATOR_TOKEN (403), 401 for a missing or wrong token, 429 for a wrong one once one IP or all of them
// together have sent too many, and the right token always passes; the comparison hashes both sides (tokens of any length compare without throwing).
import { afterEach, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { operatorOrigin, progressBar } from '../../scripts/lib/operator-client.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import {
  DEFAULT_OPERATOR_FAILURES_ALL,
  OPERATOR_MESSAGES,
  tokenMatches,
} from '../../server/operator/guard.ts';
import { createTestServer, type TestServer } from '../support/server.ts';

const TOKEN = 'operator-token-for-the-tests-0123456789abcdef';
const ROUTE = '/api/operator/support?status=all';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const call = (token?: string, remoteAddress = '127.0.0.1') =>
  server!.app.inject({
    method: 'GET',
    url: ROUTE,
    remoteAddress,
    headers: token === undefined ? {} : { 'x-operator-token': token },
  });

describe('operator guard', () => {
  it('answers 403 on every operator route while OPERATOR_TOKEN is unset, even with a token', async () => {
    server = await createTestServer();
    for (const request of [
      { method: 'GET' as const, url: ROUTE },
      { method: 'GET' as const, url: '/api/operator/support/1' },
      { method: 'POST' as const, url: '/api/operator/support/1/reply', payload: { text: 'Hi' } },
    ]) {
      const response = await server.app.inject({ ...request, headers: { 'x-operator-token': TOKEN } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, msg: OPERATOR_MESSAGES.off, extend: {} });
    }
  });

  it('answers 401 without a token or with a wrong one, and passes the right one', async () => {
    server = await createTestServer({ config: { operatorToken: TOKEN } });
    const missing = await call();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, msg: OPERATOR_MESSAGES.token });
    expect((await call(`${TOKEN}x`)).statusCode).toBe(401);
    expect((await call(TOKEN.slice(0, -1))).statusCode).toBe(401);
    expect((await call('short')).statusCode).toBe(401);
    const right = await call(TOKEN);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ success: true, extend: { data: expect.any(Array) } });
  });

  it('answers the 11th wrong token from one IP with 429, but never refuses the right token', async () => {
    server = await createTestServer({ config: { operatorToken: TOKEN } });
    for (let i = 0; i < 10; i += 1) expect((await call('wrong', '10.0.0.7')).statusCode).toBe(401);
    const refused = await call('wrong', '10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({
      success: false,
      msg: OPERATOR_MESSAGES.tooMany,
      extend: { retryAfter: expect.any(Number) },
    });
    // the token is checked first (issue 37): the operator is not locked out by a guesser on its address
    expect((await call(TOKEN, '10.0.0.7')).statusCode).toBe(200);
    expect((await call(TOKEN, '10.0.0.8')).statusCode).toBe(200);
  });

  it('counts wrong tokens across addresses: guesses spread over many get 429s, the right token passes', async () => {
    server = await createTestServer({ config: { operatorToken: TOKEN } });
    const { max } = DEFAULT_OPERATOR_FAILURES_ALL;
    const statuses: number[] = [];
    for (let i = 0; i < max + 20; i += 1) {
      statuses.push((await call(`guess-${i}`, `10.7.${Math.floor(i / 200)}.${(i % 200) + 1}`)).statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses.slice(max)).toEqual(Array(20).fill(429));
    const refused = await call('one-more', '10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(TOKEN, '10.8.0.2')).statusCode).toBe(200);
  });

  it('refuses a caller without the token before reading or validating the body', async () => {
    server = await createTestServer({ config: { operatorToken: TOKEN } });
    for (const payload of ['{not json', JSON.stringify({ text: 'x'.repeat(6000) })]) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/operator/support/1/reply',
        headers: { 'content-type': 'application/json', 'x-operator-token': 'wrong' },
        payload,
      });
      expect(answer.statusCode).toBe(401);
    }
    const query = await server.app.inject({ method: 'GET', url: '/api/operator/support?status=nonsense' });
    expect(query.statusCode).toBe(401);
  });

  it('right tokens do not count towards the limit', async () => {
    server = await createTestServer({ config: { operatorToken: TOKEN } });
    for (let i = 0; i < 12; i += 1) expect((await call(TOKEN, '10.0.0.9')).statusCode).toBe(200);
  });
});

describe('tokenMatches', () => {
  it('compares digests: any lengths, no throw, only the exact token matches', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN, undefined)).toBe(false);
    expect(tokenMatches(TOKEN, '')).toBe(false);
    expect(tokenMatches(TOKEN, 'x')).toBe(false);
    expect(tokenMatches(TOKEN, TOKEN.repeat(100))).toBe(false);
    expect(tokenMatches(TOKEN, `${TOKEN} `)).toBe(false);
    expect(tokenMatches(TOKEN, TOKEN.toUpperCase())).toBe(false);
  });
});

describe('OPERATOR_TOKEN in the configuration', () => {
  const env = { DATA_DIR: '/tmp/fruitprompt-operator-guard-test' };
  it('is null when unset and must be at least 32 characters when set', () => {
    expect(loadConfig(env).operatorToken).toBeNull();
    expect(loadConfig({ ...env, OPERATOR_TOKEN: ` ${TOKEN} ` }).operatorToken).toBe(TOKEN);
    expect(() => loadConfig({ ...env, OPERATOR_TOKEN: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, OPERATOR_TOKEN: 'x'.repeat(31) })).toThrow(/at least 32/);
  });
});

describe('operator client helpers', () => {
  it('finds the server from OPERATOR_URL, else on PORT, and refuses a URL that is not http(s)', () => {
    expect(operatorOrigin({})).toBe('http://127.0.0.1:3000');
    expect(operatorOrigin({ PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(operatorOrigin({ OPERATOR_URL: 'https://shop.example/', PORT: '8080' })).toBe(
      'https://shop.example',
    );
    expect(() => operatorOrigin({ OPERATOR_URL: 'shop.example' })).toThrow(/OPERATOR_URL/);
    expect(() => operatorOrigin({ OPERATOR_URL: 'ftp://shop.example' })).toThrow(/OPERATOR_URL/);
  });

  const capture = (tty: boolean) => {
    const stream = Object.assign(new PassThrough(), { isTTY: tty }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
    return { stream, text: () => text };
  };

  it('prints a line every tenth of the way when stderr is not a terminal', () => {
    const out = capture(false);
    const bar = progressBar(40, 'Importing', out.stream);
    for (let i = 0; i < 40; i += 1) bar.tick();
    bar.done();
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Importing: 0/40 (0%)');
    expect(lines[1]).toBe('Importing: 4/40 (10%)');
    expect(lines.at(-1)).toBe('Importing: 40/40 (100%)');
  });

  it('redraws one bar on a terminal and ends the line when done', () => {
    const out = capture(true);
    const bar = progressBar(4, 'Images', out.stream);
    bar.tick(2);
    bar.done();
    bar.tick();
    const text = out.text();
    expect(text).toContain('\rImages [###############---------------] 2/4 50%');
    expect(text.endsWith('\rImages [##############################] 4/4 100%\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
  });
});
