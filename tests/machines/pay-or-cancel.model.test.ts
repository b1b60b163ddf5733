// payOrCancel ("Pay now" and "Cancel order" on a pending order, machines/commerce/pay-or-cancel.ts) is a
// fragment: it is checked where it runs, on the pending payment page. The paths of the payment result
// model (tests/models/spec/payment-result.ts) that pay again or cancel are replayed on that machine:
// the calls' input, the steps' states, their messages, the order they answer and the payment page. Only
// those paths are replayed, so this file picks them itself instead of handing the whole walk to the
// shared harness; the target is the payment result model test's (tests/support/payment-result-harness.ts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paymentResultMachine } from '../../machines/commerce/payment-result.ts';
import * as selectors from '../../machines/commerce/payment-result.selectors.ts';
import { replaySpecPath, specPaths, type SpecStep } from '../support/spec-model.ts';
import { paymentResultTarget } from '../support/payment-result-harness.ts';
import { followedPaths, ORDERS, paymentResultSpec } from '../models/spec/payment-result.ts';

/** A step of paying again or cancelling. */
const paysOrCancels = (step: SpecStep): boolean =>
  ('send' in step && /^payment\.(pay|cancel)/.test(step.send.type)) ||
  ('settle' in step && ['payOrder', 'cancelOrder'].includes(step.settle)) ||
  ('fail' in step && ['payOrder', 'cancelOrder'].includes(step.fail));

const model = paymentResultSpec();
describe(`payOrCancel on the payment page, against ${model.spec}`, () => {
  for (const path of [...specPaths(model), ...followedPaths(model)].filter((p) =>
    p.steps.some(({ step }) => paysOrCancels(step)),
  ))
    it(path.title, () => replaySpecPath(model, paymentResultTarget(), path));
});

describe('payOrCancel without its effects provided', () => {
  it('says the pay and the cancel calls must be provided by src/', async () => {
    const actor = createActor(
      paymentResultMachine.provide({
        actors: { fetchOrder: fromPromise(async () => ORDERS.pending) },
      }),
    ).start();
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'payment.openPending', orderId: '12' });
    await flush();
    actor.send({ type: 'payment.pay' });
    await flush();
    expect(selectors.actionError(actor.getSnapshot())).toBe('payOrder must be provided');
    actor.send({ type: 'payment.cancel' });
    actor.send({ type: 'payment.cancelConfirm' });
    await flush();
    expect(selectors.actionError(actor.getSnapshot())).toBe('cancelOrder must be provided');
    actor.stop();
  });
});
