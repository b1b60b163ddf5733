// Token signing keys kept in the database (issue 20): without JWT_SECRET every process on one database
// signs and verifies with the same keys, `npm run keys -- rotate` adds a new current key while the old
// one keeps verifying, and a token naming no key (kid) is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../scripts/keys.ts';
import { buildApp } from '../../server/app.ts';
import {
  databaseKeys,
  listSigningKeys,
  SigningKeys,
  useDatabaseKeys,
} from '../../server/auth/signing-keys.ts';
import { ENV_KEY_ID, signToken, TOKEN_ISSUER, verifyToken } from '../../server/auth/tokens.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { PgliteDb } from '../../server/db/pglite.ts';
import { openTestDb, TEST_CONFIG } from '../support/server.ts';
import { proven } from './support/auth.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fp-keys-'));
  dirs.push(dir);
  return dir;
};

/** A process's configuration without JWT_SECRET, in its own DATA_DIR (as two processes have). */
const processConfig = (): Config => ({ ...TEST_CONFIG, jwtSecret: loadConfig({}, tempDir()).jwtSecret });

const appOn = (db: PgliteDb, config: Config): Promise<FastifyInstance> =>
  buildApp({ db, config, distDir: null, imageStore: memoryImageStore(), renderer: null });

/** A guest's token; its bot check is signed with the database's key too (no JWT_SECRET). */
const guestToken = async (app: FastifyInstance): Promise<string> => {
  const res = await app.inject({ method: 'POST', url: '/api/social/guest', payload: await proven(app, {}) });
  expect(res.statusCode).toBe(200);
  return res.json<{ extend: { token: string } }>().extend.token;
};
const accountStatus = async (app: FastifyInstance, token: string): Promise<number> =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/social/accounts',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;
const kidOf = (token: string): string | undefined => decodeProtectedHeader(token).kid;
const keyIds = async (db: PgliteDb): Promise<string[]> => (await listSigningKeys(db)).map((k) => k.id);
const keysCli = async (db: PgliteDb, ...args: string[]): Promise<{ code: number; out: string }> => {
  let out = '';
  const code = await runKeysCommand(db, args, (text) => {
    out += text;
  });
  return { code, out };
};

let db: PgliteDb;
let one: FastifyInstance;
let two: FastifyInstance;
beforeAll(async () => {
  db = await openTestDb();
  one = await appOn(db, processConfig());
  two = await appOn(db, processConfig());
  await Promise.all([one.ready(), two.ready()]);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two processes on one database without JWT_SECRET', () => {
  it('accept each other’s tokens: the key is the database’s, named in the token’s header', async () => {
    const fromOne = await guestToken(one);
    const fromTwo = await guestToken(two);
    expect(await accountStatus(two, fromOne)).toBe(200);
    expect(await accountStatus(one, fromTwo)).toBe(200);

    // one key, created once, and the tokens name it
    const ids = await keyIds(db);
    expect(ids).toHaveLength(1);
    expect(kidOf(fromOne)).toBe(ids[0]);
    expect(kidOf(fromTwo)).toBe(ids[0]);
    // a third process, with nothing in memory, reads the key from the database and verifies the token
    expect(await verifyToken(fromOne, new SigningKeys(db))).toMatchObject({ sub: decodeJwt(fromOne).sub });
  });

  it('keep old tokens valid after a rotation and sign new ones with the new key', async () => {
    const before = await guestToken(one);
    const oldKid = kidOf(before)!;
    const rotated = await keysCli(db, 'rotate');
    expect(rotated.code).toBe(0);
    const [, newKid] = await keyIds(db);
    expect(newKid).toBeDefined();
    expect(newKid).not.toBe(oldKid);
    expect(rotated.out).toContain(`Added key ${newKid}`);

    // the old key still verifies
    expect(await accountStatus(two, before)).toBe(200);
    // a process that already signs with the new key (read after the rotation): its token is accepted at
    // once by the running apps, which then sign with the new key too
    const other = new SigningKeys(db);
    const user = decodeJwt(before);
    const fromOther = await signToken(
      { id: String(user.sub), name: String(user.preferred_username), tokenVersion: Number(user.ver) },
      other,
    );
    expect(kidOf(fromOther)).toBe(newKid);
    expect(await accountStatus(one, fromOther)).toBe(200);
    const after = await guestToken(one);
    expect(kidOf(after)).toBe(newKid);
    expect(await accountStatus(two, after)).toBe(200);
    expect(await accountStatus(two, before)).toBe(200);
  });

  it('moves to a key rotated elsewhere within the refresh time', async () => {
    let now = 1_000_000;
    const keys = new SigningKeys(db, { refreshMs: 60_000, now: () => now });
    const first = (await keys.current()).id;
    await keysCli(db, 'rotate');
    const newest = (await keyIds(db)).at(-1);
    expect(newest).not.toBe(first);
    now += 59_000;
    expect((await keys.current()).id).toBe(first);
    now += 1_000;
    expect((await keys.current()).id).toBe(newest);
  });

  it('refuses a token whose kid names no key, a token without kid and one of another key', async () => {
    const good = await guestToken(one);
    const claims = decodeJwt(good);
    const forge = (header: { alg: 'HS256'; kid?: string }, key: Uint8Array) =>
      new SignJWT({ ...claims }).setProtectedHeader(header).sign(key);
    const someKey = new TextEncoder().encode('x'.repeat(48));
    const current = await databaseKeys().current();
    const tokens = {
      unknownKid: await forge({ alg: 'HS256', kid: 'no-such-key' }, someKey),
      badKid: await forge({ alg: 'HS256', kid: "'; DROP TABLE signing_keys; --" }, someKey),
      noKid: await forge({ alg: 'HS256' }, current.key),
      envKid: await signToken(
        { id: String(claims.sub), name: 'x', tokenVersion: Number(claims.ver) },
        TEST_CONFIG.jwtSecret,
      ),
      wrongKey: await forge({ alg: 'HS256', kid: current.id }, someKey),
    };
    expect(kidOf(tokens.envKid)).toBe(ENV_KEY_ID);
    for (const [name, token] of Object.entries(tokens)) {
      const res = await two.inject({
        method: 'GET',
        url: '/api/social/accounts',
        headers: { authorization: `Bearer ${token}` },
      });
      expect([name, res.statusCode, res.json()]).toEqual([
        name,
        401,
        { success: false, msg: 'Invalid or expired token', extend: {} },
      ]);
    }
    // the same claims with the right kid and key: accepted (what made the others fail was the key)
    expect(await accountStatus(two, await forge({ alg: 'HS256', kid: current.id }, current.key))).toBe(200);
    expect(await keyIds(db)).toHaveLength(3);
  });

  it('lists the keys and prunes those no valid token can name', async () => {
    const listed = await keysCli(db, 'list');
    expect(listed.code).toBe(0);
    const keys = await listSigningKeys(db);
    expect(keys.map((k) => k.current)).toEqual([false, false, true]);
    for (const k of keys) expect(listed.out).toContain(k.id);
    expect(listed.out).toMatch(new RegExp(`${keys[2]!.id}\\s+3\\s+\\S+\\s+current`));

    // nothing is old enough yet
    expect((await keysCli(db, 'prune')).out).toContain('Nothing to prune');
    // key 1's successor made 31 days ago: every token of key 1 has expired; key 2's successor is recent
    await db.query(
      `UPDATE signing_keys SET created_at = now() - interval '31 days 2 hours' WHERE generation <= 2`,
    );
    const pruned = await keysCli(db, 'prune');
    expect(pruned.out).toContain(`Deleted 1 key(s): ${keys[0]!.id}`);
    expect(await keyIds(db)).toEqual([keys[1]!.id, keys[2]!.id]);
    expect((await keysCli(db, 'bogus')).code).toBe(2);
  });

  it('serves one database per process without JWT_SECRET, and signs no token beyond the longest lifetime', async () => {
    const other = await openTestDb('migrated');
    try {
      // an app on another database, in a process whose apps sign with the first database's keys
      const elsewhere = await appOn(other, processConfig());
      await expect(elsewhere.ready()).rejects.toThrow(/JWT_SECRET/);
      await elsewhere.close();
      const binding = useDatabaseKeys(other);
      await expect(binding.ready()).rejects.toThrow(/Two databases/);
      binding.release();
      // the process's keys are still the first database's
      expect(await keyIds(db)).toContain((await databaseKeys().current()).id);
    } finally {
      await other.close();
    }
    await expect(
      signToken({ id: 'x', name: 'x', tokenVersion: 0 }, TEST_CONFIG.jwtSecret, {
        ttlSeconds: 31 * 24 * 3600,
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe('with JWT_SECRET', () => {
  it('signs with it (kid "env") and verifies tokens made before kids', async () => {
    const secret = TEST_CONFIG.jwtSecret;
    const token = await signToken({ id: 'u', name: 'n', tokenVersion: 0 }, secret);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'env' });
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u')
      .setIssuer(TOKEN_ISSUER)
      .setJti('j')
      .setIssuedAt() // signToken has always set iat; verifyToken requires it (issue 37)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    expect(await verifyToken(old, secret)).toMatchObject({ sub: 'u', jti: 'j' });
  });
});
