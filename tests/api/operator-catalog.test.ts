// The operator's catalog (issue 21): the catalog file's validator (docs/catalog-format.md), the operator
// API's image upload, import, export, hide, show and price (server/operator/catalog-routes.ts), hidden
// prompts out of every public answer, stored images served by the image route, and `npm run catalog`
// (scripts/catalog.ts) against a real listening server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptCard, PromptPage } from '../../domain/catalog.ts';
import type { Envelope } from '../../domain/envelope.ts';
import {
  formatLineError,
  validateCatalogLines,
  type CatalogLine,
} from '../../server/operator/catalog-format.ts';
import { freePort } from '../support/free-port.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const TOKEN = 'operator-token-for-the-catalog-tests-0123456789';
const ROOT = join(import.meta.dirname, '..', '..');

const png = (r: number, g: number, b: number, width = 640, height = 480): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Three prompts, one per grade, with two, one and three images. */
const threePrompts = (suffix = ''): CatalogLine[] => [
  {
    slug: `glass-lighthouse${suffix}`,
    title: 'Glass lighthouse at dawn',
    description: 'A lighthouse made of glass on a cliff. Works well for posters.',
    generator: 'midjourney',
    grade: 'free',
    tags: ['lighthouse', 'glass'],
    template: 'A glass lighthouse on [Variable 1] at [Variable 2], cinematic light',
    variables: [
      { label: 'Place', example: 'a basalt cliff' },
      { label: 'Time', example: 'dawn' },
    ],
    images: ['red.png', 'green.png'],
  },
  {
    slug: `copper-orchard${suffix}`,
    title: 'Copper orchard',
    description: 'Trees with copper leaves.',
    generator: 'dalle',
    grade: 'fruit',
    priceFruit: 25,
    tags: ['orchard'],
    template: 'An orchard of copper trees, [Variable 1] style',
    variables: [{ label: 'Style', example: 'watercolour' }],
    images: ['blue.png'],
  },
  {
    slug: `launch-email${suffix}`,
    title: 'Product launch email',
    description: 'A launch email that sells.',
    generator: 'chatgpt',
    grade: 'premium',
    priceCents: 499,
    tags: ['email', 'marketing'],
    template: 'Write a launch email for [Variable 1].',
    variables: [{ label: 'Product', example: 'a smart kettle' }],
    images: ['red.png', 'blue.png', 'green.png'],
  },
];

const server = openForSuite(() => createTestServer({ config: { operatorToken: TOKEN } }));
let files: Record<string, Buffer>;

const op = async <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> => {
  const response = await server.app.inject({
    method,
    url,
    headers: { 'x-operator-token': TOKEN },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
};

const upload = async (bytes: Buffer) =>
  server.app.inject({
    method: 'POST',
    url: '/api/operator/catalog/images',
    headers: { 'x-operator-token': TOKEN, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

/** Uploads the files and answers the images map of an import. */
const uploadAll = async (): Promise<Record<string, string>> => {
  const map: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) {
    const response = await upload(bytes);
    expect(response.statusCode, response.body).toBe(200);
    map[name] = (response.json() as Envelope<{ sha256: string }>).extend.sha256;
  }
  return map;
};

const get = async <T>(url: string) => {
  const response = await server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
};
const count = async (): Promise<number> =>
  (await server.db.one<{ n: number }>('SELECT count(*)::integer AS n FROM prompts')).n;

beforeAll(async () => {
  files = {
    'red.png': await png(200, 30, 30),
    'green.png': await png(30, 200, 30),
    'blue.png': await png(30, 30, 200),
  };
});

describe('the catalog format', () => {
  it('accepts the three-prompt file', () => {
    const { prompts, errors } = validateCatalogLines(threePrompts());
    expect(errors).toEqual([]);
    expect(prompts.map((p) => [p.generatorType, p.grade, p.priceFruit, p.priceCents])).toEqual([
      [1, 0, null, null],
      [2, 1, 25, null],
      [3, 2, null, 499],
    ]);
  });

  it('returns every error of every line with its line and field', () => {
    const [a, b, c] = threePrompts();
    const lines: unknown[] = [
      { ...a, slug: 'Bad Slug', grade: 'fruit' },
      { ...b, template: 'No placeholder here', priceCents: 100, title: 'x'.repeat(201) },
      { ...c, images: [], tags: ['OK?'], variables: [{ label: '', example: 'e' }], extra: 1 },
      'not an object',
      { ...a, description: 'nul \u0000 inside' },
      { ...a, slug: 'copper-orchard' },
    ];
    const { prompts, errors } = validateCatalogLines(lines);
    expect(prompts).toEqual([]);
    const by = (line: number) => errors.filter((e) => e.line === line).map((e) => e.field);
    expect(by(1)).toEqual(expect.arrayContaining(['slug', 'priceFruit']));
    expect(by(2)).toEqual(expect.arrayContaining(['title', 'priceCents', 'variables[0]']));
    expect(by(3)).toEqual(expect.arrayContaining(['extra', 'tags[0]', 'variables[0].label', 'images']));
    expect(by(4)).toEqual(['(line)']);
    expect(by(5)).toEqual(['description']);
    expect(errors.find((e) => e.line === 6)).toMatchObject({
      field: 'slug',
      why: expect.stringContaining('line 2'),
    });
    expect(formatLineError(errors[0]!)).toMatch(/^line 1, \w+: /);
    // a placeholder without its variable
    const missing = validateCatalogLines([{ ...b, template: 'Uses [Variable 1] and [Variable 2]' }]);
    expect(missing.errors).toEqual([
      { line: 1, field: 'template', why: expect.stringContaining('[Variable 2]') },
    ]);
  });
});

describe('the operator catalog API', () => {
  it('is closed without the token, and off without OPERATOR_TOKEN', async () => {
    const wrong = await server.app.inject({ method: 'GET', url: '/api/operator/catalog/export' });
    expect(wrong.statusCode).toBe(401);
    const off = await createTestServer();
    try {
      const response = await off.app.inject({
        method: 'GET',
        url: '/api/operator/catalog/export',
        headers: { 'x-operator-token': TOKEN },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });

  it('refuses a file that is not an image, and takes a real one once', async () => {
    const refused = await upload(Buffer.from('GIF89a but not really an image at all'));
    expect(refused.statusCode).toBe(422);
    const first = await upload(files['red.png']!);
    const again = await upload(files['red.png']!);
    expect(first.json().extend.sha256).toBe(again.json().extend.sha256);
    expect(again.json().extend.written).toBe(false);
  });

  it('a dry run writes nothing; one invalid line writes nothing', async () => {
    const before = await count();
    const dry = await op('POST', '/api/operator/catalog/import', {
      lines: threePrompts('-dry'),
      images: { 'red.png': 'a'.repeat(64), 'green.png': 'b'.repeat(64), 'blue.png': 'c'.repeat(64) },
      dryRun: true,
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.extend).toMatchObject({ added: 3, changed: 0, unchanged: 0, dryRun: true });
    expect(await count()).toBe(before);

    const images = await uploadAll();
    const lines: unknown[] = threePrompts('-bad');
    lines[1] = { ...(lines[1] as object), grade: 'premium' };
    const bad = await op<{ errors: unknown[] }>('POST', '/api/operator/catalog/import', { lines, images });
    expect(bad.status).toBe(400);
    expect(bad.body.extend.errors).toEqual([
      { line: 2, field: 'priceFruit', why: 'only for the grade fruit' },
      { line: 2, field: 'priceCents', why: 'is required for the grade premium' },
    ]);
    expect(await count()).toBe(before);
  });

  it('imports three prompts with images: listed, detailed, their images served; again: unchanged', async () => {
    const images = await uploadAll();
    const lines = threePrompts();
    const first = await op('POST', '/api/operator/catalog/import', { lines, images });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.extend).toEqual({
      added: 3,
      changed: 0,
      unchanged: 0,
      imagesWritten: 6,
      dryRun: false,
    });

    const list = await get<PromptPage>('/api/prompts?sort=newest&pageSize=3');
    const cards = list.body.extend.data;
    expect(cards.map((c) => c.slug).sort()).toEqual(lines.map((l) => l.slug).sort());
    const email = cards.find((c) => c.slug === 'launch-email')!;
    expect(email).toMatchObject({
      grade: 2,
      priceCents: 499,
      generatorType: 3,
      tags: ['email', 'marketing'],
    });
    const search = await get<PromptPage>('/api/prompts?q=lighthouse');
    expect(search.body.extend.data.map((c) => c.slug)).toContain('glass-lighthouse');

    const detail = await get<{ data: { images: { url: string }[]; description: string } }>(
      `/api/prompts/detail?id=${email.slugId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.extend.data.images).toHaveLength(3);
    // the stored images: card, full, a card width; blue is the second image of the email prompt
    for (const [url, width, height] of [
      [email.image.url, 480, 360],
      [detail.body.extend.data.images[1]!.url, 960, 720],
      [`${email.image.url}?w=240`, 240, 180],
    ] as const) {
      const image = await server.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      if (width === 960) {
        const { dominant } = await sharp(image.rawPayload).stats();
        expect(dominant.b).toBeGreaterThan(dominant.r);
      }
    }
    const fourth = await server.app.inject({ method: 'GET', url: `/api/images/prompts/${email.id}/3.webp` });
    expect(fourth.statusCode).toBe(404);

    const again = await op('POST', '/api/operator/catalog/import', { lines, images });
    expect(again.body.extend).toEqual({
      added: 0,
      changed: 0,
      unchanged: 3,
      imagesWritten: 0,
      dryRun: false,
    });

    // a changed line changes one prompt
    const edited = lines.map((l) =>
      l.slug === 'copper-orchard' ? { ...l, title: 'Copper orchard at noon' } : l,
    );
    const third = await op('POST', '/api/operator/catalog/import', { lines: edited, images });
    expect(third.body.extend).toMatchObject({ added: 0, changed: 1, unchanged: 2, imagesWritten: 0 });
  });

  it('hide: out of the list, search and detail at once (kept answers dropped); show: back', async () => {
    const slug = 'glass-lighthouse';
    const { id, sort_id } = await server.db.one<{ id: number; sort_id: number }>(
      'SELECT id, sort_id FROM prompts WHERE slug = $1',
      [slug],
    );
    const detailUrl = `/api/prompts/detail?id=${slug}-${sort_id}`;
    const slugsOf = async (url: string) => (await get<PromptPage>(url)).body.extend.data.map((c) => c.slug);
    // kept answers (anonymous answers are cached)
    expect((await get(detailUrl)).status).toBe(200);
    expect(await slugsOf('/api/prompts?q=lighthouse')).toContain(slug);
    expect(await slugsOf('/api/prompts?sort=newest')).toContain(slug);
    const total = (await get<PromptPage>('/api/prompts')).body.extend.total;

    const hide = await op('POST', `/api/operator/catalog/prompts/${slug}/hide`);
    expect(hide.body.extend).toEqual({ slug, changed: true });
    expect((await get(detailUrl)).status).toBe(404);
    expect(await slugsOf('/api/prompts?q=lighthouse')).not.toContain(slug);
    expect(await slugsOf('/api/prompts?sort=newest')).not.toContain(slug);
    expect((await get<PromptPage>('/api/prompts')).body.extend.total).toBe(total - 1);
    const home = await get<{ sections: { data: PromptCard[] }[] }>('/api/prompts/home');
    expect(home.body.extend.sections.flatMap((s) => s.data.map((c) => c.id))).not.toContain(id);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/images/prompts/${id}/0.webp` })).statusCode,
    ).toBe(404);
    const sitemap = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(`/detail/${slug}-`);
    expect((await op('POST', `/api/operator/catalog/prompts/${slug}/hide`)).body.extend.changed).toBe(false);

    await op('POST', `/api/operator/catalog/prompts/${slug}/show`);
    expect((await get(detailUrl)).status).toBe(200);
    expect(await slugsOf('/api/prompts?q=lighthouse')).toContain(slug);
    expect((await op('POST', '/api/operator/catalog/prompts/no-such-slug/hide')).status).toBe(404);
  });

  it('a hidden prompt is no longer sold or shared (its cart line cannot be bought), and is again once shown', async () => {
    const { id, slug } = await server.db.one<{ id: number; slug: string }>(
      'SELECT id, slug FROM prompts WHERE grade = 1 AND NOT hidden ORDER BY id LIMIT 1',
    );
    const member = { authorization: `Bearer ${await server.tokenFor('demo@example.com')}` };
    const post = (url: string, payload: object, headers: Record<string, string> = member) =>
      server.app.inject({ method: 'POST', url, headers, payload });
    await post('/api/my/cart/remove', { promptId: id });
    expect((await post('/api/my/cart/add', { promptId: id })).statusCode).toBe(200);

    await op('POST', `/api/operator/catalog/prompts/${slug}/hide`);
    try {
      await post('/api/my/cart/remove', { promptId: id });
      expect((await post('/api/my/cart/add', { promptId: id })).statusCode).toBe(404);
      const order = await post('/api/my/orders', { promptIds: [id], requestId: `hidden-${id}` });
      expect(order.statusCode).toBe(404);
      expect(order.json<{ msg: string }>().msg).toMatch(/remove it from your cart/);
      expect((await post('/api/share', { promptId: id }, {})).statusCode).toBe(404);
    } finally {
      await op('POST', `/api/operator/catalog/prompts/${slug}/show`);
    }
    expect((await post('/api/my/cart/add', { promptId: id })).statusCode).toBe(200);
    expect((await post('/api/share', { promptId: id }, {})).statusCode).toBe(200);
    await post('/api/my/cart/remove', { promptId: id });
  });

  it('a price change shows in the list at once', async () => {
    const priceOf = async () =>
      (await get<PromptPage>('/api/prompts?sort=newest&pageSize=3')).body.extend.data.find(
        (c) => c.slug === 'copper-orchard',
      )!;
    expect(await priceOf()).toMatchObject({ grade: 1, priceFruit: 25 });
    expect(
      (await op('POST', '/api/operator/catalog/prompts/copper-orchard/price', { fruit: 40 })).status,
    ).toBe(200);
    expect(await priceOf()).toMatchObject({ grade: 1, priceFruit: 40 });
    await op('POST', '/api/operator/catalog/prompts/copper-orchard/price', { cents: 999 });
    expect(await priceOf()).toMatchObject({ grade: 2, priceFruit: null, priceCents: 999 });
    await op('POST', '/api/operator/catalog/prompts/copper-orchard/price', { free: true });
    expect(await priceOf()).toMatchObject({ grade: 0, priceCents: null });
    const two = await op('POST', '/api/operator/catalog/prompts/copper-orchard/price', {
      free: true,
      fruit: 3,
    });
    expect(two.status).toBe(400);
  });

  it('export then import is a round trip: the demo catalog and the imported prompts are unchanged', async () => {
    await op('POST', '/api/operator/catalog/prompts/launch-email/hide');
    const exported = await op<{ lines: CatalogLine[] }>('GET', '/api/operator/catalog/export');
    const lines = exported.body.extend.lines;
    expect(lines).toHaveLength(await count());
    expect(lines.find((l) => l.slug === 'launch-email')).toMatchObject({
      hidden: true,
      images: expect.any(Array),
    });
    expect(lines[0]).toMatchObject({ art: expect.any(Object), drawnImages: expect.any(Number) });
    expect(validateCatalogLines(lines).errors).toEqual([]);
    // the exported image files are what the download route gives; importing them finds the same files
    const images: Record<string, string> = {};
    for (const name of new Set(lines.flatMap((l) => l.images ?? []))) {
      const file = await server.app.inject({
        method: 'GET',
        url: `/api/operator/catalog/images/${name.replace('.webp', '')}`,
        headers: { 'x-operator-token': TOKEN },
      });
      expect(file.statusCode).toBe(200);
      const uploaded = await upload(file.rawPayload);
      expect(uploaded.json().extend.written).toBe(false);
      images[name] = (await import('node:crypto')).createHash('sha256').update(file.rawPayload).digest('hex');
    }
    const again = await op('POST', '/api/operator/catalog/import', { lines, images });
    expect(again.status, JSON.stringify(again.body).slice(0, 2000)).toBe(200);
    expect(again.body.extend).toEqual({
      added: 0,
      changed: 0,
      unchanged: lines.length,
      imagesWritten: 0,
      dryRun: false,
    });
  });
});

const ENGINES = [
  { engine: 'pglite', title: 'the embedded database', skip: false },
  { engine: 'postgres', title: 'PostgreSQL', skip: skipPostgres('operator-catalog') },
] as const;

describe.each(ENGINES)(
  'npm run catalog against a listening production server on $title',
  ({ engine, skip }) => {
    let child: ChildProcess | null = null;
    let cluster: PgCluster | null = null;
    let work = '';
    let port = 0;
    let output = '';

    beforeAll(async () => {
      if (skip) return;
      let databaseUrl = '';
      if (engine === 'postgres') {
        cluster = await startTestPostgres();
        databaseUrl = await cluster.createDatabase('operator_catalog');
      }
      work = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
      port = await freePort();
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? tmpdir(),
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, 'data'),
          DATABASE_URL: databaseUrl,
          PASSWORD_KEY: randomBytes(16).toString('hex'),
          PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
          OPERATOR_TOKEN: TOKEN,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const started = Date.now();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() - started > 120_000) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }, 150_000);
    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await cluster?.stop();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const catalog = async (...args: string[]): Promise<{ code: number | null; out: string; err: string }> => {
      const run = spawn(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', PORT: String(port), OPERATOR_TOKEN: TOKEN },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      run.stdout.on('data', (c: Buffer) => (out += c.toString()));
      run.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const [code] = (await once(run, 'exit')) as [number | null];
      return { code, out, err };
    };

    it.skipIf(skip)(
      'imports a file with images, says nothing changed the second time, and exports',
      async () => {
        const dir = join(work, 'shop');
        const imagesDir = join(dir, 'images');
        await import('node:fs/promises').then((fs) => fs.mkdir(imagesDir, { recursive: true }));
        for (const [name, bytes] of Object.entries(files)) writeFileSync(join(imagesDir, name), bytes);
        const file = join(dir, 'prompts.jsonl');
        writeFileSync(
          file,
          threePrompts()
            .map((l) => JSON.stringify(l))
            .join('\n') + '\n',
        );

        const bad = join(dir, 'bad.jsonl');
        writeFileSync(bad, `${JSON.stringify({ ...threePrompts()[0], grade: 'gold' })}\n{oops\n`);
        const refused = await catalog('import', bad, '--images', imagesDir);
        expect(refused.code).toBe(1);
        expect(refused.err).toContain('line 1, grade:');
        expect(refused.err).toContain('line 2, (line):');

        const first = await catalog('import', file, '--images', imagesDir);
        expect(first.code, first.err).toBe(0);
        expect(first.out).toContain('Added 3, changed 0, unchanged 0; images written 6');
        const second = await catalog('import', file, '--images', imagesDir);
        expect(second.code, second.err).toBe(0);
        expect(second.out).toContain('Nothing changed.');

        const list = (await (
          await fetch(`http://127.0.0.1:${port}/api/prompts?sort=newest&pageSize=3`)
        ).json()) as Envelope<PromptPage>;
        const orchard = list.extend.data.find((c) => c.slug === 'copper-orchard')!;
        expect(orchard).toMatchObject({ grade: 1, priceFruit: 25 });
        const image = await fetch(`http://127.0.0.1:${port}${orchard.image.url}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(480);

        const price = await catalog('price', 'copper-orchard', '--cents', '250');
        expect(price.code, price.err).toBe(0);
        const hide = await catalog('hide', 'launch-email');
        expect(hide.out).toContain('launch-email is now hidden');
        const after = (await (
          await fetch(`http://127.0.0.1:${port}/api/prompts?sort=newest&pageSize=3`)
        ).json()) as Envelope<PromptPage>;
        expect(after.extend.data.find((c) => c.slug === 'copper-orchard')).toMatchObject({
          grade: 2,
          priceCents: 250,
        });
        expect(after.extend.data.map((c) => c.slug)).not.toContain('launch-email');

        const out = join(work, 'export', 'catalog.jsonl');
        const exported = await catalog('export', out, '--images', join(work, 'export', 'images'));
        expect(exported.code, exported.err).toBe(0);
        const lines = readFileSync(out, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as CatalogLine);
        expect(lines.find((l) => l.slug === 'copper-orchard')).toMatchObject({
          grade: 'premium',
          priceCents: 250,
        });
        expect(lines.find((l) => l.slug === 'launch-email')?.hidden).toBe(true);
        expect(readdirSync(join(work, 'export', 'images')).sort()).toHaveLength(3);
        const back = await catalog('import', out, '--images', join(work, 'export', 'images'));
        expect(back.code, back.err).toBe(0);
        expect(back.out).toContain('Nothing changed.');
      },
      180_000,
    );
  },
);
