// The buying side (docs/decisions/004-commerce.md): checkout of FruitCoin, premium and mixed carts, refusals
// and retries. Every number is the server's; every call is the token's own user's; the FruitCoin ledger
// always sums to the balance (checked after every test).
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../domain/commerce.ts';
import { call, get, post } from './support/auth.ts';
import { balanceOf, buyer, count, giveCoupon, openCommerceForFile, P, salesOf } from './support/commerce.ts';
import { server, snapshot } from './support/commerce.ts';
import { add, auth, cartOf, checkout, coupons } from './support/commerce-calls.ts';

openCommerceForFile();

// Checkout -----------------------------------------------------------------------------------------------

describe('checkout', () => {
  it('of FruitCoin prompts pays at once: one debit, access, sales, cart emptied, a message', async () => {
    const me = await buyer(100);
    await add(me, P.fruit10);
    await add(me, P.fruit25);
    await add(me, P.card300); // stays in the cart: not bought here
    const sales = await salesOf(P.fruit10);
    const res = await checkout(me, [P.fruit10, P.fruit25]);
    expect(res.status).toBe(200);
    const result = res.body.extend.data;
    expect(result.cardOrder).toBeNull();
    expect(result.paymentUrl).toBeNull();
    expect(result.balance).toBe(65);
    expect(result.fruitOrder).toMatchObject({
      status: 'paid',
      itemCount: 2,
      totals: { fruit: 35, subtotalCents: 0, discountCents: 0, totalCents: 0 },
      payment: { method: 'fruit', sessionId: null, paymentUrl: null },
      coupon: null,
      paidAt: expect.any(String),
    });
    const orderId = result.fruitOrder!.id;
    expect(await balanceOf(me.id)).toBe(65);
    const entries = await server.db.query(
      `SELECT amount, balance_after, kind, order_id FROM fruit_ledger WHERE user_id = $1 AND kind = 'purchase'`,
      [me.id],
    );
    expect(entries).toEqual([{ amount: -35, balance_after: 65, kind: 'purchase', order_id: orderId }]);
    const access = await server.db.query(
      'SELECT prompt_id, source, order_id FROM user_prompt_access WHERE user_id = $1 ORDER BY prompt_id',
      [me.id],
    );
    expect(access).toEqual([
      { prompt_id: P.fruit10, source: 'order', order_id: orderId },
      { prompt_id: P.fruit25, source: 'order', order_id: orderId },
    ]);
    expect(await salesOf(P.fruit10)).toBe(sales + 1);
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId)).toEqual([P.card300]);
    const messages = await server.db.query<{ kind: string; title: string; body: string }>(
      'SELECT kind, title, body FROM messages WHERE user_id = $1',
      [me.id],
    );
    expect(messages).toEqual([
      {
        kind: 'order',
        title: `Order #${orderId} is paid`,
        body: expect.stringContaining('“Amber forest path”'),
      },
    ]);
    // The template is now the member's.
    const detail = await get<{ data: { hasAccess: number; promptDetail: { template: string | null } } }>(
      server,
      `/api/prompts/detail?id=${P.fruit25}`,
      auth(me),
    );
    expect(detail.body.extend.data.hasAccess).toBe(1);
    expect(detail.body.extend.data.promptDetail.template).toMatch(/Secret template/);
  });

  it('refuses when the FruitCoins do not cover it: 409 with both numbers, nothing changes', async () => {
    const me = await buyer(30);
    const before = await snapshot(me.id);
    const res = await checkout(me, [P.fruit25, P.fruit10, P.card499]);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'Not enough FruitCoins: this order costs 35 and your balance is 30. You need 5 more.',
    );
    expect(res.body.extend).toEqual({ cost: 35, balance: 30 });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it('refuses what the member owns (409), free (400) and unknown (404) prompts, client prices ignored', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit40]);
    const before = await snapshot(me.id);
    const owned = await checkout(me, [P.fruit10, P.fruit40]);
    expect(owned.status).toBe(409);
    expect(owned.body.msg).toMatch(/You already own “Cobalt night market”/);
    const free = await checkout(me, [P.free]);
    expect(free.status).toBe(400);
    const unknown = await checkout(me, [P.fruit10, 1_999_999_999]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toMatch(/Prompt 1999999999 not found/);
    expect(await snapshot(me.id)).toEqual(before);

    // Prices in the body are not read: the server's are charged.
    const res = await post<{ data: CheckoutResult }>(
      server,
      '/api/my/orders',
      {
        promptIds: [P.fruit10],
        requestId: 'priced-by-client',
        totalFruit: 1,
        priceFruit: 0,
        totals: { fruit: 0 },
      },
      auth(me),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.data.fruitOrder?.totals.fruit).toBe(10);
    expect(res.body.extend.data.balance).toBe(50);
  });

  it('rejects malformed bodies with 400, never 500', async () => {
    const me = await buyer(100);
    const bodies: unknown[] = [
      {},
      { promptIds: [], requestId: 'x' },
      { promptIds: [P.fruit10] },
      { promptIds: [P.fruit10], requestId: '' },
      { promptIds: [P.fruit10], requestId: 'has space' },
      { promptIds: [P.fruit10], requestId: 'x'.repeat(129) },
      { promptIds: ['a'], requestId: 'x' },
      { promptIds: [0], requestId: 'x' },
      { promptIds: Array.from({ length: 101 }, (_, i) => i + 1), requestId: 'x' },
      { promptIds: [P.fruit10], requestId: 'x', couponId: 'abc' },
      { promptIds: [P.fruit10], requestId: 'x', referral: 'y'.repeat(65) },
      { promptIds: 'all', requestId: 'x' },
    ];
    for (const body of bodies) {
      const res = await post(server, '/api/my/orders', body, auth(me));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const malformed = await call(server, {
      method: 'POST',
      url: '/api/my/orders',
      headers: { ...auth(me), 'content-type': 'application/json' },
      payload: '{"promptIds": [',
    });
    expect(malformed.status).toBe(400);
    expect(await balanceOf(me.id)).toBe(100);
  });

  it('of premium prompts makes a pending order with a payment page, and reserves the coupon', async () => {
    const me = await buyer();
    await add(me, P.card1250);
    await add(me, P.card300);
    const couponId = await giveCoupon(me.id, { kind: 'amount', value: 500, minSpendCents: 1200 });
    const res = await checkout(me, [P.card1250, P.card300], { couponId });
    expect(res.status).toBe(200);
    const { cardOrder, fruitOrder, paymentUrl, balance } = res.body.extend.data;
    expect(fruitOrder).toBeNull();
    expect(balance).toBe(0);
    expect(cardOrder).toMatchObject({
      status: 'pending',
      paidAt: null,
      totals: { fruit: 0, subtotalCents: 1550, discountCents: 500, totalCents: 1050 },
      coupon: { id: couponId, kind: 'amount', value: 500 },
      payment: { method: 'card', sessionId: expect.stringMatching(/^cs_[a-f0-9]{32}$/) },
    });
    expect(paymentUrl).toBe(`/dev-pay/${cardOrder!.payment.sessionId}`);
    expect(cardOrder!.payment.paymentUrl).toBe(paymentUrl);
    expect(cardOrder!.items.map((i) => [i.promptId, i.priceCents])).toEqual([
      [P.card1250, 1250],
      [P.card300, 300],
    ]);
    const coupon = (await coupons(me)).body.extend.data.find((c) => c.id === couponId);
    expect(coupon).toMatchObject({ status: 'used', orderId: cardOrder!.id, usedAt: expect.any(String) });
    // Not paid: no access yet, the items stay in the cart, the same coupon cannot be used twice.
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(0);
    expect((await cartOf(me)).body.extend.data.items).toHaveLength(2);
    expect((await cartOf(me, couponId)).body.extend.data.couponError).toMatch(/already been used/);
    // Nor can the same prompts be checked out again while the order waits.
    const twice = await checkout(me, [P.card300]);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(new RegExp(`already in order #${cardOrder!.id}, waiting for payment`));
  });

  it('of a mixed cart makes two orders: the FruitCoin one paid, the premium one pending', async () => {
    const me = await buyer(60);
    for (const id of [P.fruit10, P.fruit40, P.card499]) await add(me, id);
    const res = await checkout(me, [P.fruit10, P.fruit40, P.card499]);
    expect(res.status).toBe(200);
    const { fruitOrder, cardOrder, paymentUrl, balance } = res.body.extend.data;
    expect(fruitOrder).toMatchObject({ status: 'paid', totals: { fruit: 50, subtotalCents: 0 } });
    expect(cardOrder).toMatchObject({
      status: 'pending',
      totals: { fruit: 0, subtotalCents: 499, totalCents: 499 },
    });
    expect(fruitOrder!.id).not.toBe(cardOrder!.id);
    expect(paymentUrl).toMatch(/^\/dev-pay\/cs_/);
    expect(balance).toBe(10);
    expect((await cartOf(me)).body.extend.data.items.map((i) => i.promptId)).toEqual([P.card499]);
  });

  it('with a coupon that covers everything is paid at once, without a payment page', async () => {
    const me = await buyer();
    const couponId = await giveCoupon(me.id, { kind: 'amount', value: 1000 });
    const res = await checkout(me, [P.card300], { couponId });
    expect(res.status).toBe(200);
    expect(res.body.extend.data.cardOrder).toMatchObject({
      status: 'paid',
      totals: { subtotalCents: 300, discountCents: 300, totalCents: 0 },
      payment: { method: 'card', sessionId: null, paymentUrl: null },
    });
    expect(res.body.extend.data.paymentUrl).toBeNull();
    expect(await count('SELECT 1 FROM user_prompt_access WHERE user_id = $1', [me.id])).toBe(1);
  });

  it('retried with the same requestId answers the first result and buys nothing twice', async () => {
    const me = await buyer(100);
    const first = await checkout(me, [P.fruit25, P.card999], { requestId: 'retry-1' });
    expect(first.status).toBe(200);
    const after = await snapshot(me.id);
    const again = await checkout(me, [P.fruit25, P.card999], { requestId: 'retry-1' });
    expect(again.status).toBe(200);
    expect(again.body.extend.data).toEqual(first.body.extend.data);
    // Even with another body: the requestId names the checkout.
    const other = await checkout(me, [P.fruit40], { requestId: 'retry-1' });
    expect(other.body.extend.data).toEqual(first.body.extend.data);
    expect(await snapshot(me.id)).toEqual(after);
    // Concurrent retries: still one checkout.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => checkout(me, [P.fruit10], { requestId: 'retry-2' })),
    );
    expect(new Set(racing.map((r) => JSON.stringify(r.body.extend.data))).size).toBe(1);
    expect(await balanceOf(me.id)).toBe(65);
    // Another member's requestId is theirs: the same id buys for this member.
    const other2 = await buyer(100);
    const theirs = await checkout(other2, [P.fruit10], { requestId: 'retry-2' });
    expect(theirs.body.extend.data.fruitOrder?.id).not.toBe(racing[0]!.body.extend.data.fruitOrder?.id);
  });
});
