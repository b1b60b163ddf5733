// The member's cart (long-lived: the cart page, "In cart" on cards) with src/'s effects provided.
import { fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.ts';
import type { AppEffects } from './app-effects.ts';

export function cartLogic(effects: AppEffects) {
  return {
    cart: cartMachine.provide({
      actors: {
        fetchCart: fromPromise(({ input }) => effects.fetchCart(input)),
        changeCart: fromPromise(({ input }) =>
          input.op === 'add'
            ? effects.addToCart({ promptId: input.promptId })
            : effects.removeFromCart({ promptId: input.promptId }),
        ),
        fetchCoupons: fromPromise(() => effects.fetchCoupons({ status: 'valid' })),
      },
    }),
  };
}
