// The FruitCoin exchange: coins for a coupon, with a code no one can guess.
import { randomBytes } from 'node:crypto';
import { couponTerms, type ExchangeResult } from '../../domain/commerce.ts';
import type { Db } from '../db/index.ts';
import { addMessage } from '../messages/write.ts';
import { notFound } from '../http/envelope.ts';
import {
  balanceOf,
  findCoupon,
  formatDate,
  OFFER_COLUMNS,
  offerForSale,
  toCoupon,
  type OfferRow,
} from './repository.ts';
import { coins } from './commerce-common.ts';
import { lockUsers, moveFruit, notEnoughFruit } from './ledger.ts';

// Exchange -----------------------------------------------------------------------------------------------

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 characters: byte % 32 is unbiased

/** FRUIT-XXXX-XXXX: 40 random bits, no look-alike characters (0/O, 1/I). */
export const newCouponCode = (): string => {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `FRUIT-${chars.slice(0, 4)}-${chars.slice(4)}`;
};

export async function exchange(
  db: Db,
  userId: string,
  input: { offerId: number; requestId: string },
): Promise<ExchangeResult> {
  return db.tx(async (q) => {
    const balances = await lockUsers(q, [userId]);
    const earlier = await q.maybeOne<{ id: number }>(
      'SELECT id FROM coupons WHERE user_id = $1 AND request_id = $2',
      [userId, input.requestId],
    );
    if (earlier !== null) {
      const coupon = await findCoupon(q, userId, earlier.id);
      return { coupon: toCoupon(coupon!), balance: await balanceOf(q, userId) };
    }
    const offer = await q.maybeOne<OfferRow>(
      `SELECT ${OFFER_COLUMNS} FROM exchange_offers WHERE id = $1 AND active`,
      [input.offerId],
    );
    if (offer === null || !offerForSale(offer)) throw notFound('Exchange offer not found');
    const balance = balances.get(userId) ?? 0;
    if (offer.fruit_cost > balance) throw notEnoughFruit('this coupon', offer.fruit_cost, balance);

    let couponId: number | null = null;
    let code = '';
    for (let attempt = 0; attempt < 8 && couponId === null; attempt++) {
      code = newCouponCode();
      const inserted = await q.maybeOne<{ id: number }>(
        `INSERT INTO coupons (code, user_id, title, kind, value, min_spend_cents, valid_from, valid_until,
                              exchange_offer_id, request_id)
         VALUES ($1, $2, $3, $4, $5, $6, now(), now() + make_interval(hours => 24 * $7::integer), $8, $9)
         ON CONFLICT (code) DO NOTHING RETURNING id`,
        [
          code,
          userId,
          offer.coupon_title,
          offer.coupon_kind,
          offer.coupon_value,
          offer.coupon_min_spend_cents,
          offer.coupon_valid_days,
          offer.id,
          input.requestId,
        ],
      );
      couponId = inserted?.id ?? null;
    }
    if (couponId === null) throw new Error('could not find a free coupon code');
    const newBalance = await moveFruit(
      q,
      userId,
      -offer.fruit_cost,
      'exchange',
      `Exchanged for coupon ${code} (${offer.coupon_title})`,
      { offerId: offer.id },
    );
    const coupon = toCoupon((await findCoupon(q, userId, couponId))!);
    const terms = couponTerms({
      kind: coupon.kind,
      value: coupon.value,
      minSpendCents: coupon.minSpendCents,
    });
    await addMessage(q, userId, {
      kind: 'coupon',
      title: `Exchange successful: ${coupon.title}`,
      body:
        `You exchanged ${coins(offer.fruit_cost)} for coupon ${code}: ${terms}, valid until ` +
        `${formatDate(new Date(coupon.validUntil))}. You will find it in My Coupons; pick it at checkout to apply it.`,
    });
    return { coupon, balance: newBalance };
  });
}
