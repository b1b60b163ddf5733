// My Coupons against its independent model (tests/models/spec/coupons.ts): every path of the model
// replayed on the machine by the shared harness (tests/support/spec-replay.ts), observed through its
// selectors (what the page shows), its tags, the calls it makes and the one under way.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { COUPON_TABS, couponsMachine } from '../../machines/commerce/coupons.ts';
import * as view from '../../machines/commerce/coupons.selectors.ts';
import { listPageTarget } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { couponsSpec } from '../models/spec/coupons.ts';

describeModel({
  walks: [walk('', couponsSpec())],
  target: () =>
    listPageTarget(couponsMachine, 'fetchCoupons', {
      status: view.status,
      error: view.error,
      coupons: view.coupons,
    }),
});

describe('coupons, in its own words', () => {
  it('offers the tabs valid, used and expired, in that order', () => {
    expect(COUPON_TABS).toEqual(['valid', 'used', 'expired']);
  });

  it('makes no call of its own: unprovided, the load fails and the page says why', async () => {
    const actor = createActor(couponsMachine).start();
    actor.send({ type: 'coupons.load', tab: 'valid' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(view.status(actor.getSnapshot())).toBe('error');
    expect(view.error(actor.getSnapshot())).toBe('fetchCoupons must be provided');
    actor.stop();
  });
});
