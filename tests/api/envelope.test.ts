// Every answer is the envelope { success, msg, extend } with a fitting status, errors included, and bad
// input is never a 500.
import { Type } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../server/http/envelope.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);

beforeAll(async () => {
  // A route with a body schema, to exercise body parsing and validation (no public POST exists yet).
  server.app.post(
    '/api/test/echo',
    {
      schema: {
        body: Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Optional(Type.Integer()) }),
      },
    },
    async (request) => ok({ body: request.body }),
  );
  server.app.get('/api/my/test-whoami', { preHandler: server.app.requireUser }, async (request) =>
    ok({ userId: request.user?.id }),
  );
  server.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
});

const expectEnvelope = (
  body: unknown,
  success: boolean,
): { success: boolean; msg: string; extend: object } => {
  expect(body).toMatchObject({ success, msg: expect.any(String), extend: expect.any(Object) });
  return body as { success: boolean; msg: string; extend: object };
};

/** The test route's POST with this body, sent as this content type. */
const echoAs = (contentType: string, payload: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': contentType },
    payload,
  });

describe('envelope', () => {
  it('answers GET /api/health with a success envelope', async () => {
    const res = await server.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = expectEnvelope(res.json(), true);
    expect(body.extend).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await server.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/prompts',
        '/api/prompts/detail',
        '/api/images/prompts/{id}/{n}.webp',
      ]),
    );
  });

  it.each([
    ['/api/prompts?grade=7', 'grade', /must be <= 2/],
    ['/api/prompts?grade=free', 'grade', /must be integer/],
    ['/api/prompts?type=0', 'type', /must be >= 1/],
    ['/api/prompts?sort=cheapest', 'sort', /must be one of trending, newest, price_asc, price_desc/],
    ['/api/prompts?page=0', 'page', /must be >= 1/],
    ['/api/prompts?page=1.5', 'page', /must be integer/],
    ['/api/prompts?pageSize=61', 'pageSize', /must be <= 60/],
    ['/api/prompts?pageSize=-1', 'pageSize', /must be >= 1/],
    ['/api/images/prompts/abc/0.webp', 'id', /must be integer/],
  ])('answers %s with 400 naming the field', async (url, field, message) => {
    const res = await server.app.inject(url);
    expect(res.statusCode).toBe(400);
    const body = expectEnvelope(res.json(), false);
    expect(body.msg).toContain(`'${field}'`);
    expect(body.msg).toMatch(message);
    expect(body.extend).toEqual({ field });
  });

  it('answers a missing required query parameter with 400', async () => {
    const res = await server.app.inject('/api/prompts/detail');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      msg: "Missing query parameter 'id'",
      extend: { field: 'id' },
    });
  });

  it('answers a body that fails its schema with 400 naming the field', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/test/echo', payload: { count: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: "Missing body field 'name'" });
    const wrongType = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'a', count: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ msg: string }>().msg).toBe("Invalid body field 'count': must be integer");
  });

  it('answers malformed JSON with 400', async () => {
    const res = await echoAs('application/json', '{"name": "a",');
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res.json(), false).msg).toMatch(/not valid JSON/);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await echoAs('application/json', '');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), false);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await echoAs('application/json', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res.json(), false).msg).toMatch(/too large/i);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await echoAs('application/xml', '<name>a</name>');
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.json(), false);
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
    ['DELETE', '/api/prompts'],
    ['GET', '/some/client/route'],
  ] as const)('answers %s %s with a 404 envelope (no SPA built)', async (method, url) => {
    const res = await server.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.json(), false);
  });

  it("answers 401 on /api/my/... without a valid token, and knows the token's user otherwise", async () => {
    const anonymous = await server.app.inject('/api/my/test-whoami');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, msg: 'Please log in first', extend: {} });
    const invalid = await server.app.inject({
      url: '/api/my/test-whoami',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toMatchObject({ success: false, msg: 'Invalid or expired token' });
    const token = await server.tokenFor('demo@example.com');
    const valid = await server.app.inject({
      url: '/api/my/test-whoami',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(valid.statusCode).toBe(200);
    const demo = await server.db.one<{ id: string }>(`SELECT id FROM users WHERE email = 'demo@example.com'`);
    expect(valid.json()).toEqual({ success: true, msg: 'OK', extend: { userId: demo.id } });
  });

  it('revokes tokens by jti (logout) and by token version (logout everywhere)', async () => {
    const token = await server.tokenFor('alice@example.com');
    const whoami = () =>
      server.app.inject({ url: '/api/my/test-whoami', headers: { authorization: `Bearer ${token}` } });
    expect((await whoami()).statusCode).toBe(200);
    const { jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    await server.db.query(
      `INSERT INTO revoked_tokens (jti, user_id, expires_at)
       SELECT $1, id, to_timestamp($2) FROM users WHERE email = 'alice@example.com'`,
      [jti, exp],
    );
    expect((await whoami()).statusCode).toBe(401);
    const second = await server.tokenFor('alice@example.com');
    await server.db.query(
      `UPDATE users SET token_version = token_version + 1 WHERE email = 'alice@example.com'`,
    );
    const res = await server.app.inject({
      url: '/api/my/test-whoami',
      headers: { authorization: `Bearer ${second}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers an unexpected failure with a generic 500, without internals', async () => {
    const res = await server.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, msg: 'Internal server error', extend: {} });
    expect(res.body).not.toMatch(/secret|\/srv|stack/);
  });

  it('never answers 500 for odd but harmless input', async () => {
    const urls = [
      '/api/prompts?tags=%00%27;drop%20table%20prompts',
      '/api/prompts?tags=' + ','.repeat(200),
      '/api/prompts?page=99999',
      '/api/prompts/detail?id=%27%20or%201=1--',
      '/api/prompts/detail?id=99999999999999999999',
      '/api/prompts/detail?id=-1',
      '/api/prompts/detail?id=' + 'a'.repeat(300),
      '/api/prompts/detail?id=1&memberId=' + encodeURIComponent('{"$ne":1}'),
      '/api/images/prompts/999999/0.webp',
      '/api/images/prompts/1/99.webp',
      '/api/images/prompts/1/0.webp?size=huge',
    ];
    for (const url of urls) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expectEnvelope(res.json(), res.statusCode === 200);
    }
  });
});
