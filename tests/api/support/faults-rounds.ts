// The fault test's rounds (tests/api/faults.test.ts): the data prepared for them, the calls of a round
// (FruitCoin purchases, exchanges and top-ups of the demo member, each with its requestId), fired at once
// while the server is SIGKILLed at the round's moment, and what each call heard.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { Db } from '../../../server/db/index.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openPg } from '../../../server/db/pg.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { seedDemo } from '../../../server/seed/demo.ts';
import { DEMO_EMAIL, USERS } from '../../../server/seed/content/accounts.ts';
import { api, DATA_DIR, origin, run, stopServer, type Envelope } from './faults-server.ts';

const PURCHASES = 30;
const EXCHANGES = 20;
const TOPUPS = 10;
/** The FruitCoin packs the top-ups buy, by turns (server/commerce/topups.ts). */
const PACKS = ['handful', 'basket'] as const;
/** Each round kills the server at another moment (a number of answers received, or a delay after the first). */
export const ROUNDS: {
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

type Outcome = { status: number; body: Envelope } | 'lost';

export interface Call {
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
// The calls, over real HTTP.

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

export const send = (call: Call) =>
  call.kind === 'topup'
    ? sendTopUp(call)
    : call.kind === 'purchase'
      ? api('POST', '/api/my/orders', { promptIds: [call.promptId], requestId: call.requestId })
      : api('POST', '/api/my/exchange', { offerId: exchangeOffer.id, requestId: call.requestId });

/** The order, coupon or top-up id an answer names. */
export const madeIdOf = (call: Call, body: Envelope): number => {
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

export const DEMO_ID = USERS.find((u) => u.email === DEMO_EMAIL)!.id;
/** The data as the server left it: the PGlite directory (or a copy of it), or the PostgreSQL database. */
export const openData = (dir = join(DATA_DIR, 'pglite')): Promise<Db> =>
  run.engine === 'postgres' ? openPg(run.databaseUrl!) : openPglite({ dataDir: dir });

/**
 * PostgreSQL: waits until every connection of the killed server is gone. Its transactions in flight are
 * rolled back (or, a COMMIT already received, committed) by then, so the checks see the crash's final state.
 */
export async function settled(): Promise<void> {
  const db = await openPg(run.databaseUrl!);
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

/** The demo member's ledger entries by kind, FruitCoin orders paid and pending, and top-up notices. */
export const memberCounts = (db: Db) =>
  db.one<{
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

export let exchangeOffer = { id: 0, cost: 0 };
export let initialBalance = 0;
/** Ledger entries and coupons the member had before the first round (seeded history). */
export let baseline = {
  exchangeEntries: 0,
  purchaseEntries: 0,
  paidFruitOrders: 0,
  topupEntries: 0,
  topupNotices: 0,
};
export const rounds: Call[][] = [];
let prompts: { id: number; price: number }[] = [];

export async function prepare(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  rounds.length = 0;
  run.token = '';
  let db: Db;
  if (run.engine === 'postgres') {
    // A new database on the scratch cluster, migrated and seeded here: the server then finds its schema and
    // demo data in place and does not seed again.
    run.databaseUrl = await run.cluster!.createDatabase('faults');
    db = await openPg(run.databaseUrl);
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
    const counts = await memberCounts(db);
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

export function callsOfRound(round: number): Call[] {
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
export async function fireAndKill(calls: Call[], kill: (typeof ROUNDS)[number]['kill']): Promise<void> {
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
