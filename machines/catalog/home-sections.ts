import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { FOLLOW_VIEWER, followSession } from '../system/follow-session.ts';
import type { PromptCard } from '../../domain/catalog.ts';
import { viewerSwitched, type KnownViewer, type ViewerChanged } from '../../domain/viewer.ts';

export interface HomeSection {
  key: string;
  title: string;
  data: PromptCard[];
}

export type HomeSectionsEvent = { type: 'home.load' } | { type: 'home.retry' } | ViewerChanged;

/** The home page's shelves (trending, newest, free picks, by generator), loaded once and kept. */
export const homeSectionsMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { sections: HomeSection[]; viewer: KnownViewer },
    events: {} as HomeSectionsEvent,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  guards: {
    viewerSwitched: ({ context, event }) =>
      event.type === 'viewer.changed' && viewerSwitched(context.viewer, event.viewer),
  },
  actions: {
    setViewer: assign({
      viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.viewer : context.viewer),
    }),
  },
  actors: {
    followSession,
    fetchHomeSections: fromPromise<HomeSection[]>(() => {
      throw new Error('fetchHomeSections must be provided');
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'homeSections',
  // The shelves reload what they show when the member changes (domain/viewer.ts).
  invoke: { src: 'followSession', input: FOLLOW_VIEWER },
  context: { sections: [], viewer: undefined },
  initial: 'idle',
  on: { 'viewer.changed': { actions: 'setViewer' } },
  states: {
    idle: { on: { 'home.load': 'loading' } },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchHomeSections',
        src: 'fetchHomeSections',
        onDone: { target: 'ready', actions: assign({ sections: ({ event }) => event.output }) },
        // the page says "Some sections could not be loaded." whatever the reason
        onError: 'error',
      },
    },
    ready: {
      description:
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        'Shown; coming back home keeps the shelves (and the scroll position). Another member signing in or out reloads them (owned marks, hearts).',
      tags: ['ready'],
      on: {
        'viewer.changed': [
          { guard: 'viewerSwitched', target: 'loading', actions: 'setViewer' },
          { actions: 'setViewer' },
        ],
      },
    },
    error: { tags: ['error'], on: { 'home.retry': 'loading', 'home.load': 'loading' } },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    homeSections: HomeSectionsEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    homeSections: ActorRefFrom<typeof homeSectionsMachine>;
  }
}
