// Where the money part of an order is paid. Until a payment provider is configured that is the development
// payment page of requirements §C4 (server/commerce/dev-pay.ts), on with the development stand-ins; without
// it (production, no provider) card payments are unavailable and checkouts with premium items answer 503.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { ApiError } from '../http/envelope.ts';

export const DEV_PAY_PATH = '/dev-pay';

export interface PaymentPage {
  /** dev: the development payment page; stripe: Stripe Checkout (the hosted page's URL is the session's). */
  readonly kind: 'dev' | 'stripe';
  /** The page where the member pays this session (same origin, so the Vite dev server proxies it). */
  url(sessionId: string): string;
}

export const devPaymentPage: PaymentPage = {
  kind: 'dev',
  url: (sessionId) => `${DEV_PAY_PATH}/${encodeURIComponent(sessionId)}`,
};

/** Stripe Checkout: each session's page is the URL Stripe answered (kept in payment_sessions.url). */
export const stripePaymentPage: PaymentPage = { kind: 'stripe', url: () => '' };

/** With Stripe keys, Stripe Checkout; else the development payment page while the stand-ins are on. */
export const paymentPageOf = (config: Pick<Config, 'devStandIns' | 'stripe'>): PaymentPage | null =>
  config.stripe ? stripePaymentPage : config.devStandIns ? devPaymentPage : null;

/** A new session id: `cs_` and 32 hex digits (letters, digits and `_` only, as the paid page's URL needs). */
export const newSessionId = (): string => `cs_${randomBytes(16).toString('hex')}`;

export const paymentUnavailable = (): ApiError =>
  new ApiError(
    503,
    'Card payment is not available on this server yet. FruitCoin prompts can still be bought with your balance.',
  );

/** The pages the payment page returns to (requirements §C4). */
export const paidPagePath = (orderId: number, sessionId: string): string =>
  `/paiddetail-${orderId}-${sessionId}.html`;
export const pendingPagePath = (orderId: number): string => `/pendingdetail-${orderId}.html`;

/** Where the payment page returns to after paying or cancelling a FruitCoin top-up (its own page). */
export const topupReturnPath = (sessionId: string): string =>
  `/buy-fruitcoins?payment=${encodeURIComponent(sessionId)}`;
