// Saved prompts (the hearts): signing in loads the member's saved prompts, a heart saves or
// removes one, signing out forgets them; a visitor's heart opens the login dialog instead. The
// demo member signs in through the login dialog (the real sign-in: only the favourites calls are
// the path's). Loading again while signed in, or "signed out" while signed out, no person causes:
// those are sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { favoritesDriver } from '../../drivers/favorites.ts';
import { logInThroughDialog, logOutThroughMenu } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';
import { savedOf } from '../../../machines/catalog/favorites.selectors.ts';
import { HEARTS } from '../../models/spec/favorites.ts';

/** The page of a demo prompt by id (the page reads the id at the end of the address): it carries the heart. */
const detailOf = (promptId: number) => `/detail/prompt-${promptId}`;

export const favoritesScript: BrowserScript = {
  machineId: 'favorites',
  effects: { fetchFavorites: 'fetchFavorites', saveFavorite: 'saveFavorite' },
  start: detailOf(HEARTS[0]!),
  // the selectors file has a selector factory (`savedOf(promptId)`), not a selector named `saved`:
  // the hearts of the model's prompts, and the machine's loading tag
  views: {
    saved: {
      actual: ({ snapshot }) => Object.fromEntries(HEARTS.map((id) => [id, savedOf(id)(snapshot as never)])),
    },
    loading: { actual: ({ snapshot }) => snapshot.hasTag('loading') },
  },
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'session.member {"token":"token-a"} → loading [] · fetchFavorites answers [3] → ready [3] · favorites.toggle {"promptId":3} → ready [] 1 unsaved',
  async act(event, step) {
    const { page, before } = step;
    switch (event.type) {
      // the session announces a member (signing in) or a visitor (logging out)
      case 'session.member':
      case 'favorites.load':
        if (!before.matches('signedOut')) return false;
        await logInThroughDialog(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
        return;
      case 'session.visitor':
      case 'favorites.clear':
        if (before.matches('signedOut')) return false;
        await logOutThroughMenu(page);
        return;
      default:
        return take(favoritesDriver(detailOf), event, step);
    }
  },
};
