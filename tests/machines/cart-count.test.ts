// Mutation: cartCount
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { cartCountMachine } from '../../machines/commerce/cart-count.ts';
import { flushPromises } from '../support/model.ts';

describe('cartCount timing (requirements §4, §9)', () => {
  const start = (answers: (number | null | Error)[]) => {
    const clock = new SimulatedClock();
    let calls = 0;
    const actor = createActor(
      cartCountMachine.provide({
        actors: {
          fetchCartCount: fromPromise(async () => {
            const answer = answers[Math.min(calls++, answers.length - 1)];
            if (answer instanceof Error) throw answer;
            return answer ?? null;
          }),
        },
      }),
      { clock },
    ).start();
    const advance = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        clock.increment(100);
        await flushPromises();
      }
    };
    return { actor, advance, calls: () => calls };
  };

  it('asks 500 ms + 300 ms after a login, and debounces bursts of updates to one call', async () => {
    const { actor, advance, calls } = start([2]);
    actor.send({ type: 'cart.refresh', reason: 'login' });
    await advance(700);
    expect(calls()).toBe(0);
    await advance(100);
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().context.count).toBe(2);
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'cart.refresh', reason: 'cartUpdate' });
      await advance(200);
    }
    expect(calls()).toBe(1);
    await advance(100);
    expect(calls()).toBe(2);
  });

  it('stops after 3 empty answers while the count is 0, and a header refresh does not restart it', async () => {
    const { actor, advance, calls } = start([0]);
    actor.send({ type: 'cart.refresh', reason: 'cartUpdate' });
    await advance(10_000);
    expect(calls()).toBe(3);
    expect(actor.getSnapshot().value).toBe('stopped');
    actor.send({ type: 'cart.refresh', reason: 'refreshHeader' });
    await advance(2000);
    expect(calls()).toBe(3);
    actor.send({ type: 'cart.refresh', reason: 'cartUpdate' });
    await advance(400);
    expect(calls()).toBe(4);
  });

  it('zeroes on logout', async () => {
    const { actor, advance } = start([7]);
    actor.send({ type: 'cart.refresh', reason: 'cartUpdate' });
    await advance(400);
    expect(actor.getSnapshot().context.count).toBe(7);
    actor.send({ type: 'cart.reset' });
    expect(actor.getSnapshot().context).toEqual({ count: 0, failures: 0 });
  });
});
