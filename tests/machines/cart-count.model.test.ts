// cartCount against its independent model (tests/models/spec/cart-count.ts): every path of the model
// replayed on the machine. The badge is observed through the selectors; the session's "adopted" and
// "ended" reach the machine through its own session follower, given a stand-in session that emits
// what the path sends as session.* events.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type EventObject,
} from 'xstate';
import { cartCountMachine } from '../../machines/commerce/cart-count.ts';
import { count, loading } from '../../machines/commerce/cart-count.selectors.ts';
import { followSession, type SessionFollow } from '../../machines/system/follow-session.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { cartCountSpec, handPaths, probed } from '../models/spec/cart-count.ts';

/** The follower's callback, as `fromCallback` keeps it. */
const follow = followSession.config as (args: unknown) => (() => void) | void;

/**
 * The machine's own session follower, run against a stand-in session: each `session.*` event the
 * path sends to the machine is what the session emits.
 */
const followStandInSession = fromCallback<EventObject, SessionFollow<AnyEventObject>>((args) => {
  const handlers = new Map<string, ((e: AnyEventObject) => void)[]>();
  const session = {
    on: (type: string, handler: (e: AnyEventObject) => void) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
      return {
        unsubscribe: () =>
          handlers.set(
            type,
            (handlers.get(type) ?? []).filter((h) => h !== handler),
          ),
      };
    },
  };
  const parent = (args.self as AnyActorRef)._parent;
  const inspection = args.system.inspect((e) => {
    if (e.type !== '@xstate.event' || e.actorRef !== parent || !e.event.type.startsWith('session.')) return;
    for (const handler of handlers.get(e.event.type) ?? []) handler({ token: 't', ...e.event });
  });
  const system = { ...args.system, get: (id: string) => (id === 'session' ? session : args.system.get(id)) };
  const stop = follow({ ...args, system });
  return () => {
    inspection.unsubscribe();
    if (typeof stop === 'function') stop();
  };
});

const model = cartCountSpec();

describe(`cartCount against ${model.spec}`, () => {
  for (const path of [...specPaths(model).map((p) => probed(model, p)), ...handPaths(model)]) {
    it(path.title, () =>
      replaySpecPath(
        model,
        {
          machine: cartCountMachine.provide({ actors: { followSession: followStandInSession } }),
          effects: ['fetchCartCount'],
          observe: ({ snapshot }) => ({
            count: count(snapshot as never),
            loading: loading(snapshot as never),
            // the counter the retry limit reads: in a row, so a success starts it again
            failures: (snapshot.context as { failures: number }).failures,
          }),
        },
        path,
      ),
    );
  }
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
