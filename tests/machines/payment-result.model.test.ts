// paymentResult against its independent model (tests/models/spec/payment-result.ts): every path of
// the model, and two long hand-made ones (a pending order followed until the page stops by itself),
// replayed on the machine. It tells the cart and the badge by systemId, so it runs with stand-ins for
// them beside it that write down what they hear; the way to the payment page is a recording action.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyStateMachine } from 'xstate';
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import * as selectors from '../../machines/commerce/payment-result.selectors.ts';
import { replaySpecPath, specPaths, type Observation } from '../support/spec-model.ts';
import { followedPaths, paymentResultSpec } from '../models/spec/payment-result.ts';

interface Log {
  heard: string[];
  payments: string[];
}

/** The payment result machine with the cart and the badge in its system, hearing into `log`. */
const withListeners = (log: Log): AnyStateMachine => {
  const logic = paymentResultMachine.provide({
    actions: { goToPayment: (_, { url }: { url: string }) => log.payments.push(url) },
  });
  const listener = (id: string) =>
    fromCallback(({ receive }) => {
      receive((event) => log.heard.push(`${id} ${JSON.stringify(event)}`));
    });
  const { config } = logic;
  return createMachine(
    {
      ...config,
      invoke: [
        ...['cart', 'cartCount'].map((id) => ({ src: listener(id), systemId: id })),
        ...[config.invoke ?? []].flat(),
      ],
    } as never,
    logic.implementations as never,
  ) as AnyStateMachine;
};

/** What the payment pages show, and what the cart, the badge and the browser were told. */
const observe =
  (log: Log) =>
  ({ snapshot }: Observation) => {
    const s = snapshot as never;
    return {
      phase: selectors.phase(s),
      showsOrder12: selectors.showsOrder('12')(s),
      order: selectors.order(s),
      error: selectors.error(s),
      actionError: selectors.actionError(s),
      tags: [...snapshot.tags].sort(),
      heard: log.heard,
      payments: log.payments,
    };
  };

const EFFECTS = ['confirmOrder', 'fetchOrder', 'payOrder', 'cancelOrder'];

const model = paymentResultSpec();
describe(`paymentResult against ${model.spec}`, () => {
  for (const path of [...specPaths(model), ...followedPaths(model)]) {
    it(path.title, () => {
      const log: Log = { heard: [], payments: [] };
      return replaySpecPath(
        model,
        { machine: withListeners(log), effects: EFFECTS, observe: observe(log) },
        path,
      );
    });
  }
});

describe('paymentResult without its effects provided', () => {
  it('says the confirm and the order calls must be provided by src/', async () => {
    const actor = createActor(paymentResultMachine).start();
    actor.send({ type: 'payment.openPaid', orderId: '12', sessionId: 'cs_1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(selectors.error(actor.getSnapshot())).toBe('confirmOrder must be provided');
    actor.send({ type: 'payment.openPending', orderId: '12' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(selectors.error(actor.getSnapshot())).toBe('fetchOrder must be provided');
    actor.stop();
  });
});
