// Generated example images and the built SPA: content types, cache headers, the client-route fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let dist: string;
const INDEX =
  '<!doctype html><html><head><title>FruitPrompt</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('fruit '.repeat(800))});\n`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.env'), 'SECRET=do-not-serve');
  server = await createTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/images/prompts/:id/:n.webp', () => {
  it('answers a WebP of the card size with year-long immutable caching and an ETag', async () => {
    const res = await server.app.inject('/api/images/prompts/1/0.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{20}"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });

    const again = await server.app.inject('/api/images/prompts/1/0.webp');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(res.headers.etag);

    const notModified = await server.app.inject({
      url: '/api/images/prompts/1/0.webp',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('answers the full size on ?size=full', async () => {
    const res = await server.app.inject('/api/images/prompts/1/0.webp?size=full');
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });
  });

  it('answers 404 envelopes for an unknown prompt or image number', async () => {
    const { image_count: count } = await server.db.one<{ image_count: number }>(
      'SELECT image_count FROM prompts WHERE id = 1',
    );
    for (const url of ['/api/images/prompts/999999/0.webp', `/api/images/prompts/1/${count}.webp`]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, msg: 'Image not found', extend: {} });
    }
  });
});

describe('the built SPA', () => {
  it.each(['/', '/detail/a-prompt-12', '/detail_12.html', '/category/free-prompts', '/search?q=owl'])(
    'answers GET %s with index.html, never cached',
    async (url) => {
      const res = await server.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  // issue 15: every path that no client route matches is a real 404, from the client's route table
  it.each([
    '/no-such-page',
    '/no/such/page?x=1',
    '/assets/',
    '/cart/extra',
    '/detail_.html',
    '/detail_x.html/y',
  ])('answers GET %s with 404 and the "Page Not Found" page', async (url) => {
    const res = await server.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Page Not Found — FruitPrompt</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each([
    ['/cart', 'Cart — FruitPrompt', true],
    ['/orders', 'My Orders — FruitPrompt', true],
    ['/order-detail/12', 'Order #12 — FruitPrompt', true],
    ['/paiddetail-12-cs_abc.html', 'Order #12 — FruitPrompt', true],
    ['/pendingdetail-7.html', 'Order #7 — FruitPrompt', true],
    ['/fruit-transactions', 'Fruit History — FruitPrompt', true],
    ['/buy-fruitcoins?payment=x', 'Buy FruitCoins — FruitPrompt', true],
    ['/terms', 'Terms of Service — FruitPrompt', false],
    ['/support', 'Customer Support — FruitPrompt', false],
    ['/s/abc123', 'Opening a shared prompt — FruitPrompt', true],
    ['/verifyemail-tok_abcdefgh.html', 'Verify your email — FruitPrompt', true],
  ] as const)('answers GET %s with 200, its own title %j, noindex: %s', async (url, title, noindex) => {
    const res = await server.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body.includes('<meta name="robots" content="noindex" />')).toBe(noindex);
  });

  it('serves hashed assets with year-long immutable caching, compressed on request', async () => {
    const res = await server.app.inject('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
    for (const encoding of ['br', 'gzip']) {
      const packed = await server.app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    }
  });

  it('compresses JSON answers on request', async () => {
    const res = await server.app.inject({
      url: '/api/prompts?pageSize=60',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves other files with a short cache', async () => {
    const res = await server.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not serve dotfiles', async () => {
    const res = await server.app.inject('/.env');
    expect(res.body).not.toContain('do-not-serve');
  });

  it('keeps 404 envelopes for unknown API routes and for non-GET methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/'],
      ['POST', '/some/client/route'],
    ] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});
