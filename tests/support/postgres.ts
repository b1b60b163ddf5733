// A scratch PostgreSQL cluster for the API tests that run on PostgreSQL as well as on PGlite (concurrency,
// faults, the fleet). It is the bench's cluster (scripts/bench/postgres.ts: Debian's server binaries, initdb
// into a temporary directory, a free port of 127.0.0.1, durability off, removed when stopped or when the
// test process exits), started without ever installing anything: `npm test` (scripts/test.mjs) installs
// Debian's `postgresql` first when it is missing.
//
// Without the binaries:
//  - under `npm test` (FRUIT_REQUIRE_POSTGRES=1) the PostgreSQL tests run and FAIL, with a message that says
//    what is missing and how to install it;
//  - elsewhere (a bare `npx vitest run`) they are skipped, and the skip says why.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgBin, startPostgres, type PgCluster } from '../../scripts/bench/postgres.ts';

export type { PgCluster } from '../../scripts/bench/postgres.ts';

/** `npm test` sets it: PostgreSQL's tests must run (and fail without the binaries), never skip. */
export const postgresRequired = (env: Record<string, string | undefined> = process.env): boolean =>
  env.FRUIT_REQUIRE_POSTGRES === '1';

const MISSING =
  "PostgreSQL's server binaries are not installed (no /usr/lib/postgresql/*/bin/initdb; PG_BIN unset). " +
  'Install them with `sudo apt-get install -y postgresql` (Debian), or run `npm test`, which installs them ' +
  'when run as root.';

/**
 * Why the PostgreSQL tests are skipped here, or null when they run. They run whenever the binaries are
 * there, and always under `npm test` (where a missing cluster then fails them: startTestPostgres throws).
 */
export function postgresSkipReason(
  env: Record<string, string | undefined> = process.env,
  pgRoot?: string,
): string | null {
  if (findPgBin(pgRoot) !== null || postgresRequired(env)) return null;
  return `${MISSING} Skipping the PostgreSQL tests (npm test runs them: FRUIT_REQUIRE_POSTGRES=1).`;
}

/** Prints the reason a file's PostgreSQL tests are skipped, once per file; true when they are skipped. */
export function skipPostgres(what: string): boolean {
  const reason = postgresSkipReason();
  if (reason === null) return false;
  console.warn(`[${what}] ${reason}`);
  return true;
}

/**
 * Starts a scratch cluster (never installs). Throws, with the message above, when the binaries are missing:
 * the calling hook fails, and with it the file's PostgreSQL tests.
 */
export async function startTestPostgres(pgRoot?: string): Promise<PgCluster> {
  if (findPgBin(pgRoot) === null) {
    throw new Error(
      `${MISSING}${postgresRequired() ? ' (FRUIT_REQUIRE_POSTGRES=1: npm test runs the PostgreSQL tests and does not skip them.)' : ''}`,
    );
  }
  return startPostgres({
    install: false,
    pgRoot,
    logFile: join(tmpdir(), 'fruitprompt-test-apt.log'), // unused: install is false
    log: () => {},
  });
}
