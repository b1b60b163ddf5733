// Faults (issue 9): the real server process on an on-disk embedded database, SIGKILLed while 50 FruitCoin
// purchases and exchanges of one member are in flight, then started again on the same data directory.
// Whatever the moment of the kill, every purchase is complete (order paid, its ledger entry, access to the
// prompt, its message) or absent, every answer the client received survived the crash, the balance is the
// sum of the ledger, and retrying each request with its requestId afterwards does each one exactly once.
// FruitCoin top-ups (issue 15) run among them, each in its three steps (buy the pack, Pay on the payment
// page, confirm on the return page), so the kill also falls between steps: a top-up is pending with its
// payment open, or paid with exactly one credit, never paid without it or credited twice.
//
// The rounds run twice: on the embedded database (PGlite in DATA_DIR, which the kill crashes with the server:
// its write-ahead log is replayed on the next open) and on PostgreSQL (a scratch cluster, tests/support/
// postgres.ts; the server process started with DATABASE_URL). PostgreSQL itself survives the kill: what the
// rounds check there is that every request's effects sit in one transaction, which PostgreSQL rolls back
// when the killed process's connection goes, while other requests' transactions commit on other connections
// of the pool at the same time. The PostgreSQL rounds are skipped only outside `npm test` without its
// binaries.
//
// The server process, the rounds and the checks: tests/api/support/faults-server.ts, faults-rounds.ts and
// faults-checks.ts.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { DEFAULT_PASSWORD_KEY } from '../../server/config.ts';
import { DEMO_EMAIL, USERS } from '../../server/seed/content/accounts.ts';
import { skipPostgres, startTestPostgres } from '../support/postgres.ts';
import { checkDataDir, checkThroughApi, retryAll } from './support/faults-checks.ts';
import { callsOfRound, fireAndKill, prepare, rounds, ROUNDS, settled } from './support/faults-rounds.ts';
import {
  api,
  DATA_DIR,
  killOnExit,
  run,
  startServer,
  stopServer,
  type Engine,
} from './support/faults-server.ts';

// A vitest worker that dies must not leave a server behind either.
process.on('exit', killOnExit);

// ---------------------------------------------------------------------------------------------------------

const ENGINES: { engine: Engine; title: string; skip: boolean }[] = [
  { engine: 'pglite', title: 'embedded database on disk', skip: false },
  { engine: 'postgres', title: 'PostgreSQL, the server process killed', skip: skipPostgres('faults') },
];

afterAll(() => {
  process.off('exit', killOnExit);
});

for (const setup of ENGINES) {
  describe.skipIf(setup.skip)(`SIGKILL during 50 concurrent purchases and exchanges (${setup.title})`, () => {
    beforeAll(async () => {
      run.engine = setup.engine;
      if (run.engine === 'postgres') run.cluster = await startTestPostgres();
      await prepare();
      await startServer();
      const { status, body } = await api('POST', '/api/social/login', {
        email: DEMO_EMAIL,
        password: encryptPassword(USERS[0]!.password, process.env.PASSWORD_KEY ?? DEFAULT_PASSWORD_KEY),
        encrypted: true,
      });
      expect(status, body.msg).toBe(200);
      run.token = (body.extend as { token: string }).token;
    }, 180_000);

    afterAll(async () => {
      await stopServer('SIGKILL');
      rmSync(DATA_DIR, { recursive: true, force: true });
      await run.cluster?.stop();
      run.cluster = null;
      run.databaseUrl = null;
    });

    ROUNDS.forEach((round, index) => {
      it(`keeps every order whole or absent when killed ${round.name}`, { timeout: 180_000 }, async () => {
        // the previous round's calls, retried now: each exactly once
        if (index > 0) await retryAll(rounds[index - 1]!);
        const calls = callsOfRound(index);
        rounds.push(calls);
        await fireAndKill(calls, round.kill);
        const lost = calls.filter((c) => c.outcome === 'lost').length;
        // the kill must have cut requests in flight, or the round proved nothing
        expect(lost).toBeGreaterThan(0);
        for (const call of calls)
          if (call.outcome !== 'lost') expect(call.outcome.status, call.outcome.body.msg).toBe(200);

        if (run.engine === 'postgres') {
          // The database as the killed server's connections left it, checked before the server restarts.
          await settled();
          await checkDataDir(rounds.flat(), { mustBeComplete: false });
          await startServer();
          await checkThroughApi(calls);
          return;
        }
        // The data directory as the crash left it, copied before anything opens it: the checks below open
        // the copy (PGlite replays its write-ahead log as the server does) while the server restarts on the
        // original, which saves stopping and starting the server once more per round.
        const crashed = join(DATA_DIR, `crashed-${index}`);
        cpSync(join(DATA_DIR, 'pglite'), crashed, { recursive: true });
        await startServer(); // the same data directory, after the crash
        await checkThroughApi(calls);
        await checkDataDir(rounds.flat(), { mustBeComplete: false, dir: crashed });
        rmSync(crashed, { recursive: true, force: true });
      });
    });

    it('has done every call exactly once after the last round is retried', { timeout: 180_000 }, async () => {
      await retryAll(rounds.at(-1)!);
      expect(await stopServer('SIGTERM')).toBe(0);
      await checkDataDir(rounds.flat(), { mustBeComplete: true });
    });
  });
}
