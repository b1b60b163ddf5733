// The target the payment result model's paths (tests/models/spec/payment-result.ts) are replayed on,
// shared by its model test (tests/machines/payment-result.model.test.ts) and payOrCancel's
// (tests/machines/pay-or-cancel.model.test.ts), which replays the paths that pay again or cancel: the
// payment page with the cart and the badge beside it (stand-ins that write down what they hear), and
// the way to the payment page a recording action.
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import * as selectors from '../../machines/commerce/payment-result.selectors.ts';
import type { ReplayTarget } from './spec-model.ts';
import { heardJson } from './model-targets.ts';

/** The payment page, observed through what it shows and what the cart, the badge and the browser were told. */
export const paymentResultTarget = (): ReplayTarget => {
  const payments: string[] = [];
  return {
    machine: paymentResultMachine.provide({
      actions: { goToPayment: (_, { url }: { url: string }) => void payments.push(url) },
    }),
    effects: ['confirmOrder', 'fetchOrder', 'payOrder', 'cancelOrder'],
    listeners: ['cart', 'cartCount'],
    observe: ({ snapshot, heard }) => {
      const s = snapshot as never;
      return {
        phase: selectors.phase(s),
        showsOrder12: selectors.showsOrder('12')(s),
        order: selectors.order(s),
        error: selectors.error(s),
        actionError: selectors.actionError(s),
        tags: [...snapshot.tags].sort(),
        heard: heardJson(heard),
        payments,
      };
    },
  };
};
