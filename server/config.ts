// Server configuration from the environment (CONTRACT.md §1). Every variable has a safe default for the
// embedded setup; with NODE_ENV=production the development stand-ins and demo seeding are off and the
// server refuses to start with a default secret.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The development AES key shared with the client build (vitest.config.ts, vite.config.ts). */
export const DEFAULT_PASSWORD_KEY = 'fruitprompt-dev-key-0123456789ab';
export const JWT_SECRET_FILE = 'jwt-secret';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, caches, generated secret). */
  dataDir: string;
  /** A PostgreSQL URL; when set the server uses it instead of the embedded database. */
  databaseUrl: string | null;
  /** The public origin without a trailing slash, e.g. http://localhost:3000. */
  publicOrigin: string;
  jwtSecret: string;
  /** AES-256 key (32 bytes of UTF-8) shared with the client for password transport encryption. */
  passwordKey: string;
  smtpUrl: string | null;
  google: { clientId: string; clientSecret: string } | null;
  nodeEnv: string;
  production: boolean;
  /** Development stand-ins for Google, SMTP and payment (CONTRACT.md §4). */
  devStandIns: boolean;
  /** Seed the demo data on start (CONTRACT.md §3). */
  seedDemo: boolean;
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

/** Reads `$DATA_DIR/jwt-secret`, creating it with 48 random bytes the first time. */
const persistentSecret = (dataDir: string): string => {
  const file = join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
};

/**
 * Builds the configuration from the environment. Side effects: creates DATA_DIR and, when JWT_SECRET is
 * unset outside production, the persistent secret file in it.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const production = nodeEnv === 'production';
  const port = parsePort(nonEmpty(env.PORT));
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

  if (production) {
    const missing: string[] = [];
    if (jwtSecretEnv === null) missing.push('JWT_SECRET');
    if (passwordKey === DEFAULT_PASSWORD_KEY) missing.push('PASSWORD_KEY');
    if (missing.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production refuses to start with default secrets: set ${missing.join(' and ')} ` +
          '(and build the client with the same PASSWORD_KEY)',
      );
    }
  }

  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = jwtSecretEnv ?? persistentSecret(dataDir);

  const clientId = nonEmpty(env.GOOGLE_CLIENT_ID);
  const clientSecret = nonEmpty(env.GOOGLE_CLIENT_SECRET);
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }

  return {
    port,
    host: '0.0.0.0',
    dataDir,
    databaseUrl,
    publicOrigin: parseOrigin(nonEmpty(env.PUBLIC_ORIGIN), port),
    jwtSecret,
    passwordKey,
    smtpUrl: nonEmpty(env.SMTP_URL),
    google: clientId !== null && clientSecret !== null ? { clientId, clientSecret } : null,
    nodeEnv,
    production,
    devStandIns: !production,
    seedDemo: !production,
  };
}
