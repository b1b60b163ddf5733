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
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../support/free-port.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encryptPassword } from '../../server/auth/password-crypto.ts';
import { DEFAULT_PASSWORD_KEY } from '../../server/config.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { DEMO_EMAIL, USERS } from '../../server/seed/content/accounts.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DATA_DIR = join(ROOT, '.tmp', `faults-${process.pid}`);
const PURCHASES = 30;
const EXCHANGES = 20;
const TOPUPS = 10;
/** The FruitCoin packs the top-ups buy, by turns (server/commerce/topups.ts). */
const PACKS = ['handful', 'basket'] as const;
/** Each round kills the server at another moment (a number of answers received, or a delay after the first). */
const ROUNDS: {
  name: string;
  kill: { afterAnswers: number } | { msAfterFirstAnswer: number } | { afterPays: number };
}[] = [
  { name: 'at the first answer', kill: { afterAnswers: 1 } },
  { name: 'after a few answers', kill: { afterAnswers: 2 + Math.floor(Math.random() * 12) } },
  {
    name: 'a random delay after the first answer',
    kill: { msAfterFirstAnswer: Math.floor(Math.random() * 60) },
  },
  // the top-ups' Pay steps come last in the queue: killed once a few are answered, others are in flight
  // and the rest are bought but not paid
  { name: 'while top-ups are being paid', kill: { afterPays: 1 + Math.floor(Math.random() * 4) } },
];

interface Envelope {
  success: boolean;
  msg: string;
  extend: Record<string, unknown>;
}
type Outcome = { status: number; body: Envelope } | 'lost';

interface Call {
  kind: 'purchase' | 'exchange' | 'topup';
  requestId: string;
  /** The FruitCoin prompt bought (purchases). */
  promptId: number;
  cost: number;
  /** The pack bought (top-ups). */
  packId: string;
  /** What the client heard before the kill: an answer, or nothing (connection cut). */
  outcome: Outcome;
  /** The order (purchase), coupon (exchange) or top-up the answer named. */
  madeId: number | null;
  /** Top-ups: the payment page answered Pay with its redirect (the payment was taken). */
  payAnswered: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// The database the rounds run on.

type Engine = 'pglite' | 'postgres';
let engine: Engine = 'pglite';
/** The scratch cluster and the database's URL (PostgreSQL rounds). */
let cluster: PgCluster | null = null;
let databaseUrl: string | null = null;

// ---------------------------------------------------------------------------------------------------------
// The server process.

let child: ChildProcess | null = null;
let origin = '';
let output = '';

async function startServer(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR,
      NODE_ENV: 'test',
      DATABASE_URL: engine === 'postgres' ? (databaseUrl ?? '') : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('Storefront ready')) done(resolve);
    };
    const onExit = (code: number | null) =>
      done(() => reject(new Error(`The server exited (${code}) before it was ready:\n${output}`)));
    // generous: two shared cores under load start the server (tsx, PGlite, Fastify) slowly
    const timer = setTimeout(
      () => done(() => reject(new Error(`The server did not start:\n${output}`))),
      90_000,
    );
    const done = (then: () => void) => {
      clearTimeout(timer);
      proc.stdout?.off('data', onData);
      proc.off('exit', onExit);
      then();
    };
    proc.stdout?.on('data', onData);
    proc.on('exit', onExit);
    onData();
  });
}

async function stopServer(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return proc?.exitCode ?? null;
  const exited = once(proc, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  proc.kill(signal);
  const [code] = await exited;
  return code;
}

// A vitest worker that dies must not leave a server behind either.
const killOnExit = () => child?.kill('SIGKILL');
process.on('exit', killOnExit);

// ---------------------------------------------------------------------------------------------------------
// The API, over real HTTP.

let token = '';

async function api(
  method: 'GET' | 'POST',
  path: string,
  json?: unknown,
): Promise<{ status: number; body: Envelope }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

/**
 * A top-up in its three steps: buy the pack (a pending top-up and its payment page), press Pay on the
 * payment page (a plain form post answered 303), confirm on the return page. Each answer is noted as it
 * comes, so a kill between steps leaves what the client knew.
 */
/** Told each time the payment page answers a top-up's Pay (a round may kill then). */
let onPayAnswered: (() => void) | null = null;

async function sendTopUp(call: Call): Promise<{ status: number; body: Envelope }> {
  const bought = await api('POST', '/api/my/fruit/topups', {
    packId: call.packId,
    requestId: call.requestId,
  });
  if (bought.status !== 200) return bought;
  const topup = (bought.body.extend.data as { topup: { id: number; sessionId: string } }).topup;
  // (no expect() in here: a failed expectation would read as a connection lost to the kill)
  const refuse = (msg: string) => ({ status: 0, body: { success: false, msg, extend: {} } });
  if (call.madeId !== null && topup.id !== call.madeId)
    return refuse(`the retry named top-up ${topup.id}, the first answer ${call.madeId}`);
  call.madeId = topup.id;
  const paid = await fetch(`${origin}/dev-pay/${topup.sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  const back = `/buy-fruitcoins?payment=${topup.sessionId}`;
  if (paid.status !== 303 || paid.headers.get('location') !== back)
    return refuse(`Pay answered ${paid.status} to ${paid.headers.get('location') ?? 'nowhere'}`);
  call.payAnswered = true;
  onPayAnswered?.();
  return api('POST', '/api/my/fruit/topups/confirm', { sessionId: topup.sessionId });
}

const send = (call: Call) =>
  call.kind === 'topup'
    ? sendTopUp(call)
    : call.kind === 'purchase'
      ? api('POST', '/api/my/orders', { promptIds: [call.promptId], requestId: call.requestId })
      : api('POST', '/api/my/exchange', { offerId: exchangeOffer.id, requestId: call.requestId });

/** The order, coupon or top-up id an answer names. */
const madeIdOf = (call: Call, body: Envelope): number => {
  const data = body.extend.data as {
    fruitOrder?: { id: number };
    coupon?: { id: number };
    topup?: { id: number; status: string };
  };
  const id =
    call.kind === 'purchase'
      ? data.fruitOrder?.id
      : call.kind === 'exchange'
        ? data.coupon?.id
        : data.topup?.id;
  expect(id, JSON.stringify(body)).toEqual(expect.any(Number));
  // a top-up's answer is the confirmation: it is paid
  if (call.kind === 'topup') expect(data.topup?.status, call.requestId).toBe('paid');
  return id as number;
};

// ---------------------------------------------------------------------------------------------------------
// The data directory, read directly (the server stopped).

const DEMO_ID = USERS.find((u) => u.email === DEMO_EMAIL)!.id;
/** The data as the server left it: the PGlite directory (or a copy of it), or the PostgreSQL database. */
const openData = (dir = join(DATA_DIR, 'pglite')): Promise<Db> =>
  engine === 'postgres' ? openPg(databaseUrl!) : openPglite({ dataDir: dir });

/**
 * PostgreSQL: waits until every connection of the killed server is gone. Its transactions in flight are
 * rolled back (or, a COMMIT already received, committed) by then, so the checks see the crash's final state.
 */
async function settled(): Promise<void> {
  const db = await openPg(databaseUrl!);
  try {
    for (let waited = 0; ; waited += 50) {
      const { n } = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      if (n === 0) return;
      if (waited > 20_000) throw new Error(`${n} connections of the killed server are still open`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await db.close();
  }
}

let exchangeOffer = { id: 0, cost: 0 };
let initialBalance = 0;
/** Ledger entries and coupons the member had before the first round (seeded history). */
let baseline = {
  exchangeEntries: 0,
  purchaseEntries: 0,
  paidFruitOrders: 0,
  topupEntries: 0,
  topupNotices: 0,
};
const rounds: Call[][] = [];
let prompts: { id: number; price: number }[] = [];

async function prepare(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  rounds.length = 0;
  token = '';
  let db: Db;
  if (engine === 'postgres') {
    // A new database on the scratch cluster, migrated and seeded here: the server then finds its schema and
    // demo data in place and does not seed again.
    databaseUrl = await cluster!.createDatabase('faults');
    db = await openPg(databaseUrl);
    await migrate(db);
    await seedDemo(db);
  } else {
    // The migrated and seeded snapshot the API tests share, unpacked into the data directory: the server
    // then finds its schema and demo data in place and does not seed again.
    db = await openPglite({
      dataDir: join(DATA_DIR, 'pglite'),
      loadDataDir: new Blob([new Uint8Array(readFileSync(inject('apiDbSnapshot')))]),
    });
  }
  try {
    prompts = (
      await db.query<{ id: number; price: number }>(
        `SELECT id, price_fruit AS price FROM prompts p
         WHERE grade = 1
           AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $1 AND a.prompt_id = p.id)
           AND NOT EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                           WHERE o.user_id = $1 AND o.status = 'pending' AND i.prompt_id = p.id)
         ORDER BY id LIMIT $2`,
        [DEMO_ID, PURCHASES * ROUNDS.length],
      )
    ).map((p) => ({ id: p.id, price: p.price }));
    // the demo catalog has FruitCoin prompts for three full rounds; in a later one exchanges take the place
    // of the purchases it has no prompt for
    expect(prompts.length).toBeGreaterThanOrEqual(PURCHASES * 3);
    const offer = await db.one<{ id: number; cost: number }>(
      'SELECT id, fruit_cost AS cost FROM exchange_offers WHERE active ORDER BY fruit_cost, id LIMIT 1',
    );
    exchangeOffer = offer;
    // Enough FruitCoins for every call of every round (each retried once), credited as an adjustment.
    const needed =
      prompts.reduce((sum, p) => sum + p.price, 0) +
      offer.cost * (PURCHASES + EXCHANGES) * ROUNDS.length +
      1000;
    await db.tx(async (q) => {
      const { fruit_cnt: before } = await q.one<{ fruit_cnt: number }>(
        'SELECT fruit_cnt FROM users WHERE id = $1 FOR UPDATE',
        [DEMO_ID],
      );
      initialBalance = before + needed;
      await q.query('UPDATE users SET fruit_cnt = $2 WHERE id = $1', [DEMO_ID, initialBalance]);
      await q.query(
        `INSERT INTO fruit_ledger (user_id, amount, balance_after, kind, reason, created_at)
         VALUES ($1, $2, $3, 'adjustment', 'Faults test balance', clock_timestamp())`,
        [DEMO_ID, needed, initialBalance],
      );
    });
    const counts = await db.one<{
      exchange: number;
      purchase: number;
      paid: number;
      topup: number;
      notices: number;
    }>(
      `SELECT (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange') AS exchange,
              (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'purchase') AS purchase,
              (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'paid' AND total_fruit > 0) AS paid,
              (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'topup') AS topup,
              (SELECT count(*)::int FROM messages WHERE user_id = $1 AND title LIKE '% FruitCoins added') AS notices`,
      [DEMO_ID],
    );
    baseline = {
      exchangeEntries: counts.exchange,
      purchaseEntries: counts.purchase,
      paidFruitOrders: counts.paid,
      topupEntries: counts.topup,
      topupNotices: counts.notices,
    };
  } finally {
    await db.close();
  }
}

function callsOfRound(round: number): Call[] {
  const calls: Call[] = [];
  const mine = prompts.slice(round * PURCHASES, (round + 1) * PURCHASES);
  for (let i = 0; i < PURCHASES + EXCHANGES; i++) {
    // interleaved, so the kill falls among both kinds
    const purchase = i % 5 < 3 && mine.length > 0;
    const prompt = purchase ? mine.shift()! : null;
    calls.push({
      kind: prompt ? 'purchase' : 'exchange',
      requestId: `fault-${round}-${i}`,
      promptId: prompt?.id ?? 0,
      cost: prompt ? prompt.price : exchangeOffer.cost,
      packId: '',
      outcome: 'lost',
      madeId: null,
      payAnswered: false,
    });
  }
  // the top-ups among them, one every five calls
  for (let t = TOPUPS - 1; t >= 0; t--) {
    calls.splice(t * 5 + 2, 0, {
      kind: 'topup',
      requestId: `fault-topup-${round}-${t}`,
      promptId: 0,
      cost: 0,
      packId: PACKS[t % PACKS.length]!,
      outcome: 'lost',
      madeId: null,
      payAnswered: false,
    });
  }
  return calls;
}

/** Fires every call at once and SIGKILLs the server at the round's moment; what each call heard. */
async function fireAndKill(calls: Call[], kill: (typeof ROUNDS)[number]['kill']): Promise<void> {
  let answers = 0;
  let killing: Promise<unknown> | null = null;
  const killNow = () => {
    killing ??= stopServer('SIGKILL');
  };
  let pays = 0;
  onPayAnswered = () => {
    pays += 1;
    if ('afterPays' in kill && pays >= kill.afterPays) killNow();
  };
  await Promise.all(
    calls.map(async (call) => {
      try {
        const answer = await send(call);
        // an answer that arrives after the kill was sent is still an answer the client holds
        call.outcome = answer;
        if (answer.status === 200) call.madeId = madeIdOf(call, answer.body);
      } catch {
        call.outcome = 'lost';
        return;
      }
      answers += 1;
      if ('afterAnswers' in kill && answers >= kill.afterAnswers) killNow();
      if ('msAfterFirstAnswer' in kill && answers === 1) setTimeout(killNow, kill.msAfterFirstAnswer);
    }),
  );
  onPayAnswered = null;
  killNow();
  await killing;
}

// ---------------------------------------------------------------------------------------------------------
// The checks.

/** Through the API, the server restarted: the answers the client got are there; balance = Σ ledger. */
async function checkThroughApi(calls: Call[]): Promise<void> {
  expect((await api('GET', '/api/health')).status).toBe(200);
  const entries: { amount: number }[] = [];
  const balances = new Set<number>();
  for (let page = 1; ; page++) {
    const { status, body } = await api('GET', `/api/my/fruit/transactions?page=${page}&pageSize=100`);
    expect(status).toBe(200);
    const data = body.extend.data as { amount: number }[];
    balances.add(body.extend.balance as number);
    entries.push(...data);
    if (entries.length >= (body.extend.total as number) || data.length === 0) break;
  }
  expect([...balances]).toEqual([entries.reduce((sum, e) => sum + e.amount, 0)]);

  const coupons = (await api('GET', '/api/my/coupons')).body.extend.data as { id: number }[];
  await Promise.all(
    calls
      .filter((c) => c.madeId !== null)
      .map(async (call) => {
        if (call.kind === 'topup') {
          if (call.outcome === 'lost') return;
          const sessionId = (call.outcome.body.extend.data as { topup: { sessionId: string } }).topup
            .sessionId;
          const again = await api('POST', '/api/my/fruit/topups/confirm', { sessionId });
          expect(again.status, call.requestId).toBe(200);
          expect(again.body.extend.data, call.requestId).toMatchObject({ topup: { status: 'paid' } });
        } else if (call.kind === 'purchase') {
          const order = await api('GET', `/api/my/orders/${call.madeId}`);
          expect(order.status, call.requestId).toBe(200);
          expect(order.body.extend.data, call.requestId).toMatchObject({ status: 'paid' });
          const detail = await api('GET', `/api/prompts/detail?id=${call.promptId}`);
          expect((detail.body.extend.data as { hasAccess: number }).hasAccess, call.requestId).toBe(1);
        } else {
          expect(coupons.map((c) => c.id)).toContain(call.madeId);
        }
      }),
  );
}

/**
 * In the data directory itself (server stopped): each call's effects are all there or none is.
 *
 * Why this would catch a split transaction: a purchase writes the order, its item, the debit and its
 * ledger entry, the access row, the cart cleanup and a message; an exchange the coupon, the debit, its
 * ledger entry and a message. Were any of these committed apart (say the debit in one transaction and
 * the order in the next), a kill between them leaves a half: a ledger entry without its paid order, a
 * paid order without its entry, access or message, a coupon without its debit. The per-request checks
 * below look for each half; the count checks catch entries that name no order (exchanges, an orphaned
 * debit); and `balance = initial − Σ costs of what exists` catches a debit whose traces are all gone. The
 * embedded database runs one transaction at a time and 50 requests queue, so the kill lands between
 * transactions of the same burst: a split request's two halves would have other requests' transactions
 * between them, and the kill would very likely fall in that gap in at least one of the rounds.
 */
async function checkDataDir(
  allCalls: Call[],
  opts: { mustBeComplete: boolean; dir?: string },
): Promise<void> {
  const db = await openData(opts.dir);
  try {
    let present = 0;
    let spent = 0;
    let credited = 0;
    let presentExchanges = 0;
    let presentPurchases = 0;
    let paidTopUps = 0;
    for (const call of allCalls) {
      const what = `${call.kind} ${call.requestId} (${call.outcome === 'lost' ? 'no answer' : call.outcome.status})`;
      if (call.kind === 'topup') {
        const topups = await db.query<{ id: number; status: string; coins: number; pack_id: string }>(
          'SELECT id, status, coins, pack_id FROM fruit_topups WHERE user_id = $1 AND request_id = $2',
          [DEMO_ID, call.requestId],
        );
        expect(topups.length, what).toBeLessThanOrEqual(1);
        if (topups.length === 0) {
          // not bought: no trace, and the client never heard of it
          expect(call.madeId, `${what}: answered, then lost in the crash`).toBeNull();
          expect(opts.mustBeComplete, `${what}: still missing after its retry`).toBe(false);
          continue;
        }
        const topup = topups[0]!;
        if (call.madeId !== null) expect(topup.id, what).toBe(call.madeId);
        expect(topup.pack_id, what).toBe(call.packId);
        const sessions = await db.query<{ status: string }>(
          'SELECT status FROM payment_sessions WHERE topup_id = $1',
          [topup.id],
        );
        const entries = await db.query<{ amount: number; kind: string }>(
          'SELECT amount, kind FROM fruit_ledger WHERE topup_id = $1',
          [topup.id],
        );
        if (topup.status === 'paid') {
          // paid: its session paid and exactly one credit of the pack's coins
          expect(sessions, what).toEqual([{ status: 'paid' }]);
          expect(entries, what).toEqual([{ amount: topup.coins, kind: 'topup' }]);
          credited += topup.coins;
          paidTopUps += 1;
        } else {
          // bought, not paid yet (the kill fell between the steps): its payment open, nothing credited
          expect(topup.status, what).toBe('pending');
          expect(call.payAnswered, `${what}: Pay was answered, then lost in the crash`).toBe(false);
          expect(opts.mustBeComplete, `${what}: still unpaid after its retry`).toBe(false);
          expect(sessions, what).toEqual([{ status: 'open' }]);
          expect(entries, what).toEqual([]);
        }
        present += 1;
        continue;
      }
      if (call.kind === 'purchase') {
        const orders = await db.query<{
          id: number;
          status: string;
          total_fruit: number;
          payment_method: string;
        }>(
          'SELECT id, status, total_fruit, payment_method FROM orders WHERE user_id = $1 AND request_id = $2',
          [DEMO_ID, call.requestId],
        );
        const access = await db.query<{ source: string; order_id: number | null }>(
          'SELECT source, order_id FROM user_prompt_access WHERE user_id = $1 AND prompt_id = $2',
          [DEMO_ID, call.promptId],
        );
        expect(orders.length, what).toBeLessThanOrEqual(1);
        if (orders.length === 0) {
          // absent: no trace at all
          expect(call.madeId, `${what}: answered, then lost in the crash`).toBeNull();
          expect(opts.mustBeComplete, `${what}: still missing after its retry`).toBe(false);
          expect(access, `${what}: access without an order`).toEqual([]);
          continue;
        }
        const order = orders[0]!;
        if (call.madeId !== null) expect(order.id, what).toBe(call.madeId);
        expect(order, what).toMatchObject({
          status: 'paid',
          total_fruit: call.cost,
          payment_method: 'fruit',
        });
        const items = await db.query<{ prompt_id: number }>(
          'SELECT prompt_id FROM order_items WHERE order_id = $1',
          [order.id],
        );
        expect(items, what).toEqual([{ prompt_id: call.promptId }]);
        const entries = await db.query<{ amount: number; kind: string }>(
          'SELECT amount, kind FROM fruit_ledger WHERE order_id = $1',
          [order.id],
        );
        expect(entries, what).toEqual([{ amount: -call.cost, kind: 'purchase' }]);
        expect(access, what).toEqual([{ source: 'order', order_id: order.id }]);
        const inCart = await db.query('SELECT 1 FROM cart_items WHERE user_id = $1 AND prompt_id = $2', [
          DEMO_ID,
          call.promptId,
        ]);
        expect(inCart, what).toEqual([]);
        const messages = await db.query('SELECT 1 FROM messages WHERE user_id = $1 AND title = $2', [
          DEMO_ID,
          `Order #${order.id} is paid`,
        ]);
        expect(messages, what).toHaveLength(1);
        presentPurchases += 1;
      } else {
        const coupons = await db.query<{ id: number; code: string; exchange_offer_id: number }>(
          'SELECT id, code, exchange_offer_id FROM coupons WHERE user_id = $1 AND request_id = $2',
          [DEMO_ID, call.requestId],
        );
        expect(coupons.length, what).toBeLessThanOrEqual(1);
        if (coupons.length === 0) {
          expect(call.madeId, `${what}: answered, then lost in the crash`).toBeNull();
          expect(opts.mustBeComplete, `${what}: still missing after its retry`).toBe(false);
          continue;
        }
        const coupon = coupons[0]!;
        if (call.madeId !== null) expect(coupon.id, what).toBe(call.madeId);
        expect(coupon.exchange_offer_id, what).toBe(exchangeOffer.id);
        // the debit names the coupon's code in its reason (an exchange entry names no order)
        const entries = await db.query<{ amount: number }>(
          `SELECT amount FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange' AND reason LIKE $2`,
          [DEMO_ID, `%${coupon.code}%`],
        );
        expect(entries, what).toEqual([{ amount: -exchangeOffer.cost }]);
        const messages = await db.query('SELECT 1 FROM messages WHERE user_id = $1 AND body LIKE $2', [
          DEMO_ID,
          `%${coupon.code}%`,
        ]);
        expect(messages, what).toHaveLength(1);
        presentExchanges += 1;
      }
      present += 1;
      spent += call.cost;
    }

    // Nothing beyond what the calls explain: no debit without its order or coupon, no pending FruitCoin order,
    // no credit without its paid top-up, one message per paid top-up.
    const counts = await db.one<{
      exchange: number;
      purchase: number;
      paid: number;
      pending: number;
      topup: number;
      notices: number;
    }>(
      `SELECT (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange') AS exchange,
              (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'purchase') AS purchase,
              (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'paid' AND total_fruit > 0) AS paid,
              (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'pending' AND total_fruit > 0) AS pending,
              (SELECT count(*)::int FROM fruit_ledger WHERE user_id = $1 AND kind = 'topup') AS topup,
              (SELECT count(*)::int FROM messages WHERE user_id = $1 AND title LIKE '% FruitCoins added') AS notices`,
      [DEMO_ID],
    );
    expect(counts).toEqual({
      exchange: baseline.exchangeEntries + presentExchanges,
      purchase: baseline.purchaseEntries + presentPurchases,
      paid: baseline.paidFruitOrders + presentPurchases,
      pending: 0,
      topup: baseline.topupEntries + paidTopUps,
      notices: baseline.topupNotices + paidTopUps,
    });

    // The balance is the sum of the ledger, each entry's balance_after follows from the one before, and
    // exactly the costs of what exists were taken (no debit lost or doubled).
    const user = await db.one<{ fruit_cnt: number }>('SELECT fruit_cnt FROM users WHERE id = $1', [DEMO_ID]);
    const ledger = await db.query<{ amount: number; balance_after: number }>(
      'SELECT amount, balance_after FROM fruit_ledger WHERE user_id = $1 ORDER BY created_at, id',
      [DEMO_ID],
    );
    let running = 0;
    for (const entry of ledger) {
      running += entry.amount;
      expect(entry.balance_after).toBe(running);
    }
    expect(running).toBe(user.fruit_cnt);
    expect(user.fruit_cnt).toBe(initialBalance - spent + credited);
    if (opts.mustBeComplete) expect(present).toBe(allCalls.length);
  } finally {
    await db.close();
  }
}

/** After the crash, the client retries every call of the round with its requestId: each happens once. */
async function retryAll(calls: Call[]): Promise<void> {
  for (const call of calls) {
    const { status, body } = await send(call);
    expect(status, `${call.requestId}: ${body.msg}`).toBe(200);
    const id = madeIdOf(call, body);
    // an answer received before the crash names the same order or coupon as its retry
    if (call.madeId !== null) expect(id, call.requestId).toBe(call.madeId);
    call.madeId = id;
  }
}

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
      engine = setup.engine;
      if (engine === 'postgres') cluster = await startTestPostgres();
      await prepare();
      await startServer();
      const { status, body } = await api('POST', '/api/social/login', {
        email: DEMO_EMAIL,
        password: encryptPassword(USERS[0]!.password, process.env.PASSWORD_KEY ?? DEFAULT_PASSWORD_KEY),
        encrypted: true,
      });
      expect(status, body.msg).toBe(200);
      token = (body.extend as { token: string }).token;
    }, 180_000);

    afterAll(async () => {
      await stopServer('SIGKILL');
      rmSync(DATA_DIR, { recursive: true, force: true });
      await cluster?.stop();
      cluster = null;
      databaseUrl = null;
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

        if (engine === 'postgres') {
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
