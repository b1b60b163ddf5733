// My Coupons against its independent model (tests/models/spec/coupons.ts): every path of the model
// replayed on the machine by the shared harness (tests/support/spec-replay.ts), observed through its
// selectors (what the page shows), its tags, the calls it makes and the one under way.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { COUPON_TABS, couponsMachine } from '../../machines/commerce/coupons.ts';
import * as view from '../../machines/commerce/coupons.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { couponsSpec } from '../models/spec/coupons.ts';

const TAGS = ['loading', 'ready', 'error'] as const;

describeModel({
  walks: [walk('', couponsSpec())],
  target: () => ({
    machine: couponsMachine,
    effects: ['fetchCoupons'],
    observe: ({ snapshot }) => {
      const s = snapshot as never;
      return {
        tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
        running: Object.keys(snapshot.children),
        status: view.status(s),
        error: view.error(s),
        coupons: view.coupons(s),
      };
    },
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
