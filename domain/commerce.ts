// The buying side's shapes, shared by the server (server/commerce/), the API client
// (src/commerce/commerce-effects.ts) and the machines. Every number in here is computed by the server; the
// client only shows it. Money is in US cents, FruitCoins are whole coins.
import { formatCents, type GeneratorType, type Grade, type PromptImage } from './catalog.ts';

/** One prompt in the cart, as the server prices it now. */
export interface CartItem {
  promptId: number;
  slugId: string;
  title: string;
  image: PromptImage;
  generatorType: GeneratorType;
  /** 1 FruitCoin, 2 premium (free prompts never enter a cart). */
  grade: Exclude<Grade, 0>;
  priceFruit: number | null;
  priceCents: number | null;
  addedAt: string;
}

/** The two parts of a total, kept apart: FruitCoins are paid from the balance, money by card. */
export interface Totals {
  /** Sum of the FruitCoin items. */
  fruit: number;
  /** Sum of the premium items before the coupon. */
  subtotalCents: number;
  /** What the coupon takes off the money part (0 without one). */
  discountCents: number;
  /** subtotalCents - discountCents. */
  totalCents: number;
}

export type CouponKind = 'percent' | 'amount';
/** `expired` is computed: a valid coupon past its end date reads as expired. */
export type CouponStatus = 'valid' | 'used' | 'expired';

export interface Coupon {
  id: number;
  code: string;
  title: string;
  kind: CouponKind;
  /** Percent (1-100) or cents off. */
  value: number;
  minSpendCents: number;
  validFrom: string;
  validUntil: string;
  status: CouponStatus;
  usedAt: string | null;
  /** The order it was used on, when used. */
  orderId: number | null;
  /** Bought with FruitCoins from this offer, when it was. */
  exchangeOfferId: number | null;
}

/** GET /api/my/cart (and the answer of every cart change). */
export interface Cart {
  items: CartItem[];
  totals: Totals;
  /** The coupon asked for with `?couponId=`, when it applies; null otherwise. */
  coupon: Coupon | null;
  /** Why the coupon asked for does not apply (expired, used, minimum spend…); null when it does. */
  couponError: string | null;
  /** The member's FruitCoin balance now. */
  balance: number;
}

export type OrderStatus = 'pending' | 'paid' | 'cancelled';

export interface OrderItem {
  promptId: number;
  slugId: string;
  /** As bought (the prompt's title at order time). */
  title: string;
  image: PromptImage;
  grade: Exclude<Grade, 0>;
  priceFruit: number | null;
  priceCents: number | null;
}

/** A row of the orders list. */
export interface OrderSummary {
  id: number;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  itemCount: number;
  /** The first items' titles, for the list. */
  titles: string[];
  totals: Totals;
  /**
   * The checkout ("Place order") that made it. A checkout makes one order per currency
   * (docs/decisions/004-commerce.md), so a mixed cart's orders share this. `id` is the checkout's
   * first order's id; `orderIds` lists every order of it, this one included, oldest first (the
   * member's own only).
   */
  checkout: { id: number; orderIds: number[] };
}

/** An order with its items and payment, as the order's page shows it. */
export interface OrderWithItems extends OrderSummary {
  items: OrderItem[];
  coupon: Pick<Coupon, 'id' | 'code' | 'title' | 'kind' | 'value'> | null;
  payment: {
    /** How the money part is paid: none (FruitCoins only), or the card payment page. */
    method: 'fruit' | 'card';
    /** The payment session of the card part, when there is one. */
    sessionId: string | null;
    /** Where to pay a pending order (the development payment page, or the provider's). */
    paymentUrl: string | null;
  };
}

export interface OrderDetail extends OrderWithItems {
  /** The other orders its checkout made, with their items (empty for a checkout of one order). */
  otherOrders: OrderWithItems[];
}

export interface OrderPage {
  data: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * POST /api/my/orders: what to buy. A checkout creates one order per currency: the FruitCoin
 * items are paid from the balance at once, in the same transaction; the premium items make a
 * pending order paid on the payment page.
 */
export interface CheckoutRequest {
  /** The prompts to buy (from the cart, or one from a detail page's "Buy now"). */
  promptIds: number[];
  /** One of the member's valid coupons, for the money part. */
  couponId?: number | null;
  /** Chosen by the client once per checkout attempt: a retry with the same id is the same checkout. */
  requestId: string;
  /** The share link that brought the buyer (requirements §C5), credited to its owner once paid. */
  referral?: string | null;
}

export interface CheckoutResult {
  /** The FruitCoin order, already paid; null when nothing was paid in FruitCoins. */
  fruitOrder: OrderDetail | null;
  /** The premium order, pending until paid; null when nothing costs money. */
  cardOrder: OrderDetail | null;
  /** Where to pay the premium order (null without one). */
  paymentUrl: string | null;
  balance: number;
}

export type LedgerKind = 'bonus' | 'purchase' | 'exchange' | 'refund' | 'adjustment' | 'topup';

export interface LedgerEntry {
  id: number;
  /** Signed: negative for spending. */
  amount: number;
  balanceAfter: number;
  kind: LedgerKind;
  reason: string;
  orderId: number | null;
  createdAt: string;
}

export interface LedgerPage {
  data: LedgerEntry[];
  total: number;
  page: number;
  pageSize: number;
  balance: number;
}

export interface ExchangeOffer {
  id: number;
  title: string;
  fruitCost: number;
  couponTitle: string;
  couponKind: CouponKind;
  couponValue: number;
  couponMinSpendCents: number;
  couponValidDays: number;
}

/**
 * A pack of FruitCoins sold for money (GET /api/my/fruit/packs). The server keeps the prices; a purchase
 * names the pack's id only.
 */
export interface FruitPack {
  id: string;
  title: string;
  /** What the pack adds to the balance, bonus included. */
  coins: number;
  /** The part of `coins` that is a bonus for buying the bigger pack (0 for none). */
  bonusCoins: number;
  priceCents: number;
}

export type TopUpStatus = 'pending' | 'paid' | 'cancelled';

/** One purchase of a pack: pending on the payment page, then paid (credited once) or cancelled. */
export interface FruitTopUp {
  id: number;
  packId: string;
  /** The pack's title, coins and price when it was bought. */
  title: string;
  coins: number;
  amountCents: number;
  status: TopUpStatus;
  createdAt: string;
  paidAt: string | null;
  /** Its payment session; the page the payment returns to names it (`/buy-fruitcoins?payment=`). */
  sessionId: string;
  /** Where to pay it while it is pending; null once paid or cancelled. */
  paymentUrl: string | null;
}

/** POST /api/my/fruit/topups: a pack, and the client's id of this attempt (a retry answers the first). */
export interface TopUpRequest {
  packId: string;
  requestId: string;
}

/** The answer of buying a pack and of confirming its payment: the top-up and the balance now. */
export interface TopUpResult {
  topup: FruitTopUp;
  balance: number;
}

/** How the server's refusal for want of FruitCoins begins (a checkout, an exchange): pages offer packs. */
export const NOT_ENOUGH_FRUIT = 'Not enough FruitCoins';

export const isNotEnoughFruit = (message: string | null | undefined): boolean =>
  typeof message === 'string' && message.startsWith(NOT_ENOUGH_FRUIT);

/** POST /api/my/exchange. */
export interface ExchangeRequest {
  offerId: number;
  requestId: string;
}

export interface ExchangeResult {
  coupon: Coupon;
  balance: number;
}

/** What a coupon takes off a money subtotal (the server's rule; shown on the client as given). */
export function couponDiscount(
  coupon: Pick<Coupon, 'kind' | 'value' | 'minSpendCents'>,
  subtotalCents: number,
): number {
  if (subtotalCents <= 0 || subtotalCents < coupon.minSpendCents) return 0;
  const off = coupon.kind === 'percent' ? Math.floor((subtotalCents * coupon.value) / 100) : coupon.value;
  return Math.min(subtotalCents, Math.max(0, off));
}

/** "20% off" / "$5.00 off", and the minimum spend when there is one. */
export function couponTerms(coupon: Pick<Coupon, 'kind' | 'value' | 'minSpendCents'>): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatCents(coupon.value)} off`;
  return coupon.minSpendCents > 0
    ? `${off} premium prompts over ${formatCents(coupon.minSpendCents)}`
    : `${off} premium prompts`;
}

/** A change asked for on a card, a detail page or the cart; sent to the server one at a time. */
export interface CartChange {
  op: 'add' | 'remove';
  promptId: number;
}

/** Whether the prompt is in the member's cart (cards show "In cart"). */
export const isInCart = (context: { cart: Cart | null }, promptId: number): boolean =>
  context.cart?.items.some((item) => item.promptId === promptId) ?? false;

/** The change waiting or in flight for this prompt, if any (its button shows it is busy). */
export const pendingChange = (
  context: { queue: readonly CartChange[] },
  promptId: number,
): CartChange['op'] | null => context.queue.find((change) => change.promptId === promptId)?.op ?? null;
