// The member's cart (long-lived: the cart page, "In cart" on cards) with src/'s effects provided.
import { fromPromise } from 'xstate';
import { cartMachine } from '../../machines/commerce/cart.ts';
import type { CommerceEffects } from './commerce-effects.ts';

export function cartLogic(effects: CommerceEffects) {
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
