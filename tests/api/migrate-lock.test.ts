// Migrations run once (issue 20): a whole run holds an advisory lock, so two processes starting together
// on a fresh PostgreSQL database don't both migrate: one applies every migration while the other waits,
// then finds nothing to do. Also `npm run migrate` (scripts/migrate.ts) as two processes, and the first
// signing key and a rotation made by two processes at once. On a scratch cluster of Debian's PostgreSQL
// (scripts/bench/postgres.ts); skipped only when its binaries are missing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgBin, startPostgres, type PgCluster } from '../../scripts/bench/postgres.ts';
import { buildApp } from '../../server/app.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { listSigningKeys, rotateSigningKey, SigningKeys } from '../../server/auth/signing-keys.ts';
import { loadMigrations, migrate, MIGRATION_LOCK } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import type { Db } from '../../server/db/types.ts';
import { TEST_CONFIG } from '../support/server.ts';
import { proven } from './support/auth.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const pgBin = findPgBin();
if (pgBin === null) {
  console.warn(
    'migrate-lock.test.ts: SKIPPED, PostgreSQL server binaries are missing (no /usr/lib/postgresql/*/bin, ' +
      'PG_BIN unset): apt-get install postgresql',
  );
}

const versions = loadMigrations().map((m) => m.version);

describe.skipIf(pgBin === null)('migrations on one PostgreSQL database, started together', () => {
  let cluster: PgCluster;
  const opened: Db[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-migrate-'));
  /** A pool of its own, as each process has. */
  const open = async (url: string): Promise<Db> => {
    const db = await openPg(url);
    opened.push(db);
    return db;
  };
  const recorded = async (db: Db): Promise<number[]> =>
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map(
      (r) => r.version,
    );

  beforeAll(async () => {
    cluster = await startPostgres({ logFile: '/dev/null', log: () => {}, install: false });
  }, 120_000);
  afterAll(async () => {
    for (const db of opened) await db.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one run applies every migration, holding the lock throughout; the other applies none', async () => {
    const url = await cluster.createDatabase('migrate_together');
    const [a, b] = [await open(url), await open(url)];
    // between two migrations of a run (after one is committed, before the next begins) nobody else can
    // take the lock: it is held for the whole run, not per migration
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const lockFree: boolean[] = [];
    const onApplied = async () => {
      const { rows } = await probe.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
        MIGRATION_LOCK,
      ]);
      if (rows[0]!.got) await probe.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      lockFree.push(rows[0]!.got);
    };
    try {
      const runs = await Promise.all([
        migrate(a, undefined, { onApplied }),
        migrate(b, undefined, { onApplied }),
      ]);
      expect(runs.map((r) => r.length).sort((x, y) => x - y)).toEqual([0, versions.length]);
      expect([...runs[0]!, ...runs[1]!]).toEqual(versions);
      expect(lockFree).toEqual(versions.map(() => false));
    } finally {
      await probe.end();
    }
    expect(await recorded(a)).toEqual(versions);
    // and afterwards the lock is free again
    expect(
      (await a.one<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [MIGRATION_LOCK])).got,
    ).toBe(true);
    await a.query('SELECT pg_advisory_unlock_all()');
    expect(await migrate(b)).toEqual([]);
  }, 60_000);

  it('`npm run migrate` started twice at once: both exit 0, each migration applied once', async () => {
    const url = await cluster.createDatabase('migrate_cli');
    const migrateProcess = () =>
      run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'development' },
        timeout: 60_000,
      });
    const outputs = (await Promise.all([migrateProcess(), migrateProcess()])).map((r) => r.stdout);
    const appliedLines = outputs.map((out) => out.split('\n').filter((line) => line.startsWith('applied ')));
    expect(appliedLines.map((lines) => lines.length).sort((x, y) => x - y)).toEqual([0, versions.length]);
    expect(outputs.join('\n')).toContain('schema up to date');
    const db = await open(url);
    expect(await recorded(db)).toEqual(versions);
  }, 90_000);

  it('two processes needing the first signing key create one; rotations at once stay in order', async () => {
    const url = await cluster.createDatabase('signing_keys_together');
    const [a, b] = [await open(url), await open(url)];
    await migrate(a);
    const [ka, kb] = await Promise.all([new SigningKeys(a).current(), new SigningKeys(b).current()]);
    expect(ka.id).toBe(kb.id);
    expect(await listSigningKeys(a)).toHaveLength(1);

    // rotations at once never make two keys of one generation (one may find its generation taken)
    const added = await Promise.all([rotateSigningKey(a), rotateSigningKey(b), rotateSigningKey(a)]);
    const keys = await listSigningKeys(a);
    expect(keys.map((k) => k.generation)).toEqual(keys.map((_, i) => i + 1));
    expect(
      keys
        .slice(1)
        .map((k) => k.id)
        .sort(),
    ).toEqual(added.filter((id) => id !== null).sort());
    expect(keys.filter((k) => k.current)).toEqual([keys.at(-1)]);
  }, 60_000);

  it('apps on two pools of one database without JWT_SECRET accept each other’s tokens', async () => {
    const url = await cluster.createDatabase('two_pools');
    const [a, b] = [await open(url), await open(url)];
    await migrate(a);
    const config = { ...TEST_CONFIG, databaseUrl: url, jwtSecret: null };
    const build = (db: Db) =>
      buildApp({ db, config, distDir: null, imageStore: memoryImageStore(), renderer: null });
    const [one, two] = [await build(a), await build(b)];
    try {
      await Promise.all([one.ready(), two.ready()]);
      const guest = await one.inject({
        method: 'POST',
        url: '/api/social/guest',
        payload: await proven(one, {}),
      });
      expect(guest.statusCode).toBe(200);
      const token = guest.json<{ extend: { token: string } }>().extend.token;
      const account = await two.inject({
        method: 'GET',
        url: '/api/social/accounts',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(account.statusCode).toBe(200);
      expect(await listSigningKeys(a)).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
    }
  }, 60_000);
});
