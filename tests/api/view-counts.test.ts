// Issue 19: prompt views counted in batches (server/catalog/view-counts.ts). record() buffers; flush()
// writes everything buffered in one statement; the counts, and the signed-in viewers' rows that
// recommendations read, are the same as one recordView per view.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../server/db/index.ts';
import { recordViews, ViewCounter } from '../../server/catalog/view-counts.ts';
import { openTestDb } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const db = openForSuite(openTestDb);
let demo: string;
let alice: string;

beforeAll(async () => {
  const users = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE email IN ('demo@example.com', 'alice@example.com')`,
  );
  demo = users.find((u) => u.email === 'demo@example.com')!.id;
  alice = users.find((u) => u.email === 'alice@example.com')!.id;
});

const viewsOf = async (...ids: number[]): Promise<number[]> => {
  const rows = await db.query<{ id: number; views: number }>(
    'SELECT id, views FROM prompts WHERE id = ANY ($1::integer[])',
    [ids],
  );
  return ids.map((id) => rows.find((r) => r.id === id)!.views);
};
const viewerRows = (userId: string) =>
  db.query<{ prompt_id: number; viewed_at: Date }>(
    'SELECT prompt_id, viewed_at FROM prompt_views WHERE user_id = $1 ORDER BY prompt_id',
    [userId],
  );

/** The database, counting the statements sent through it; `fail` makes the next ones throw. */
function spied(target: Queryable) {
  const spy = { statements: 0, fail: 0 };
  const run = async <T extends object>(sql: string, params?: readonly unknown[]) => {
    spy.statements++;
    if (spy.fail > 0) {
      spy.fail--;
      throw new Error('connection lost');
    }
    return target.query<T>(sql, params);
  };
  const q: Queryable = {
    query: run,
    one: async (sql, params) => (await run(sql, params))[0] as never,
    maybeOne: async (sql, params) => ((await run(sql, params))[0] ?? null) as never,
    exec: (sql) => target.exec(sql),
  };
  return { q, spy };
}

describe('ViewCounter', () => {
  it('buffers views and writes them all, in one statement, on flush', async () => {
    const { q, spy } = spied(db);
    const counter = new ViewCounter(q, { flushEveryMs: 60_000, flushAtViews: 1000 });
    const [one, two] = await viewsOf(1, 2);
    for (let i = 0; i < 3; i++) counter.record(1, null);
    counter.record(2, demo);
    counter.record(2, demo);
    expect(counter.buffered).toBe(5);
    expect(spy.statements).toBe(0);
    expect(await viewsOf(1, 2)).toEqual([one, two]);

    await counter.flush();
    expect(spy.statements).toBe(1);
    expect(counter.buffered).toBe(0);
    expect(await viewsOf(1, 2)).toEqual([one! + 3, two! + 2]);
    // One row per viewer and prompt, as recordView writes it; anonymous views leave none.
    expect((await viewerRows(demo)).map((r) => r.prompt_id)).toContain(2);
    expect((await viewerRows(demo)).map((r) => r.prompt_id)).not.toContain(1);

    // Nothing buffered: nothing written.
    await counter.flush();
    expect(spy.statements).toBe(1);
    await counter.close();
  });

  it('writes on its own after a while, and at once when enough views are buffered', async () => {
    const [before] = await viewsOf(3);
    const timed = new ViewCounter(db, { flushEveryMs: 20, flushAtViews: 1000 });
    timed.record(3, null);
    await vi.waitFor(async () => expect(await viewsOf(3)).toEqual([before! + 1]), { timeout: 2000 });

    const { q, spy } = spied(db);
    const full = new ViewCounter(q, { flushEveryMs: 60_000, flushAtViews: 4 });
    for (let i = 0; i < 4; i++) full.record(3, alice);
    expect(full.buffered).toBe(0);
    await full.flush(); // waits for the write already under way
    expect(spy.statements).toBe(1);
    expect(await viewsOf(3)).toEqual([before! + 5]);
    expect((await viewerRows(alice)).filter((r) => r.prompt_id === 3)).toHaveLength(1);
    await Promise.all([timed.close(), full.close()]);
  });

  it('keeps the latest view time of a viewer', async () => {
    await recordViews(db, {
      views: [{ promptId: 4, count: 2 }],
      viewers: [
        { userId: alice, promptId: 4, viewedAt: new Date('2030-01-02T00:00:00Z') },
        { userId: alice, promptId: 4, viewedAt: new Date('2030-01-01T00:00:00Z') },
      ],
    });
    await recordViews(db, {
      views: [{ promptId: 4, count: 1 }],
      viewers: [{ userId: alice, promptId: 4, viewedAt: new Date('2029-12-31T00:00:00Z') }],
    });
    const row = (await viewerRows(alice)).find((r) => r.prompt_id === 4)!;
    expect(row.viewed_at.toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });

  it('skips prompts and users that no longer exist, counting the rest', async () => {
    const [before] = await viewsOf(5);
    const counter = new ViewCounter(db);
    counter.record(5, demo);
    counter.record(999_999, demo);
    counter.record(5, '00000000-0000-4000-8000-000000000000');
    await counter.close();
    expect(await viewsOf(5)).toEqual([before! + 2]);
    const rows = await db.query('SELECT 1 FROM prompt_views WHERE prompt_id = 999999');
    expect(rows).toHaveLength(0);
  });

  it('reports a failed write and carries on', async () => {
    const { q, spy } = spied(db);
    const errors: [unknown, number][] = [];
    const counter = new ViewCounter(q, { onError: (error, views) => errors.push([error, views]) });
    const [before] = await viewsOf(6);
    spy.fail = 1;
    counter.record(6, null);
    counter.record(6, null);
    await expect(counter.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toBe(2);
    expect((errors[0]![0] as Error).message).toBe('connection lost');

    counter.record(6, null);
    await counter.flush();
    expect(await viewsOf(6)).toEqual([before! + 1]);
    await counter.close();
  });

  it('writes what is buffered on close, and ignores views after it', async () => {
    const [before] = await viewsOf(7);
    const counter = new ViewCounter(db, { flushEveryMs: 60_000 });
    counter.record(7, alice);
    await counter.close();
    expect(await viewsOf(7)).toEqual([before! + 1]);
    counter.record(7, alice);
    expect(counter.buffered).toBe(0);
    await counter.flush();
    expect(await viewsOf(7)).toEqual([before! + 1]);
  });
});
