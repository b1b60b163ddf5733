// Carts, coupons and orders for the cart, checkout and payment result tests. Totals are computed
// the way the server does (docs/decisions/004-commerce.md), so a fixture never contradicts itself.
import type { GeneratorType } from '../../domain/catalog.ts';
import {
  couponDiscount,
  type Cart,
  type CartItem,
  type CheckoutResult,
  type Coupon,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
  type Totals,
} from '../../domain/commerce.ts';

const TITLES: Record<number, string> = {
  3: 'Neon Koi Pond',
  5: 'Art Deco Lobby',
  7: 'Copper Forest Dawn',
  9: 'Glass Orchard',
};

/** Prompt 3 and 7 cost FruitCoins (20 and 30); 5 and 9 are premium ($4.99 and $9.00). */
export function cartItem(promptId: number, over: Partial<CartItem> = {}): CartItem {
  const fruit = promptId === 3 || promptId === 7;
  const title = TITLES[promptId] ?? `Prompt ${promptId}`;
  const slug = title.toLowerCase().replaceAll(' ', '-');
  return {
    promptId,
    slugId: `${slug}-${promptId}`,
    title,
    image: { url: `/api/images/prompts/${promptId}/0.webp`, width: 480, height: 360, alt: title },
    generatorType: (((promptId - 1) % 4) + 1) as GeneratorType,
    grade: fruit ? 1 : 2,
    priceFruit: fruit ? (promptId === 3 ? 20 : 30) : null,
    priceCents: fruit ? null : promptId === 5 ? 499 : 900,
    addedAt: '2026-05-01T10:00:00.000Z',
    ...over,
  };
}

export function couponFixture(id = 11, over: Partial<Coupon> = {}): Coupon {
  return {
    id,
    code: `SAVE${id}`,
    title: '20% off premium prompts',
    kind: 'percent',
    value: 20,
    minSpendCents: 0,
    validFrom: '2026-01-01T00:00:00.000Z',
    validUntil: '2027-01-01T00:00:00.000Z',
    status: 'valid',
    usedAt: null,
    orderId: null,
    exchangeOfferId: null,
    ...over,
  };
}

export function totalsOf(
  items: Pick<CartItem, 'priceFruit' | 'priceCents'>[],
  coupon: Coupon | null = null,
): Totals {
  const fruit = items.reduce((sum, item) => sum + (item.priceFruit ?? 0), 0);
  const subtotalCents = items.reduce((sum, item) => sum + (item.priceCents ?? 0), 0);
  const discountCents = coupon ? couponDiscount(coupon, subtotalCents) : 0;
  return { fruit, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/** A cart of these prompts, with the coupon applied when given. */
export function cartOf(
  promptIds: number[],
  over: { balance?: number; coupon?: Coupon | null; couponError?: string | null } = {},
): Cart {
  const items = promptIds.map((id) => cartItem(id));
  const coupon = over.couponError ? null : (over.coupon ?? null);
  return {
    items,
    totals: totalsOf(items, coupon),
    coupon,
    couponError: over.couponError ?? null,
    balance: over.balance ?? 100,
  };
}

export function orderItem(promptId: number): OrderItem {
  const { promptId: id, slugId, title, image, grade, priceFruit, priceCents } = cartItem(promptId);
  return { promptId: id, slugId, title, image, grade, priceFruit, priceCents };
}

export function orderFixture(
  id: number,
  status: OrderStatus,
  promptIds: number[],
  over: Partial<OrderDetail> = {},
): OrderDetail {
  const items = promptIds.map(orderItem);
  const card = items.some((item) => item.grade === 2);
  return {
    id,
    status,
    createdAt: '2026-05-02T10:00:00.000Z',
    paidAt: status === 'paid' ? '2026-05-02T10:01:00.000Z' : null,
    cancelledAt: status === 'cancelled' ? '2026-05-02T10:02:00.000Z' : null,
    itemCount: items.length,
    titles: items.map((item) => item.title),
    totals: totalsOf(items),
    items,
    coupon: null,
    payment: {
      method: card ? 'card' : 'fruit',
      sessionId: card ? 'cs_test_1' : null,
      paymentUrl: card && status === 'pending' ? '/dev-pay/cs_test_1' : null,
    },
    checkout: { id, orderIds: [id] },
    otherOrders: [],
    ...over,
  };
}

/** The orders of one checkout, each naming the others (as the server answers them); named by the first. */
export function sameCheckout(orders: OrderDetail[]): OrderDetail[] {
  const orderIds = orders.map((o) => o.id).sort((a, b) => a - b);
  const linked = orders.map((o) => ({ ...o, checkout: { id: orderIds[0] ?? o.id, orderIds } }));
  return linked.map((o) => ({
    ...o,
    otherOrders: linked.filter((other) => other.id !== o.id).map(({ otherOrders: _, ...rest }) => rest),
  }));
}

/** A checkout of FruitCoin prompts (paid at once) and premium ones (pending, to pay on the payment page). */
export function checkoutResult(fruitIds: number[], cardIds: number[], balance = 50): CheckoutResult {
  // one checkout: the FruitCoin order #41 and the premium order #42, each naming the other
  const orders = sameCheckout([
    ...(fruitIds.length ? [orderFixture(41, 'paid', fruitIds)] : []),
    ...(cardIds.length ? [orderFixture(42, 'pending', cardIds)] : []),
  ]);
  const fruitOrder = orders.find((o) => o.id === 41) ?? null;
  const cardOrder = orders.find((o) => o.id === 42) ?? null;
  return {
    fruitOrder,
    cardOrder,
    paymentUrl: cardOrder?.payment.paymentUrl ?? null,
    balance,
  };
}
