// Server configuration from the environment (requirements §C1). Every variable has a safe default for the
// embedded setup; with NODE_ENV=production the development stand-ins and demo seeding are off and the
// server refuses to start with the default PASSWORD_KEY. Without JWT_SECRET, tokens are signed with keys
// kept in the database (server/auth/signing-keys.ts).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';

/** The development AES key shared with the client build (vitest.config.ts, vite.config.ts). */
export const DEFAULT_PASSWORD_KEY = 'fruitprompt-dev-key-0123456789ab';
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Which proxies' X-Forwarded-* headers are believed (Fastify's `trustProxy`): false (none, the default), true
 * (any: only behind a proxy that overwrites X-Forwarded-For), or the proxies' addresses/CIDRs.
 */
export type TrustProxy = boolean | string[];

export interface Config {
  port: number;
  /** The interface to listen on: 127.0.0.1 while the development stand-ins are on, else 0.0.0.0. */
  host: string;
  /** Absent (tests' hand-made configs): false. */
  trustProxy?: TrustProxy;
  /** Absolute path of the data directory (embedded database, caches, generated secret). */
  dataDir: string;
  /** A PostgreSQL URL; when set the server uses it instead of the embedded database. */
  databaseUrl: string | null;
  /** The public origin without a trailing slash, e.g. http://localhost:3000. */
  publicOrigin: string;
  /**
   * JWT_SECRET (tokens' kid "env"); null: the signing keys kept in the database (server/auth/signing-keys.ts),
   * shared by every process on it.
   */
  jwtSecret: string | null;
  /** AES-256 key (32 bytes of UTF-8) shared with the client for password transport encryption. */
  passwordKey: string;
  smtpUrl: string | null;
  google: { clientId: string; clientSecret: string } | null;
  nodeEnv: string;
  production: boolean;
  /** Development stand-ins for Google, SMTP and payment (requirements §C4). */
  devStandIns: boolean;
  /** Seed the demo data on start (requirements §C3). */
  seedDemo: boolean;
  /**
   * OPERATOR_TOKEN: the secret the operator commands send as X-Operator-Token (server/operator/guard.ts); null
   * or absent (tests' hand-made configs): the operator API is off (every /api/operator/ call answers 403).
   */
  operatorToken?: string | null;
  /**
   * BOT_CHECK_COST: PBKDF2 iterations per attempt of the bot check's proof of work
   * (server/bot-check/bot-check.ts); absent: its default.
   */
  botCheckCost?: number;
  /**
   * Stripe (issue 38): STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, set together; STRIPE_API_BASE points the
   * client elsewhere than api.stripe.com (our stand-in). Null or absent: the development stand-in while the
   * stand-ins are on, else no card payment (503).
   */
  stripe?: StripeConfig | null;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:3001/dev-stripe: where the API is (its path is put before /v1/...); null: Stripe. */
  apiBase: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const parsePort = (raw: string | null): number => {
  if (raw === null) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const parseOrigin = (raw: string | null, port: number): string => {
  if (raw === null) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `PUBLIC_ORIGIN must be an absolute URL such as https://shop.example.com, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_ORIGIN must use http or https, got "${raw}"`);
  }
  return url.origin;
};

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An address or name of this machine only: 127.0.0.0/8, ::1 (without brackets) or localhost. */
export const isLoopbackHost = (host: string): boolean => {
  const family = isIP(host);
  if (family === 0) return host.toLowerCase() === 'localhost';
  return LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * HOST: an IP address (IPv6 with or without brackets) or a host name. While the development stand-ins are
 * on only a loopback one: they sign in any address and show every mail, so they must not be reachable
 * from another machine (issue 37).
 */
const parseHost = (raw: string | null, devStandIns: boolean): string => {
  if (raw === null) return devStandIns ? '127.0.0.1' : '0.0.0.0';
  const bare = /^\[.*\]$/.test(raw) ? raw.slice(1, -1) : raw;
  const hostName =
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  if (isIP(bare) === 0 && !hostName.test(bare)) {
    throw new ConfigError(
      `HOST must be an IP address or a host name (127.0.0.1, 0.0.0.0, ::, localhost), got "${raw}"`,
    );
  }
  if (devStandIns && !isLoopbackHost(bare)) {
    throw new ConfigError(
      `HOST=${raw} is not a loopback address, and the development stand-ins are on (their sign-in takes ` +
        'any address, their outbox shows every mail): they listen on this machine only. Leave HOST unset ' +
        '(127.0.0.1) or use 127.0.0.1, ::1 or localhost; to serve other machines set NODE_ENV=production ' +
        'with real services (GOOGLE_*, SMTP_URL)',
    );
  }
  return bare;
};

/** proxy-addr's names of address ranges, accepted in TRUST_PROXY's list. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrCidr = (entry: string): boolean => {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (X-Forwarded-For is ignored); `true` any peer; otherwise a
 * comma-separated list of the proxies' addresses, CIDRs or the names loopback, linklocal, uniquelocal. No hop
 * count: it cannot tell the proxy from a client that sends the header itself (Fastify 5 trusts no one then).
 */
const parseTrustProxy = (raw: string | null): TrustProxy => {
  if (raw === null) return false;
  const lower = raw.toLowerCase();
  if (lower === 'false') return false;
  if (lower === 'true') return true;
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry !== '' && isAddressOrCidr(entry))) return entries;
  throw new ConfigError(
    "TRUST_PROXY must be true, false or a comma-separated list of the proxies' addresses or CIDRs " +
      `(e.g. 127.0.0.1,10.0.0.0/8; a hop count is not accepted), got "${raw}"`,
  );
};

/**
 * The secret an earlier version generated into `$DATA_DIR/jwt-secret` (embedded database only): kept, so
 * the sessions of an existing setup survive the upgrade. Nothing creates the file any more: a new setup
 * signs with the keys kept in the database.
 */
const legacySecret = (dataDir: string): string | null => {
  const file = join(dataDir, JWT_SECRET_FILE);
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : null;
};

/** Builds the configuration from the environment. Side effect: creates DATA_DIR. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const production = nodeEnv === 'production';
  const port = parsePort(nonEmpty(env.PORT));
  const devStandIns = !production;
  const host = parseHost(nonEmpty(env.HOST), devStandIns);
  const trustProxy = parseTrustProxy(nonEmpty(env.TRUST_PROXY));
  const dataDir = resolve(cwd, nonEmpty(env.DATA_DIR) ?? './data');
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const passwordKey = nonEmpty(env.PASSWORD_KEY) ?? DEFAULT_PASSWORD_KEY;
  if (Buffer.byteLength(passwordKey, 'utf8') !== 32) {
    throw new ConfigError('PASSWORD_KEY must be exactly 32 bytes (the AES-256 key, as UTF-8 text)');
  }
  const jwtSecretEnv = nonEmpty(env.JWT_SECRET);
  if (jwtSecretEnv !== null && jwtSecretEnv.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  const operatorToken = nonEmpty(env.OPERATOR_TOKEN);
  if (operatorToken !== null && operatorToken.length < 32) {
    throw new ConfigError(
      'OPERATOR_TOKEN must be at least 32 characters long (e.g. the output of `openssl rand -hex 32`)',
    );
  }

  if (production) {
    const missing: string[] = [];
    if (passwordKey === DEFAULT_PASSWORD_KEY) missing.push('PASSWORD_KEY');
    if (missing.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production refuses to start with default secrets: set ${missing.join(' and ')} ` +
          '(and build the client with the same PASSWORD_KEY)',
      );
    }
  }

  mkdirSync(dataDir, { recursive: true });
  // without JWT_SECRET: the database's keys (a PostgreSQL server may be shared by several processes; the
  // embedded database keeps an earlier version's per-DATA_DIR secret, if there is one)
  const jwtSecret = jwtSecretEnv ?? (databaseUrl === null ? legacySecret(dataDir) : null);

  const clientId = nonEmpty(env.GOOGLE_CLIENT_ID);
  const clientSecret = nonEmpty(env.GOOGLE_CLIENT_SECRET);
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }

  return {
    port,
    host,
    trustProxy,
    dataDir,
    databaseUrl,
    publicOrigin: parseOrigin(nonEmpty(env.PUBLIC_ORIGIN), port),
    jwtSecret,
    passwordKey,
    smtpUrl: nonEmpty(env.SMTP_URL),
    google: clientId !== null && clientSecret !== null ? { clientId, clientSecret } : null,
    nodeEnv,
    production,
    devStandIns,
    seedDemo: !production,
    operatorToken,
    ...parseBotCheckCost(nonEmpty(env.BOT_CHECK_COST)),
    stripe: parseStripe(env),
  };
}

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, and STRIPE_API_BASE (an http(s) URL) with them. */
function parseStripe(env: Env): StripeConfig | null {
  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY);
  const webhookSecret = nonEmpty(env.STRIPE_WEBHOOK_SECRET);
  const apiBase = nonEmpty(env.STRIPE_API_BASE);
  if ((secretKey === null) !== (webhookSecret === null)) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  if (apiBase !== null && (secretKey === null || !/^https?:\/\/[^/]+/.test(apiBase))) {
    throw new ConfigError(
      'STRIPE_API_BASE must be an http:// or https:// URL and needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (secretKey === null || webhookSecret === null) return null;
  return { secretKey, webhookSecret, apiBase: apiBase?.replace(/\/+$/, '') ?? null };
}

/** BOT_CHECK_COST: a whole number of PBKDF2 iterations, 1 to 100,000. */
function parseBotCheckCost(raw: string | null): { botCheckCost?: number } {
  if (raw === null) return {};
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < 1 || cost > 100_000) {
    throw new ConfigError(`BOT_CHECK_COST must be a whole number from 1 to 100000, got "${raw}"`);
  }
  return { botCheckCost: cost };
}
