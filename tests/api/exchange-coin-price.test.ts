// The coin price rule of the FruitCoin exchange (issue 37, item 3): coins never buy a coupon worth more
// money than the coins cost. The rule (domain/coin-price.ts) against the packs on sale, every offer in the
// seeded database, the seeder refusing an offer that breaks it, and the arbitrage of the attack run: the 99¢
// pack's 100 coins buy no coupon, while the demo member can still afford one.
import { describe, expect, it } from 'vitest';
import {
  bestPack,
  checkOfferPrice,
  minimumCoinPrice,
  offerDiscountCents,
  PERCENT_NOT_SOLD,
} from '../../domain/coin-price.ts';
import { FRUIT_PACKS } from '../../server/commerce/topups.ts';
import { EXCHANGE_OFFERS } from '../../server/seed/content/accounts.ts';
import { seed, SeedDataError } from '../../server/seed/index.ts';
import type { ExchangeOffer } from '../../domain/commerce.ts';
import { createTestServer, openTestDb } from '../support/server.ts';
import { miniSeed } from './fixtures/mini-seed.ts';
import { get, post } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const amount = (value: number, minSpendCents = 0) => ({ kind: 'amount' as const, value, minSpendCents });
const percent = (value: number, minSpendCents = 0) => ({ kind: 'percent' as const, value, minSpendCents });

describe('the coin price rule', () => {
  it('prices at the pack giving the most coins per cent, bonus included', () => {
    expect(bestPack(FRUIT_PACKS).id).toBe('orchard'); // 2,600 coins for $19.99
    expect(bestPack([...FRUIT_PACKS].reverse()).id).toBe('orchard');
    // $2 at 2,600 coins per 1,999 cents is 260.13 coins: 261, rounded up
    expect(minimumCoinPrice(200, FRUIT_PACKS)).toBe(261);
    expect(minimumCoinPrice(1999, FRUIT_PACKS)).toBe(2600);
    expect(minimumCoinPrice(200, [{ id: 'x', title: 'X', coins: 100, bonusCoins: 0, priceCents: 100 }])).toBe(
      200,
    );
  });

  it('values an amount at its value; a percentage has no bound, so no coin price covers it', () => {
    expect(offerDiscountCents(amount(500, 1200))).toBe(500);
    expect(offerDiscountCents(percent(10))).toBeNull();
    expect(offerDiscountCents(percent(25, 1000))).toBeNull();
    // 10% of a $200 cart is $20: any coin price would sell it below its worth
    for (const fruitCost of [260, 2600, 1_000_000])
      expect(checkOfferPrice({ fruitCost, coupon: percent(10) }, FRUIT_PACKS)).toBe(PERCENT_NOT_SOLD);
  });

  it('refuses the attack run’s offer with the least price it may have, and takes that price', () => {
    const old = { fruitCost: 100, coupon: amount(200, 499) };
    expect(checkOfferPrice(old, FRUIT_PACKS)).toBe(
      "An offer's coin price must be at least 261 FruitCoins, not 100: its coupon is worth $2.00, and the " +
        'Orchard pack sells 2,600 FruitCoins for $19.99',
    );
    expect(checkOfferPrice({ ...old, fruitCost: 261 }, FRUIT_PACKS)).toBeNull();
  });

  it('holds for every demo offer, each at a round price', () => {
    for (const offer of EXCHANGE_OFFERS) {
      expect(checkOfferPrice(offer, FRUIT_PACKS), offer.title).toBeNull();
      expect(offer.fruitCost % 50, offer.title).toBe(0);
    }
  });
});

describe('the offers of a seeded database', () => {
  const db = openForSuite(openTestDb);

  it('every offer obeys the rule, and the demo member can afford one', async () => {
    const rows = await db.query<{
      title: string;
      fruit_cost: number;
      coupon_kind: 'amount' | 'percent';
      coupon_value: number;
      coupon_min_spend_cents: number;
    }>('SELECT title, fruit_cost, coupon_kind, coupon_value, coupon_min_spend_cents FROM exchange_offers');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const offer = {
        fruitCost: row.fruit_cost,
        coupon: { kind: row.coupon_kind, value: row.coupon_value, minSpendCents: row.coupon_min_spend_cents },
      };
      expect(checkOfferPrice(offer, FRUIT_PACKS), row.title).toBeNull();
    }
    // the attack run's arbitrage: the cheapest pack's coins buy no coupon
    const cheapest = Math.min(...rows.map((r) => r.fruit_cost));
    expect(cheapest).toBeGreaterThan(FRUIT_PACKS[0]!.coins);
    const { fruit_cnt } = await db.one<{ fruit_cnt: number }>(
      "SELECT fruit_cnt FROM users WHERE email = 'demo@example.com'",
    );
    expect(fruit_cnt).toBeGreaterThanOrEqual(cheapest);
  });

  it('the seeder refuses an offer that breaks the rule, naming its least price', async () => {
    const fresh = await openTestDb('migrated');
    try {
      const data = miniSeed();
      data.exchangeOffers = [{ ...data.exchangeOffers[0]!, fruitCost: 50 }];
      await expect(seed(fresh, data, 'coin-price-test')).rejects.toThrow(SeedDataError);
      await expect(seed(fresh, data, 'coin-price-test')).rejects.toThrow(
        /Exchange offer 1 \("\$1 coupon"\): An offer's coin price must be at least 131 FruitCoins, not 50/,
      );
      expect((await fresh.one<{ n: number }>('SELECT count(*)::integer AS n FROM exchange_offers')).n).toBe(
        0,
      );
    } finally {
      await fresh.close();
    }
  });
});

describe("the operator's offers (POST /api/operator/offers)", () => {
  const TOKEN = 'operator-token-for-the-coin-price-test-0123456789';
  const server = openForSuite(() => createTestServer({ config: { operatorToken: TOKEN } }));
  const put = (offer: object) =>
    post<{ offer: ExchangeOffer; created: boolean; minimum?: number }>(
      server,
      '/api/operator/offers',
      offer,
      {
        'x-operator-token': TOKEN,
      },
    );
  const offer = {
    id: 40,
    title: '$2 off any premium prompt',
    fruitCost: 100,
    couponTitle: '$2 off any premium prompt',
    couponKind: 'amount',
    couponValue: 200,
    couponMinSpendCents: 499,
    couponValidDays: 90,
  };

  it('refuses an offer under the least price with a 400 naming it, and writes nothing', async () => {
    const refused = await put(offer);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      "An offer's coin price must be at least 261 FruitCoins, not 100: its coupon is worth $2.00, and the " +
        'Orchard pack sells 2,600 FruitCoins for $19.99',
    );
    expect(refused.body.extend).toMatchObject({ field: 'fruitCost', minimum: 261 });
    const uncapped = await put({
      ...offer,
      fruitCost: 100_000,
      couponKind: 'percent',
      couponValue: 50,
      couponMinSpendCents: 0,
    });
    expect(uncapped.status).toBe(400);
    expect(uncapped.body).toMatchObject({ msg: PERCENT_NOT_SOLD, extend: { field: 'couponKind' } });
    expect((await put({ ...offer, fruitCost: 300, couponKind: 'percent', couponValue: 101 })).status).toBe(
      400,
    );
    const rows = await server.db.query('SELECT id FROM exchange_offers WHERE id = 40');
    expect(rows).toEqual([]);
  });

  it('creates an offer at or above it, then changes it; members see it', async () => {
    const created = await put({ ...offer, fruitCost: 261 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.extend).toEqual({ offer: { ...offer, fruitCost: 261 }, created: true });
    const changed = await put({ ...offer, fruitCost: 300 });
    expect(changed.body.extend).toEqual({ offer: { ...offer, fruitCost: 300 }, created: false });
    const member = await get<{ data: ExchangeOffer[] }>(server, '/api/my/exchange/offers', {
      authorization: `Bearer ${await server.tokenFor('demo@example.com')}`,
    });
    expect(member.body.extend.data).toContainEqual({ ...offer, fruitCost: 300 });
    // a price change under the rule is refused too
    expect((await put({ ...offer, fruitCost: 260 })).status).toBe(400);
  });

  it('an offer written around the API under the rule is neither listed nor exchanged', async () => {
    await server.db.query(
      `INSERT INTO exchange_offers (id, title, fruit_cost, coupon_title, coupon_kind, coupon_value,
                                    coupon_min_spend_cents, coupon_valid_days)
       VALUES (41, 'Old $2 off', 100, 'Old $2 off', 'amount', 200, 499, 90)`,
    );
    const auth = { authorization: `Bearer ${await server.tokenFor('demo@example.com')}` };
    const listed = await get<{ data: ExchangeOffer[] }>(server, '/api/my/exchange/offers', auth);
    expect(listed.body.extend.data.map((o) => o.id)).not.toContain(41);
    const { fruit_cnt: before } = await server.db.one<{ fruit_cnt: number }>(
      "SELECT fruit_cnt FROM users WHERE email = 'demo@example.com'",
    );
    expect(before).toBeGreaterThanOrEqual(100);
    const refused = await post(server, '/api/my/exchange', { offerId: 41, requestId: 'old-offer' }, auth);
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('Exchange offer not found');
    const { fruit_cnt: after } = await server.db.one<{ fruit_cnt: number }>(
      "SELECT fruit_cnt FROM users WHERE email = 'demo@example.com'",
    );
    expect(after).toBe(before);
  });

  it('is closed without the operator token', async () => {
    expect((await post(server, '/api/operator/offers', { ...offer, fruitCost: 300 })).status).toBe(401);
  });
});
