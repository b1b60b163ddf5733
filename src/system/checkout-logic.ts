// The buying side's machines (cart, checkout, payment result) with src/'s effects provided.
import { fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.ts';
import { checkoutMachine } from '../../machines/checkout.ts';
import { paymentResultMachine } from '../../machines/payment-result.ts';
import { LOCAL_KEYS, safeStorage } from '../effects/storage-keys.ts';
import type { AppEffects } from './app-system.ts';

/**
 * The payment page is another site (the provider's, or the server's development page), not a
 * route of the SPA: leave by a full navigation. Tests replace `go`.
 */
export const paymentPage: { go: (url: string) => void } = {
  go: (url) => {
    if (typeof location !== 'undefined') location.assign(url);
  },
};

/** How long a share link's referral counts for a purchase. */
export const REFERRAL_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The share link a visitor arrived by (stored by the share landing, CONTRACT.md §5): its short id,
 * sent with a checkout so its owner is credited; null when there is none or it is too old.
 */
export function readReferral(now: number = Date.now()): string | null {
  const raw = safeStorage('local').get(LOCAL_KEYS.referral);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { shortUrlId?: unknown; at?: unknown };
    if (typeof stored.shortUrlId !== 'string' || !stored.shortUrlId) return null;
    if (typeof stored.at === 'number' && now - stored.at > REFERRAL_MAX_AGE_MS) return null;
    return stored.shortUrlId;
  } catch {
    return null;
  }
}

/** One checkout attempt's id (docs/decisions/004-commerce.md: a retry with it is the same checkout). */
export function newRequestId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function checkoutLogic(effects: AppEffects) {
  const goToPayment = (_: unknown, { url }: { url: string }) => paymentPage.go(url);
  return {
    cart: cartMachine.provide({
      actors: {
        fetchCart: fromPromise(({ input }) => effects.fetchCart(input)),
        changeCart: fromPromise(({ input }) =>
          input.op === 'add'
            ? effects.addToCart({ promptId: input.promptId })
            : effects.removeFromCart({ promptId: input.promptId }),
        ),
        fetchCoupons: fromPromise(() => effects.fetchCoupons({ status: 'valid' })),
      },
    }),
    checkout: checkoutMachine.provide({
      actors: { placeOrder: fromPromise(({ input }) => effects.checkout(input)) },
      actions: { goToPayment },
    }),
    paymentResult: paymentResultMachine.provide({
      actors: {
        confirmOrder: fromPromise(({ input }) => effects.confirmOrder(input)),
        fetchOrder: fromPromise(({ input }) => effects.fetchOrder(input)),
        payOrder: fromPromise(({ input }) => effects.payOrder(input)),
        cancelOrder: fromPromise(({ input }) => effects.cancelOrder(input)),
      },
      actions: { goToPayment },
    }),
  };
}
