// Placing an order: from the cart's "Check out" or a prompt's "Buy now", reviewed, placed once per
// attempt (a retry carries the same requestId), then the payment page or done.
import type { AnyMachineSnapshot } from 'xstate';
import {
  checkoutMachine,
  type CheckoutContext,
  type CheckoutOrder,
} from '../../machines/commerce/checkout.ts';
import { ApiError } from '../../src/platform/api.ts';
import { checkoutResult } from '../support/cart-fixtures.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

export const cartOrder: CheckoutOrder = {
  source: 'cart',
  promptIds: [3, 5],
  couponId: null,
  fruit: 20,
  totalCents: 499,
  balance: 100,
  title: null,
  detailId: null,
};
export const buyNowOrder: CheckoutOrder = {
  source: 'buyNow',
  promptIds: [7],
  couponId: null,
  fruit: 30,
  totalCents: 0,
  balance: 100,
  title: 'Copper Forest Dawn',
  detailId: 'copper-forest-dawn-7',
};

export const serializeCheckout = (s: AnyMachineSnapshot): string => {
  const c = s.context as CheckoutContext;
  return [
    JSON.stringify(s.value),
    c.order?.source ?? '',
    c.requestId ?? '',
    c.result ? (c.result.paymentUrl ? 'pay' : 'done') : '',
    c.error ?? '',
  ].join('|');
};

const placeOrderAnswers = {
  'xstate.done.actor.placeOrder': [
    { type: 'xstate.done.actor.placeOrder', output: checkoutResult([3], [5]) },
    { type: 'xstate.done.actor.placeOrder', output: checkoutResult([7], []) },
  ],
};

/** The checkout dialog's walk (tests/views/checkout.model.test.tsx): a cart and a buy-now order. */
export const checkoutPageModel: MachineModel = {
  machine: withControlledActors(checkoutMachine, ['placeOrder']),
  actors: ['placeOrder'],
  samples: {
    'checkout.start': [
      { type: 'checkout.start', order: cartOrder, requestId: 'r', referral: null },
      { type: 'checkout.start', order: buyNowOrder, requestId: 'r', referral: null },
    ],
    ...placeOrderAnswers,
    'xstate.error.actor.placeOrder': [
      { type: 'xstate.error.actor.placeOrder', error: new ApiError("Can't reach FruitPrompt right now.", 0) },
      { type: 'xstate.error.actor.placeOrder', error: new ApiError('Not enough FruitCoins.', 409) },
    ],
  },
  serialize: (s) => {
    const c = s.context as CheckoutContext;
    return `${JSON.stringify(s.value)}|${c.order?.source ?? ''}|${c.result?.paymentUrl ?? ''}|${c.error ?? ''}`;
  },
  maxSteps: 6,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  checkout: 'The checkout dialog over the cart or a prompt page',
  'checkout.idle': 'No checkout dialog',
  'checkout.reviewing':
    '"Confirm your order" (or "Spend N FruitCoins on …?") with what each part costs, the balance after, "Place order" / "Cancel"',
  'checkout.placing': 'Checkout dialog: spinner "Placing your order…"',
  'checkout.failed': '"Your order was not placed" with the reason',
  'checkout.failed.retryable': '"Your order was not placed": the reason, "Try again" and "Cancel"',
  'checkout.failed.refused': '"Your order was not placed": the server\'s reason and "Cancel" (no retry)',
  'checkout.redirecting': '"Off to the payment page": spinner "Taking you to the payment page…"',
  'checkout.done': '"Order complete" / "Prompt unlocked": the unlocked prompts listed',
};

export const checkoutModel: MachineModel = {
  sees: SEES,
  machine: checkoutMachine,
  actors: ['placeOrder'],
  samples: {
    'checkout.start': [
      { type: 'checkout.start', order: cartOrder, requestId: 'req-1', referral: 'Ab12Cd34' },
      { type: 'checkout.start', order: buyNowOrder, requestId: 'req-2', referral: null },
      { type: 'checkout.start', order: { ...cartOrder, promptIds: [] }, requestId: 'req-3', referral: null },
    ],
    ...placeOrderAnswers,
    'xstate.error.actor.placeOrder': [
      {
        type: 'xstate.error.actor.placeOrder',
        error: new ApiError("Can't reach FruitPrompt right now. Check your connection and try again.", 0),
      },
      { type: 'xstate.error.actor.placeOrder', error: new ApiError('Not enough FruitCoins.', 409) },
    ],
  },
  serialize: serializeCheckout,
  observe: (c: CheckoutContext) => ({
    source: c.order?.source ?? null,
    requestId: c.requestId,
    result: c.result ? (c.result.paymentUrl ? 'pay' : 'done') : null,
    error: c.error,
  }),
  maxSteps: 7,
  page: checkoutPageModel,
};
