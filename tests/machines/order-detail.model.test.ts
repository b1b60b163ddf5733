// An order's page against its independent model (tests/models/spec/order-detail.ts): every path of the
// model replayed on the machine by the shared harness, with the target's stand-ins for the toast queue,
// the cart and the cart badge beside it, at its root, that write down what they are told; observed
// through the selectors (what the page shows), the calls it makes, what the others heard and the payment
// pages the browser was sent to.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { orderDetailMachine } from '../../machines/commerce/order-detail.ts';
import * as view from '../../machines/commerce/order-detail.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { heardBy, runWithout } from '../support/model-targets.ts';
import { orderDetailSpec } from '../models/spec/order-detail.ts';

const LISTENERS = ['toast', 'cart', 'cartCount'];

/** The machine's tags (its published states), in the model's order. */
const TAGS = [
  'loading',
  'notFound',
  'error',
  'ready',
  'busy',
  'openingPayment',
  'cancelDialog',
  'cancelling',
];

describeModel({
  walks: [walk('', orderDetailSpec())],
  target: () => {
    // the browser leaving for the payment page (src/ provides `location.assign`)
    const left: string[] = [];
    return {
      machine: orderDetailMachine.provide({
        actions: { goToPayment: (_, params: { url: string }) => void left.push(params.url) },
      }),
      effects: ['fetchOrder', 'payOrder', 'cancelOrder'],
      listeners: LISTENERS,
      observe: ({ snapshot, actor, heard }) => {
        const s = snapshot as never;
        const listening = LISTENERS.map((id) => actor.system.get(id) as AnyActorRef | undefined);
        return {
          tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
          // its own calls under way (not the stand-ins beside it)
          running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
            .filter(([, child]) => !listening.includes(child))
            .map(([id]) => id),
          status: view.status(s),
          error: view.error(s),
          order: view.order(s),
          busy: view.busy(s),
          openingPayment: view.openingPayment(s),
          cancelDialog: view.cancelDialog(s),
          cancelling: view.cancelling(s),
          actionError: view.actionError(s),
          // what each of the others heard, in order
          told: Object.fromEntries(LISTENERS.map((id) => [id, heardBy(heard, id)])),
          left: [...left],
        };
      },
    };
  },
});

describe('orderDetail without its effects provided', () => {
  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const { snapshot } = await runWithout(orderDetailMachine, [{ type: 'order.load', orderId: '42' }]);
    expect(view.status(snapshot as never)).toBe('error');
    expect(view.error(snapshot as never)).toBe('fetchOrder must be provided');
  });
});
