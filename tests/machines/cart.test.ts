// The cart machine: its rules on the whole actor
// system (the session loads it, the badge, the balance and the toasts hear from it).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CART_MESSAGES, cartMachine, isInCart, pendingChange } from '../../machines/commerce/cart.ts';
import type { Cart } from '../../domain/commerce.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, whenAttached, type AppEffects } from '../../src/app/app-system.ts';
import { cartOf, couponFixture } from '../support/cart-fixtures.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { flushPromises } from '../support/model.ts';
import { startTestSystem } from '../support/start-system.ts';

// ---------------------------------------------------------------------------------------------
// The rules, on the whole actor system with fake effects

const member = {
  type: 'session.signedIn' as const,
  token: 'a.b.c',
  userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 100 },
  now: 1_000_000,
};

function start(more: Partial<AppEffects> = {}) {
  const system = startTestSystem({ effects: fakeEffects(more) });
  const cart = systemActor(system, 'cart');
  const toasts = () =>
    systemActor(system, 'toast')
      .getSnapshot()
      .context.toasts.map((t) => t.message);
  /** Signs the member in once the session has been restored (it ignores sign-ins before). */
  const signIn = async () => {
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => !s.hasTag('pending'));
    session.send(member);
    await waitFor(cart, (s) => s.hasTag('ready'));
  };
  return { system, cart, toasts, signIn };
}

describe('cart rules', () => {
  it('asks a visitor to log in instead of adding', async () => {
    const { system, cart } = start();
    cart.send({ type: 'cart.add', promptId: 7 });
    // the sign-in machines load with this first sign-in intent, then the dialog opens
    const dialog = await whenAttached(system, 'loginDialog');
    expect((await waitFor(dialog, (s) => s.value !== 'closed')).value).toEqual({ open: 'login' });
    expect(cart.getSnapshot().value).toBe('signedOut');
    system.stop();
  });

  it('loads at sign-in and clears at sign-out', async () => {
    const { system, cart, signIn } = start({ fetchCart: async () => cartOf([3, 5]) });
    await signIn();
    expect(isInCart(cart.getSnapshot().context, 5)).toBe(true);
    systemActor(system, 'session').send({ type: 'session.logout' });
    await waitFor(cart, (s) => s.matches('signedOut'));
    expect(cart.getSnapshot().context.cart).toBeNull();
    system.stop();
  });

  it('adds, says so, refreshes the badge and follows the balance', async () => {
    const added: number[] = [];
    const { system, cart, toasts, signIn } = start({
      fetchCart: async () => cartOf([3], { balance: 100 }),
      addToCart: async ({ promptId }) => {
        added.push(promptId);
        return cartOf([3, promptId], { balance: 80 });
      },
    });
    await signIn();
    const count = systemActor(system, 'cartCount');
    cart.send({ type: 'cart.add', promptId: 7 });
    expect(pendingChange(cart.getSnapshot().context, 7)).toBe('add');
    await waitFor(cart, (s) => s.matches({ active: { cart: { ready: 'idle' } } }));
    expect(added).toEqual([7]);
    expect(toasts()).toContain(CART_MESSAGES.added);
    expect(systemActor(system, 'session').getSnapshot().context.user?.fruitCnt).toBe(80);
    expect(count.getSnapshot().value).toBe('debouncing');
    system.stop();
  });

  it('sends changes one at a time, in order, and ignores a second add of the same prompt', async () => {
    const calls: string[] = [];
    let current: Cart = cartOf([]);
    const { system, cart, signIn } = start({
      fetchCart: async () => current,
      addToCart: async ({ promptId }) => {
        calls.push(`add ${promptId}`);
        current = cartOf([...current.items.map((i) => i.promptId), promptId]);
        return current;
      },
      removeFromCart: async ({ promptId }) => {
        calls.push(`remove ${promptId}`);
        current = cartOf(current.items.map((i) => i.promptId).filter((id) => id !== promptId));
        return current;
      },
    });
    await signIn();
    cart.send({ type: 'cart.add', promptId: 7 });
    cart.send({ type: 'cart.add', promptId: 7 });
    cart.send({ type: 'cart.add', promptId: 9 });
    expect(cart.getSnapshot().context.queue).toHaveLength(2);
    await waitFor(cart, (s) => s.context.queue.length === 0);
    cart.send({ type: 'cart.remove', promptId: 7 });
    cart.send({ type: 'cart.remove', promptId: 5 });
    await waitFor(cart, (s) => s.context.queue.length === 0);
    expect(calls).toEqual(['add 7', 'add 9', 'remove 7']);
    expect(cart.getSnapshot().context.cart?.items.map((i) => i.promptId)).toEqual([9]);
    system.stop();
  });

  it("shows the server's reason when an add is refused, and keeps the cart", async () => {
    const { system, cart, toasts, signIn } = start({
      fetchCart: async () => cartOf([3]),
      addToCart: async () => {
        throw new ApiError('You already own this prompt.', 409);
      },
    });
    await signIn();
    cart.send({ type: 'cart.add', promptId: 7 });
    await waitFor(cart, (s) => s.context.queue.length === 0);
    expect(toasts()).toContain('You already own this prompt.');
    expect(cart.getSnapshot().context.cart?.items.map((i) => i.promptId)).toEqual([3]);
    system.stop();
  });

  it('asks for the coupon with every fetch, and again after a change', async () => {
    const asked: (number | null | undefined)[] = [];
    const { system, cart, signIn } = start({
      fetchCart: async ({ couponId } = {}) => {
        asked.push(couponId);
        return couponId === 11
          ? cartOf([5], { coupon: couponFixture(11) })
          : couponId === 12
            ? cartOf([5], { couponError: 'This coupon needs a spend of $20.00 or more.' })
            : cartOf([5]);
      },
      addToCart: async () => cartOf([5, 9]),
      fetchCoupons: async () => [couponFixture(11), couponFixture(12)],
    });
    await signIn();
    cart.send({ type: 'cart.open' });
    await waitFor(cart, (s) => s.matches({ active: { coupons: 'loaded', cart: 'ready' } }));
    cart.send({ type: 'cart.applyCoupon', couponId: 11 });
    await waitFor(cart, (s) => s.hasTag('ready'));
    expect(cart.getSnapshot().context.cart?.totals).toEqual({
      fruit: 0,
      subtotalCents: 499,
      discountCents: 99,
      totalCents: 400,
    });
    cart.send({ type: 'cart.add', promptId: 9 });
    await waitFor(
      cart,
      (s) => s.matches({ active: { cart: { ready: 'idle' } } }) && s.context.queue.length === 0,
    );
    expect(asked).toEqual([null, null, 11, 11]);
    cart.send({ type: 'cart.applyCoupon', couponId: 12 });
    await waitFor(cart, (s) => s.hasTag('ready'));
    expect(cart.getSnapshot().context.cart?.couponError).toMatch(/spend/);
    // an unknown coupon is not asked for
    cart.send({ type: 'cart.applyCoupon', couponId: 99 });
    expect(cart.getSnapshot().context.couponId).toBe(12);
    cart.send({ type: 'cart.clearCoupon' });
    await waitFor(cart, (s) => s.hasTag('ready'));
    expect(asked.at(-1)).toBeNull();
    system.stop();
  });

  it('a checkout forgets the coupon and reloads the cart and the coupons', async () => {
    const asked: (number | null | undefined)[] = [];
    let couponLoads = 0;
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(async ({ input }) => {
            asked.push(input.couponId);
            return cartOf([5]);
          }),
          fetchCoupons: fromPromise(async () => {
            couponLoads++;
            return [couponFixture(11)];
          }),
        },
      }),
    ).start();
    actor.send({ type: 'cart.load' });
    actor.send({ type: 'cart.open' });
    await flushPromises();
    actor.send({ type: 'cart.applyCoupon', couponId: 11 });
    await flushPromises();
    actor.send({ type: 'cart.checkedOut' });
    await flushPromises();
    expect(asked).toEqual([null, 11, null]);
    expect(couponLoads).toBe(2);
    expect(actor.getSnapshot().context.couponId).toBeNull();
    actor.stop();
  });
});
