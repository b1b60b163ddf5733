// Hashed assets compressed once at build (scripts/vite-precompress.ts) and served as they are: brotli to
// clients that take it, gzip to those that take only gzip, the file itself to the rest; always with
// year-long immutable caching, the asset's own content type and `vary: accept-encoding`, and never
// compressed again by @fastify/compress (the body is byte for byte the sibling file).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles, type Precompressed } from '../../scripts/vite-precompress.ts';
import { IMMUTABLE } from '../../server/pages/spa.ts';
import { createTestServer, type TestServer } from '../support/server.ts';

const INDEX =
  '<!doctype html><html><head><title>FruitPrompt</title></head><body><div id="root"></div></body></html>';
// Text that compresses well but not trivially, so brotli 11 and gzip 9 give different sizes.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export const f${i} = (a) => a * ${i} + ${(i * 7919) % 1000};\n`,
).join('');
const STYLE = Array.from(
  { length: 200 },
  (_, i) => `.card-${i}{margin:${i % 9}px;color:#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}}\n`,
).join('');
const SMALL = 'export const small = "a small chunk, still worth compressing once";\n'.repeat(4);
const TINY = 'export{a as b};';
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(2000).fill(7)]);

const FILES: Record<string, string | Buffer> = {
  'assets/app-Ab12Cd34.js': SCRIPT,
  'assets/index-Ef56Gh78.css': STYLE,
  'assets/Xy90Zw12.js': SMALL,
  'assets/Tn00Yy00.js': TINY,
  'assets/logo-Qq11Rr22.png': IMAGE,
};

let server: TestServer;
let dist: string;
let report: Precompressed[];

const file = (name: string): Buffer => readFileSync(join(dist, name));
const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fp-precompressed-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  for (const [name, content] of Object.entries(FILES)) writeFileSync(join(dist, name), content);
  report = await precompressFiles(dist, ['index.html', ...Object.keys(FILES)]);
  server = await createTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the build step (precompressFiles)', () => {
  it('writes a .br and a .gz sibling of each compressible asset, smaller than it and decoding to it', () => {
    for (const name of ['assets/app-Ab12Cd34.js', 'assets/index-Ef56Gh78.css', 'assets/Xy90Zw12.js']) {
      const original = file(name);
      const br = file(`${name}.br`);
      const gz = file(`${name}.gz`);
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
      expect(gz.length, name).toBeLessThan(original.length);
      expect(report.find((p) => p.file === name)).toEqual({
        file: name,
        bytes: original.length,
        br: br.length,
        gz: gz.length,
      });
    }
  });

  it('compresses with brotli at its highest quality (text mode) and gzip at level 9', () => {
    for (const name of ['assets/app-Ab12Cd34.js', 'assets/index-Ef56Gh78.css']) {
      const original = file(name);
      const best = brotliCompressSync(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      });
      expect(file(`${name}.br`).equals(best), name).toBe(true);
      expect(file(`${name}.gz`).equals(gzipSync(original, { level: 9, memLevel: 9 })), name).toBe(true);
    }
    // brotli 11 beats gzip 9 on text of this size
    const script = report.find((p) => p.file === 'assets/app-Ab12Cd34.js')!;
    expect(script.br!).toBeLessThan(script.gz!);
  });

  it('skips files compression would not shrink, types that are already compressed, and index.html', () => {
    expect(report.find((p) => p.file === 'assets/Tn00Yy00.js')).toMatchObject({ br: null, gz: null });
    for (const name of ['assets/Tn00Yy00.js', 'assets/logo-Qq11Rr22.png', 'index.html']) {
      expect(existsSync(join(dist, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dist, `${name}.gz`)), name).toBe(false);
    }
    expect(report.map((p) => p.file)).not.toContain('assets/logo-Qq11Rr22.png');
  });
});

describe('serving a precompressed asset', () => {
  it.each([
    ['br', 'br', 'br'],
    ['gzip, deflate, br', 'br', 'br'],
    ['br;q=0.5, gzip', 'gzip', 'gz'],
    ['gzip', 'gzip', 'gz'],
    ['gzip, deflate', 'gzip', 'gz'],
    ['*', 'gzip', 'gz'],
  ])(
    'Accept-Encoding %j gets content-encoding %s: the .%s file as built',
    async (accept, encoding, suffix) => {
      const name = 'assets/app-Ab12Cd34.js';
      const sibling = file(`${name}.${suffix}`);
      const res = await get(`/${name}`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toBe('accept-encoding');
      // the file as built, not compressed again: its bytes and its length
      expect(res.headers['content-length']).toBe(String(sibling.length));
      expect(res.rawPayload.equals(sibling)).toBe(true);
      const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.toString()).toBe(SCRIPT);
    },
  );

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding %j gets the file itself',
    async (accept) => {
      const res = await get('/assets/app-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
      expect(res.body).toBe(SCRIPT);
    },
  );

  it('serves a stylesheet as text/css and a small chunk from its siblings too', async () => {
    for (const [name, type] of [
      ['assets/index-Ef56Gh78.css', 'text/css; charset=utf-8'],
      ['assets/Xy90Zw12.js', 'application/javascript; charset=utf-8'],
    ] as const) {
      for (const [accept, suffix] of [
        ['br, gzip', 'br'],
        ['gzip', 'gz'],
      ] as const) {
        const res = await get(`/${name}`, accept);
        expect(res.headers['content-type'], name).toBe(type);
        expect(res.headers['cache-control'], name).toBe(IMMUTABLE);
        expect(res.rawPayload.equals(file(`${name}.${suffix}`)), `${name} ${accept}`).toBe(true);
      }
    }
  });

  it('answers HEAD with the headers of the GET it stands for and no body', async () => {
    const br = file('assets/app-Ab12Cd34.js.br');
    const res = await get('/assets/app-Ab12Cd34.js', 'br', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(br.length));
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.rawPayload.length).toBe(0);
  });

  it('gives each encoding its own ETag, and answers 304 to a revalidation of the same encoding', async () => {
    const url = '/assets/app-Ab12Cd34.js';
    const [br, gz, plain] = await Promise.all([get(url, 'br'), get(url, 'gzip'), get(url)]);
    const etags = [br, gz, plain].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const r of [br, gz, plain]) expect(r.headers['last-modified']).toBeTruthy();

    const again = await server.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // the brotli ETag does not validate the gzip variant
    const other = await server.app.inject({
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(file('assets/app-Ab12Cd34.js.gz'))).toBe(true);
  });

  it('serves the .br and .gz files under their own names as the compressed bytes, never decoded', async () => {
    // a direct request for a sibling is a request for that file: no content-encoding of its own
    const res = await get('/assets/app-Ab12Cd34.js.br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(file('assets/app-Ab12Cd34.js.br'))).toBe(true);
  });

  it('still answers an unknown asset with the 404 page, whatever encodings the client takes', async () => {
    const res = await get('/assets/nope-00000000.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
