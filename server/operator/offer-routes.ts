// The FruitCoin exchange's offers on the operator API (issue 37): create or change an offer by its id. An
// offer whose coin price is worth less than its coupon at the best pack's rate (domain/coin-price.ts) is
// refused with 400, naming the least price, so coins never buy a coupon worth more money than they cost.
// Registered inside the operator catalog plugin, behind its guard.
import { Type } from 'typebox';
import { checkOfferPrice, minimumCoinPrice, offerDiscountCents } from '../../domain/coin-price.ts';
import type { ExchangeOffer } from '../../domain/commerce.ts';
import { FRUIT_PACKS } from '../commerce/packs.ts';
import type { Db } from '../db/index.ts';
import { ApiError, EnvelopeSchema, ok } from '../http/envelope.ts';
import type { OperatorApp } from './catalog-routes.ts';

const Text = Type.String({ minLength: 1, maxLength: 200 });
const Count = (minimum: number) => Type.Integer({ minimum, maximum: 2_147_483_647 });
const OfferSchema = Type.Object({
  id: Count(1),
  title: Text,
  fruitCost: Count(1),
  couponTitle: Text,
  couponKind: Type.Union([Type.Literal('percent'), Type.Literal('amount')]),
  couponValue: Count(1),
  couponMinSpendCents: Count(0),
  couponValidDays: Type.Integer({ minimum: 1, maximum: 3650 }),
});

export function offerRoutes(app: OperatorApp, db: Db): void {
  app.post(
    '/api/operator/offers',
    {
      schema: {
        summary:
          'Create or change an exchange offer by id. 400 when its fruitCost is under the coupon\u2019s worth at ' +
          'the best FruitCoin pack\u2019s rate (extend: { field, minimum }), or a percentage over 100',
        body: OfferSchema,
        response: {
          200: EnvelopeSchema(Type.Object({ offer: OfferSchema, created: Type.Boolean() })),
        },
      },
    },
    async (request) => {
      const offer: ExchangeOffer = request.body;
      const coupon = {
        kind: offer.couponKind,
        value: offer.couponValue,
        minSpendCents: offer.couponMinSpendCents,
      };
      if (coupon.kind === 'percent' && coupon.value > 100) {
        throw new ApiError(400, 'A percentage coupon takes at most 100% off', { field: 'couponValue' });
      }
      const problem = checkOfferPrice({ fruitCost: offer.fruitCost, coupon }, FRUIT_PACKS);
      if (problem !== null) {
        const discount = offerDiscountCents(coupon);
        throw new ApiError(
          400,
          problem,
          discount === null
            ? { field: 'couponKind' }
            : { field: 'fruitCost', minimum: minimumCoinPrice(discount, FRUIT_PACKS) },
        );
      }
      const row = await db.one<{ created: boolean }>(
        `INSERT INTO exchange_offers (id, title, fruit_cost, coupon_title, coupon_kind, coupon_value,
                                      coupon_min_spend_cents, coupon_valid_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, fruit_cost = EXCLUDED.fruit_cost,
           coupon_title = EXCLUDED.coupon_title, coupon_kind = EXCLUDED.coupon_kind,
           coupon_value = EXCLUDED.coupon_value, coupon_min_spend_cents = EXCLUDED.coupon_min_spend_cents,
           coupon_valid_days = EXCLUDED.coupon_valid_days
         RETURNING (xmax = 0) AS created`,
        [
          offer.id,
          offer.title,
          offer.fruitCost,
          offer.couponTitle,
          offer.couponKind,
          offer.couponValue,
          offer.couponMinSpendCents,
          offer.couponValidDays,
        ],
      );
      return ok({ offer, created: row.created });
    },
  );
}
