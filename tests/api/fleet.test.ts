// The fleet (issue 20): two real server processes on one PostgreSQL database behave as one. The set-up is
// docs/deploy.md's "Running N processes behind a reverse proxy", read from the document itself: its
// environment file (NODE_ENV=production, HOST, TRUST_PROXY, no JWT_SECRET; only the site's own values are
// the test's: a scratch database, an origin, a random PASSWORD_KEY), a PORT and DATA_DIR per process as its
// systemd unit sets them, `npm run migrate` before the processes start, `npm run keys -- rotate` while they
// run, and its pg_dump backup. Then:
//  - a token made by one process works on the other (the signing key is in the database, made once);
//  - a logout through one is refused by the other;
//  - 10 wrong passwords for one account, spread over both (and over several clients behind the proxy), get
//    the 11th wrong one refused with 429 (the counters are in the database), the right one still signs in;
//  - concurrent FruitCoin purchases through both keep the ledger equal to the balance;
//  - after a key rotation the old tokens still work on both, and new ones too.
// Runs on a scratch cluster (tests/support/postgres.ts): under `npm test` always, elsewhere skipped when
// PostgreSQL's binaries are missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import type { Db } from '../../server/db/index.ts';
import { openPg } from '../../server/db/pg.ts';
import { ALICE_EMAIL, DEMO_EMAIL, USERS } from '../../server/seed/content/accounts.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { freePort } from '../support/free-port.ts';
import { postgresSkipReason, skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { expectLedgerOf } from './support/commerce.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DEPLOY_DOC = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
/** The site's own values, in place of the document's examples. */
const PUBLIC_ORIGIN = 'https://shop.fleet.test';
const PASSWORD_KEY = randomBytes(16).toString('hex'); // 32 bytes of UTF-8
const PURCHASES = 30;

// ---------------------------------------------------------------------------------------------------------
// docs/deploy.md, read.

/** The NAME=value lines of the document's environment file (`# /etc/fruitprompt/env`). */
function documentedEnvironment(): Record<string, string> {
  const blocks = [...DEPLOY_DOC.matchAll(/```sh\n# \/etc\/fruitprompt\/env\n([\s\S]*?)```/g)];
  expect(blocks, 'docs/deploy.md has one environment file block').toHaveLength(1);
  const env: Record<string, string> = {};
  for (const line of blocks[0]![1]!.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** The document's backup command's options (its pg_dump line, continuation lines joined). */
function documentedDumpOptions(): string[] {
  const command = /^pg_dump ((?:.*\\\n)*.*)$/m.exec(DEPLOY_DOC);
  expect(command, 'docs/deploy.md has a pg_dump command').not.toBeNull();
  return command![1]!
    .replace(/\\\n/g, ' ')
    .split(/\s+/)
    .filter((word) => word.startsWith('--') && !word.startsWith('--file='));
}

// ---------------------------------------------------------------------------------------------------------
// The processes.

interface Proc {
  name: string;
  origin: string;
  child: ChildProcess;
  output: string;
}

let cluster: PgCluster | null = null;
let databaseUrl = '';
let db: Db | null = null;
let work = '';
/** The environment of every process, as the document's environment file sets it. */
let fleetEnv: Record<string, string> = {};
const procs: Proc[] = [];

/** What systemd would hand the process: the environment file, the unit's own lines, nothing inherited. */
const processEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? tmpdir(),
  ...fleetEnv,
  ...extra,
});

/** Runs a command to its end; its output, or an error with it. */
async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`);
  return output;
}

async function startProcess(name: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = join(work, name);
  mkdirSync(dataDir, { recursive: true });
  // systemd's unit: Environment=PORT=%i, Environment=DATA_DIR=/var/lib/fruitprompt/%i
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: processEnv({ PORT: String(port), DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { name, origin: `http://127.0.0.1:${port}`, child, output: '' };
  procs.push(proc);
  const keep = (chunk: Buffer) => {
    proc.output = (proc.output + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const ready = /Serving at|Storefront ready/;
    const onData = () => {
      if (ready.test(proc.output)) done(resolve);
    };
    const onExit = (code: number | null) =>
      done(() => reject(new Error(`${name} exited (${code}) before it was ready:\n${proc.output}`)));
    const timer = setTimeout(
      () => done(() => reject(new Error(`${name} did not start:\n${proc.output}`))),
      90_000,
    );
    const done = (then: () => void) => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      then();
    };
    child.stdout.on('data', onData);
    child.on('exit', onExit);
    onData();
  });
  return proc;
}

const killOnExit = () => {
  for (const proc of procs) proc.child.kill('SIGKILL');
};
process.on('exit', killOnExit);

// ---------------------------------------------------------------------------------------------------------
// The API, over HTTP, as the proxy would send it.

interface Envelope {
  success: boolean;
  msg: string;
  extend: Record<string, unknown>;
}

async function api(
  proc: Proc,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; json?: unknown; client?: string } = {},
): Promise<{ status: number; body: Envelope; headers: Headers }> {
  const res = await fetch(`${proc.origin}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      // the proxy's header (nginx: X-Forwarded-For $remote_addr), believed with TRUST_PROXY
      ...(opts.client ? { 'x-forwarded-for': opts.client } : {}),
    },
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope, headers: res.headers };
}

const login = (proc: Proc, email: string, password: string, client?: string) =>
  api(proc, 'POST', '/api/social/login', {
    json: { email, password: encryptPassword(password, PASSWORD_KEY), encrypted: true },
    client,
  });

async function tokenFrom(proc: Proc, email: string): Promise<string> {
  const user = USERS.find((u) => u.email === email)!;
  const { status, body } = await login(proc, email, user.password);
  expect(status, `${proc.name}: ${body.msg}`).toBe(200);
  return (body.extend as { token: string }).token;
}

const profileStatus = async (proc: Proc, token: string) =>
  (await api(proc, 'GET', '/api/my/profile', { token })).status;

/** The key a token names (its header's kid). */
const kidOf = (token: string): unknown =>
  (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { kid?: unknown }).kid;

// ---------------------------------------------------------------------------------------------------------

describe('the PostgreSQL tests without PostgreSQL', () => {
  const nowhere = join(tmpdir(), 'fruitprompt-no-postgresql-here');
  const withoutPgBin = <T>(fn: () => T): T => {
    const saved = process.env.PG_BIN;
    delete process.env.PG_BIN;
    try {
      return fn();
    } finally {
      if (saved !== undefined) process.env.PG_BIN = saved;
    }
  };

  it('are skipped with the reason outside npm test', () => {
    const reason = withoutPgBin(() => postgresSkipReason({}, nowhere));
    expect(reason).toMatch(/PostgreSQL's server binaries are not installed/);
    expect(reason).toMatch(/apt-get install -y postgresql/);
  });

  it('fail under npm test (FRUIT_REQUIRE_POSTGRES=1), saying what is missing', async () => {
    expect(withoutPgBin(() => postgresSkipReason({ FRUIT_REQUIRE_POSTGRES: '1' }, nowhere))).toBeNull();
    const saved = process.env.PG_BIN;
    delete process.env.PG_BIN;
    try {
      await expect(startTestPostgres(nowhere)).rejects.toThrow(/server binaries are not installed/);
    } finally {
      if (saved !== undefined) process.env.PG_BIN = saved;
    }
  });
});

describe.skipIf(skipPostgres('fleet'))('two server processes on one PostgreSQL', () => {
  let demoToken = '';
  let migrateOutput = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'fruitprompt-fleet-'));
    cluster = await startTestPostgres();
    databaseUrl = await cluster.createDatabase('fleet');

    // Step 3: the environment file, with the site's own values.
    const documented = documentedEnvironment();
    expect(Object.keys(documented).sort()).toEqual(
      ['DATABASE_URL', 'HOST', 'NODE_ENV', 'PASSWORD_KEY', 'PUBLIC_ORIGIN', 'TRUST_PROXY'].sort(),
    );
    fleetEnv = { ...documented, DATABASE_URL: databaseUrl, PUBLIC_ORIGIN, PASSWORD_KEY };
    expect(fleetEnv.NODE_ENV).toBe('production');

    // Step 4: the migrations, once, before any process starts.
    expect(DEPLOY_DOC).toContain('npm run migrate');
    migrateOutput = await runToEnd(
      'npm',
      ['run', 'migrate'],
      processEnv({ DATA_DIR: join(work, 'migrate') }),
    );

    // The shop's data: the demo catalog and accounts, written here (production processes seed nothing).
    db = await openPg(databaseUrl);
    await seedDemo(db);

    // Step 5: two processes, started together.
    await Promise.all([startProcess('process A'), startProcess('process B')]);
  }, 240_000);

  afterAll(async () => {
    const stopping = procs.map(async (proc) => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      const exited = once(proc.child, 'exit');
      proc.child.kill('SIGTERM');
      await exited;
    });
    await Promise.all(stopping);
    process.off('exit', killOnExit);
    await db?.close();
    await cluster?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  const a = () => procs[0]!;
  const b = () => procs[1]!;

  it('migrates once, before the processes, which find the schema up to date', () => {
    expect(migrateOutput).toMatch(/applied \d+ migration/);
    for (const proc of procs) expect(proc.output, proc.name).toContain('schema up to date');
  });

  it('accepts a token made by one process on the other', async () => {
    demoToken = await tokenFrom(a(), DEMO_EMAIL);
    expect(await profileStatus(b(), demoToken)).toBe(200);
    const fromB = await tokenFrom(b(), DEMO_EMAIL);
    expect(await profileStatus(a(), fromB)).toBe(200);
    // both signed with the one key in the database (no JWT_SECRET: not "env")
    const keys = await db!.query<{ id: string }>('SELECT id FROM signing_keys');
    expect(keys).toHaveLength(1);
    expect(kidOf(demoToken)).toBe(keys[0]!.id);
    expect(kidOf(fromB)).toBe(keys[0]!.id);
  });

  it('refuses on one process a token logged out on the other', async () => {
    const token = await tokenFrom(b(), DEMO_EMAIL);
    expect(await profileStatus(a(), token)).toBe(200);
    const out = await api(b(), 'POST', '/api/social/logout', { token });
    expect(out.status, out.body.msg).toBe(200);
    expect(await profileStatus(a(), token)).toBe(401);
    expect(await profileStatus(b(), token)).toBe(401);
    // other sessions of the member are not touched
    expect(await profileStatus(a(), demoToken)).toBe(200);
  });

  it('refuses the 11th wrong password for one account with 429, the 10 spread over both, not the right one', async () => {
    const alice = USERS.find((u) => u.email === ALICE_EMAIL)!;
    for (let i = 0; i < 10; i++) {
      // by turns through each process, from ten clients behind the proxy
      const res = await login(procs[i % 2]!, ALICE_EMAIL, `Wrong@${i}2345`, `198.51.100.${i + 1}`);
      expect(res.status, `attempt ${i + 1}: ${res.body.msg}`).toBe(401);
    }
    for (const proc of procs) {
      const wrong = await login(proc, ALICE_EMAIL, 'Wrong@99999', '198.51.100.99');
      expect(wrong.status, `${proc.name}: ${wrong.body.msg}`).toBe(429);
      expect(wrong.body.success).toBe(false);
      expect(Number(wrong.headers.get('retry-after'))).toBeGreaterThan(0);
      // the right password from another address is not refused for others' guesses (issue 37)
      expect((await login(proc, ALICE_EMAIL, alice.password, '198.51.100.100')).status).toBe(200);
    }
  });

  it('keeps the ledger equal to the balance under purchases through both at once', async () => {
    const demo = await db!.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_EMAIL]);
    const prompts = await db!.query<{ id: number; price: number }>(
      `SELECT id, price_fruit AS price FROM prompts p
       WHERE grade = 1 AND price_fruit > 0
         AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $1 AND a.prompt_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                         WHERE o.user_id = $1 AND o.status = 'pending' AND i.prompt_id = p.id)
       ORDER BY id LIMIT $2`,
      [demo.id, PURCHASES],
    );
    expect(prompts).toHaveLength(PURCHASES);
    // enough FruitCoins for about two thirds of them: the rest must be refused, whichever process answers
    const initial = prompts.slice(0, 20).reduce((sum, p) => sum + p.price, 0);
    await db!.tx(async (q) => {
      const { fruit_cnt: before } = await q.one<{ fruit_cnt: number }>(
        'SELECT fruit_cnt FROM users WHERE id = $1 FOR UPDATE',
        [demo.id],
      );
      await q.query('UPDATE users SET fruit_cnt = $2 WHERE id = $1', [demo.id, initial]);
      await q.query(
        `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason, created_at)
         VALUES ($1, $2, $3, 'adjustment', 'Fleet test balance', clock_timestamp())`,
        [demo.id, initial - before, initial],
      );
    });
    const before = await db!.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status = 'paid' AND total_fruit > 0`,
      [demo.id],
    );

    const outcomes = await Promise.all(
      prompts.map(async (prompt, i) => {
        const res = await api(procs[i % 2]!, 'POST', '/api/my/orders', {
          token: demoToken,
          json: { promptIds: [prompt.id], requestId: `fleet-buy-${i}` },
        });
        return { ...prompt, status: res.status, msg: res.body.msg };
      }),
    );
    const bought = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    for (const r of refused) expect(r.msg, `${r.status}`).toMatch(/^Not enough FruitCoins/);
    expect(refused.length).toBeGreaterThan(0);
    expect(bought.length).toBeGreaterThan(0);

    const user = await db!.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [demo.id]);
    const spent = bought.reduce((sum, o) => sum + o.price, 0);
    expect(user.fruit_cnt).toBe(initial - spent);
    expect(user.fruit_cnt).toBeGreaterThanOrEqual(0);
    // each refusal came when the balance (only ever falling) was below its price
    for (const r of refused) expect(r.price).toBeGreaterThan(user.fruit_cnt);
    const after = await db!.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status = 'paid' AND total_fruit > 0`,
      [demo.id],
    );
    expect(after.n - before.n).toBe(bought.length);

    // the ledger: each entry follows from the one before, and it sums to the balance
    await expectLedgerOf(db!, demo.id, user.fruit_cnt);
    // and for every member of the database
    const off = await db!.query(
      `SELECT u.id FROM users u LEFT JOIN fruit_ledger l ON l.user_id = u.id
       GROUP BY u.id HAVING u.fruit_cnt <> COALESCE(sum(l.amount), 0)::integer`,
    );
    expect(off).toEqual([]);
  });

  it('keeps old tokens valid on both after `npm run keys -- rotate`, and new ones work too', async () => {
    expect(DEPLOY_DOC).toContain('npm run keys -- rotate');
    await runToEnd('npm', ['run', 'keys', '--', 'rotate'], processEnv({ DATA_DIR: join(work, 'keys') }));
    const keys = await db!.query<{ id: string }>('SELECT id FROM signing_keys ORDER BY generation');
    expect(keys).toHaveLength(2);
    for (const proc of procs) expect(await profileStatus(proc, demoToken), proc.name).toBe(200);
    for (const [from, to] of [
      [a(), b()],
      [b(), a()],
    ] as const) {
      const token = await tokenFrom(from, DEMO_EMAIL);
      expect(keys.map((k) => k.id)).toContain(kidOf(token));
      expect(await profileStatus(to, token), `${from.name} → ${to.name}`).toBe(200);
    }
  });

  it('backs the database up with the documented pg_dump', async () => {
    const options = documentedDumpOptions();
    expect(options).toContain('--format=custom');
    const file = join(work, 'fleet.dump');
    await runToEnd(join(cluster!.bin, 'pg_dump'), [...options, `--file=${file}`, databaseUrl], processEnv());
    const listing = await runToEnd(join(cluster!.bin, 'pg_restore'), ['--list', file], processEnv());
    expect(listing).toMatch(/TABLE DATA public users /);
    expect(listing).toMatch(/TABLE DATA public fruit_ledger /);
    expect(listing).toMatch(/TABLE DATA public signing_keys /);
    // the rate-limit counters (unlogged) are left out
    expect(listing).not.toMatch(/TABLE DATA public rate_limits /);
  });
});
