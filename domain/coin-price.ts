// The coin price rule of the FruitCoin exchange (issue 37): an offer's coin price is worth at least the
// coupon's discount at the best rate FruitCoins are sold at, so coins never buy a coupon worth more money
// than the coins cost. Pure: the server passes its packs (server/commerce/topups.ts FRUIT_PACKS).
import { formatCents } from './catalog.ts';
import type { CouponKind, FruitPack } from './commerce.ts';

/**
 * Only fixed-amount coupons are sold for FruitCoins. A percentage coupon has no cap (couponDiscount in
 * commerce.ts takes the percentage of the whole money subtotal), so what it takes off has no bound and no
 * coin price covers it: on a big enough cart it is worth more than any price. The shop may still give
 * percentage coupons away (a welcome gift, support's goodwill); it does not sell them.
 */
export const PERCENT_NOT_SOLD =
  'Only fixed-amount coupons are sold for FruitCoins: what a percentage coupon takes off has no limit, so ' +
  'no coin price covers it. Offer an amount off instead';

/** An offer as the rule reads it: its coin price and the coupon it gives. */
export interface PricedOffer {
  fruitCost: number;
  coupon: { kind: CouponKind; value: number; minSpendCents: number };
}

/** What an amount coupon is worth in cents: the most it takes off (a percentage has no bound: null). */
export function offerDiscountCents(coupon: PricedOffer['coupon']): number | null {
  return coupon.kind === 'amount' ? coupon.value : null;
}

/** The pack that gives the most coins per cent, bonus included (the first of equals). */
export function bestPack(packs: readonly FruitPack[]): FruitPack {
  if (packs.length === 0) throw new Error('No FruitCoin packs to price offers against');
  // a.coins / a.priceCents > b.coins / b.priceCents, in whole numbers
  return packs.reduce((best, p) => (p.coins * best.priceCents > best.coins * p.priceCents ? p : best));
}

/** The fewest coins that cost at least `discountCents` at the best pack's rate (rounded up). */
export function minimumCoinPrice(discountCents: number, packs: readonly FruitPack[]): number {
  const pack = bestPack(packs);
  return Math.ceil((discountCents * pack.coins) / pack.priceCents);
}

/** Why an offer's coin price breaks the rule (with the least it may cost), or null when it obeys it. */
export function checkOfferPrice(offer: PricedOffer, packs: readonly FruitPack[]): string | null {
  const discount = offerDiscountCents(offer.coupon);
  if (discount === null) return PERCENT_NOT_SOLD;
  const minimum = minimumCoinPrice(discount, packs);
  if (offer.fruitCost >= minimum) return null;
  const pack = bestPack(packs);
  return (
    `An offer's coin price must be at least ${minimum.toLocaleString('en-US')} FruitCoins, not ` +
    `${offer.fruitCost.toLocaleString('en-US')}: its coupon is worth ${formatCents(discount)}, and the ` +
    `${pack.title} pack sells ${pack.coins.toLocaleString('en-US')} FruitCoins for ${formatCents(pack.priceCents)}`
  );
}
