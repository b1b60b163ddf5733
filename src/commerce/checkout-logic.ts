// The buying side's page machines (checkout, payment result) with src/'s effects provided; attached
// by the routes that use them (docs/decisions/006-lazy-page-machines.md). The cart is in cart-logic.ts.
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/commerce/checkout.ts';
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import type { CommerceEffects } from './commerce-effects.ts';

export { newRequestId, readReferral, REFERRAL_MAX_AGE_MS } from './referral.ts';

/**
 * The payment page is another site (the provider's, or the server's development page), not a
 * route of the SPA: leave by a full navigation. Tests replace `go`.
 */
export const paymentPage: { go: (url: string) => void } = {
  go: (url) => {
    if (typeof location !== 'undefined') location.assign(url);
  },
};

export default function checkoutLogic(effects: CommerceEffects) {
  const goToPayment = (_: unknown, { url }: { url: string }) => paymentPage.go(url);
  return {
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
