// My Orders against its independent model (tests/models/spec/order-list.ts): every path of the model
// replayed on the machine by the shared harness, observed through its selectors (what the page shows),
// its tags, the calls it makes and the one under way.
import { describe, expect, it } from 'vitest';
import { orderListMachine } from '../../machines/commerce/order-list.ts';
import * as view from '../../machines/commerce/order-list.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { listPageTarget, runWithout } from '../support/model-targets.ts';
import { orderListSpec } from '../models/spec/order-list.ts';

describeModel({
  walks: [walk('', orderListSpec())],
  target: () =>
    listPageTarget(orderListMachine, 'fetchOrders', {
      status: view.status,
      error: view.error,
      orders: view.orders,
    }),
});

describe('orderList without its effects provided', () => {
  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const { snapshot } = await runWithout(orderListMachine, [{ type: 'orders.load', query: { page: 1 } }]);
    expect(view.status(snapshot as never)).toBe('error');
    expect(view.error(snapshot as never)).toBe('fetchOrders must be provided');
  });
});
