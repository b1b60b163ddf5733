import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { followSession, type SessionFollow } from '../system/follow-session.ts';
import { tell } from '../system/tell.ts';

export const FAVORITE_MESSAGES = {
  saveFailed: 'Your saved prompts could not be updated. Please try again.',
} as const;

export type FavoritesEvent =
  /** From the session: a member signed in (or the page loaded signed in). */
  | { type: 'favorites.load' }
  /** From the session: signed out. */
  | { type: 'favorites.clear' }
  /** The heart on a card or a detail page. */
  | { type: 'favorites.toggle'; promptId: number };

export interface FavoriteChange {
  promptId: number;
  saved: boolean;
}

export interface FavoritesContext {
  ids: number[];
  /** Changes shown at once and not yet confirmed by the server, oldest first. */
  queue: FavoriteChange[];
}

const apply = (ids: number[], change: FavoriteChange): number[] =>
  change.saved
    ? ids.includes(change.promptId)
      ? ids
      : [...ids, change.promptId]
    : ids.filter((id) => id !== change.promptId);

/**
 * The member's saved prompts: loaded at sign-in, toggled optimistically (the heart changes at once),
 * saved on the server one change at a time, and rolled back with a toast if the server refuses.
 */
export const favoritesMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    tags: {} as 'loading',
  },
  actors: {
    followSession,
    fetchFavorites: fromPromise<number[]>(() => {
      throw new Error('fetchFavorites must be provided');
    }),
    saveFavorite: fromPromise<void, FavoriteChange>(() => {
      throw new Error('saveFavorite must be provided');
    }),
  },
  actions: {
    /** A visitor's heart asks them to sign in first. */
    askToLogIn: tell('app', {
      type: 'loginDialog.open',
      mode: 'login',
    }),
    toastSaveFailed: tell('toast', {
      type: 'toast.show',
      kind: 'error',
      message: FAVORITE_MESSAGES.saveFailed,
    }),
    enqueueToggle: assign(({ context, event }) => {
      if (event.type !== 'favorites.toggle') return {};
      const change = { promptId: event.promptId, saved: !context.ids.includes(event.promptId) };
      return { ids: apply(context.ids, change), queue: [...context.queue, change] };
    }),
  },
  guards: {
    moreQueued: ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'favorites',
  // The saved prompts load with the member and clear with the logout.
  invoke: {
    src: 'followSession',
    input: {
      member: () => ({ type: 'favorites.load' }),
      visitor: { type: 'favorites.clear' },
    } satisfies SessionFollow<FavoritesEvent>,
  },
  context: { ids: [], queue: [] },
  initial: 'signedOut',
  on: {
    'favorites.clear': { target: '.signedOut', actions: assign({ ids: [], queue: [] }) },
    'favorites.load': { target: '.loading', actions: assign({ queue: [] }) },
  },
  states: {
    signedOut: {
      on: { 'favorites.toggle': { actions: 'askToLogIn' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchFavorites',
        src: 'fetchFavorites',
        onDone: { target: 'ready', actions: assign({ ids: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ ids: [] }) },
      },
    },
    ready: {
      initial: 'idle',
      on: { 'favorites.toggle': { target: '.saving', actions: 'enqueueToggle' } },
      states: {
        idle: {},
        saving: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Sends the oldest change; later toggles wait in the queue.',
          on: { 'favorites.toggle': { actions: 'enqueueToggle' } },
          invoke: {
            id: 'saveFavorite',
            src: 'saveFavorite',
            input: ({ context }) => context.queue[0]!,
            onDone: [
              {
                guard: 'moreQueued',
                target: 'saving',
                reenter: true,
                actions: assign({ queue: ({ context }) => context.queue.slice(1) }),
              },
              { target: 'idle', actions: assign({ queue: [] }) },
            ],
            onError: {
              target: 'idle',
              // undo every change still waiting, newest first, and say so
              actions: [
                assign(({ context }) => ({
                  ids: [...context.queue]
                    .reverse()
                    .reduce((ids, c) => apply(ids, { ...c, saved: !c.saved }), context.ids),
                  queue: [],
                })),
                'toastSaveFailed',
              ],
            },
          },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    favorites: FavoritesEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    favorites: ActorRefFrom<typeof favoritesMachine>;
  }
}
