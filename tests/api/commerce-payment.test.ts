// The buying side (docs/decisions/004-commerce.md): paying a pending order on the payment page, confirm and
// cancel, and the payment page itself (and its absence without the development stand-ins). Every number is
// the server's; every call is the token's own user's; the FruitCoin ledger always sums to the balance
// (checked after every test).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../domain/commerce.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, post } from './support/auth.ts';
import { buyer, closeCommerce, count, expectLedgerInvariant, giveCoupon } from './support/commerce.ts';
import { openCommerce, P, salesOf, server, snapshot } from './support/commerce.ts';
import { add, cancel, cartOf, checkout, confirm, coupons, devPay, order } from './support/commerce-calls.ts';
import { pay } from './support/commerce-calls.ts';

beforeAll(openCommerce);
afterAll(closeCommerce);
afterEach(expectLedgerInvariant);

// Orders: pay, the payment page, confirm, cancel ------------------------------------------------------------

describe('paying a pending order', () => {
  it('on the payment page settles it exactly once; confirm is idempotent', async () => {
    const me = await buyer();
    await add(me, P.card999);
    await add(me, P.card499);
    const created = await checkout(me, [P.card999, P.card499]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    const sales = await salesOf(P.card999);

    // pay answers the same open session (no new one while it is open)
    const payRes = await pay(me, orderId);
    expect(payRes.status).toBe(200);
    expect(payRes.body.extend.data.paymentUrl).toBe(`/dev-pay/${sessionId}`);
    expect(payRes.body.extend.data.order.status).toBe('pending');

    // Confirming before paying changes nothing.
    const early = await confirm(me, orderId, sessionId);
    expect(early.status).toBe(200);
    expect(early.body.extend.data.status).toBe('pending');

    // The page shows the order and two buttons, no JavaScript.
    const page = await server.app.inject({ method: 'GET', url: `/dev-pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(new RegExp(`<h1>Pay for order #${orderId}</h1>`));
    expect(page.body).toContain('Golden hour rooftop');
    expect(page.body).toContain('$9.99');
    expect(page.body).toContain('$14.98');
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${sessionId}/pay">`);
    expect(page.body).toContain(`<form method="post" action="/dev-pay/${sessionId}/cancel">`);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Pay<\/button>/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Cancel<\/button>/);
    expect(page.body).not.toContain('<script');

    const paid = await devPay(sessionId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paiddetail-${orderId}-${sessionId}.html`);
    const once = await snapshot(me.id);

    // Pressing Pay again, and confirming twice, settle nothing more.
    expect((await devPay(sessionId, 'pay')).headers.location).toBe(
      `/paiddetail-${orderId}-${sessionId}.html`,
    );
    const c1 = await confirm(me, orderId, sessionId);
    const c2 = await confirm(me, orderId, sessionId);
    expect(c1.status).toBe(200);
    expect(c2.body.extend.data).toEqual(c1.body.extend.data);
    expect(c1.body.extend.data).toMatchObject({
      status: 'paid',
      paidAt: expect.any(String),
      payment: { method: 'card', sessionId, paymentUrl: null },
    });
    expect(await snapshot(me.id)).toEqual(once);

    expect(once.access).toEqual([{ prompt_id: P.card499 }, { prompt_id: P.card999 }]);
    expect(once.cart).toEqual([]);
    expect(once.sessions).toEqual([{ id: sessionId, status: 'paid' }]);
    expect(await salesOf(P.card999)).toBe(sales + 1);
    const messages = await server.db.query<{ title: string }>(
      `SELECT title FROM messages WHERE user_id = $1 AND kind = 'order'`,
      [me.id],
    );
    expect(messages).toEqual([{ title: `Order #${orderId} is paid` }]);
    // A paid order cannot be paid or cancelled; its page says so.
    expect((await pay(me, orderId)).status).toBe(409);
    const cancelPaid = await cancel(me, orderId);
    expect(cancelPaid.status).toBe(409);
    expect(cancelPaid.body.msg).toMatch(/is paid and cannot be cancelled/);
    const closed = await server.app.inject({ method: 'GET', url: `/dev-pay/${sessionId}` });
    expect(closed.body).toContain(`Order #${orderId} is paid`);
    expect(closed.body).not.toContain('<form');
  });

  it('after Cancel on the payment page stays pending; paying again opens a new session', async () => {
    const me = await buyer();
    const created = await checkout(me, [P.card300]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const first = created.body.extend.data.cardOrder!.payment.sessionId!;

    const back = await devPay(first, 'cancel');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/pendingdetail-${orderId}.html`);
    const pending = await order(me, orderId);
    expect(pending.body.extend.data).toMatchObject({
      status: 'pending',
      payment: { sessionId: first, paymentUrl: null },
    });
    // The cancelled session can no longer be paid.
    const late = await devPay(first, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This payment is closed');
    expect((await order(me, orderId)).body.extend.data.status).toBe('pending');

    const again = await pay(me, orderId);
    expect(again.status).toBe(200);
    const second = again.body.extend.data.order.payment.sessionId!;
    expect(second).not.toBe(first);
    expect(again.body.extend.data.paymentUrl).toBe(`/dev-pay/${second}`);
    expect(again.body.extend.data.order.payment.paymentUrl).toBe(`/dev-pay/${second}`);
    expect((await devPay(second, 'pay')).headers.location).toBe(`/paiddetail-${orderId}-${second}.html`);
    // The old session's paid page does not settle anything (it is not paid), the new one is.
    expect((await confirm(me, orderId, first)).body.extend.data.status).toBe('paid');
    const sessions = await server.db.query(
      'SELECT id, status FROM payment_sessions WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    );
    expect(sessions).toEqual([
      { id: first, status: 'cancelled' },
      { id: second, status: 'paid' },
    ]);
  });

  it('confirm settles a paid session that was not settled yet (a provider redirect before its webhook)', async () => {
    const me = await buyer();
    const created = await checkout(me, [P.card499]);
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [
      sessionId,
    ]);
    const [a, b] = await Promise.all([confirm(me, orderId, sessionId), confirm(me, orderId, sessionId)]);
    expect(a.body.extend.data.status).toBe('paid');
    expect(b.body.extend.data.status).toBe('paid');
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(1);
    expect(await count(`SELECT 1 FROM messages WHERE user_id = $1 AND kind = 'order'`, [me.id])).toBe(1);
    // Another order's session, or an unknown one: 404.
    expect((await confirm(me, orderId, 'cs_unknown_session')).status).toBe(404);

    // Asking to pay an order whose session was paid but not settled settles it (and says it is paid).
    const next = await checkout(me, [P.card300]);
    const nextId = next.body.extend.data.cardOrder!.id;
    await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = now() WHERE id = $1`, [
      next.body.extend.data.cardOrder!.payment.sessionId,
    ]);
    const payPaid = await pay(me, nextId);
    expect(payPaid.status).toBe(409);
    expect(payPaid.body.msg).toBe(`Order #${nextId} is already paid.`);
    expect((await order(me, nextId)).body.extend.data.status).toBe('paid');
    expect((await confirm(me, orderId, next.body.extend.data.cardOrder!.payment.sessionId!)).status).toBe(
      404,
    );
  });

  it('cancelled returns its items to the cart and its coupon; cancelling again changes nothing', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'percent', value: 20 });
    const created = await checkout(me, [P.card1250, P.card300], { couponId });
    const orderId = created.body.extend.data.cardOrder!.id;
    const sessionId = created.body.extend.data.cardOrder!.payment.sessionId!;
    expect((await cartOf(me)).body.extend.data.items).toEqual([]); // bought from a detail page: not in the cart

    const res = await cancel(me, orderId);
    expect(res.status).toBe(200);
    expect(res.body.extend.data).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
      payment: { paymentUrl: null },
    });
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId).sort()).toEqual(
      [P.card1250, P.card300].sort(),
    );
    const coupon = (await coupons(me)).body.extend.data.find((c) => c.id === couponId);
    expect(coupon).toMatchObject({ status: 'valid', usedAt: null, orderId: null });
    expect(await server.db.one('SELECT status FROM payment_sessions WHERE id = $1', [sessionId])).toEqual({
      status: 'cancelled',
    });
    const once = await snapshot(me.id);
    const again = await cancel(me, orderId);
    expect(again.status).toBe(200);
    expect(again.body.extend.data.status).toBe('cancelled');
    expect(await snapshot(me.id)).toEqual(once);

    // A cancelled order cannot be paid; its session's page says it is closed.
    const payCancelled = await pay(me, orderId);
    expect(payCancelled.status).toBe(409);
    expect(payCancelled.body.msg).toMatch(/was cancelled/);
    expect((await devPay(sessionId, 'pay')).statusCode).toBe(409);
    // The coupon works again on a new order.
    const reused = await checkout(me, [P.card1250], { couponId });
    expect(reused.status).toBe(200);
    expect(reused.body.extend.data.cardOrder?.totals).toMatchObject({ discountCents: 250, totalCents: 1000 });
  });

  it('a coupon released after its end date reads expired', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'percent', value: 20 });
    const created = await checkout(me, [P.card999], { couponId });
    await server.db.query(
      `UPDATE coupons SET valid_from = now() - interval '10 days', valid_until = now() - interval '1 day' WHERE id = $1`,
      [couponId],
    );
    await cancel(me, created.body.extend.data.cardOrder!.id);
    expect((await coupons(me, 'expired')).body.extend.data.map((c) => c.id)).toEqual([couponId]);
  });
});

// Without the development stand-ins -------------------------------------------------------------------------

describe('without a payment page (development stand-ins off)', () => {
  it('refuses premium checkouts with 503, still sells FruitCoin prompts, and serves no /dev-pay', async () => {
    const prod = await createTestServer({ config: { devStandIns: false } });
    try {
      const token = await prod.tokenFor('demo@example.com');
      const premium = await prod.db.one<{ id: number }>(
        `SELECT p.id FROM prompts p WHERE p.grade = 2 AND NOT EXISTS (
           SELECT 1 FROM user_prompt_access a JOIN users u ON u.id = a.user_id
           WHERE u.email = 'demo@example.com' AND a.prompt_id = p.id) ORDER BY p.id LIMIT 1`,
      );
      const res = await post(
        prod,
        '/api/my/orders',
        { promptIds: [premium.id], requestId: 'p-1' },
        bearer(token),
      );
      expect(res.status).toBe(503);
      expect(res.body.msg).toMatch(/Card payment is not available/);
      const fruit = await prod.db.one<{ id: number }>(
        `SELECT p.id FROM prompts p WHERE p.grade = 1 AND p.price_fruit <= 50 AND NOT EXISTS (
           SELECT 1 FROM user_prompt_access a JOIN users u ON u.id = a.user_id
           WHERE u.email = 'demo@example.com' AND a.prompt_id = p.id) ORDER BY p.id LIMIT 1`,
      );
      const sold = await post<{ data: CheckoutResult }>(
        prod,
        '/api/my/orders',
        { promptIds: [fruit.id], requestId: 'p-2' },
        bearer(token),
      );
      expect(sold.status).toBe(200);
      expect(sold.body.extend.data.fruitOrder?.status).toBe('paid');
      const page = await prod.app.inject({ method: 'GET', url: '/dev-pay/cs_demo_5' });
      expect(page.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the development payment page', () => {
  it('answers an unknown session with a 404 page', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/dev-pay/cs_nothing_here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Payment not found');
    expect((await devPay('cs_nothing_here', 'pay')).statusCode).toBe(404);
    expect((await devPay('cs_nothing_here', 'cancel')).statusCode).toBe(404);
    // The buttons work without a form body too.
    expect(
      (await server.app.inject({ method: 'POST', url: '/dev-pay/cs_nothing_here/pay' })).statusCode,
    ).toBe(404);
  });
});
