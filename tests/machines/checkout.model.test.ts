// checkout against its independent model (tests/models/spec/checkout.ts): every path of the model
// replayed on the machine by the shared harness (tests/support/spec-replay.ts). The checkout tells
// other actors by systemId, so a `session`, `cart`, `cartCount` and `promptDetail` listen beside it
// and what they hear is written down; the way to the payment page is a recording action.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine } from '../../machines/commerce/checkout.ts';
import * as selectors from '../../machines/commerce/checkout.selectors.ts';
import { heardJson } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { CART_ORDER, checkoutSpec } from '../models/spec/checkout.ts';

describeModel({
  walks: [walk('', checkoutSpec())],
  target: () => {
    const payments: string[] = [];
    return {
      machine: checkoutMachine.provide({ actions: { goToPayment: (_, { url }) => payments.push(url) } }),
      effects: ['placeOrder'],
      listeners: ['session', 'cart', 'cartCount', 'promptDetail'],
      observe: ({ snapshot, heard }) => {
        const s = snapshot as never;
        return {
          phase: selectors.phase(s),
          open: selectors.open(s),
          openOnCart: selectors.openOn('cart')(s),
          openOnBuyNow: selectors.openOn('buyNow')(s),
          order: selectors.order(s),
          result: selectors.result(s),
          error: selectors.error(s),
          tags: [...snapshot.tags].sort(),
          heard: heardJson(heard),
          payments,
        };
      },
    };
  },
});

describe('checkout without its effect provided', () => {
  it('says POST /api/my/orders must be provided by src/', async () => {
    const actor = createActor(checkoutMachine).start();
    actor.send({ type: 'checkout.start', order: CART_ORDER, requestId: 'req-1' });
    actor.send({ type: 'checkout.confirm' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(selectors.error(actor.getSnapshot())).toBe('placeOrder must be provided');
    actor.stop();
  });
});
