// paymentResult against its independent model (tests/models/spec/payment-result.ts): every path of
// the model, and two long hand-made ones (a pending order followed until the page stops by itself),
// replayed on the machine by the shared harness, on the target payOrCancel's model test replays too
// (tests/support/payment-result-harness.ts): the machine tells the cart and the badge by systemId, so it
// runs with stand-ins for them beside it that write down what they hear; the way to the payment page is
// a recording action.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import * as selectors from '../../machines/commerce/payment-result.selectors.ts';
import type { SpecPath } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { paymentResultTarget } from '../support/payment-result-harness.ts';
import { followedPaths, paymentResultSpec } from '../models/spec/payment-result.ts';

const model = paymentResultSpec();

describeModel({
  walks: [walk('', model)],
  paths: () => followedPaths(model) as SpecPath<never>[],
  target: paymentResultTarget,
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
