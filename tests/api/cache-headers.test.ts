// Caching of member answers and of 404s (issue 37, item 7; server/http/cache-headers.ts): every answer of
// /api/my/ and every member-only page (the page table's private pages, domain/pages.ts) is `no-store`,
// signed in or not; every 404, of the API or of a page, carries a Cache-Control and a Vary. Pages are
// rendered here as server/main.ts renders them (the renderer on, the anonymous answers kept).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage, PAGES } from '../../domain/pages.ts';
import { MEMBER_HINT_COOKIE } from '../../domain/server-render.ts';
import { renderPage } from '../../src/entry-server.tsx';
import { createTestServer, type TestServer } from '../support/server.ts';
import { createPageServer } from './support/catalog.ts';

let pages: TestServer;
let bare: TestServer;
let token: string;

beforeAll(async () => {
  pages = await createPageServer({ app: { renderer: renderPage } });
  bare = await createTestServer();
  token = await pages.tokenFor('demo@example.com');
});
afterAll(async () => {
  await pages?.close();
  await bare?.close();
});

/** An example value of each parameter of the member-only pages. */
const EXAMPLE_PARAMS: Record<string, string> = { orderId: '12', ids: '12-cs_test_a1' };

/** The private paths of the page table, and one address of each. */
const PRIVATE_PATHS = Object.entries(PAGES)
  .filter(([, page]) => 'private' in page && page.private)
  .map(([path]) => path);
const MEMBER_PAGES = PRIVATE_PATHS.map((path) =>
  path.replace(/\{?\$(\w+)\}?/g, (_, name: string) => EXAMPLE_PARAMS[name] ?? 'x'),
);

const MEMBER_CALLS = [
  '/api/my/orders',
  '/api/my/cart',
  '/api/my/cart/count',
  '/api/my/profile',
  '/api/my/fruit/transactions',
  '/api/my/messages',
  '/api/my/library',
  '/api/my/settings',
];

const expectNoStore = (res: LightMyRequestResponse, what: string) =>
  expect(res.headers['cache-control'], `${what} (${res.statusCode})`).toBe('no-store');

describe('member answers and pages are never stored', () => {
  it('covers every member-only page of the page table, /cart and /orders among them', () => {
    expect(MEMBER_PAGES.map((url) => matchPage(url)?.path)).toEqual(PRIVATE_PATHS);
    expect(MEMBER_PAGES).toEqual(expect.arrayContaining(['/cart', '/orders', '/profile', '/my-prompts']));
  });

  it('sends the member-only pages with Cache-Control: no-store, with and without the member hint', async () => {
    for (const url of MEMBER_PAGES) {
      for (const headers of [{}, { cookie: `${MEMBER_HINT_COOKIE}=1` }]) {
        const res = await pages.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        expectNoStore(res, url);
        // asked again (the kept answer) and as HEAD: the same
        expectNoStore(await pages.app.inject({ url, headers }), `${url} again`);
        expectNoStore(await pages.app.inject({ method: 'HEAD', url, headers }), `HEAD ${url}`);
      }
    }
  });

  it('sends every /api/my/ answer with Cache-Control: no-store, signed in or not', async () => {
    for (const url of MEMBER_CALLS) {
      const member = await pages.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(member.statusCode, `${url}: ${member.body}`).toBeLessThan(400);
      expectNoStore(member, url);
      const anonymous = await pages.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expectNoStore(anonymous, `${url} anonymous`);
    }
    expectNoStore(await pages.app.inject({ url: '/api/my/nothing-here' }), '/api/my/nothing-here');
  });

  it('leaves the public pages cacheable', async () => {
    for (const url of ['/', '/terms']) {
      const res = await pages.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/public/);
    }
  });
});

describe('every 404 says how it may be cached and what it varies on', () => {
  const notFound = [
    ['pages', '/no-such-page'],
    ['pages', '/detail/no-such-prompt-99999999'],
    ['pages', '/api/no-such-endpoint'],
    ['pages', '/api/prompts/detail?id=99999999'],
    ['pages', '/assets/no-such-file.js'],
    ['bare', '/no-such-page'],
    ['bare', '/api/no-such-endpoint'],
  ] as const;

  it('answers each with a Cache-Control and a Vary, anonymous or signed in', async () => {
    for (const [which, url] of notFound) {
      const server = which === 'pages' ? pages : bare;
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await server.app.inject({ url, headers });
        const what = `${which} ${url} ${Object.keys(headers).join()}`;
        expect(res.statusCode, what).toBe(404);
        expect(res.headers['cache-control'], what).toMatch(/no-cache|no-store/);
        expect(res.headers.vary, what).toMatch(/Accept-Encoding/i);
      }
    }
  });
});
