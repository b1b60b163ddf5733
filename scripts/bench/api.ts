// Stage 3: API throughput and latency with autocannon (50 connections, 10 s per route by default), once
// per database engine: run.ts starts the server on PGlite, then again on PostgreSQL (DATABASE_URL), and
// measures the same routes on each; goals.ts holds issue 19's goals for them.
//
// Absolute requests/s on a shared 2-core machine say little (autocannon itself takes most of a core), so
// every route is also given as a ratio to GET /api/health measured in the same server, in the same run:
// health answers from one `SELECT 1`, so it is the floor of what this process can do per request
// (Fastify, logging, compression hooks, the database round trip). The health route is measured first and
// last and the ratio uses the mean of both, which cancels slow drift in the machine's load.
//
// The routes measured here carry no rate limit (@fastify/rate-limit is registered with global: false and
// only sign-in, account and anonymous share routes opt in); the stage checks that every answer was 2xx and
// flags any 429 in the report, so a limiter added later cannot silently turn the numbers into 429 speed.
import autocannon from 'autocannon';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { DEFAULT_PASSWORD_KEY } from '../../server/config.ts';
import { log } from './util.ts';

export interface ApiTarget {
  name: string;
  path: string;
  /** Send the demo member's bearer token. */
  auth?: boolean;
}

export interface ApiMeasure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** autocannon's errors, timeouts included. */
  errors: number;
  /** Requests with no answer within autocannon's 10 s timeout. */
  timeouts: number;
  statusCodes: Record<string, number>;
  /** rps / health rps (1 = as fast as the trivial route). */
  rpsRatio: number;
  /** p50 / health p50 (1 = as fast as the trivial route). */
  p50Ratio: number;
  p99Ratio: number;
}

export interface ApiResult {
  engine: 'pglite' | 'postgres';
  connections: number;
  durationS: number;
  baseline: { rps: number; p50: number; p99: number; runs: { rps: number; p50: number; p99: number }[] };
  routes: ApiMeasure[];
  problems: string[];
}

export const DEMO_MEMBER = { email: 'demo@example.com', password: 'Demo@12345' };

/**
 * Signs a member in the way the client does: the password AES-encrypted under PASSWORD_KEY (the same
 * default as server/config.ts), POST /api/social/login. Returns the bearer token.
 */
export async function signIn(origin: string, account = DEMO_MEMBER): Promise<string> {
  const key = process.env.PASSWORD_KEY ?? DEFAULT_PASSWORD_KEY;
  const res = await fetch(`${origin}/api/social/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      password: encryptPassword(account.password, key),
      encrypted: true,
    }),
  });
  const body = (await res.json()) as { success: boolean; msg: string; extend: { token?: string } };
  if (!res.ok || !body.extend.token) throw new Error(`sign-in failed: ${res.status} ${body.msg}`);
  return body.extend.token;
}

async function hit(opts: {
  origin: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}): Promise<autocannon.Result> {
  return autocannon({
    url: `${opts.origin}${opts.path}`,
    connections: opts.connections,
    duration: opts.durationS,
    headers: opts.headers,
  });
}

export async function runApi(opts: {
  engine: ApiResult['engine'];
  origin: string;
  targets: ApiTarget[];
  connections: number;
  durationS: number;
  warmupS: number;
}): Promise<ApiResult> {
  const token = await signIn(opts.origin);
  const problems: string[] = [];
  // Browsers always ask for compression and the server compresses answers over 1 kB, so we ask too:
  // otherwise the list and search numbers would leave out work every real visitor causes.
  const baseHeaders = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

  const measure = async (target: ApiTarget) => {
    const headers = { ...baseHeaders, ...(target.auth ? { authorization: `Bearer ${token}` } : {}) };
    let r = await hit({ ...opts, path: target.path, headers });
    if (r.requests.total === 0) {
      // Seen once on a machine with a load average of 20: a run that got no answer in its window at all.
      // One retry; if it happens again the zero stands and is flagged below.
      log(`  ${target.name}: no answers in ${opts.durationS} s, measuring again`);
      r = await hit({ ...opts, path: target.path, headers });
    }
    const statusCodes = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count ?? 0]),
    );
    const summary = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes,
    };
    log(
      `  ${target.name.padEnd(11)} ${target.path}: ${summary.rps.toFixed(0)} req/s, p50 ${summary.p50} ms, ` +
        `p99 ${summary.p99} ms${summary.non2xx || summary.errors ? `, ${summary.non2xx} non-2xx, ${summary.errors} errors (${summary.timeouts} timeouts)` : ''}`,
    );
    if (summary.requests === 0) problems.push(`${target.path}: no answers at all within ${opts.durationS} s`);
    if (summary.non2xx > 0 || summary.errors > 0) {
      problems.push(
        `${target.path}: ${summary.non2xx} non-2xx answers (${JSON.stringify(statusCodes)}), ${summary.errors} errors` +
          (r.timeouts > 0 ? ` (${r.timeouts} timeouts: no answer within autocannon's 10 s)` : '') +
          (statusCodes['429'] ? ' — RATE LIMITED: the numbers measure the limiter, not the route' : ''),
      );
    }
    return summary;
  };

  const health: ApiTarget = { name: 'health', path: '/api/health' };
  // Warm-up of every route before anything is measured: the server has just started (seeding left garbage
  // to collect, nothing is JIT-compiled, the database's caches are cold), and a first route measured cold
  // would be unfairly slow — health most of all, which is measured first and sets the baseline.
  if (opts.warmupS > 0) {
    for (const target of [health, ...opts.targets]) {
      const headers = { ...baseHeaders, ...(target.auth ? { authorization: `Bearer ${token}` } : {}) };
      await hit({ ...opts, path: target.path, headers, connections: 10, durationS: opts.warmupS });
    }
  }
  const first = await measure(health);
  const measured: { target: ApiTarget; m: Awaited<ReturnType<typeof measure>> }[] = [];
  for (const target of opts.targets) measured.push({ target, m: await measure(target) });
  const last = await measure(health);

  const runs = [first, last].map(({ rps, p50, p99 }) => ({ rps, p50, p99 }));
  const baseline = {
    rps: (first.rps + last.rps) / 2,
    p50: (first.p50 + last.p50) / 2,
    p99: (first.p99 + last.p99) / 2,
    runs,
  };
  const drift = Math.abs(first.rps - last.rps) / Math.max(first.rps, last.rps);
  if (drift > 0.2) {
    problems.push(
      `health throughput moved ${(drift * 100).toFixed(0)}% between the first and last run (${first.rps.toFixed(0)} → ${last.rps.toFixed(0)} req/s): the machine's load changed, ratios are rough`,
    );
  }
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  const routes: ApiMeasure[] = [
    {
      target: health,
      m: {
        ...first,
        rps: baseline.rps,
        p50: baseline.p50,
        p99: baseline.p99,
        // both runs' failures count
        non2xx: first.non2xx + last.non2xx,
        errors: first.errors + last.errors,
        timeouts: first.timeouts + last.timeouts,
      },
    },
    ...measured,
  ].map(({ target, m }) => ({
    name: target.name,
    path: target.path,
    ...m,
    rpsRatio: ratio(m.rps, baseline.rps),
    p50Ratio: ratio(m.p50, baseline.p50),
    p99Ratio: ratio(m.p99, baseline.p99),
  }));
  return {
    engine: opts.engine,
    connections: opts.connections,
    durationS: opts.durationS,
    baseline,
    routes,
    problems,
  };
}
