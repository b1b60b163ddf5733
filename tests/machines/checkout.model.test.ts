// checkout against its independent model (tests/models/spec/checkout.ts): every path of the model
// replayed on the machine. The checkout tells other actors by systemId, so it runs with stand-ins
// for them beside it (the machine's own chart and implementations, plus, at its root, a `session`,
// `cart`, `cartCount` and `promptDetail` that write down what they hear); the way to the payment
// page is a recording action.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyStateMachine } from 'xstate';
import { checkoutMachine } from '../../machines/commerce/checkout.ts';
import * as selectors from '../../machines/commerce/checkout.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { CART_ORDER, checkoutSpec } from '../models/spec/checkout.ts';

const LISTENERS = ['session', 'cart', 'cartCount', 'promptDetail'] as const;

/** The checkout with listeners in its system; what they hear and where the browser went go to `log`. */
const withListeners = (log: { heard: string[]; payments: string[] }): AnyStateMachine => {
  const logic = checkoutMachine.provide({ actions: { goToPayment: (_, { url }) => log.payments.push(url) } });
  const listener = (id: string) =>
    fromCallback(({ receive }) => {
      receive((event) => log.heard.push(`${id} ${JSON.stringify(event)}`));
    });
  const { config } = logic;
  return createMachine(
    {
      ...config,
      invoke: [
        ...LISTENERS.map((id) => ({ src: listener(id), systemId: id })),
        ...[config.invoke ?? []].flat(),
      ],
    } as never,
    logic.implementations as never,
  ) as AnyStateMachine;
};

const model = checkoutSpec();
describe(`checkout against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const log = { heard: [] as string[], payments: [] as string[] };
      return replaySpecPath(
        model,
        {
          machine: withListeners(log),
          effects: ['placeOrder'],
          observe: ({ snapshot }) => {
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
              heard: log.heard,
              payments: log.payments,
            };
          },
        },
        path,
      );
    });
  }
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
