// The buying side's page machines (checkout, payment result) with src/'s effects provided; attached
// by the routes that use them (docs/decisions/006-lazy-page-machines.md). The cart is in cart-logic.ts.
import { assign, fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/commerce/checkout.ts';
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import type { CommerceEffects } from './commerce-effects.ts';
import { newRequestId, readReferral } from './referral.ts';

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
      actions: {
        goToPayment,
        // a checkout started without them gets a new request id and the stored share link here, once:
        // its retries send the same id
        identifyCheckout: assign((_, params: { requestId?: string; referral?: string | null }) => ({
          requestId: params.requestId ?? newRequestId(),
          referral: params.referral === undefined ? readReferral() : params.referral,
        })),
      },
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
