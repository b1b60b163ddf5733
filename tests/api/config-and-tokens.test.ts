// Configuration from the environment (CONTRACT.md §1) and the access tokens (CONTRACT.md §2).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, UnsecuredJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { bearerToken, signToken, verifyToken } from '../../server/auth/tokens.ts';
import { ConfigError, DEFAULT_PASSWORD_KEY, loadConfig } from '../../server/config.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fp-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const STRONG_SECRET = 'a-production-secret-that-is-long-enough-0123';
const OTHER_KEY = 'production-aes-key-0123456789abc';

describe('loadConfig', () => {
  it('has safe defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(cwd, 'data'),
      databaseUrl: null,
      publicOrigin: 'http://localhost:3000',
      passwordKey: DEFAULT_PASSWORD_KEY,
      smtpUrl: null,
      google: null,
      production: false,
      devStandIns: true,
      seedDemo: true,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(cwd, 'data', 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({}, cwd).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable', () => {
    const cwd = tempDir();
    const config = loadConfig(
      {
        PORT: '4001',
        DATA_DIR: 'store',
        DATABASE_URL: 'postgres://u:p@db:5432/shop',
        PUBLIC_ORIGIN: 'https://shop.example.com/',
        JWT_SECRET: STRONG_SECRET,
        PASSWORD_KEY: OTHER_KEY,
        SMTP_URL: 'smtp://mail:25',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 4001,
      dataDir: join(cwd, 'store'),
      databaseUrl: 'postgres://u:p@db:5432/shop',
      publicOrigin: 'https://shop.example.com',
      jwtSecret: STRONG_SECRET,
      passwordKey: OTHER_KEY,
      smtpUrl: 'smtp://mail:25',
      google: { clientId: 'id', clientSecret: 'secret' },
    });
  });

  it('refuses production with default secrets, and turns stand-ins and seeding off', () => {
    const cwd = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_KEY: OTHER_KEY }, cwd)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET }, cwd)).toThrow(
      /PASSWORD_KEY/,
    );
    const config = loadConfig(
      { NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, PASSWORD_KEY: OTHER_KEY },
      cwd,
    );
    expect(config).toMatchObject({ production: true, devStandIns: false, seedDemo: false });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PASSWORD_KEY: 'too-short' }, /PASSWORD_KEY/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_ORIGIN: 'not a url' }, /PUBLIC_ORIGIN/],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, /GOOGLE_CLIENT_SECRET/],
  ])('rejects %o with a clear error', (env, message) => {
    expect(() => loadConfig(env, tempDir())).toThrow(ConfigError);
    expect(() => loadConfig(env, tempDir())).toThrow(message);
  });
});

describe('tokens', () => {
  const user = { id: '00000000-0000-4000-8000-000000000001', name: 'Demo User', tokenVersion: 3 };

  it('signs HS256 JWTs with sub, exp, preferred_username, jti and ver', async () => {
    const token = await signToken(user, STRONG_SECRET);
    expect(token.split('.')).toHaveLength(3);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: user.id, preferred_username: 'Demo User', ver: 3 });
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(typeof claims.jti).toBe('string');
    expect(await verifyToken(token, STRONG_SECRET)).toMatchObject({ sub: user.id, ver: 3, exp: claims.exp });
  });

  it('rejects other secrets, tampering, expiry and unsigned tokens', async () => {
    const token = await signToken(user, STRONG_SECRET);
    expect(await verifyToken(token, `${STRONG_SECRET}x`)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(await verifyToken(`${h}.${forged}.${s}`, STRONG_SECRET)).toBeNull();
    const expired = await signToken(user, STRONG_SECRET, { now: Date.now() - 3600_000, ttlSeconds: 60 });
    expect(await verifyToken(expired, STRONG_SECRET)).toBeNull();
    const unsigned = new UnsecuredJWT({ ver: 0 }).setSubject(user.id).setExpirationTime('1h').encode();
    expect(await verifyToken(unsigned, STRONG_SECRET)).toBeNull();
    expect(await verifyToken('', STRONG_SECRET)).toBeNull();
  });

  it('reads bearer tokens from the Authorization header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
