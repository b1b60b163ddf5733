import { assign, fromPromise, setup } from 'xstate';
import type { PromptCard } from './domain/catalog.ts';

export interface HomeSection {
  key: string;
  title: string;
  data: PromptCard[];
}

export type HomeSectionsEvent = { type: 'home.load' } | { type: 'home.retry' };

/** The home page's shelves (trending, newest, free picks, by generator), loaded once and kept. */
export const homeSectionsMachine = setup({
  types: {
    context: {} as { sections: HomeSection[]; error: string | null },
    events: {} as HomeSectionsEvent,
  },
  actors: {
    fetchHomeSections: fromPromise<HomeSection[]>(() => {
      throw new Error('fetchHomeSections must be provided');
    }),
  },
}).createMachine({
  id: 'homeSections',
  context: { sections: [], error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'home.load': 'loading' } },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchHomeSections',
        src: 'fetchHomeSections',
        onDone: { target: 'ready', actions: assign({ sections: ({ event }) => event.output }) },
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error && event.error.message
                ? event.error.message
                : 'The home page could not be loaded.',
          }),
        },
      },
    },
    ready: {
      description: 'Shown; coming back home keeps the shelves (and the scroll position).',
      tags: ['ready'],
    },
    error: { tags: ['error'], on: { 'home.retry': 'loading', 'home.load': 'loading' } },
  },
});
