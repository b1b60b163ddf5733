// The checkout machine: its rules on the whole actor
// system (the balance, the cart, the badge and an open detail page hear of a checkout).
// Mutation: checkout
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine } from '../../machines/commerce/checkout.ts';
import type { CheckoutRequest, CheckoutResult } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { cartOf, checkoutResult } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { fullFixture } from '../support/fixtures.ts';
import { flushPromises } from '../support/model.ts';
import { buyNowOrder, cartOrder } from '../models/checkout.ts';
import { startTestSystem } from '../support/start-system.ts';

describe('checkout rules', () => {
  it('sends the attempt once, retries with the same requestId, and goes to the payment page', async () => {
    const requests: CheckoutRequest[] = [];
    const urls: string[] = [];
    let fail = true;
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise(async ({ input }) => {
            requests.push(input);
            if (fail) throw new ApiError("Can't reach FruitPrompt right now.", 0);
            return checkoutResult([3], [5]);
          }),
        },
        actions: { goToPayment: (_, { url }) => urls.push(url) },
      }),
    ).start();
    actor.send({ type: 'checkout.start', order: cartOrder, requestId: 'req-1', referral: 'Ab12Cd34' });
    expect(requests).toEqual([]);
    actor.send({ type: 'checkout.confirm' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ failed: 'retryable' });
    fail = false;
    actor.send({ type: 'checkout.retry' });
    await flushPromises();
    expect(requests).toEqual([
      { promptIds: [3, 5], couponId: null, requestId: 'req-1', referral: 'Ab12Cd34' },
      { promptIds: [3, 5], couponId: null, requestId: 'req-1', referral: 'Ab12Cd34' },
    ]);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(urls).toEqual(['/dev-pay/cs_test_1']);
    actor.stop();
  });

  it('a refusal cannot be retried as it is: it says why', async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise<CheckoutResult, CheckoutRequest>(async () => {
            throw new ApiError('You need 10 more FruitCoins.', 409);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'checkout.start', order: buyNowOrder, requestId: 'req-9', referral: null });
    actor.send({ type: 'checkout.confirm' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ failed: 'refused' });
    expect(actor.getSnapshot().context.error).toBe('You need 10 more FruitCoins.');
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().value).toEqual({ failed: 'refused' });
    actor.send({ type: 'checkout.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  async function signedInSystem(more: Partial<AppEffects>) {
    const system = startTestSystem({ effects: fakeEffects(more) });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => !s.hasTag('pending'));
    session.send({
      type: 'session.signedIn',
      token: 'a.b.c',
      userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 100 },
      now: 1_000_000,
    });
    await waitFor(systemActor(system, 'cart'), (s) => s.hasTag('ready'));
    return system;
  }

  it('buy now: the balance, the cart, the badge and the detail page hear of it', async () => {
    let owned = false;
    const asked: string[] = [];
    const system = await signedInSystem({
      fetchCart: async () => (owned ? cartOf([5], { balance: 70 }) : cartOf([5, 7], { balance: 100 })),
      checkout: async () => {
        owned = true;
        return checkoutResult([7], [], 70);
      },
      getPrompt: async (id) => {
        asked.push(id);
        return { found: true, prompt: fullFixture(7, { hasAccess: owned ? 1 : 0, grade: 1 }) };
      },
    });
    const detail = systemActor(system, 'promptDetail');
    detail.send({ type: 'detail.load', id: 'copper-forest-dawn-7' });
    await waitFor(detail, (s) => s.hasTag('ready'));
    const checkout = systemActor(system, 'checkout');
    checkout.send({ type: 'checkout.start', order: buyNowOrder, requestId: 'req-5', referral: null });
    checkout.send({ type: 'checkout.confirm' });
    await waitFor(checkout, (s) => s.matches('done'));
    expect(systemActor(system, 'session').getSnapshot().context.user?.fruitCnt).toBe(70);
    const cart = await waitFor(
      systemActor(system, 'cart'),
      (s) => s.hasTag('ready') && s.context.cart?.items.length === 1,
    );
    expect(cart.context.cart?.items.map((i) => i.promptId)).toEqual([5]);
    await waitFor(detail, (s) => s.hasTag('ready') && s.context.prompt?.hasAccess === 1);
    expect(asked).toEqual(['copper-forest-dawn-7', 'copper-forest-dawn-7']);
    expect(systemActor(system, 'cartCount').getSnapshot().value).toBe('debouncing');
    system.stop();
  });

  it('a refused checkout reloads the cart the person saw', async () => {
    let loads = 0;
    const system = await signedInSystem({
      fetchCart: async () => {
        loads++;
        return cartOf([3]);
      },
      checkout: async () => {
        throw new ApiError('You already own Neon Koi Pond.', 409);
      },
    });
    const checkout = systemActor(system, 'checkout');
    checkout.send({ type: 'checkout.start', order: cartOrder, requestId: 'req-6', referral: null });
    checkout.send({ type: 'checkout.confirm' });
    await waitFor(checkout, (s) => s.matches('failed'));
    await waitFor(systemActor(system, 'cart'), (s) => s.hasTag('ready') && loads === 2);
    system.stop();
  });
});
