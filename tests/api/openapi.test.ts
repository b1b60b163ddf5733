// The OpenAPI document's failures (issue 20, item 4): every operation lists the error statuses it can
// answer, each with the failure envelope's schema, never a bare `default` (server/http/openapi.ts with
// server/http/error-statuses.ts); the statuses follow from each route's guard, path parameters, body and
// rate limit, plus what its handler raises; and real failures match what is documented.
// tests/api/fuzz.test.ts checks every fuzzed answer against the same document.
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { ok } from '../../server/http/envelope.ts';
import { FAILURE_SCHEMAS, HANDLER_STATUSES, SUCCESS_MEDIA } from '../../server/http/error-statuses.ts';
import { clientErrorResponse, registerErrorHandler } from '../../server/http/errors.ts';
import { collectOpenApi } from '../../server/http/openapi.ts';
import { createTestServer, type TestServer } from '../support/server.ts';

type Schema = Record<string, unknown>;
interface Response {
  description: string;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Document {
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
/** The schema a response documents, its `#/components/schemas/...` reference resolved. */
const schemaOf = (doc: Document, response: Response | undefined): Schema | undefined => {
  const schema = response?.content?.['application/json']?.schema;
  const ref = schema?.$ref;
  return typeof ref === 'string' ? doc.components.schemas[ref.replace('#/components/schemas/', '')] : schema;
};

let server: TestServer;
let doc: Document;
let operations: { method: string; path: string; operation: Operation }[];
beforeAll(async () => {
  // a per-client limit of 1 on login, so the 429 is reachable
  server = await createTestServer({
    app: { auth: { rateLimits: { loginPerIp: { max: 1, windowMs: 60_000 } } } },
  });
  doc = (await server.app.inject('/api/openapi.json')).json<Document>();
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(async () => {
  await server.close();
});

describe('the OpenAPI document', () => {
  it('lists at least 400 on every operation, each failure with the envelope schema, never only default', () => {
    expect(operations.length).toBeGreaterThanOrEqual(55);
    for (const { method, path, operation } of operations) {
      const what = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect(statuses, what).not.toContain('default');
      expect(statuses, what).toEqual(expect.arrayContaining(['200', '400', '500']));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = schemaOf(doc, operation.responses[status]);
        expect(schema, `${what} ${status}`).toMatchObject({
          type: 'object',
          required: ['success', 'msg', 'extend'],
          properties: {
            success: { type: 'boolean', const: false },
            msg: { type: 'string', minLength: 1 },
            extend: { type: 'object' },
          },
        });
        expect(operation.responses[status]!.description.length, `${what} ${status}`).toBeGreaterThan(10);
      }
    }
  });

  it('has the failure schemas among its components, and 429 requires retryAfter', () => {
    expect(doc.components.schemas).toMatchObject(FAILURE_SCHEMAS);
    expect(Value.Check(FAILURE_SCHEMAS.Failure, { success: false, msg: 'x', extend: {} })).toBe(true);
    expect(Value.Check(FAILURE_SCHEMAS.Failure, { success: true, msg: 'x', extend: {} })).toBe(false);
    expect(Value.Check(FAILURE_SCHEMAS.Failure, { success: false, msg: '', extend: {} })).toBe(false);
    expect(Value.Check(FAILURE_SCHEMAS.RateLimited, { success: false, msg: 'x', extend: {} })).toBe(false);
    expect(
      Value.Check(FAILURE_SCHEMAS.RateLimited, { success: false, msg: 'x', extend: { retryAfter: 5 } }),
    ).toBe(true);
  });

  it('lists 401 and the bearer scheme exactly where a member is needed', () => {
    const withoutMember = ['/api/health', '/api/prompts/home', '/api/share', '/api/categories/{id}'];
    for (const { method, path, operation } of operations) {
      if (path.startsWith('/api/my/')) {
        expect(operation.responses['401'], `${method} ${path}`).toBeDefined();
        expect(operation.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      }
      if (withoutMember.includes(path)) {
        expect(operation.responses['401'], `${method} ${path}`).toBeUndefined();
        expect(operation.security, `${method} ${path}`).toBeUndefined();
      }
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // saved=1 needs a member, though the list itself does not
    expect(doc.paths['/api/prompts']?.get?.responses['401']).toBeDefined();
    expect(doc.paths['/api/prompts']?.get?.security).toBeUndefined();
  });

  it('lists 404 and 414 with path parameters, 413 and 415 with a body, 429 on the rate-limited calls', () => {
    for (const { method, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      if (path.includes('{'))
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['404', '414']));
      else expect(statuses, `${method} ${path}`).not.toContain('414');
      if (method === 'post')
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      else expect(statuses, `${method} ${path}`).not.toContain('413');
    }
    const limited = [
      ['post', '/api/social/login'],
      ['post', '/api/social/register'],
      ['post', '/api/social/resend-verification'],
      ['post', '/api/social/verify-email'],
      ['post', '/api/social/guest'],
      ['get', '/api/social/authorize'],
      ['post', '/api/social/exchange'],
      ['post', '/api/support/requests'],
      ['post', '/api/my/settings/password'],
      ['post', '/api/my/profile/avatar'],
      ['post', '/api/share'],
    ];
    for (const [method, path] of limited) {
      expect(doc.paths[path!]?.[method!]?.responses['429'], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/health']?.get?.responses['503']).toBeDefined();
    expect(doc.paths['/api/health']?.get?.responses['429']).toBeUndefined();
  });

  it("lists the HTTP parser's answers on every operation: 400 malformed, 408 timeout, 431 headers too large", () => {
    for (const { method, path, operation } of operations) {
      const what = `${method} ${path}`;
      expect(Object.keys(operation.responses), what).toEqual(expect.arrayContaining(['400', '408', '431']));
      expect(operation.responses['400']!.description, what).toMatch(/malformed HTTP request/);
      expect(operation.responses['408']!.description, what).toMatch(/time/);
      expect(operation.responses['431']!.description, what).toMatch(/headers/);
      // what the parser's handler writes (server/http/errors.ts) is the documented envelope
      for (const code of ['HPE_INVALID_METHOD', 'ERR_HTTP_REQUEST_TIMEOUT', 'HPE_HEADER_OVERFLOW']) {
        const raw = clientErrorResponse(code, {});
        const status = raw.split(' ')[1]!;
        const schema = schemaOf(doc, operation.responses[status]) as Parameters<typeof Value.Check>[0];
        expect(schema, `${what} ${status}`).toBeDefined();
        expect(
          Value.Check(schema, JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))),
          `${what} ${code}`,
        ).toBe(true);
      }
    }
  });

  it("names only operations that exist in its tables of handlers' statuses and media types", () => {
    for (const key of [...Object.keys(HANDLER_STATUSES), ...Object.keys(SUCCESS_MEDIA)]) {
      const [method, url] = key.split(' ') as [string, string];
      expect(doc.paths[toOpenApiPath(url)]?.[method.toLowerCase()], key).toBeDefined();
    }
    expect(
      Object.keys(doc.paths['/api/images/prompts/{id}/{n}.webp']!.get!.responses['200']!.content!),
    ).toEqual(['image/webp']);
  });
});

describe('real failures', () => {
  /** Throws unless the answer's status is documented for the operation and its body matches the schema. */
  const expectDocumented = (method: string, path: string, res: LightMyRequestResponse): void => {
    const operation = doc.paths[path]?.[method];
    const response = operation?.responses[String(res.statusCode)];
    expect(response, `${method} ${path} ${res.statusCode}: ${res.payload.slice(0, 200)}`).toBeDefined();
    const schema = schemaOf(doc, response) as Parameters<typeof Value.Check>[0];
    const body: unknown = res.json();
    expect([...Value.Errors(schema, body)], `${method} ${path}: ${res.payload}`).toEqual([]);
  };

  /** Sends POST /api/share with this body, as this content type. */
  const shareAs = (contentType: string, payload: string) => () =>
    server.app.inject({
      method: 'POST',
      url: '/api/share',
      headers: { 'content-type': contentType },
      payload,
    });

  it('match the documented statuses and schemas', async () => {
    const cases: [string, string, () => Promise<LightMyRequestResponse>, number][] = [
      ['get', '/api/my/orders', () => server.app.inject('/api/my/orders'), 401],
      ['get', '/api/prompts', () => server.app.inject('/api/prompts?grade=7'), 400],
      ['get', '/api/prompts', () => server.app.inject('/api/prompts?saved=1'), 401],
      ['get', '/api/prompts/detail', () => server.app.inject('/api/prompts/detail?id=99999999'), 404],
      ['get', '/api/categories/{id}', () => server.app.inject(`/api/categories/${'x'.repeat(101)}`), 414],
      [
        'post',
        '/api/share',
        shareAs('application/json', JSON.stringify({ promptId: 1, pad: 'x'.repeat(1100 * 1024) })),
        413,
      ],
      ['post', '/api/share', shareAs('text/csv', 'promptId\n1'), 415],
      ['post', '/api/share', shareAs('application/json', '{"promptId":'), 400],
    ];
    for (const [method, path, send, status] of cases) {
      const res = await send();
      expect(res.statusCode, `${method} ${path}: ${res.payload.slice(0, 200)}`).toBe(status);
      expectDocumented(method, path, res);
    }
  });

  it('include the 401 of wrong credentials and the 429 of the limit, with retryAfter', async () => {
    const login = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/social/login',
        payload: {
          email: 'demo@example.com',
          password: encryptPassword('Wrong@12345', server.config.passwordKey),
          encrypted: true,
        },
      });
    const wrong = await login();
    expect(wrong.statusCode).toBe(401);
    expectDocumented('post', '/api/social/login', wrong);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expectDocumented('post', '/api/social/login', limited);
    expect(limited.json<{ extend: { retryAfter: number } }>().extend.retryAfter).toBeGreaterThan(0);
  });
});

describe('statuses derived from a route declaration', () => {
  let app: FastifyInstance;
  let small: Document;
  beforeAll(async () => {
    app = Fastify();
    const requireUser = async () => undefined;
    app.decorate('requireUser', requireUser);
    registerErrorHandler(app);
    const openApi = collectOpenApi(app);
    const schema = { response: { 200: { type: 'object' } } };
    app.get('/api/open', { schema }, async () => ok({}));
    app.get('/api/mine/:id', { schema, onRequest: requireUser }, async () => ok({}));
    app.post('/api/mine', { schema, preHandler: [requireUser] }, async () => ok({}));
    app.post('/api/limited', { schema, config: { rateLimit: { max: 1, timeWindow: 1000 } } }, async () =>
      ok({}),
    );
    app.get('/api/undocumented', async () => ok({}));
    await app.ready();
    small = openApi() as unknown as Document;
  });
  afterAll(async () => {
    await app.close();
  });

  it('follow from the guard, the path parameters, the body and the rate limit', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(small.paths[path]?.[method]?.responses ?? {}).map(Number);
    expect(statuses('/api/open', 'get')).toEqual([200, 400, 408, 421, 431, 500]);
    expect(statuses('/api/mine/{id}', 'get')).toEqual([200, 400, 401, 404, 408, 414, 421, 431, 500]);
    expect(statuses('/api/mine', 'post')).toEqual([200, 400, 401, 408, 413, 415, 421, 431, 500]);
    expect(statuses('/api/limited', 'post')).toEqual([200, 400, 408, 413, 415, 421, 429, 431, 500]);
    expect(small.paths['/api/mine']?.post?.security).toEqual([{ bearer: [] }]);
    expect(small.paths['/api/limited']?.post?.security).toBeUndefined();
    // a route without a schema is not an operation of the document
    expect(small.paths['/api/undocumented']).toBeUndefined();
  });
});
