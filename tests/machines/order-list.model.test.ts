// My Orders against its independent model (tests/models/spec/order-list.ts): every path of the model
// replayed on the machine, observed through its selectors (what the page shows), its tags, the calls it
// makes and the one under way.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { orderListMachine } from '../../machines/commerce/order-list.ts';
import * as view from '../../machines/commerce/order-list.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { orderListSpec } from '../models/spec/order-list.ts';

const TAGS = ['loading', 'ready', 'error'] as const;
const model = orderListSpec();

describe(`orderList against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () =>
      replaySpecPath(
        model,
        {
          machine: orderListMachine,
          effects: ['fetchOrders'],
          observe: ({ snapshot }) => {
            const s = snapshot as never;
            return {
              tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
              running: Object.keys(snapshot.children),
              status: view.status(s),
              error: view.error(s),
              orders: view.orders(s),
            };
          },
        },
        path,
      ),
    );
  }

  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const actor = createActor(orderListMachine).start();
    actor.send({ type: 'orders.load', query: { page: 1 } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchOrders must be provided');
    actor.stop();
  });
});
