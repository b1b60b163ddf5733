// The coin price rule of the FruitCoin exchange (issue 37): an offer's coin price is worth at least the
// coupon's discount at the best rate FruitCoins are sold at, so coins never buy a coupon worth more money
// than the coins cost. Pure: the server passes its packs (server/commerce/topups.ts FRUIT_PACKS).
import { formatCents } from './catalog.ts';
import type { CouponKind, FruitPack } from './commerce.ts';

/**
 * The order a percentage coupon is valued on. Coupons have no cap (couponDiscount in commerce.ts takes the
 * percentage of the whole money subtotal), so "the most it takes off" has no bound; a percentage is valued
 * at its discount on its minimum spend or on this order, whichever is larger: $20, the dearest premium
 * prompt of the demo catalogue ($19.99) rounded up. On a bigger cart it is worth more than it cost: a cap
 * on percentage coupons (a column of coupons and offers) would close that, and is not built.
 */
export const PERCENT_REFERENCE_ORDER_CENTS = 2000;

/** An offer as the rule reads it: its coin price and the coupon it gives. */
export interface PricedOffer {
  fruitCost: number;
  coupon: { kind: CouponKind; value: number; minSpendCents: number };
}

/** What the coupon is worth in cents: an amount's value; a percentage of its reference order (see above). */
export function offerDiscountCents(coupon: PricedOffer['coupon']): number {
  if (coupon.kind === 'amount') return coupon.value;
  const order = Math.max(coupon.minSpendCents, PERCENT_REFERENCE_ORDER_CENTS);
  return Math.ceil((order * coupon.value) / 100);
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
  const minimum = minimumCoinPrice(discount, packs);
  if (offer.fruitCost >= minimum) return null;
  const pack = bestPack(packs);
  const worth =
    offer.coupon.kind === 'percent'
      ? `${offer.coupon.value}% of ${formatCents(Math.max(offer.coupon.minSpendCents, PERCENT_REFERENCE_ORDER_CENTS))}, ${formatCents(discount)}`
      : formatCents(discount);
  return (
    `An offer's coin price must be at least ${minimum.toLocaleString('en-US')} FruitCoins, not ` +
    `${offer.fruitCost.toLocaleString('en-US')}: its coupon is worth ${worth}, and the ${pack.title} pack sells ` +
    `${pack.coins.toLocaleString('en-US')} FruitCoins for ${formatCents(pack.priceCents)}`
  );
}
