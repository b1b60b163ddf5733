// The buying side (docs/decisions/004-commerce.md): the orders of one checkout, the order list and detail,
// and another member's ids. Every number is the server's; every call is the token's own user's; the FruitCoin
// ledger always sums to the balance (checked after every test).
import { describe, expect, it } from 'vitest';
import type { Cart, OrderPage } from '../../domain/commerce.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDb } from '../support/server.ts';
import { get } from './support/auth.ts';
import { alice, balanceOf, buyer, demo, giveCoupon, openCommerceForFile, P } from './support/commerce.ts';
import { server, snapshot } from './support/commerce.ts';
import { add, auth, cancel, cartOf, checkout, confirm, devPay, ledger } from './support/commerce-calls.ts';
import { order, pay, remove } from './support/commerce-calls.ts';

openCommerceForFile();

// Checkouts: the orders one "Place order" made ------------------------------------------------------------

describe('the orders of one checkout', () => {
  it('share its checkout id; each order names the others, with their items and what each paid', async () => {
    const me = await buyer(60);
    for (const id of [P.fruit10, P.card499]) await add(me, id);
    const res = await checkout(me, [P.fruit10, P.card499], { requestId: 'together-1' });
    expect(res.status).toBe(200);
    const { fruitOrder, cardOrder } = res.body.extend.data;
    const ids = [fruitOrder!.id, cardOrder!.id].sort((a, b) => a - b);
    // the checkout is named by its first order (the FruitCoin one, made first)
    const checkoutId = fruitOrder!.checkout.id;
    expect(checkoutId).toBe(fruitOrder!.id);
    expect(fruitOrder!.checkout).toEqual({ id: checkoutId, orderIds: ids });
    expect(cardOrder!.checkout).toEqual({ id: checkoutId, orderIds: ids });
    // each order carries the others of its checkout, with their items and totals, not itself
    expect(fruitOrder!.otherOrders.map((o) => o.id)).toEqual([cardOrder!.id]);
    expect(cardOrder!.otherOrders).toEqual([
      expect.objectContaining({
        id: fruitOrder!.id,
        status: 'paid',
        totals: { fruit: 10, subtotalCents: 0, discountCents: 0, totalCents: 0 },
        items: [expect.objectContaining({ promptId: P.fruit10, title: 'Amber forest path' })],
        payment: { method: 'fruit', sessionId: null, paymentUrl: null },
        checkout: { id: checkoutId, orderIds: ids },
      }),
    ]);
    expect(cardOrder!.otherOrders[0]).not.toHaveProperty('otherOrders');

    // the order detail and the list say the same
    const detail = (await order(me, cardOrder!.id)).body.extend.data;
    expect(detail.checkout).toEqual({ id: checkoutId, orderIds: ids });
    expect(detail.otherOrders.map((o) => [o.id, o.status])).toEqual([[fruitOrder!.id, 'paid']]);
    const list = (await get<OrderPage>(server, '/api/my/orders', auth(me))).body.extend.data;
    expect(list.map((o) => o.checkout)).toEqual([
      { id: checkoutId, orderIds: ids },
      { id: checkoutId, orderIds: ids },
    ]);

    // paid on the payment page: the paid page's confirm answers the whole checkout
    const sessionId = cardOrder!.payment.sessionId!;
    expect((await devPay(sessionId, 'pay')).statusCode).toBe(303);
    const confirmed = (await confirm(me, cardOrder!.id, sessionId)).body.extend.data;
    expect(confirmed).toMatchObject({ status: 'paid', checkout: { id: checkoutId, orderIds: ids } });
    expect(confirmed.otherOrders.map((o) => [o.id, o.status, o.totals.fruit])).toEqual([
      [fruitOrder!.id, 'paid', 10],
    ]);

    // a retry of that checkout answers the same checkout; the next checkout is another one
    const again = await checkout(me, [P.fruit10, P.card499], { requestId: 'together-1' });
    expect(again.body.extend.data.cardOrder!.checkout.id).toBe(checkoutId);
    const next = await checkout(me, [P.card300]);
    const alone = next.body.extend.data.cardOrder!;
    expect(alone.checkout).toEqual({ id: alone.id, orderIds: [alone.id] });
    expect(alone.otherOrders).toEqual([]);
  });

  it('never names another member’s order, whatever the database holds', async () => {
    const me = await buyer(60);
    const mine = (await checkout(me, [P.fruit10, P.card300])).body.extend.data;
    const checkoutId = mine.cardOrder!.checkout.id;
    // another member's order forced into the same checkout id
    const other = await buyer(60);
    const theirs = (await checkout(other, [P.fruit25])).body.extend.data.fruitOrder!;
    await server.db.query('UPDATE orders SET checkout_id = $1 WHERE id = $2', [checkoutId, theirs.id]);
    const detail = (await order(me, mine.cardOrder!.id)).body.extend.data;
    expect(detail.checkout.orderIds).toEqual([mine.fruitOrder!.id, mine.cardOrder!.id].sort((a, b) => a - b));
    expect(detail.otherOrders.map((o) => o.id)).toEqual([mine.fruitOrder!.id]);
    const list = (await get<OrderPage>(server, '/api/my/orders', auth(me))).body.extend.data;
    expect(list.flatMap((o) => o.checkout.orderIds)).not.toContain(theirs.id);
    expect((await order(other, theirs.id)).body.extend.data).toMatchObject({
      checkout: { id: checkoutId, orderIds: [theirs.id] },
      otherOrders: [],
    });
  });

  it('gives every demo order a checkout of its own', async () => {
    const list = (await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(alice))).body.extend.data;
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) expect(o.checkout.orderIds).toEqual([o.id]);
    expect(new Set(list.map((o) => o.checkout.id)).size).toBe(list.length);
  });

  it('are back-filled by the migration from the requestId that made them', async () => {
    const db = await openTestDb();
    try {
      const ids = await db.query<{ id: number; user_id: string }>(
        `SELECT o.id, o.user_id FROM orders o JOIN users u ON u.id = o.user_id
         WHERE u.email IN ('demo@example.com', 'alice@example.com') ORDER BY o.id`,
      );
      const [a, , c] = ids.filter((o) => o.user_id === ids[0]!.user_id);
      const aliceOrder = ids.find((o) => o.user_id !== ids[0]!.user_id)!;
      // as the database was before migration 007: two orders of one checkout share its requestId
      await db.exec(`DROP TRIGGER orders_checkout_default ON orders;
                     DROP FUNCTION orders_checkout_trigger();
                     ALTER TABLE orders DROP COLUMN checkout_id;
                     DELETE FROM schema_migrations WHERE version = 7;`);
      await db.query(`UPDATE orders SET request_id = 'old-1' WHERE id = ANY($1::integer[])`, [
        [a!.id, c!.id, aliceOrder.id],
      ]);
      expect(await migrate(db)).toEqual([7]);
      const rows = await db.query<{ id: number; checkout_id: number }>(
        'SELECT id, checkout_id FROM orders ORDER BY id',
      );
      // each checkout is named by its first order: a and c together, every other order (b between them) alone
      for (const row of rows) {
        expect(row.checkout_id, `order ${row.id}`).toBe(row.id === c!.id ? a!.id : row.id);
      }
      // an order written without one is the first of its own checkout
      const written = await db.one<{ id: number; checkout_id: number }>(
        `INSERT INTO orders (user_id, status, total_fruit) VALUES ($1, 'pending', 1) RETURNING id, checkout_id`,
        [a!.user_id],
      );
      expect(written.checkout_id).toBe(written.id);
    } finally {
      await db.close();
    }
  });
});

describe('orders', () => {
  it('lists the member’s own orders, newest first, filtered and paged', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit10]);
    await checkout(me, [P.card300]);
    const mixed = await checkout(me, [P.fruit25, P.card499]);
    await cancel(me, mixed.body.extend.data.cardOrder!.id);
    const all = await get<OrderPage>(server, '/api/my/orders', auth(me));
    expect(all.status).toBe(200);
    expect(all.body.extend.total).toBe(4);
    expect(all.body.extend.data.map((o) => o.status)).toEqual(['cancelled', 'paid', 'pending', 'paid']);
    expect(all.body.extend.data[3]).toMatchObject({ itemCount: 1, titles: ['Amber forest path'] });
    const paged = await get<OrderPage>(server, '/api/my/orders?page=2&pageSize=3', auth(me));
    expect(paged.body.extend).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.extend.data).toHaveLength(1);
    const pending = await get<OrderPage>(server, '/api/my/orders?status=pending', auth(me));
    expect(pending.body.extend.data.map((o) => o.status)).toEqual(['pending']);
    for (const query of ['?status=lost', '?pageSize=51', '?page=0', '?page=x']) {
      expect((await get(server, `/api/my/orders${query}`, auth(me))).status, query).toBe(400);
    }
  });

  it('answers 404 for an order id that is not a positive integer, or does not exist', async () => {
    const me = await buyer();
    for (const id of ['abc', '0', '-1', '1.5', '01', '99999999999', '2147483648', '1e3', '%20']) {
      for (const res of [
        await order(me, id),
        await cancel(me, id),
        await pay(me, id),
        await confirm(me, id, 'cs_x'),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.body.success).toBe(false);
      }
    }
    expect((await order(me, 2_000_000_000)).body.msg).toBe('Order not found');
  });

  it('shows the demo orders with items, coupon and payment', async () => {
    const list = await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(demo));
    const seededPending = list.body.extend.data.find(
      (o) => o.status === 'pending' && o.createdAt < '2026-11-01',
    );
    expect(seededPending).toBeDefined();
    const detail = await order(demo, seededPending!.id);
    expect(detail.body.extend.data.payment).toEqual({
      method: 'card',
      sessionId: `cs_demo_${seededPending!.id}`,
      paymentUrl: `/dev-pay/cs_demo_${seededPending!.id}`,
    });
    const page = await server.app.inject({ method: 'GET', url: `/dev-pay/cs_demo_${seededPending!.id}` });
    expect(page.statusCode).toBe(200);
    const withCoupon = list.body.extend.data.find((o) => o.totals.discountCents > 0);
    expect((await order(demo, withCoupon!.id)).body.extend.data.coupon).toMatchObject({ code: 'SPRING3-DM' });
  });
});

// Another member's ids -----------------------------------------------------------------------------------

describe("another member's ids", () => {
  it('answer 404 on every call that takes one, and change nothing', async () => {
    const alicePending = await server.db.one<{ id: number; payment_session_id: string }>(
      `SELECT id, payment_session_id FROM orders WHERE user_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`,
      [alice.id],
    );
    const alicePaid = await server.db.one<{ id: number }>(
      `SELECT id FROM orders WHERE user_id = $1 AND status = 'paid' ORDER BY id LIMIT 1`,
      [alice.id],
    );
    const aliceCoupon = await giveCoupon(alice.id, { kind: 'percent', value: 50 });
    await add(alice, P.card999);
    const aliceBefore = await snapshot(alice.id);
    const demoBefore = await snapshot(demo.id);

    for (const id of [alicePending.id, alicePaid.id]) {
      const detail = await order(demo, id);
      expect(detail.status).toBe(404);
      expect(detail.body.msg).toBe('Order not found');
      expect((await cancel(demo, id)).status).toBe(404);
      expect((await pay(demo, id)).status).toBe(404);
      expect((await confirm(demo, id, alicePending.payment_session_id)).status).toBe(404);
    }
    // Alice's session with demo's own order id: not demo's order's session.
    const demoOrder = await server.db.one<{ id: number }>(
      'SELECT id FROM orders WHERE user_id = $1 ORDER BY id LIMIT 1',
      [demo.id],
    );
    expect((await confirm(demo, demoOrder.id, alicePending.payment_session_id)).status).toBe(404);
    // Alice's coupon: not found for demo, on the cart and at checkout.
    const cart = await cartOf(demo, aliceCoupon);
    expect(cart.status).toBe(200);
    expect(cart.body.extend.data).toMatchObject({
      coupon: null,
      couponError: expect.stringMatching(/not found/),
    });
    const bought = await checkout(demo, [P.card1250], { couponId: aliceCoupon });
    expect(bought.status).toBe(404);
    expect(bought.body.msg).toMatch(/Coupon not found/);
    // Alice's cart line: demo's remove touches demo's cart only.
    expect((await remove(demo, P.card999)).status).toBe(200);
    // Lists show the caller's own rows only.
    const orders = await get<OrderPage>(server, '/api/my/orders?pageSize=50', auth(demo));
    const aliceOrderIds = (
      await server.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [alice.id])
    ).map((r) => r.id);
    expect(orders.body.extend.data.some((o) => aliceOrderIds.includes(o.id))).toBe(false);
    const entries = await ledger(demo, '?pageSize=100');
    const aliceEntryIds = (
      await server.db.query<{ id: number }>('SELECT id FROM fruit_ledger WHERE user_id = $1', [alice.id])
    ).map((r) => r.id);
    expect(entries.body.extend.data.some((e) => aliceEntryIds.includes(e.id))).toBe(false);

    expect(await snapshot(alice.id)).toEqual(aliceBefore);
    expect(await snapshot(demo.id)).toEqual(demoBefore);
  });

  it('ignore userId / memberId in the query: the token decides', async () => {
    const res = await get<{ data: Cart }>(
      server,
      `/api/my/cart?userId=${alice.id}&memberId=${alice.id}`,
      auth(demo),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.data.balance).toBe(await balanceOf(demo.id));
  });
});
