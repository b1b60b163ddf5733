// Property-based fuzzing of every route the app registers (issue 9). The routes are enumerated from the
// app itself (app.printRoutes(): methods and patterns, HEAD routes included) and their schemas taken from
// the app's own OpenAPI document (collected from the route schemas by an onRoute hook in
// server/http/openapi.ts). From each route's params, querystring and body schemas fast-check makes valid
// requests, then breaks them: wrong types, missing and extra fields, huge strings (under and over the body
// limit), hostile unicode (NUL, RTL, lone surrogates, emoji), out-of-range numbers, malformed JSON, wrong
// content types, broken path parameters and broken bearer tokens (garbage, expired, wrong key, alg none,
// revoked, foreign). Every answer must be below 500; API routes answer the envelope { success, msg,
// extend } as JSON (the routes that answer something else are listed in NON_ENVELOPE_ROUTES); every
// answer of an operation in the OpenAPI document has a status that operation documents, and a body that
// matches the schema documented for it (server/http/error-statuses.ts says which failures each operation
// documents); and after each route's property the server still answers a health call and a real list call.
//
// Each route runs twice: signed out, and signed in as the demo member, so guarded handlers run past the
// auth check. A fresh demo token is minted for every request, so the fuzzer may sign the member out
// (logout, sign-out-everywhere, a password change that happens to be valid) without starving later
// requests. Deleting the account is the one call that would take the member away: that route signs in
// a throwaway member per request instead (its valid happy path, `{ confirm: "DELETE" }`, is among the
// hints, so the deletion itself gets exercised too).
//
// FUZZ_SEED=<n> picks another seed (fast-check prints seed and path of a failure, to replay it);
// FUZZ_RUNS=<n> changes the runs per API route (default 15); FUZZ_SHRINK=1 shrinks counterexamples;
// FUZZ_STATS=1 prints each route's answers by status (to see how deep the fuzzer gets).
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser } from './support/catalog.ts';
import { documentedCheck } from './support/fuzz-documented.ts';
import { fuzzHints } from './support/fuzz-hints.ts';
import {
  describe as describeRequest,
  requestArb,
  unknownPathArb,
  type FuzzRequest,
} from './support/fuzz-requests.ts';
import {
  checkAnswer,
  checkEnvelope,
  createFuzzServer,
  fuzzRoutes,
  checks,
  routerAnswersEnvelopes,
  type FuzzRoute,
} from './support/fuzz-routes.ts';
import { validOf, type JsonSchema } from './support/fuzz-schema.ts';
import { pctEncode, queryOf } from './support/fuzz-requests.ts';
import { badAuthHeaders } from './support/fuzz-tokens.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const API_RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const STATS = process.env.FUZZ_STATS === '1';
const DEMO = 'demo@example.com';

const server = await createFuzzServer();
const routes = await fuzzRoutes(server.app);
// Until server/app.ts passes frameworkErrors to Fastify, the router's own two answers are tolerated (see
// routerAnswersEnvelopes); once it does, they are checked like every other answer.
checks.tolerateRouterAnswers = !(await routerAnswersEnvelopes(server.app));
afterAll(async () => {
  await server.close();
});

// The documented answers (tests/api/support/fuzz-documented.ts) ------------------------------------------

const checkDocumented = await documentedCheck(server.app);

// Real rows, so valid requests get past "not found" -------------------------------------------------------

const { db } = server;
const demo = await db.one<{ id: string; name: string; token_version: number }>(
  'SELECT id, name, token_version FROM users WHERE email = $1',
  [DEMO],
);
const alice = await db.one<{ id: string }>("SELECT id FROM users WHERE email = 'alice@example.com'");
const hintsFor = await fuzzHints(server, DEMO, demo, alice);

// Tokens that must not sign anybody in (tests/api/support/fuzz-tokens.ts) --------------------------------

const BAD_AUTH_HEADERS = await badAuthHeaders(server, demo, alice);

// Sending and checking -----------------------------------------------------------------------------------

let throwaways = 0;
/** A token of whom a request signs in as: a throwaway member for the account deletion, else the demo member. */
async function tokenFor(route: FuzzRoute): Promise<string> {
  if (route.url === '/api/my/account/delete') {
    throwaways += 1;
    return (await newUser(server, `throwaway-${throwaways}@example.com`)).token;
  }
  return server.tokenFor(DEMO);
}

async function send(route: FuzzRoute, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = { ...request.headers };
  if (request.auth.kind === 'header') headers.authorization = request.auth.value;
  if (request.auth.kind === 'valid') {
    headers.authorization = `${request.auth.scheme} ${await tokenFor(route)}${request.auth.suffix}`;
  }
  return server.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** The server still answers: health, a real list, and (signed in) the member's own orders. */
async function expectHealthy(signedIn: boolean): Promise<void> {
  const health = await server.app.inject('/api/health');
  expect(health.statusCode).toBe(200);
  expect(checkEnvelope(health).extend).toMatchObject({ status: 'ok' });
  const list = await server.app.inject('/api/prompts?pageSize=2');
  expect(list.statusCode).toBe(200);
  expect(list.json<{ extend: { data: unknown[] } }>().extend.data).toHaveLength(2);
  if (signedIn) {
    const orders = await server.app.inject({
      url: '/api/my/orders',
      headers: { authorization: `Bearer ${await server.tokenFor(DEMO)}` },
    });
    expect(orders.statusCode).toBe(200);
    expect(checkEnvelope(orders).success).toBe(true);
  }
}

const runsOf = (route: FuzzRoute): number => {
  if (route.method === 'HEAD') return Math.max(2, Math.round(API_RUNS / 5));
  if (route.kind === 'page') return Math.max(3, Math.round(API_RUNS / 2));
  return API_RUNS;
};

const seedOf = (index: number, signedIn: boolean) => (SEED + index * 7919 + (signedIn ? 104_729 : 0)) | 0;

const readable = (request: FuzzRequest): FuzzRequest =>
  Object.defineProperty(request, fc.toStringMethod, {
    value: () => describeRequest(request),
    enumerable: false,
  });

async function fuzz(route: FuzzRoute, index: number, signedIn: boolean): Promise<void> {
  const statuses: number[] = [];
  const arbitrary = requestArb(route, {
    hints: hintsFor(route),
    signedIn,
    badAuthHeaders: BAD_AUTH_HEADERS,
  }).map(readable);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const res = await send(route, request);
      statuses.push(res.statusCode);
      if (process.env.FUZZ_STATS === '2' && res.statusCode >= 400) {
        console.log(
          `msg ${route.method} ${route.url} ${res.statusCode} ${res.payload.slice(0, 160)} <- ${describeRequest(request).slice(-600)}`,
        );
      }
      checkAnswer(route, request.method, res);
      checkDocumented(route, request.method, request.url, res);
    }),
    { numRuns: runsOf(route), seed: seedOf(index, signedIn), endOnFailure: !SHRINK },
  );
  if (STATS) {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(`fuzz ${signedIn ? 'in ' : 'out'} ${route.method} ${route.url} ${JSON.stringify(counts)}`);
  }
  await expectHealthy(signedIn);
}

// The tests ----------------------------------------------------------------------------------------------

describe.each([
  ['signed out', false],
  ['signed in as the demo member', true],
] as const)('fuzzing every route, %s', (_mode, signedIn) => {
  it.each(routes.map((route, index) => [`${route.method} ${route.url}`, route, index] as const))(
    '%s',
    async (_name, route, index) => {
      await fuzz(route, index, signedIn);
    },
  );

  // A NUL cannot be stored in PostgreSQL text: every text input must be refused (or ignored) before SQL.
  // Random runs reach a given field with a NUL only now and then, so this sweeps each one in turn.
  it('refuses a NUL in every text input before it reaches the database', async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      if (route.method === 'HEAD' || route.schemas === null) continue;
      const hints = hintsFor(route);
      // The required fields only (valid ones, real ids where hints have them), so nothing else fails first.
      const sample = (schema: JsonSchema | undefined, salt: number): Record<string, unknown> =>
        Object.fromEntries(
          (schema?.required ?? []).map((key) => {
            const arbitrary = hints[key] ?? validOf(schema?.properties?.[key] ?? {}, hints);
            return [key, fc.sample(arbitrary, { numRuns: 1, seed: SEED + index + salt })[0]];
          }),
        );
      const base = {
        params: sample(route.schemas.params, 1),
        querystring: sample(route.schemas.querystring, 2),
        body: sample(route.schemas.body, 3),
      };
      for (const where of ['params', 'querystring', 'body'] as const) {
        for (const [name, property] of Object.entries(route.schemas[where]?.properties ?? {})) {
          if (property.type !== 'string' || property.enum !== undefined) continue;
          const value = String(base[where][name] ?? 'x');
          for (const withNul of [`${value.slice(0, 1)}\u0000${value.slice(1)}`, `${value}\u0000`]) {
            const parts = { ...base, [where]: { ...base[where], [name]: withNul } };
            const path = route.url.replace(/:([A-Za-z_]\w*)/g, (_m, param: string) =>
              pctEncode(String(parts.params[param] ?? '1')),
            );
            const query = queryOf(parts.querystring);
            const request: FuzzRequest = {
              method: route.method,
              url: query === '' ? path : `${path}?${query}`,
              headers:
                route.method !== 'POST'
                  ? {}
                  : { 'content-type': route.form ? 'application/x-www-form-urlencoded' : 'application/json' },
              auth: signedIn ? { kind: 'valid', scheme: 'Bearer', suffix: '' } : { kind: 'none' },
              ...(route.method === 'POST'
                ? { payload: route.form ? queryOf(parts.body) : JSON.stringify(parts.body) }
                : {}),
            };
            const res = await send(route, request);
            sent += 1;
            try {
              checkAnswer(route, route.method, res);
              checkDocumented(route, route.method, request.url, res);
            } catch (error) {
              failures.push(`${route.method} ${route.url} ${where}.${name}: ${String(error).slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);
    await expectHealthy(signedIn);
  });

  it('answers paths no route has with the 404 envelope (API) or the SPA shell', async () => {
    await fc.assert(
      fc.asyncProperty(unknownPathArb.map(readable), async (request) => {
        const res = await server.app.inject({
          method: request.method as 'GET',
          url: request.url,
          ...(signedIn ? { headers: { authorization: `Bearer ${await server.tokenFor(DEMO)}` } } : {}),
        });
        // where the address leads once resolved (`/api/..` is `/`, as for every HTTP client)
        const path = new URL(request.url, 'http://shop.test').pathname;
        const api = path === '/api' || path.startsWith('/api/');
        checkAnswer({ kind: api ? 'json' : 'page' }, request.method, res);
      }),
      { numRuns: API_RUNS * 2, seed: seedOf(routes.length, signedIn), endOnFailure: !SHRINK },
    );
    await expectHealthy(signedIn);
  });
});
