// The API under test: buildApp() on an embedded database opened from the snapshot made by
// api-global-setup.ts, driven with app.inject() (no port is opened).
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { signToken } from '../../server/auth/tokens.ts';
import { memoryImageStore } from '../../server/catalog/image-cache.ts';
import { DEFAULT_PASSWORD_KEY, type Config } from '../../server/config.ts';
import { openPglite, type PgliteDb } from '../../server/db/pglite.ts';

/** The tests' configuration: a fixed JWT_SECRET, which tests sign their own tokens with. */
export type TestConfig = Config & { jwtSecret: string };

export const TEST_CONFIG: TestConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent/fruitprompt-test-data',
  databaseUrl: null,
  publicOrigin: 'http://localhost:3000',
  jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
  passwordKey: DEFAULT_PASSWORD_KEY,
  smtpUrl: null,
  google: null,
  nodeEnv: 'test',
  production: false,
  devStandIns: true,
  seedDemo: true,
  // the bot check's proof of work at one iteration an attempt: the same protocol, solved in milliseconds
  botCheckCost: 1,
};

const snapshots = new Map<string, Promise<Buffer>>();

/** A new embedded database from a snapshot: migrated and seeded (default), or only migrated. */
export async function openTestDb(state: 'seeded' | 'migrated' = 'seeded'): Promise<PgliteDb> {
  const path = inject(state === 'seeded' ? 'apiDbSnapshot' : 'apiDbMigratedSnapshot');
  let bytes = snapshots.get(path);
  if (bytes === undefined) {
    bytes = readFile(path);
    snapshots.set(path, bytes);
  }
  return openPglite({ loadDataDir: new Blob([new Uint8Array(await bytes)]) });
}

export interface TestServer {
  app: FastifyInstance;
  db: PgliteDb;
  config: TestConfig;
  /** A valid bearer token of the user with this email. */
  tokenFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestServer(
  options: {
    distDir?: string | null;
    /** Changes to TEST_CONFIG; jwtSecret stays a JWT_SECRET (null, the database keys, is not used here). */
    config?: Partial<Config>;
    /**
     * Further buildApp options: sign-in, account and share rate limits, a mailer, Google client overrides,
     * page metadata in the served HTML.
     */
    app?: Pick<
      AppOptions,
      'auth' | 'mailer' | 'account' | 'share' | 'pageMetadata' | 'renderer' | 'answerCache' | 'catalogChanges'
    >;
  } = {},
): Promise<TestServer> {
  const db = await openTestDb();
  const config: TestConfig = {
    ...TEST_CONFIG,
    ...options.config,
    jwtSecret: options.config?.jwtSecret ?? TEST_CONFIG.jwtSecret,
  };
  const app = await buildApp({
    db,
    config,
    distDir: options.distDir ?? null,
    imageStore: memoryImageStore(),
    // pages are rendered on the server only where a test hands in the renderer (never a stale dist-ssr/)
    renderer: null,
    ...options.app,
  });
  return {
    app,
    db,
    config,
    async tokenFor(email) {
      const user = await db.one<{ id: string; name: string; token_version: number }>(
        'SELECT id, name, token_version FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      return signToken({ id: user.id, name: user.name, tokenVersion: user.token_version }, config.jwtSecret);
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
