// The member's hearts: loaded at sign-in, saved optimistically one at a time, rolled back if refused.
import type { AnyMachineSnapshot } from 'xstate';
import { favoritesMachine, type FavoritesContext } from '../../machines/catalog/favorites.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  favorites: 'The heart buttons on prompt cards and the detail page',
  'favorites.signedOut': 'Hearts all off; pressing one opens the login dialog',
  'favorites.loading': 'Hearts off until the saved prompts arrive',
  'favorites.ready': 'Hearts on ("Remove from saved") for saved prompts, off ("Save prompt") for the others',
  'favorites.ready.idle': 'Hearts show the saved prompts',
  'favorites.ready.saving':
    'The pressed heart already shows its new state while it is saved (rolled back if refused)',
};

export const favoritesModel: MachineModel = {
  sees: SEES,
  machine: favoritesMachine,
  actors: ['fetchFavorites', 'saveFavorite'],
  samples: {
    'favorites.toggle': [
      { type: 'favorites.toggle', promptId: 7 },
      { type: 'favorites.toggle', promptId: 9 },
    ],
    'xstate.done.actor.fetchFavorites': [{ type: 'xstate.done.actor.fetchFavorites', output: [9] }],
    'xstate.error.actor.fetchFavorites': [
      { type: 'xstate.error.actor.fetchFavorites', error: new Error('x') },
    ],
    'xstate.done.actor.saveFavorite': [{ type: 'xstate.done.actor.saveFavorite', output: undefined }],
    'xstate.error.actor.saveFavorite': [{ type: 'xstate.error.actor.saveFavorite', error: new Error('x') }],
  },
  // the queue can grow without end: its first two changes stand for it (paths stay short)
  serialize: (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${(s.context as { ids: number[] }).ids.join(',')} ${JSON.stringify((s.context as { queue: unknown[] }).queue.slice(0, 2))}`,
  observe: (c: FavoritesContext) => c.ids,
  maxSteps: 5,
};
