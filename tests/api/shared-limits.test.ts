// Processes on one database behave as one (issue 20): two apps built on the SAME database stand for two
// server processes. Every rate limit counts in the database (server/http/rate-store.ts), so requests spread
// over both are refused where one process would refuse them; on a scratch PostgreSQL cluster, a catalog
// change in one app drops the other's kept answers (LISTEN/NOTIFY, server/catalog/changes.ts), and
// concurrent counts from two connection pools are exact.
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGES } from '../../server/auth/rate-limits.ts';
import {
  ACCOUNT_RATE_LIMIT_MESSAGES,
  DEFAULT_ACCOUNT_RATE_LIMITS,
} from '../../server/account/rate-limits.ts';
import { CATALOG_CHANNEL } from '../../server/catalog/changes.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import { RateStore } from '../../server/http/rate-store.ts';
import { TOO_MANY_LINKS } from '../../server/share/routes.ts';
import { findPgBin, startPostgres, type PgCluster } from '../../scripts/bench/postgres.ts';
import { openTestDb, TEST_CONFIG } from '../support/server.ts';
import { enc, proven } from './support/auth.ts';
import { insertPrompts } from './support/catalog.ts';
import { openForSuite } from './support/suite.ts';

const build = (db: Db, options: Partial<Parameters<typeof buildApp>[0]> = {}, config: Config = TEST_CONFIG) =>
  buildApp({ db, config, distDir: null, imageStore: memoryImageStore(), renderer: null, ...options });

/** The calls a signed-out browser sends with a solved bot check (made by the app it does not call, too). */
const CHECKED = new Set(['/api/social/guest', '/api/support/requests']);

const send = async (
  app: FastifyInstance,
  url: string,
  payload: object,
  remoteAddress: string,
  headers = {},
) =>
  app.inject({
    method: 'POST',
    url,
    payload: (CHECKED.has(url) ? await proven(app, payload) : payload) as InjectOptions['payload'],
    remoteAddress,
    headers,
  });

const wrongLogin = (email: string) => ({
  email,
  password: enc('Wrong@12345', TEST_CONFIG.passwordKey),
  encrypted: true,
});

const expectRefused = (res: Awaited<ReturnType<FastifyInstance['inject']>>, msg: string) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ success: false, msg, extend: { retryAfter: expect.any(Number) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('two processes on one database count every limit together', () => {
  let db: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const apps = () => [a, b];

  beforeAll(async () => {
    db = await openTestDb();
    // two processes configured alike: the defaults, and the same lowered share and guest limits
    const options = {
      share: { anonymousPerIp: { max: 4, windowMs: 60_000 } },
      auth: { rateLimits: { guestPerIp: { max: 3, windowMs: 60_000 } } },
    };
    a = await build(db, options);
    b = await build(db, options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('10 wrong passwords for one account spread over both: the 11th wrong one is refused (429)', async () => {
    expect(DEFAULT_RATE_LIMITS.loginFailuresPerEmail.max).toBe(10);
    await db.query(
      `INSERT INTO users (email, password_hash, name, provider, email_verified_at)
       VALUES ('fleet@example.com', $1, 'Fleet', 'email', now())`,
      [await hashPassword('Right@12345')],
    );
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await send(
        apps()[attempt % 2]!,
        '/api/social/login',
        wrongLogin('fleet@example.com'),
        `10.1.0.${attempt}`,
      );
      expect(res.statusCode, `attempt ${attempt + 1}: ${res.body}`).not.toBe(429);
    }
    // through either process, a wrong password; the right one from another address still signs in (issue 37)
    for (const [n, app] of apps().entries()) {
      expectRefused(
        await send(app, '/api/social/login', wrongLogin('FLEET@example.com'), `10.1.1.${n}`),
        RATE_LIMIT_MESSAGES.login,
      );
      const right = {
        ...wrongLogin('FLEET@example.com'),
        password: enc('Right@12345', TEST_CONFIG.passwordKey),
      };
      expect((await send(app, '/api/social/login', right, '10.1.1.9')).statusCode).toBe(200);
    }
  });

  it('counts any address, even one PostgreSQL cannot store as text (a NUL), without a 500', async () => {
    for (const email of ['nul\u0000@example.com', `${'long'.repeat(100)}@example.com`]) {
      const res = await send(a, '/api/social/login', wrongLogin(email), '10.1.2.1');
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('support requests per client address spread over both: the 6th is refused', async () => {
    const max = DEFAULT_ACCOUNT_RATE_LIMITS.supportPerIp.max;
    const request = (n: number) => ({
      email: `visitor-${n}@example.com`,
      subject: 'Where is my prompt?',
      message: 'I bought a prompt yesterday and cannot find it in my orders.',
    });
    for (let n = 0; n < max; n++) {
      const res = await send(apps()[n % 2]!, '/api/support/requests', request(n), '10.2.0.1');
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRefused(
      await send(b, '/api/support/requests', request(99), '10.2.0.1'),
      ACCOUNT_RATE_LIMIT_MESSAGES.support,
    );
    expect((await send(a, '/api/support/requests', request(98), '10.2.0.2')).statusCode).toBe(200);
  });

  it('anonymous share links per client spread over both: a lowered limit holds for the pair', async () => {
    const promptId = (await db.one<{ id: number }>('SELECT min(id) AS id FROM prompts')).id;
    for (let n = 0; n < 4; n++) {
      expect((await send(apps()[n % 2]!, '/api/share', { promptId }, '10.3.0.1')).statusCode).toBe(200);
    }
    const refused = await send(a, '/api/share', { promptId }, '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      msg: TOO_MANY_LINKS,
      extend: { retryAfter: expect.any(Number) },
    });
  });

  it('a limit on a route (guest sign-ins per client) spread over both, with its headers', async () => {
    for (let n = 0; n < 3; n++) {
      const res = await send(apps()[n % 2]!, '/api/social/guest', {}, '10.4.0.1');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - n));
    }
    for (const app of apps()) {
      const refused = await send(app, '/api/social/guest', {}, '10.4.0.1');
      expectRefused(refused, RATE_LIMIT_MESSAGES.guest);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
    }
  });

  it('a process with other numbers for a limit counts apart (a test lowering a limit on the same data)', async () => {
    const other = await build(db, { share: { anonymousPerIp: { max: 1, windowMs: 60_000 } } });
    try {
      const promptId = (await db.one<{ id: number }>('SELECT min(id) AS id FROM prompts')).id;
      expect((await send(other, '/api/share', { promptId }, '10.3.0.1')).statusCode).toBe(200);
      expect((await send(other, '/api/share', { promptId }, '10.3.0.1')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('the store', () => {
  const db = openForSuite(() => openTestDb('migrated'));

  it('starts a new window when the last one ended, and sweeps ended windows', async () => {
    const store = new RateStore(db, { sweepIntervalMs: 0 });
    const key = RateStore.keyOf('test', 1000, 2, 'someone');
    expect(await store.read(key)).toEqual({ current: 0, ttl: 0 });
    const first = await store.increment(key, 1000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(1000);
    expect((await store.increment(key, 1000)).current).toBe(2);
    expect((await store.read(key)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.read(key)).toEqual({ current: 0, ttl: 0 });
    await store.increment(RateStore.keyOf('test', 60_000, 2, 'live'), 60_000);
    expect(await store.sweep()).toBe(1); // the ended one, not the live one
    expect((await store.increment(key, 1000)).current).toBe(1);
    store.close();
  });

  it('counts any key, even one PostgreSQL cannot store as text (a NUL)', async () => {
    const store = new RateStore(db, { sweepIntervalMs: 0 });
    const key = RateStore.keyOf('support-email', 60_000, 5, 'nul\u0000@example.com');
    expect((await store.increment(key, 60_000)).current).toBe(1);
    expect((await store.increment(key, 60_000)).current).toBe(2);
    store.close();
  });

  it('keeps long keys (a long address) short, and apart', () => {
    const long = (end: string) => RateStore.keyOf('login-failures', 1, 1, `${'x'.repeat(300)}${end}`);
    expect(long('a').length).toBeLessThanOrEqual(64);
    expect(long('a')).not.toBe(long('b'));
  });
});

const pgBin = findPgBin();
if (pgBin === null) {
  console.warn(
    'shared-limits.test.ts: PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin or PG_BIN): ' +
      'the LISTEN/NOTIFY and concurrent-count tests are skipped',
  );
}

describe.skipIf(pgBin === null)('two processes on one PostgreSQL server', () => {
  let cluster: PgCluster;
  let url: string;
  let dbA: Db;
  let dbB: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const config = (): Config => ({ ...TEST_CONFIG, databaseUrl: url });

  beforeAll(async () => {
    cluster = await startPostgres({ logFile: '/dev/null', log: () => {}, install: false });
    url = await cluster.createDatabase('fleet');
    // two pools, as two processes have
    dbA = await openPg(url);
    dbB = await openPg(url);
    await migrate(dbA);
    await insertPrompts(dbA, [{ id: 1, title: 'First prompt' }]);
    a = await build(dbA, {}, config());
    b = await build(dbB, {}, config());
    await Promise.all([a.catalogChanges.listening, b.catalogChanges.listening]);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    await cluster?.stop();
  });

  const total = async (app: FastifyInstance): Promise<number> => {
    const res = await app.inject('/api/prompts?page=1&pageSize=24&sort=newest');
    expect(res.statusCode).toBe(200);
    return res.json<{ extend: { total: number } }>().extend.total;
  };
  const until = async (check: () => Promise<boolean>, ms = 5000): Promise<boolean> => {
    for (const end = Date.now() + ms; Date.now() < end;) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return check();
  };

  it("a catalog change in one process drops the other's kept answers", async () => {
    expect(await total(b)).toBe(1);
    expect(await total(a)).toBe(1);
    await insertPrompts(dbA, [{ id: 2, title: 'Second prompt', createdAt: new Date().toISOString() }]);
    expect(await total(b)).toBe(1); // kept
    let dropsInA = 0;
    const stop = a.catalogChanges.onChange(() => (dropsInA += 1));
    a.catalogChanges.changed();
    expect(await total(a)).toBe(2);
    expect(await until(async () => b.answers.stats().entries === 0)).toBe(true);
    // A's own NOTIFY reached A too, by now (B has it), and did not drop A's answers a second time
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(dropsInA).toBe(1);
    expect(a.answers.stats().entries).toBe(1);
    expect(await total(b)).toBe(2);
  });

  it('a NOTIFY from anyone else (a catalog import script) drops every process’s kept answers', async () => {
    await insertPrompts(dbA, [{ id: 3, title: 'Imported prompt', createdAt: new Date().toISOString() }]);
    expect(await total(a)).toBe(2);
    expect(await total(b)).toBe(2);
    const script = new pg.Client({ connectionString: url });
    await script.connect();
    try {
      await script.query(`NOTIFY ${CATALOG_CHANNEL}`);
    } finally {
      await script.end();
    }
    expect(await until(async () => a.answers.stats().entries === 0 && b.answers.stats().entries === 0)).toBe(
      true,
    );
    expect(await total(a)).toBe(3);
    expect(await total(b)).toBe(3);
  });

  it('listens again after losing its connection, dropping what it kept meanwhile', async () => {
    expect(await total(b)).toBe(3);
    expect(b.answers.stats().entries).toBe(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`,
        [`LISTEN ${CATALOG_CHANNEL}`],
      );
      expect(killed.rowCount).toBe(2); // A's and B's listeners
      // reconnected (after about a second): B dropped its answers once, as it may have missed a change
      expect(await until(async () => b.answers.stats().entries === 0, 10_000)).toBe(true);
      const listening = async () =>
        (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE query = $1`, [`LISTEN ${CATALOG_CHANNEL}`]))
          .rowCount === 2;
      expect(await until(listening, 10_000)).toBe(true);
    } finally {
      await admin.end();
    }
    // and hears the next change
    expect(await total(b)).toBe(3);
    a.catalogChanges.changed();
    expect(await until(async () => b.answers.stats().entries === 0)).toBe(true);
  });

  it('counts exactly under concurrent requests from two pools', async () => {
    const stores = [new RateStore(dbA, { sweepIntervalMs: 0 }), new RateStore(dbB, { sweepIntervalMs: 0 })];
    const key = RateStore.keyOf('test', 60_000, 100, 'rush');
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, n) => stores[n % 2]!.increment(key, 60_000)),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, n) => n + 1),
    );
    for (const store of stores) store.close();
  });

  it('10 wrong passwords sent at once through both: the 11th is refused', async () => {
    await dbA.query(
      `INSERT INTO users (email, password_hash, name, provider, email_verified_at)
       VALUES ('rush@example.com', $1, 'Rush', 'email', now())`,
      [await hashPassword('Right@12345')],
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        send([a, b][n % 2]!, '/api/social/login', wrongLogin('rush@example.com'), `10.5.0.${n}`),
      ),
    );
    expect(answers.map((res) => res.statusCode)).not.toContain(429);
    expectRefused(
      await send(b, '/api/social/login', wrongLogin('rush@example.com'), '10.5.1.1'),
      RATE_LIMIT_MESSAGES.login,
    );
  });
});
