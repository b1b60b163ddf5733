// The writes of the buying side (docs/decisions/004-commerce.md), one file a concern: ledger.ts,
// settlement.ts, cart-lines.ts, checkout.ts, pending-orders.ts, payment-sessions.ts, exchange.ts. Every
// write that moves FruitCoins, a coupon or an order's state is one transaction that first locks the
// member's users row (and the row of whoever else's balance it changes, in id order, so two members'
// transactions never deadlock): requests of one member are serialised, balances are read and written under
// the lock, and every balance change is one fruit_ledger row whose balance_after is the new
// users.fruit_cnt. Creating calls carry a requestId; a retry finds what the first call made (under the same
// lock) and answers it again. This file: what they all share, the commerce context (the database and the
// payment page), the not-found texts and how a message names prompts and coins.
import type Stripe from 'stripe';
import type { Db } from '../db/index.ts';
import type { PaymentPage } from './payments.ts';
import type { StripeCheckout } from './stripe-checkout.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const PROMPT_NOT_FOUND = 'Prompt not found';

export interface Commerce {
  db: Db;
  /** The payment page of card orders; null when card payment is unavailable. */
  payments: PaymentPage | null;
  /** Stripe (or its stand-in), asked whether a session is paid when the buyer returns; absent: not asked. */
  stripe?: Stripe | null;
  /** Where Stripe Checkout Sessions are opened when `payments` is Stripe's. */
  stripeSessions?: StripeCheckout | null;
}

export const quoted = (title: string): string => `“${title}”`;
export const listOf = (titles: readonly string[]): string =>
  titles.length <= 1
    ? titles.map(quoted).join('')
    : `${titles.slice(0, -1).map(quoted).join(', ')} and ${quoted(titles[titles.length - 1] ?? '')}`;
/** "1,200 FruitCoins". */
export const fruitCoins = (n: number): string =>
  `${n.toLocaleString('en-US')} FruitCoin${n === 1 ? '' : 's'}`;
export const coins = (n: number): string => `${n} FruitCoin${n === 1 ? '' : 's'}`;
