// A big operator import lets other requests through (issue 37, item 7): on PGlite one transaction holds
// the only connection, so a 5,000-line import in one transaction stalled every request for its whole run
// (a search took 14.9 s). The import now writes its lines in batches, one transaction each, and yields
// between them. The test asserts order, not time: a search started once the import is writing answers
// before the import does (its latency and the load average are printed). And the import's `images` map
// is capped.
import { loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../domain/envelope.ts';
import { importCatalog } from '../../server/operator/catalog-import.ts';
import {
  IMPORT_BATCH_LINES,
  MAX_IMPORT_IMAGES,
  MAX_IMPORT_IMAGES_CHARS,
} from '../../server/operator/catalog-routes.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const TOKEN = 'operator-token-for-the-import-batches-test-0123456789';
const LINES = 5000;

const server = openForSuite(() => createTestServer({ config: { operatorToken: TOKEN } }));

const line = (n: number) => ({
  slug: `batch-lantern-${n}`,
  title: `Batch lantern number ${n}`,
  description: `A paper lantern, the ${n}th of a big import, glowing over a quiet river.`,
  generator: 'midjourney',
  grade: n % 3 === 0 ? 'fruit' : 'free',
  ...(n % 3 === 0 ? { priceFruit: 20 } : {}),
  tags: ['lantern', `batch${n % 50}`],
  template: 'A paper lantern over [Variable 1]',
  variables: [{ label: 'Place', example: 'a river' }],
  art: { scene: 'abstract', palette: ['#112233', '#445566', '#778899'], seed: n },
  drawnImages: 2,
});

const importLines = (payload: object) =>
  server.app.inject({
    method: 'POST',
    url: '/api/operator/catalog/import',
    headers: { 'x-operator-token': TOKEN },
    payload,
  });

describe('a 5,000-line import', () => {
  it('lets a search through while it writes, and writes every line', async () => {
    expect(LINES / IMPORT_BATCH_LINES).toBeGreaterThan(2);
    // the import's first write: the search starts only once the import holds the database
    const db = server.db;
    const tx = db.tx.bind(db);
    let writing: () => void = () => {};
    const started = new Promise<void>((resolve) => (writing = resolve));
    db.tx = (fn) => {
      writing();
      return tx(fn);
    };
    // a first search loads what every search keeps in memory: the one measured is a warm one
    expect((await server.app.inject({ method: 'GET', url: '/api/prompts?q=garden' })).statusCode).toBe(200);
    const order: string[] = [];
    try {
      const lines = Array.from({ length: LINES }, (_, i) => line(i + 1));
      const importing = importLines({ lines }).then((response) => {
        order.push('import');
        return response;
      });
      await started;
      const t0 = performance.now();
      const search = await server.app.inject({ method: 'GET', url: '/api/prompts?q=orchard&pageSize=5' });
      const latency = performance.now() - t0;
      order.push('search');
      const imported = await importing;

      console.log(
        `search during a ${LINES}-line import: ${latency.toFixed(0)} ms ` +
          `(load average ${loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')})`,
      );
      expect(search.statusCode).toBe(200);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().extend).toMatchObject({ added: LINES, changed: 0, unchanged: 0 });
      expect(order).toEqual(['search', 'import']);
    } finally {
      db.tx = tx;
    }
    const { n } = await db.one<{ n: number }>(
      "SELECT count(*)::integer AS n FROM prompts WHERE slug LIKE 'batch-lantern-%'",
    );
    expect(n).toBe(LINES);
    const search = await server.app.inject({ method: 'GET', url: '/api/prompts?q=lantern+4999' });
    expect(search.json().extend.data.map((c: { slug: string }) => c.slug)).toContain('batch-lantern-4999');
  });
});

describe('an import stopped between batches', () => {
  it('keeps the batches written, and the same import again completes it', async () => {
    const db = server.db;
    const lines = Array.from({ length: 25 }, (_, i) => line(10_000 + i));
    const tx = db.tx.bind(db);
    let batches = 0;
    db.tx = (fn) => {
      batches += 1;
      if (batches === 3) return Promise.reject(new Error('the server stopped'));
      return tx(fn);
    };
    try {
      await expect(
        importCatalog(db, { lines, images: {}, dryRun: false }, { batchLines: 10 }),
      ).rejects.toThrow('the server stopped');
    } finally {
      db.tx = tx;
    }
    const written = async () =>
      (
        await db.one<{ n: number }>(
          "SELECT count(*)::integer AS n FROM prompts WHERE slug LIKE 'batch-lantern-1____'",
        )
      ).n;
    expect(await written()).toBe(20);
    const again = await importCatalog(db, { lines, images: {}, dryRun: false }, { batchLines: 10 });
    expect(again).toEqual({
      result: { added: 5, changed: 0, unchanged: 20, imagesWritten: 0, dryRun: false },
    });
    expect(await written()).toBe(25);
  });
});

describe('the images map of an import', () => {
  it('is refused beyond its number of names, with the limit in the message', async () => {
    const images = Object.fromEntries(
      Array.from({ length: MAX_IMPORT_IMAGES + 1 }, (_, i) => [`${i}.png`, 'a'.repeat(64)]),
    );
    const response = await importLines({ lines: [line(1)], images });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      msg: `The images map may name at most ${MAX_IMPORT_IMAGES.toLocaleString('en-US')} files (it names ${(MAX_IMPORT_IMAGES + 1).toLocaleString('en-US')}); import a bigger catalog in parts`,
      extend: { field: 'images' },
    } satisfies Partial<Envelope<unknown>>);
  });

  it('is refused beyond its size, with the limit in the message', async () => {
    const long = 'x'.repeat(250);
    const count = Math.ceil(MAX_IMPORT_IMAGES_CHARS / (long.length + 64)) + 1;
    expect(count).toBeLessThanOrEqual(MAX_IMPORT_IMAGES);
    const images = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`${i}${long}`, 'a'.repeat(64)]),
    );
    const response = await importLines({ lines: [line(1)], images });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      success: false,
      msg: `The images map may hold at most ${MAX_IMPORT_IMAGES_CHARS / 1024 / 1024} MB of file names and hashes; import a bigger catalog in parts`,
      extend: { field: 'images' },
    });
  });
});
