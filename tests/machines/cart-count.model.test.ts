// cartCount against its independent model (tests/models/spec/cart-count.ts): every path of the model,
// each continued until the count rests, and the hand-made ones, replayed on the machine. The badge is
// observed through the selectors; the session's "adopted" and "ended" reach the machine through its own
// session follower, run against a stand-in session that emits what the path sends as session.* events
// (tests/support/model-targets.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { cartCountMachine } from '../../machines/commerce/cart-count.ts';
import { count, loading } from '../../machines/commerce/cart-count.selectors.ts';
import { followStandInSession } from '../support/model-targets.ts';
import type { ReplayTarget } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { cartCountSpec, handPaths, probed } from '../models/spec/cart-count.ts';

const target = (): ReplayTarget => ({
  machine: cartCountMachine.provide({ actors: { followSession: followStandInSession({ token: 't' }) } }),
  effects: ['fetchCartCount'],
  observe: ({ snapshot }) => ({
    count: count(snapshot as never),
    loading: loading(snapshot as never),
    // the counter the retry limit reads: in a row, so a success starts it again
    failures: (snapshot.context as { failures: number }).failures,
  }),
});

const model = cartCountSpec();

// each of the model's tours is replayed continued until the count rests (`probed`), in its place
describeModel({
  walks: [walk('', model)],
  target,
  tour: (path) => probed(model, path as never) as never,
  paths: () => handPaths(model) as never,
});

describe('cartCount without its effect provided', () => {
  it('fails the call saying GET /api/my/cart/count must be provided by src/', async () => {
    const clock = new SimulatedClock();
    const errors: string[] = [];
    const actor = createActor(cartCountMachine, {
      clock,
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'xstate.error.actor.fetchCartCount')
          errors.push(String((e.event as { error?: Error }).error?.message));
      },
    }).start();
    actor.send({ type: 'cart.refresh', reason: 'cartUpdate' });
    clock.increment(300);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual(['fetchCartCount must be provided']);
    actor.stop();
  });
});
