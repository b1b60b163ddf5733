// Saved prompts (the hearts): signing in loads the member's saved prompts, a heart saves or
// removes one, signing out forgets them; a visitor's heart opens the login dialog instead. The
// demo member signs in through the login dialog (the real sign-in: only the favourites calls are
// the path's). Loading again while signed in, or "signed out" while signed out, no person causes:
// those are sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { click, logInThroughDialog, logOutThroughMenu, navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

/** The demo prompts the paths name, by id: their pages carry the heart. */
const DETAIL: Record<number, string> = {
  7: '/detail/hyperlapse-through-a-manhattan-avenue-at-dusk-7',
  9: '/detail/corgi-astronaut-cute-3d-character-9',
};

export const favoritesScript: BrowserScript = {
  machineId: 'favorites',
  effects: { fetchFavorites: 'fetchFavorites', saveFavorite: 'saveFavorite' },
  start: DETAIL[7]!,
  testPath: '13',
  async act(event, { page, before }) {
    switch (event.type) {
      case 'favorites.load':
        if (!before.matches('signedOut')) return false;
        await logInThroughDialog(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
        return;
      case 'favorites.clear':
        if (before.matches('signedOut')) return false;
        await logOutThroughMenu(page);
        return;
      case 'favorites.toggle': {
        const href = DETAIL[event.promptId as number]!;
        if (new URL(page.url()).pathname !== href) await navigate(page, href);
        // the prompt's own heart (the related cards' hearts carry their titles)
        await click(
          page.getByRole('main').getByRole('button', { name: /^(Save prompt|Remove from saved)$/ }),
        );
        return;
      }
      default:
        return false;
    }
  },
};
