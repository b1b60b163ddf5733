// The header cart badge's count: refreshed after a login, debounced on cart changes, given up after
// three failures in a row.
import type { AnyMachineSnapshot } from 'xstate';
import { cartCountMachine } from '../../machines/commerce/cart-count.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  cartCount: 'The cart icon in the header with its badge',
  'cartCount.idle': 'Cart icon with the last count as badge (none at 0)',
  'cartCount.afterLogin': 'Cart icon, badge unchanged: the count is asked for shortly after a login',
  'cartCount.debouncing': 'Cart icon, badge unchanged while cart changes settle',
  'cartCount.fetching': 'Cart badge reads "..." (label "Cart, updating the count")',
  'cartCount.retrying': 'Cart icon with the last count; it asks again in a moment',
  'cartCount.stopped':
    'Cart icon with the last count (0: no badge); no more asking until a login or cart change',
};

export const cartCountModel: MachineModel = {
  sees: SEES,
  machine: cartCountMachine,
  actors: ['fetchCartCount'],
  samples: {
    'cart.refresh': [
      { type: 'cart.refresh', reason: 'login' },
      { type: 'cart.refresh', reason: 'cartUpdate' },
      { type: 'cart.refresh', reason: 'refreshHeader' },
    ],
    'xstate.done.actor.fetchCartCount': [
      { type: 'xstate.done.actor.fetchCartCount', output: 4 },
      { type: 'xstate.done.actor.fetchCartCount', output: 0 },
      { type: 'xstate.done.actor.fetchCartCount', output: null },
    ],
    'xstate.error.actor.fetchCartCount': [
      { type: 'xstate.error.actor.fetchCartCount', error: new Error('500') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${(s.context as { count: number }).count} ${(s.context as { failures: number }).failures}`,
  // three failures take nine steps
  maxSteps: 9,
};
