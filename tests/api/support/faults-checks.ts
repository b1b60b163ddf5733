// The fault test's checks (tests/api/faults.test.ts), after each round: through the API of the restarted
// server, in the data itself as the crash left it, and retrying every call of a round with its requestId.
import { expect } from 'vitest';
import { expectLedgerOf } from './commerce.ts';
import { api } from './faults-server.ts';
import {
  baseline,
  DEMO_ID,
  exchangeOffer,
  initialBalance,
  madeIdOf,
  memberCounts,
  openData,
  send,
  type Call,
} from './faults-rounds.ts';

/** Through the API, the server restarted: the answers the client got are there; balance = Σ ledger. */
export async function checkThroughApi(calls: Call[]): Promise<void> {
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
export async function checkDataDir(
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
    const counts = await memberCounts(db);
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
    await expectLedgerOf(db, DEMO_ID, user.fruit_cnt);
    expect(user.fruit_cnt).toBe(initialBalance - spent + credited);
    if (opts.mustBeComplete) expect(present).toBe(allCalls.length);
  } finally {
    await db.close();
  }
}

/** After the crash, the client retries every call of the round with its requestId: each happens once. */
export async function retryAll(calls: Call[]): Promise<void> {
  for (const call of calls) {
    const { status, body } = await send(call);
    expect(status, `${call.requestId}: ${body.msg}`).toBe(200);
    const id = madeIdOf(call, body);
    // an answer received before the crash names the same order or coupon as its retry
    if (call.madeId !== null) expect(id, call.requestId).toBe(call.madeId);
    call.madeId = id;
  }
}
