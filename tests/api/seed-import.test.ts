// The demo catalog is loaded through the operator's import (issue 21, item 5): the seed turns each prompt
// into a catalog line (seedPromptLine), the catalog validator checks it, and importCatalogIn writes it with
// the prompt's fixed id, sort id, counters and date. So every fresh start exercises the import.
import { describe, expect, it } from 'vitest';
import { validateCatalogLines } from '../../server/operator/catalog-format.ts';
import { exportCatalog, importCatalog } from '../../server/operator/catalog-import.ts';
import { loadDemoData } from '../../server/seed/demo.ts';
import { seed, SeedDataError, seedPromptLine } from '../../server/seed/index.ts';
import { openTestDb } from '../support/server.ts';
import { miniSeed, otherUsers } from './fixtures/mini-seed.ts';
import { openForSuite } from './support/suite.ts';

describe('the demo catalog in the import format', () => {
  it('every demo prompt is a valid catalog line, with drawn images', () => {
    const data = loadDemoData();
    const lines = data.prompts.map(seedPromptLine);
    const { prompts, errors } = validateCatalogLines(lines);
    expect(errors).toEqual([]);
    expect(prompts).toHaveLength(data.prompts.length);
    for (const [i, p] of data.prompts.entries()) {
      expect(lines[i]).toMatchObject({ slug: p.slug, art: p.art, drawnImages: p.imageCount });
      expect(lines[i]).not.toHaveProperty('images');
    }
  });
});

describe('a database seeded with the demo data', () => {
  const db = openForSuite(openTestDb);

  it('exports exactly the seed lines, and that export re-imports as unchanged', async () => {
    const data = loadDemoData();
    const exported = await exportCatalog(db);
    expect(exported).toEqual(data.prompts.map((p) => ({ ...seedPromptLine(p), hidden: false })));
    const again = await importCatalog(db, { lines: exported, images: {}, dryRun: false });
    expect(again).toEqual({
      result: {
        added: 0,
        changed: 0,
        unchanged: data.prompts.length,
        imagesWritten: 0,
        dryRun: false,
      },
    });
  });

  it('keeps each prompt’s id, sort id, views, sales and dates', async () => {
    const data = loadDemoData();
    const rows = await db.query<{
      id: number;
      sort_id: number;
      slug: string;
      views: number;
      sales: number;
      created_at: Date;
      updated_at: Date;
    }>('SELECT id, sort_id, slug, views, sales, created_at, updated_at FROM prompts ORDER BY id');
    expect(rows).toEqual(
      data.prompts.map((p) => ({
        id: p.id,
        sort_id: p.sortId,
        slug: p.slug,
        views: p.views,
        sales: p.sales,
        created_at: new Date(p.createdAt),
        updated_at: new Date(p.createdAt),
      })),
    );
  });

  it('an operator import after the seed takes the next free id and sort id', async () => {
    const max = await db.one<{ id: number; sort_id: number }>(
      'SELECT max(id)::integer AS id, max(sort_id)::integer AS sort_id FROM prompts',
    );
    const line = { ...seedPromptLine(loadDemoData().prompts[0]!), slug: 'one-more-after-the-seed' };
    const added = await importCatalog(db, { lines: [line], images: {}, dryRun: false });
    expect(added).toMatchObject({ result: { added: 1 } });
    const row = await db.one<{ id: number; sort_id: number; views: number; sales: number }>(
      `SELECT id, sort_id, views, sales FROM prompts WHERE slug = 'one-more-after-the-seed'`,
    );
    expect(row).toEqual({ id: max.id + 1, sort_id: max.sort_id + 1, views: 0, sales: 0 });
  });
});

describe('seeding through the import', () => {
  const db = openForSuite(() => openTestDb('migrated'));

  it('refuses a prompt the catalog validator refuses, and writes nothing', async () => {
    const bad = miniSeed();
    bad.prompts[1] = { ...bad.prompts[1]!, tags: ['Not A Tag!'] };
    const error = await seed(db, bad, 'invalid-line').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedDataError);
    expect(String(error)).toMatch(/line 2, tags\[0\]/);
    expect(await db.one('SELECT count(*)::integer AS n FROM prompts')).toEqual({ n: 0 });
    expect(await db.one('SELECT count(*)::integer AS n FROM users')).toEqual({ n: 0 });
  });

  it('writes given ids even when they are not dense, and refuses a slug that already exists', async () => {
    const data = miniSeed();
    const order = data.orders[0]!;
    // Every prompt id +10 (sort ids +20), and the orders, links with them.
    data.prompts = data.prompts.map((p) => ({ ...p, id: p.id + 10, sortId: p.sortId + 20 }));
    data.orders = data.orders.map((o) => ({ ...o, promptIds: o.promptIds.map((id) => id + 10) }));
    data.shortLinks = data.shortLinks.map((s) => ({ ...s, promptId: s.promptId + 10 }));
    expect(await seed(db, data, 'shifted')).toMatchObject({ seeded: true });
    const rows = await db.query<{ id: number; sort_id: number }>(
      'SELECT id, sort_id FROM prompts ORDER BY id',
    );
    expect(rows).toEqual(data.prompts.map((p) => ({ id: p.id, sort_id: p.sortId })));
    const items = await db.query<{ prompt_id: number }>(
      'SELECT prompt_id FROM order_items WHERE order_id = 1 ORDER BY prompt_id',
    );
    expect(items.map((i) => i.prompt_id)).toEqual([...order.promptIds].map((id) => id + 10).sort());

    // The same prompts again under another marker (other users): the slugs exist, so the seed refuses.
    const twice = miniSeed();
    twice.users = otherUsers(twice.users);
    twice.coupons = [];
    twice.orders = [];
    twice.shortLinks = [];
    twice.fruitBonuses = [];
    twice.messages = [];
    twice.exchangeOffers = [];
    twice.supportRequests = [];
    await expect(seed(db, twice, 'twice')).rejects.toThrow(/already exist/);
  });
});
