// The seed's catalog (server/seed/index.ts): the prompts, through the operator's catalog import, the
// FruitCoin exchange's offers, and the coupons.
import { checkOfferPrice } from '../../domain/coin-price.ts';
import { FRUIT_PACKS } from '../commerce/packs.ts';
import type { Queryable } from '../db/index.ts';
import { formatLineError, generatorName, gradeName, type CatalogLine } from '../operator/catalog-format.ts';
import { importCatalogIn } from '../operator/catalog-import.ts';
import type { SeedData, SeedPrompt } from './types.ts';
import { SeedDataError, insertMany, type UserIdOf } from './write-common.ts';

/** A demo prompt as a line of the catalog file: its example images drawn from its art. */
export const seedPromptLine = (p: SeedPrompt): CatalogLine => ({
  slug: p.slug,
  title: p.title,
  description: p.description,
  generator: generatorName(p.generatorType),
  grade: gradeName(p.grade),
  ...(p.grade === 1 && p.priceFruit !== null ? { priceFruit: p.priceFruit } : {}),
  ...(p.grade === 2 && p.priceCents !== null ? { priceCents: p.priceCents } : {}),
  tags: p.tags,
  template: p.template,
  variables: [...p.variables]
    .sort((a, b) => a.index - b.index)
    .map((v) => ({ label: v.label, example: v.example })),
  art: {
    scene: p.art.scene,
    palette: p.art.palette,
    seed: p.art.seed,
    ...(p.art.subject === undefined ? {} : { subject: p.art.subject }),
  },
  drawnImages: p.imageCount,
});

/** The prompts, through the operator's catalog import. */
export async function writePrompts(q: Queryable, data: SeedData): Promise<void> {
  // The prompts go through the operator's catalog import (docs/catalog-format.md): the same validator and
  // the same writes, with their fixed ids, counters and dates given.
  const imported = await importCatalogIn(q, {
    lines: data.prompts.map(seedPromptLine),
    images: {},
    dryRun: false,
    given: new Map(
      data.prompts.map((p) => [
        p.slug,
        { id: p.id, sortId: p.sortId, views: p.views, sales: p.sales, createdAt: p.createdAt },
      ]),
    ),
  });
  if ('errors' in imported) {
    throw new SeedDataError(
      `The seed's prompts are not valid catalog lines: ${imported.errors.slice(0, 5).map(formatLineError).join('; ')}`,
    );
  }
  if (imported.result.added !== data.prompts.length) {
    throw new SeedDataError(
      `The seed's prompts must all be new: ${data.prompts.length - imported.result.added} slugs already exist`,
    );
  }
}

/** The FruitCoin exchange's offers; one whose coin price breaks the coin price rule is refused. */
export async function writeOffers(q: Queryable, data: SeedData): Promise<void> {
  for (const offer of data.exchangeOffers) {
    const problem = checkOfferPrice(offer, FRUIT_PACKS);
    if (problem !== null)
      throw new SeedDataError(`Exchange offer ${offer.id} ("${offer.title}"): ${problem}`);
  }
  await insertMany(
    q,
    'exchange_offers',
    {
      id: 'integer',
      title: 'text',
      fruit_cost: 'integer',
      coupon_title: 'text',
      coupon_kind: 'text',
      coupon_value: 'integer',
      coupon_min_spend_cents: 'integer',
      coupon_valid_days: 'integer',
    },
    data.exchangeOffers.map((o) => ({
      id: o.id,
      title: o.title,
      fruit_cost: o.fruitCost,
      coupon_title: o.coupon.title,
      coupon_kind: o.coupon.kind,
      coupon_value: o.coupon.value,
      coupon_min_spend_cents: o.coupon.minSpendCents,
      coupon_valid_days: o.coupon.validDays,
    })),
  );
}

export type SeedCoupons = {
  couponIds: Map<string, number>;
  coupons: Map<string, SeedData['coupons'][number]>;
};

/** The coupons, and their ids by code for the orders that name them. */
export async function writeCoupons(q: Queryable, data: SeedData, userId: UserIdOf): Promise<SeedCoupons> {
  // Coupons: a used coupon is marked used at the time of the first order that names it.
  const firstUse = new Map<string, string>();
  for (const order of data.orders) {
    if (order.couponCode !== null && order.status !== 'cancelled' && !firstUse.has(order.couponCode)) {
      firstUse.set(order.couponCode, order.createdAt);
    }
  }
  await insertMany(
    q,
    'coupons',
    {
      code: 'text',
      user_id: 'uuid',
      title: 'text',
      kind: 'text',
      value: 'integer',
      min_spend_cents: 'integer',
      valid_from: 'timestamptz',
      valid_until: 'timestamptz',
      status: 'text',
      used_at: 'timestamptz',
      created_at: 'timestamptz',
    },
    data.coupons.map((c) => ({
      code: c.code,
      user_id: userId(c.ownerEmail, `Coupon ${c.code}`),
      title: c.title,
      kind: c.kind,
      value: c.value,
      min_spend_cents: c.minSpendCents,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      status: c.status,
      used_at: c.status === 'used' ? (firstUse.get(c.code) ?? c.validFrom) : null,
      created_at: c.validFrom,
    })),
  );
  const couponRows = await q.query<{ id: number; code: string }>('SELECT id, code FROM coupons');
  const couponIds = new Map(couponRows.map((c) => [c.code, c.id]));
  const coupons = new Map(data.coupons.map((c) => [c.code, c]));
  return { couponIds, coupons };
}
