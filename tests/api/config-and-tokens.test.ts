// Configuration from the environment (requirements §C1) and the access tokens (requirements §C2).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  it('has safe defaults, and signs tokens with the database keys without JWT_SECRET', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      // the development stand-ins sign anyone in: not on every interface (issue 20's finding)
      host: '127.0.0.1',
      trustProxy: false,
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
    // null: the keys kept in the database (issue 20); no per-DATA_DIR secret is generated any more
    expect(config.jwtSecret).toBeNull();
    expect(existsSync(join(cwd, 'data', 'jwt-secret'))).toBe(false);
  });

  it("keeps an earlier version's DATA_DIR secret for the embedded database only", () => {
    const cwd = tempDir();
    const legacy = 'a-secret-an-earlier-version-generated-0123456789';
    mkdirSync(join(cwd, 'data'));
    writeFileSync(join(cwd, 'data', 'jwt-secret'), `${legacy}\n`);
    expect(loadConfig({}, cwd).jwtSecret).toBe(legacy);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }, cwd).jwtSecret).toBeNull();
    expect(loadConfig({ JWT_SECRET: STRONG_SECRET }, cwd).jwtSecret).toBe(STRONG_SECRET);
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

  it("reads the bot check's cost, a whole number from 1 to 100,000", () => {
    const cwd = tempDir();
    expect(loadConfig({}, cwd).botCheckCost).toBeUndefined();
    expect(loadConfig({ BOT_CHECK_COST: '2500' }, cwd).botCheckCost).toBe(2500);
    for (const bad of ['0', '1.5', 'lots', '100001'])
      expect(() => loadConfig({ BOT_CHECK_COST: bad }, cwd), bad).toThrow(
        /BOT_CHECK_COST must be a whole number/,
      );
  });

  it('reads the Stripe keys together, and STRIPE_API_BASE only with them (issue 38)', () => {
    const cwd = tempDir();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({}, cwd).stripe).toBeNull();
    expect(loadConfig(keys, cwd).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: null,
    });
    expect(
      loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:3001/dev-stripe/' }, cwd).stripe?.apiBase,
    ).toBe('http://127.0.0.1:3001/dev-stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }, cwd)).toThrow(/must be set together/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, cwd)).toThrow(/must be set together/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:3001' }, cwd)).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'ftp://x' }, cwd)).toThrow(/STRIPE_API_BASE/);
  });

  it('refuses production with default secrets, and turns stand-ins and seeding off', () => {
    const cwd = tempDir();
    // without JWT_SECRET production signs with the database's keys: no default secret there
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_KEY: OTHER_KEY }, cwd).jwtSecret).toBeNull();
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

  it('listens on 127.0.0.1 while the development stand-ins are on, on every interface in production', () => {
    const dev = loadConfig({}, tempDir());
    expect(dev.devStandIns).toBe(true);
    expect(dev.host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }, tempDir()).host).toBe('127.0.0.1');
    const production = { NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, PASSWORD_KEY: OTHER_KEY };
    expect(loadConfig(production, tempDir())).toMatchObject({ devStandIns: false, host: '0.0.0.0' });
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }, tempDir()).host).toBe('10.0.0.5');
  });

  it.each([
    ['0.0.0.0', '0.0.0.0'],
    ['::', '::'],
    ['[::1]', '::1'],
    [' localhost ', 'localhost'],
    ['app.internal', 'app.internal'],
  ])('takes HOST=%j as %j in production', (raw, host) => {
    const production = { NODE_ENV: 'production', PASSWORD_KEY: OTHER_KEY };
    expect(loadConfig({ ...production, HOST: raw }, tempDir()).host).toBe(host);
  });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.0.0.2', '127.0.0.2'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    [' localhost ', 'localhost'],
    ['LocalHost', 'LocalHost'],
  ])('takes the loopback HOST=%j as %j while the development stand-ins are on', (raw, host) => {
    expect(loadConfig({ HOST: raw }, tempDir())).toMatchObject({ devStandIns: true, host });
  });

  // issue 37: the stand-ins sign in any address and show the outbox: never beyond this machine
  it.each(['0.0.0.0', '::', '[::]', '10.0.0.5', '192.168.1.7', 'app.internal', 'localhost.evil.example'])(
    'refuses HOST=%j while the development stand-ins are on, saying why and what to do',
    (raw) => {
      for (const env of [{ HOST: raw }, { HOST: raw, NODE_ENV: 'test' }]) {
        expect(() => loadConfig(env, tempDir())).toThrow(ConfigError);
        expect(() => loadConfig(env, tempDir())).toThrow(
          /HOST=.* is not a loopback address.*development stand-ins.*127\.0\.0\.1.*NODE_ENV=production/,
        );
      }
    },
  );

  it.each([
    [undefined, false],
    ['false', false],
    ['FALSE', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['fd00::/8', ['fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('takes TRUST_PROXY=%j as %j', (raw, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: raw }, tempDir()).trustProxy).toEqual(trustProxy);
  });

  it.each([
    [{ HOST: 'http://0.0.0.0' }, /HOST/],
    [{ HOST: '0.0.0.0:3000' }, /HOST/],
    [{ HOST: 'two words' }, /HOST/],
    [{ HOST: '-bad-.example' }, /HOST/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    // a hop count cannot tell the proxy from a client that sends X-Forwarded-For itself
    [{ TRUST_PROXY: '1' }, /hop count is not accepted/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '1.5' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.example' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '127.0.0.1,,10.0.0.1' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '*' }, /TRUST_PROXY/],
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
