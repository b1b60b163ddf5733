// The buying side (docs/decisions/004-commerce.md): the FruitCoin ledger, the exchange of FruitCoins for
// coupons, and purchases through a share link. Every number is the server's; every call is the token's own
// user's; the FruitCoin ledger always sums to the balance (checked after every test).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeOffer } from '../../domain/commerce.ts';
import { get, post } from './support/auth.ts';
import { balanceOf, buyer, demo, openCommerceForFile, P, server, setBalance } from './support/commerce.ts';
import { snapshot } from './support/commerce.ts';
import { auth, checkout, confirm, coupons, devPay, exchange, ledger } from './support/commerce-calls.ts';

openCommerceForFile();

// Ledger, offers, exchange ---------------------------------------------------------------------------------

describe('the FruitCoin ledger', () => {
  it('pages the member’s entries newest first with the balance', async () => {
    const me = await buyer(100);
    await checkout(me, [P.fruit10]);
    await checkout(me, [P.fruit25]);
    const page = await ledger(me, '?pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body.extend).toMatchObject({ total: 3, page: 1, pageSize: 2, balance: 65 });
    expect(page.body.extend.data.map((e) => [e.amount, e.balanceAfter, e.kind])).toEqual([
      [-25, 65, 'purchase'],
      [-10, 90, 'purchase'],
    ]);
    expect(page.body.extend.data[0]!.orderId).toEqual(expect.any(Number));
    const rest = await ledger(me, '?page=2&pageSize=2');
    expect(rest.body.extend.data.map((e) => e.kind)).toEqual(['adjustment']);
    expect((await ledger(me, '?pageSize=101')).status).toBe(400);
  });
});

describe('the exchange', () => {
  let offers: ExchangeOffer[];
  beforeAll(async () => {
    const res = await get<{ data: ExchangeOffer[]; balance: number }>(
      server,
      '/api/my/exchange/offers',
      auth(demo),
    );
    expect(res.status).toBe(200);
    expect(res.body.extend.balance).toBe(await balanceOf(demo.id));
    offers = res.body.extend.data;
    expect(offers.length).toBeGreaterThan(0);
  });

  it('turns FruitCoins into a coupon: one debit, a new code, a message', async () => {
    const offer = offers[0]!;
    const me = await buyer(offer.fruitCost + 7);
    const res = await exchange(me, offer.id, 'swap-1');
    expect(res.status).toBe(200);
    const { coupon, balance } = res.body.extend.data;
    expect(balance).toBe(7);
    expect(coupon).toMatchObject({
      title: offer.couponTitle,
      kind: offer.couponKind,
      value: offer.couponValue,
      minSpendCents: offer.couponMinSpendCents,
      status: 'valid',
      usedAt: null,
      orderId: null,
      exchangeOfferId: offer.id,
      code: expect.stringMatching(/^FRUIT-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
    });
    const days = (Date.parse(coupon.validUntil) - Date.parse(coupon.validFrom)) / 86_400_000;
    expect(days).toBeCloseTo(offer.couponValidDays, 5);
    const entries = await server.db.query(
      `SELECT amount, balance_after, kind, exchange_offer_id FROM fruit_ledger WHERE user_id = $1 AND kind = 'exchange'`,
      [me.id],
    );
    expect(entries).toEqual([
      { amount: -offer.fruitCost, balance_after: 7, kind: 'exchange', exchange_offer_id: offer.id },
    ]);
    const messages = await server.db.query<{ kind: string; body: string }>(
      'SELECT kind, body FROM messages WHERE user_id = $1',
      [me.id],
    );
    expect(messages).toEqual([{ kind: 'coupon', body: expect.stringContaining(coupon.code) }]);
    // A retry answers the same coupon; nothing is debited twice.
    const again = await exchange(me, offer.id, 'swap-1');
    expect(again.body.extend.data.coupon).toEqual(coupon);
    expect(again.body.extend.data.balance).toBe(7);
    expect((await coupons(me)).body.extend.data).toHaveLength(1);
  });

  it('refuses without enough FruitCoins (409), an unknown offer (404) and bad input (400)', async () => {
    const offer = offers[0]!;
    const me = await buyer(offer.fruitCost - 1);
    const before = await snapshot(me.id);
    const poor = await exchange(me, offer.id);
    expect(poor.status).toBe(409);
    expect(poor.body.msg).toBe(
      `Not enough FruitCoins: this coupon costs ${offer.fruitCost} and your balance is ${offer.fruitCost - 1}. You need 1 more.`,
    );
    expect((await exchange(me, 999_999)).status).toBe(404);
    for (const body of [
      {},
      { offerId: 'x', requestId: 'a' },
      { offerId: 1 },
      { offerId: 0, requestId: 'a' },
    ]) {
      expect((await post(server, '/api/my/exchange', body, auth(me))).status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(me.id)).toEqual(before);
  });

  it('makes a coupon that works at checkout', async () => {
    // only amounts are sold for coins (a percentage has no bound: issue 37)
    expect(offers.every((o) => o.couponKind === 'amount')).toBe(true);
    const offer = offers.find((o) => o.couponMinSpendCents <= 999)!;
    const me = await buyer(offer.fruitCost);
    const { coupon } = (await exchange(me, offer.id)).body.extend.data;
    const res = await checkout(me, [P.card999], { couponId: coupon.id });
    expect(res.status).toBe(200);
    expect(res.body.extend.data.cardOrder?.totals.discountCents).toBe(offer.couponValue);
  });
});

// Referral ------------------------------------------------------------------------------------------------

describe('a purchase through a share link', () => {
  it('credits the link’s owner once the order is paid, once, never the buyer', async () => {
    const link = await server.db.one<{ id: string }>(
      `SELECT id FROM short_links WHERE owner_id = $1 AND NOT partner ORDER BY id LIMIT 1`,
      [demo.id],
    );
    const me = await buyer(100);
    const demoBalance = await balanceOf(demo.id);
    // FruitCoin part 40 -> 4 coins; card part $12.50 -> 12 coins.
    const res = await checkout(me, [P.fruit40, P.card1250], { referral: link.id });
    expect(res.status).toBe(200);
    expect(await balanceOf(demo.id)).toBe(demoBalance + 4);
    const sessionId = res.body.extend.data.cardOrder!.payment.sessionId!;
    await devPay(sessionId, 'pay');
    await devPay(sessionId, 'pay');
    await confirm(me, res.body.extend.data.cardOrder!.id, sessionId);
    expect(await balanceOf(demo.id)).toBe(demoBalance + 4 + 12);
    const bonuses = await server.db.query<{ amount: number }>(
      `SELECT amount FROM fruit_ledger WHERE user_id = $1 AND kind = 'bonus' AND reason LIKE 'Referral%' ORDER BY id`,
      [demo.id],
    );
    expect(bonuses.slice(-2)).toEqual([{ amount: 4 }, { amount: 12 }]);
    expect(await balanceOf(me.id)).toBe(60);

    // Through one's own link: no credit. An unknown link: ignored, the purchase goes through.
    const demoNow = await balanceOf(demo.id);
    await setBalance(demo.id, demoNow + 100);
    const own = await checkout(demo, [P.fruit10], { referral: link.id });
    expect(own.status).toBe(200);
    expect(await balanceOf(demo.id)).toBe(demoNow + 100 - 10);
    const stray = await checkout(me, [P.fruit10], { referral: 'nope-not-a-link' });
    expect(stray.status).toBe(200);
  });
});
