import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { FOLLOW_VIEWER, followSession } from '../system/follow-session.ts';
import { sameQuery, type ListQuery, type PromptPage } from '../../domain/catalog.ts';
import { viewerSwitched, type KnownViewer, type ViewerChanged } from '../../domain/viewer.ts';
import { errorMessage } from '../../domain/errors.ts';
import { withSearchLimit } from '../../domain/search-query.ts';

export type PromptListEvent =
  /**
   * A page of the list, for the history entry it is shown in (the router's key for that entry).
   * Going back to an entry shows the page it had at once (issue 15: Back keeps the scroll).
   */
  { type: 'list.load'; query: ListQuery; entry?: string } | { type: 'list.retry' } | ViewerChanged;

/** The page a history entry showed. */
export interface KeptPage {
  entry: string;
  query: ListQuery;
  page: PromptPage;
}

/** How many history entries keep their page: a person rarely goes back further than this. */
export const KEPT_ENTRIES = 12;

export interface PromptListContext {
  query: ListQuery;
  /** The history entry the list is shown in, when the route said. */
  entry: string | null;
  page: PromptPage | null;
  error: string | null;
  viewer: KnownViewer;
  /** The pages of the last KEPT_ENTRIES entries, newest first. */
  kept: KeptPage[];
}

const keptFor = (kept: KeptPage[], event: PromptListEvent): KeptPage | undefined =>
  event.type === 'list.load' && event.entry !== undefined
    ? kept.find((k) => k.entry === event.entry && sameQuery(k.query, withSearchLimit(event.query)))
    : undefined;

/**
 * One page of the catalog: routes send `list.load` with the query from their search params and
 * the history entry, the view projects the tags `loading`, `ready` and `error`. A new query while
 * loading replaces the request in flight (the invoke is re-entered, so a late answer for the old
 * query is dropped). Paging is by address (`?page=`), one page at a time. Going back to an entry
 * shows the page it had at once (so the browser's scroll lands where it was) and fetches it again
 * quietly (`revalidating`), keeping what was shown if that fails.
 */
export const promptListMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as PromptListContext,
    events: {} as PromptListEvent,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  actors: {
    followSession,
    fetchPromptPage: fromPromise<PromptPage, ListQuery>(() => {
      throw new Error('fetchPromptPage must be provided');
    }),
  },
  guards: {
    sameQuery: ({ context, event }) =>
      event.type === 'list.load' && sameQuery(context.query, withSearchLimit(event.query)),
    keptForEntry: ({ context, event }) => keptFor(context.kept, event) !== undefined,
    /** Someone else signed in or out after a list was asked for: owned marks and hearts change. */
    viewerSwitched: ({ context, event }) =>
      event.type === 'viewer.changed' && viewerSwitched(context.viewer, event.viewer),
    /**
     * A member signed in where a visitor's page is shown (a page the server rendered, or a sign-in on
     * it): what is shown is public, so it stays while the member's own page is fetched.
     */
    memberArrived: ({ context, event }) =>
      event.type === 'viewer.changed' && context.viewer === null && event.viewer !== null,
  },
  actions: {
    setViewer: assign({
      viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.viewer : context.viewer),
    }),
    setQuery: assign({
      // a search text is asked for at most at the search limit, whoever sent it
      query: ({ event, context }) =>
        event.type === 'list.load' ? withSearchLimit(event.query) : context.query,
      entry: ({ event, context }) => (event.type === 'list.load' ? (event.entry ?? null) : context.entry),
    }),
    restoreKept: assign({
      page: ({ context, event }) => keptFor(context.kept, event)?.page ?? context.page,
      error: null,
    }),
    /** The shown page is the one of the current entry (newest first, the last KEPT_ENTRIES). */
    keepPage: assign({
      kept: ({ context }) =>
        context.entry === null || context.page === null
          ? context.kept
          : [
              { entry: context.entry, query: context.query, page: context.page },
              ...context.kept.filter((k) => k.entry !== context.entry),
            ].slice(0, KEPT_ENTRIES),
    }),
    forgetKept: assign({ kept: [] }),
    setPage: assign({
      page: ({ context, event }) => ('output' in event ? (event.output as PromptPage) : context.page),
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'promptList',
  // The list reloads what it shows when the member changes (domain/viewer.ts).
  invoke: { src: 'followSession', input: FOLLOW_VIEWER },
  context: { query: {}, entry: null, page: null, error: null, viewer: undefined, kept: [] },
  initial: 'idle',
  on: {
    'list.load': [
      {
        guard: 'keptForEntry',
        target: '.revalidating',
        reenter: true,
        actions: ['setQuery', 'restoreKept'],
      },
      { target: '.loading', reenter: true, actions: 'setQuery' },
    ],
    'viewer.changed': [
      // the query stays; its first page comes back for the new viewer, and no kept page is theirs
      {
        guard: 'viewerSwitched',
        target: '.loading',
        reenter: true,
        actions: ['setViewer', 'forgetKept'],
      },
      { actions: 'setViewer' },
    ],
  },
  states: {
    // nothing asked for yet
    idle: {
      on: { 'viewer.changed': { actions: 'setViewer' } },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPromptPage',
        src: 'fetchPromptPage',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: ['setPage', 'keepPage'] },
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, 'The prompts could not be loaded.'),
          }),
        },
      },
    },
    ready: {
      tags: ['ready'],
      // Going back to the list already shown keeps it (and so the scroll position) as it is, now
      // also the page of this entry; another query falls through to the load on the machine's root.
      on: {
        'list.load': { guard: 'sameQuery', actions: ['setQuery', 'keepPage'] },
        'viewer.changed': {
          guard: 'memberArrived',
          target: 'revalidating',
          actions: ['setViewer', 'forgetKept'],
        },
      },
    },
    // Back on an entry: its kept page is shown while it is fetched again; if that fails, what was
    // shown stays, since it is the page this entry had.
    revalidating: {
      tags: ['ready'],
      on: {
        'viewer.changed': {
          guard: 'memberArrived',
          target: 'revalidating',
          reenter: true,
          actions: ['setViewer', 'forgetKept'],
        },
      },
      invoke: {
        id: 'fetchPromptPage',
        src: 'fetchPromptPage',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: ['setPage', 'keepPage'] },
        onError: { target: 'ready' },
      },
    },
    // the request failed; the message says why and the view offers to try again
    error: {
      tags: ['error'],
      on: { 'list.retry': 'loading' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    promptList: PromptListEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    promptList: ActorRefFrom<typeof promptListMachine>;
  }
}
