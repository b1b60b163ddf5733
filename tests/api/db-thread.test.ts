// The embedded database in a worker thread (server/db/pglite-thread.ts) keeps the contract of the
// in-process PGlite: the same row types, the same errors (PostgreSQL's code surviving the thread), the same
// transactions (atomic, serialised, holding other queries until they end). Both run the same checks on an
// in-memory database; the thread's own failures (closed, crashed) must reject calls, never hang them.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgliteInThread } from '../../server/db/index.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPgliteThread } from '../../server/db/pglite-thread.ts';
import { NoRowError, type Db } from '../../server/db/types.ts';
import { openForSuite } from './support/suite.ts';

const SCHEMA = `
  CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL CONSTRAINT items_name_key UNIQUE,
    tags text[] NOT NULL DEFAULT '{}', meta jsonb, at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL);
  INSERT INTO counter VALUES (1, 0);`;

/** Settles within ms? (a query held behind a transaction must not). */
const settlesWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> => {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
};

// The threads open on the other core while this one opens the in-process database (about a second each).
const threadDb = openPgliteThread();
const threadToEnd = openPgliteThread();
threadDb.catch(() => {});
threadToEnd.catch(() => {});

const openers: [string, () => Promise<Db>][] = [
  ['in a worker thread', () => threadDb],
  ['in-process', () => openPglite()],
];

describe.each(openers)('the embedded database %s', (_label, open) => {
  const db = openForSuite(open);
  beforeAll(async () => {
    await db.exec(SCHEMA);
  });

  it('returns rows with the types types.ts promises', async () => {
    const row = await db.one(
      `SELECT 42::int AS i, 7::int8 AS big, true AS b, NULL::text AS nothing, 'x'::text AS t,
         '2024-05-06T07:08:09.123Z'::timestamptz AS at, '{"a":[1,{"b":null}],"s":"é"}'::jsonb AS j,
         ARRAY['a','b,c']::text[] AS arr, $1::text AS param, $2::jsonb AS jparam`,
      ['p', JSON.stringify({ k: [1, 2] })],
    );
    expect(row).toEqual({
      i: 42,
      big: 7,
      b: true,
      nothing: null,
      t: 'x',
      at: new Date('2024-05-06T07:08:09.123Z'),
      j: { a: [1, { b: null }], s: 'é' },
      arr: ['a', 'b,c'],
      param: 'p',
      jparam: { k: [1, 2] },
    });
    expect(row.at).toBeInstanceOf(Date);
    expect(await db.query('SELECT 1 AS x WHERE false')).toEqual([]);
  });

  it('one and maybeOne check the number of rows', async () => {
    const two = 'SELECT * FROM generate_series(1, 2) AS n';
    const none = 'SELECT 1 AS n WHERE false';
    await expect(db.one(none)).rejects.toBeInstanceOf(NoRowError);
    await expect(db.one(two)).rejects.toThrow('Expected exactly one row, got 2');
    expect(await db.maybeOne(none)).toBeNull();
    expect(await db.maybeOne('SELECT 3 AS n')).toEqual({ n: 3 });
    await expect(db.maybeOne(two)).rejects.toBeInstanceOf(NoRowError);
  });

  it("keeps PostgreSQL's error fields (unique violation 23505, syntax error)", async () => {
    await db.query('INSERT INTO items (name) VALUES ($1)', ['dup']);
    const error = await db.query('INSERT INTO items (name) VALUES ($1)', ['dup']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "items_name_key"',
      code: '23505',
      constraint: 'items_name_key',
      detail: 'Key (name)=(dup) already exists.',
      table: 'items',
    });
    await expect(db.exec('SELEC 1')).rejects.toMatchObject({ code: '42601' });
  });

  it('commits a transaction and returns what fn returned', async () => {
    const id = await db.tx(async (q) => {
      const { id } = await q.one<{ id: number }>(
        "INSERT INTO items (name) VALUES ('committed') RETURNING id",
      );
      await q.exec("UPDATE items SET tags = '{x}' WHERE name = 'committed'");
      return id;
    });
    expect(await db.one('SELECT name, tags FROM items WHERE id = $1', [id])).toEqual({
      name: 'committed',
      tags: ['x'],
    });
  });

  it('rolls back when fn throws, rethrowing the same error', async () => {
    const thrown = new Error('changed my mind');
    const caught = await db
      .tx(async (q) => {
        await q.query("INSERT INTO items (name) VALUES ('rolled back')");
        expect(await q.one("SELECT count(*)::int AS n FROM items WHERE name = 'rolled back'")).toEqual({
          n: 1,
        });
        throw thrown;
      })
      .catch((e: unknown) => e);
    expect(caught).toBe(thrown);
    expect(await db.maybeOne("SELECT id FROM items WHERE name = 'rolled back'")).toBeNull();
  });

  it("rolls back on a failed statement inside the transaction, with the statement's error", async () => {
    const caught = await db
      .tx(async (q) => {
        await q.query("INSERT INTO items (name) VALUES ('before the failure')");
        await q.query("INSERT INTO items (name) VALUES ('dup')");
      })
      .catch((e: unknown) => e);
    expect(caught).toMatchObject({ code: '23505', constraint: 'items_name_key' });
    expect(await db.maybeOne("SELECT id FROM items WHERE name = 'before the failure'")).toBeNull();
    // fn swallowing the failure cannot commit the aborted transaction
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO items (name) VALUES ('dup')").catch(() => {});
      }),
    ).rejects.toMatchObject({ code: '25P02' });
  });

  it('holds a query issued outside an open transaction until it ends, then shows the committed state', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.tx(async (q) => {
      await q.query("INSERT INTO items (name) VALUES ('held')");
      inserted();
      await released;
      await q.query("UPDATE items SET tags = '{done}' WHERE name = 'held'");
    });
    await insertedNow;
    const outside = db.maybeOne<{ tags: string[] }>("SELECT tags FROM items WHERE name = 'held'");
    expect(await settlesWithin(outside, 150)).toBe(false);
    release();
    await tx;
    expect(await outside).toEqual({ tags: ['done'] });
  });

  it('serialises concurrent transactions (read-modify-write of a counter loses no update)', async () => {
    const increment = () =>
      db.tx(async (q) => {
        const { n } = await q.one<{ n: number }>('SELECT n FROM counter WHERE id = 1');
        await new Promise((resolve) => setImmediate(resolve));
        await q.query('UPDATE counter SET n = $1 WHERE id = 1', [n + 1]);
      });
    const loop = async () => {
      for (let i = 0; i < 20; i++) await increment();
    };
    // two loops of 20, plus 20 issued at once
    await Promise.all([loop(), loop(), ...Array.from({ length: 20 }, increment)]);
    expect(await db.one('SELECT n FROM counter WHERE id = 1')).toEqual({ n: 60 });
  });

  it('rejects calls once closed', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/closed/i);
    await expect(db.tx(async (q) => q.query('SELECT 1'))).rejects.toThrow(/closed/i);
    await db.close(); // closing twice is harmless
  });
});

describe('the database thread ending', () => {
  const db = openForSuite(() => threadToEnd);

  it('rejects the calls waiting for it when the thread dies, and every later call', async () => {
    let inTx!: () => void;
    const started = new Promise<void>((resolve) => (inTx = resolve));
    const tx = db.tx(async (q) => {
      await q.query('SELECT 1');
      inTx();
      await new Promise(() => {}); // never ends: the outside query below waits behind it
    });
    tx.catch(() => {});
    await started;
    const waiting = db.query('SELECT 2');
    expect(await settlesWithin(waiting, 100)).toBe(false);
    await db.worker.terminate();
    await expect(waiting).rejects.toThrow(/database thread exited/);
    await expect(db.query('SELECT 3')).rejects.toThrow(/database thread exited/);
  });
});

describe('openDb', () => {
  it('runs PGlite in the thread unless PGLITE_THREAD turns it off', () => {
    expect(pgliteInThread({})).toBe(true);
    expect(pgliteInThread({ PGLITE_THREAD: '1' })).toBe(true);
    for (const off of ['0', 'false', 'OFF', ' 0 '])
      expect(pgliteInThread({ PGLITE_THREAD: off })).toBe(false);
  });
});
