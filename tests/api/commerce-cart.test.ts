// The buying side (docs/decisions/004-commerce.md): the cart, coupons on the cart and at checkout, and the
// API reference of every call. Every number is the server's; every call is the token's own user's; the
// FruitCoin ledger always sums to the balance (checked after every test).
import { describe, expect, it } from 'vitest';
import { call, get, post } from './support/auth.ts';
import { alice, buyer, demo, giveCoupon, openCommerceForFile, P, server } from './support/commerce.ts';
import { snapshot } from './support/commerce.ts';
import { add, auth, cartOf, checkout, coupons, remove } from './support/commerce-calls.ts';

openCommerceForFile();

// Cart ---------------------------------------------------------------------------------------------------

describe('the cart', () => {
  it('adds and removes prompts, prices them and keeps the totals of both currencies apart', async () => {
    const me = await buyer(100);
    const empty = await cartOf(me);
    expect(empty.status).toBe(200);
    expect(empty.body.extend.data).toEqual({
      items: [],
      totals: { fruit: 0, subtotalCents: 0, discountCents: 0, totalCents: 0 },
      coupon: null,
      couponError: null,
      balance: 100,
    });

    for (const id of [P.fruit10, P.card499, P.fruit25, P.card1250])
      expect((await add(me, id)).status).toBe(200);
    const again = await add(me, P.fruit10); // adding twice changes nothing
    expect(again.status).toBe(200);
    const cart = again.body.extend.data;
    expect(cart.items.map((i) => i.promptId)).toEqual([P.fruit10, P.card499, P.fruit25, P.card1250]);
    expect(cart.totals).toEqual({ fruit: 35, subtotalCents: 1749, discountCents: 0, totalCents: 1749 });
    expect(cart.items[1]).toMatchObject({
      promptId: P.card499,
      slugId: `commerce-test-${P.card499}-${P.card499}`,
      title: 'Dune caravan at dusk',
      grade: 2,
      generatorType: 1,
      priceFruit: null,
      priceCents: 499,
      image: {
        url: `/api/images/prompts/${P.card499}/0.webp`,
        width: expect.any(Number),
        alt: expect.any(String),
      },
    });
    expect(cart.balance).toBe(100);
    const badge = await get<{ data: number }>(server, '/api/my/cart/count', auth(me));
    expect(badge.body.extend.data).toBe(4);

    const removed = await remove(me, P.card499);
    expect(removed.status).toBe(200);
    expect(removed.body.extend.data.totals).toEqual({
      fruit: 35,
      subtotalCents: 1250,
      discountCents: 0,
      totalCents: 1250,
    });
    // Removing what is not there (or does not exist) is not an error.
    expect((await remove(me, P.card499)).status).toBe(200);
    expect((await remove(me, 2_000_000_000)).status).toBe(200);
    expect((await cartOf(me)).body.extend.data.items).toHaveLength(3);
  });

  it('refuses free (400), unknown (404) and owned (409) prompts, and bad input (400)', async () => {
    const me = await buyer(50);
    const free = await add(me, P.free);
    expect(free.status).toBe(400);
    expect(free.body.msg).toMatch(/free/);
    const unknown = await add(me, 1_999_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Prompt not found');

    expect((await checkout(me, [P.fruit10])).status).toBe(200);
    const owned = await add(me, P.fruit10);
    expect(owned.status).toBe(409);
    expect(owned.body.msg).toMatch(/already own “Amber forest path”/);

    for (const promptId of [0, -1, 'abc', 1.5, 2 ** 31, null]) {
      const bad = await add(me, promptId);
      expect(bad.status, String(promptId)).toBe(400);
      expect(bad.body.success).toBe(false);
    }
    const missing = await post(server, '/api/my/cart/add', {}, auth(me));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Missing body field 'promptId'");
    expect((await cartOf(me)).body.extend.data.items).toEqual([]);
  });

  it('needs a signed-in member (401) for every call of the buying side', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/my/cart'],
      ['POST', '/api/my/cart/add'],
      ['POST', '/api/my/cart/remove'],
      ['POST', '/api/my/orders'],
      ['GET', '/api/my/orders'],
      ['GET', '/api/my/orders/1'],
      ['POST', '/api/my/orders/1/cancel'],
      ['POST', '/api/my/orders/1/pay'],
      ['POST', '/api/my/orders/1/confirm'],
      ['GET', '/api/my/fruit/transactions'],
      ['GET', '/api/my/coupons'],
      ['GET', '/api/my/exchange/offers'],
      ['POST', '/api/my/exchange'],
    ];
    for (const [method, url] of calls) {
      const res = await call(server, {
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});

// Coupons on the cart and at checkout ------------------------------------------------------------------

describe('coupons', () => {
  it('apply to the money part only: percent rounded down, amount capped, shown on the cart', async () => {
    const me = await buyer(100);
    await add(me, P.fruit25);
    await add(me, P.card1250);
    await add(me, P.card999);
    const percent = await giveCoupon(me.id, { kind: 'percent', value: 15 });
    const priced = await cartOf(me, percent);
    expect(priced.status).toBe(200);
    // 15% of 2249 = 337.35 -> 337
    expect(priced.body.extend.data.totals).toEqual({
      fruit: 25,
      subtotalCents: 2249,
      discountCents: 337,
      totalCents: 1912,
    });
    expect(priced.body.extend.data.coupon).toMatchObject({
      id: percent,
      kind: 'percent',
      value: 15,
      status: 'valid',
    });
    expect(priced.body.extend.data.couponError).toBeNull();

    const big = await giveCoupon(me.id, { kind: 'amount', value: 5000 });
    expect((await cartOf(me, big)).body.extend.data.totals).toMatchObject({
      discountCents: 2249,
      totalCents: 0,
    });
  });

  it('never fail the cart: a bad coupon answers coupon null and why', async () => {
    const me = await buyer();
    await add(me, P.card499);
    const expired = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const minSpend = await giveCoupon(me.id, { kind: 'amount', value: 200, minSpendCents: 1000 });
    const later = await giveCoupon(me.id, {
      validFrom: '2099-01-01T00:00:00Z',
      validUntil: '2099-02-01T00:00:00Z',
    });
    const alices = (await server.db.one<{ id: number }>(`SELECT id FROM coupons WHERE code = 'CREATOR20-AM'`))
      .id;
    const cases: [number | string, RegExp][] = [
      [expired, /expired on February 1, 2025/],
      [used, /has already been used/],
      [minSpend, /at least \$10\.00; these come to \$4\.99/],
      [later, /can be used from January 1, 2099/],
      [alices, /Coupon not found/],
      [2_000_000_000, /Coupon not found/],
      ['abc', /Coupon not found/],
      ['-3', /Coupon not found/],
    ];
    for (const [id, message] of cases) {
      const res = await cartOf(me, id);
      expect(res.status, String(id)).toBe(200);
      expect(res.body.extend.data.coupon).toBeNull();
      expect(res.body.extend.data.couponError).toMatch(message);
      expect(res.body.extend.data.totals).toEqual({
        fruit: 0,
        subtotalCents: 499,
        discountCents: 0,
        totalCents: 499,
      });
    }
    expect((await cartOf(me, '')).body.extend.data.couponError).toBeNull();
  });

  it('that do not apply are refused at checkout (404 another member’s, 409 expired / used / min spend), changing nothing', async () => {
    const me = await buyer(100);
    const expired = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const minSpend = await giveCoupon(me.id, { kind: 'amount', value: 200, minSpendCents: 1000 });
    const alices = await giveCoupon(alice.id);
    const good = await giveCoupon(me.id);
    const before = await snapshot(me.id);
    const aliceBefore = await snapshot(alice.id);
    const cases: [number, number, RegExp][] = [
      [expired, 409, /expired/],
      [used, 409, /already been used/],
      [minSpend, 409, /at least \$10\.00/],
      [alices, 404, /Coupon not found/],
    ];
    for (const [couponId, status, message] of cases) {
      const res = await checkout(me, [P.fruit10, P.card499], { couponId });
      expect(res.status, String(couponId)).toBe(status);
      expect(res.body.msg).toMatch(message);
    }
    // A coupon on an order with nothing to pay in money.
    const fruitOnly = await checkout(me, [P.fruit10], { couponId: good });
    expect(fruitOnly.status).toBe(409);
    expect(fruitOnly.body.msg).toMatch(/premium prompts/);
    expect(await snapshot(me.id)).toEqual(before);
    expect(await snapshot(alice.id)).toEqual(aliceBefore);
  });

  it('are listed with their computed status and filtered by it', async () => {
    const me = await buyer();
    const valid = await giveCoupon(me.id);
    const pastEnd = await giveCoupon(me.id, {
      validFrom: '2025-01-01T00:00:00Z',
      validUntil: '2025-02-01T00:00:00Z',
    });
    const used = await giveCoupon(me.id, { status: 'used' });
    const all = await coupons(me);
    expect(all.status).toBe(200);
    expect(all.body.extend.data.map((c) => [c.id, c.status])).toEqual(
      expect.arrayContaining([
        [valid, 'valid'],
        [pastEnd, 'expired'],
        [used, 'used'],
      ]),
    );
    expect(all.body.extend.data[0]?.id).toBe(valid); // valid ones first
    expect((await coupons(me, 'expired')).body.extend.data.map((c) => c.id)).toEqual([pastEnd]);
    expect((await coupons(me, 'valid')).body.extend.data.map((c) => c.id)).toEqual([valid]);
    expect((await coupons(me, 'used')).body.extend.data.map((c) => c.id)).toEqual([used]);
    expect((await coupons(me, 'lost')).status).toBe(400);
    // Only the member's own.
    const demos = await coupons(demo);
    expect(demos.body.extend.data.map((c) => c.code)).toContain('FRESH15-DM');
    expect(demos.body.extend.data.map((c) => c.code)).not.toContain('CREATOR20-AM');
    const spring = demos.body.extend.data.find((c) => c.code === 'SPRING3-DM');
    expect(spring).toMatchObject({ status: 'used', orderId: expect.any(Number) });
  });
});

describe('the API reference', () => {
  it('documents every call of the buying side', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const expected: [string, string][] = [
      ['/api/my/cart', 'get'],
      ['/api/my/cart/add', 'post'],
      ['/api/my/cart/remove', 'post'],
      ['/api/my/orders', 'post'],
      ['/api/my/orders', 'get'],
      ['/api/my/orders/{orderId}', 'get'],
      ['/api/my/orders/{orderId}/cancel', 'post'],
      ['/api/my/orders/{orderId}/pay', 'post'],
      ['/api/my/orders/{orderId}/confirm', 'post'],
      ['/api/my/fruit/transactions', 'get'],
      ['/api/my/coupons', 'get'],
      ['/api/my/exchange/offers', 'get'],
      ['/api/my/exchange', 'post'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // the orders of one checkout: its id on every order, the others on an order's detail
    const text = JSON.stringify(paths['/api/my/orders/{orderId}']);
    expect(text).toContain('"otherOrders"');
    expect(text).toContain('"checkout"');
    expect(JSON.stringify(paths['/api/my/orders']?.get)).toContain('"orderIds"');
  });
});
