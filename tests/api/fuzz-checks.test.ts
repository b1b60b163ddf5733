// Property-based fuzzing of every route the app registers (issue 9): the fuzzer's own parts. The routes are
// enumerated from the app itself (app.printRoutes(): methods and patterns, HEAD routes included) and their
// schemas taken from the app's own OpenAPI document (tests/api/support/fuzz-routes.ts); every answer of an
// operation in the OpenAPI document must have a status that operation documents, and a body that matches the
// schema documented for it (tests/api/support/fuzz-documented.ts), a check tried here on answers made to pass
// and to fail it. The fuzzing itself: tests/api/fuzz.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { documentedCheck } from './support/fuzz-documented.ts';
import { createFuzzServer, fuzzRoutes, NON_ENVELOPE_ROUTES } from './support/fuzz-routes.ts';

const server = await createFuzzServer();
const routes = await fuzzRoutes(server.app);
const checkDocumented = await documentedCheck(server.app);
afterAll(async () => {
  await server.close();
});

describe('the routes under fuzzing', () => {
  it('are enumerated from the app, with the schemas of its OpenAPI document', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(55);
    // Every API route but the OpenAPI document itself declares its schemas.
    expect(api.filter((r) => r.schemas === null).map((r) => r.url)).toEqual(['/api/openapi.json']);
    // Every route outside the envelope is listed with what it answers, and every listed one exists.
    const urls = new Set(routes.map((r) => r.url));
    expect(routes.filter((r) => !r.url.startsWith('/api/') && r.kind === 'json').map((r) => r.url)).toEqual(
      [],
    );
    expect(Object.keys(NON_ENVELOPE_ROUTES).filter((url) => !urls.has(url))).toEqual([]);
  });
});

describe('the check against the documented answers', () => {
  /** An answer as if it had this status and (optionally) this JSON body. */
  const altered = (
    res: LightMyRequestResponse,
    statusCode: number,
    body?: unknown,
  ): LightMyRequestResponse => {
    const raw = body === undefined ? res.rawPayload : Buffer.from(JSON.stringify(body));
    return Object.create(res, {
      statusCode: { value: statusCode },
      rawPayload: { value: raw },
      payload: { value: raw.toString('utf8') },
    }) as LightMyRequestResponse;
  };
  const share = { url: '/api/share/:shortUrlId' };

  const shareLink = async (): Promise<string> =>
    (await server.app.inject({ method: 'POST', url: '/api/share', payload: { promptId: 1 } })).json<{
      extend: { shortUrlId: string };
    }>().extend.shortUrlId;

  it('passes documented statuses with bodies of their schemas', async () => {
    const found = await server.app.inject(`/api/share/${await shareLink()}`);
    expect(found.statusCode).toBe(200);
    checkDocumented(share, 'GET', '/api/share/x', found);
    const missing = await server.app.inject('/api/share/no-such-link');
    expect(missing.statusCode).toBe(404);
    checkDocumented(share, 'GET', '/api/share/no-such-link', missing);
    const limited = { success: false, msg: 'Too many', extend: { retryAfter: 3 } };
    checkDocumented({ url: '/api/share' }, 'POST', '/api/share', altered(missing, 429, limited));
  });

  it('fails an undocumented status', async () => {
    const missing = await server.app.inject('/api/share/no-such-link');
    expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(missing, 409))).toThrow(
      /answered 409, which it does not document/,
    );
    expect(() => checkDocumented(share, 'HEAD', '/api/share/x', altered(missing, 401))).toThrow(
      /answered 401/,
    );
  });

  it('fails a body off the documented schema', async () => {
    const missing = await server.app.inject('/api/share/no-such-link');
    for (const body of [
      { success: false, msg: '', extend: {} },
      { success: true, msg: 'Not found', extend: {} },
      { success: false, msg: 'Not found' },
      { success: false, msg: 'Not found', extend: { field: 7 } },
    ]) {
      expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(missing, 404, body))).toThrow(
        /off its documented schema/,
      );
    }
    // a 429 says how long to wait
    const noWait = { success: false, msg: 'Too many', extend: {} };
    expect(() =>
      checkDocumented({ url: '/api/share' }, 'POST', '/api/share', altered(missing, 429, noWait)),
    ).toThrow(/off its documented schema/);
    // a success whose data lacks a documented field
    const found = await server.app.inject(`/api/share/${await shareLink()}`);
    const { extend } = found.json<{ extend: Record<string, unknown> }>();
    const partial = { success: true, msg: 'OK', extend: { ...extend, promptId: 'one' } };
    expect(() => checkDocumented(share, 'GET', '/api/share/x', altered(found, 200, partial))).toThrow(
      /off its documented schema/,
    );
  });
});
