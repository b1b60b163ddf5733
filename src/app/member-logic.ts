// The member's machines (the header's cart count, the cart, the saved prompts, the account menu's
// unread count), each with src/'s effects provided. Loaded when a session has a member, a page needs
// them or a visitor first presses a card's button (machines/app/app.ts `loadMember`, docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import type { MemberMachines } from '../../machines/app/app.ts';
import { cartCountMachine } from '../../machines/commerce/cart-count.ts';
import { favoritesMachine } from '../../machines/catalog/favorites.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { AppEffects } from './app-effects.ts';
import { cartLogic } from '../commerce/cart-logic.ts';
import { inboxCountLogic } from '../account/inbox-count-logic.ts';

export function memberLogic(effects: AppEffects): MemberMachines {
  return {
    cartCount: cartCountMachine.provide({
      actors: {
        fetchCartCount: fromPromise(({ system }) => {
          const session = lookup(system, 'session')?.getSnapshot();
          return effects.fetchCartCount(session?.context.user?.memberId ?? '');
        }),
      },
    }),
    ...cartLogic(effects),
    ...inboxCountLogic(effects),
    favorites: favoritesMachine.provide({
      actors: {
        fetchFavorites: fromPromise(() => effects.fetchFavorites()),
        saveFavorite: fromPromise(({ input }) => effects.saveFavorite(input)),
      },
    }),
  };
}
