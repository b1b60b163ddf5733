import { assign, fromPromise, setup } from 'xstate';
import { nextPageOf, sameQuery, type ListQuery, type PromptPage } from './domain/catalog.ts';
import { viewerSwitched, type KnownViewer, type ViewerChanged } from './domain/viewer.ts';
import { errorMessage } from './domain/errors.ts';
import { withSearchLimit } from './domain/search-query.ts';

export type PromptListEvent =
  | { type: 'list.load'; query: ListQuery }
  | { type: 'list.retry' }
  /** "Show more": the next page, appended without leaving the page. */
  | { type: 'list.more' }
  | ViewerChanged;

export interface PromptListContext {
  query: ListQuery;
  page: PromptPage | null;
  error: string | null;
  /** A failed "Show more": the list stays, with this message beside the button. */
  moreError: string | null;
  viewer: KnownViewer;
}

/**
 * One page of the catalog: routes send `list.load` with the query from their search params, the
 * view projects the tags `loading`, `ready` and `error`. A new query while loading replaces the
 * request in flight (the invoke is re-entered, so a late answer for the old query is dropped).
 */
export const promptListMachine = setup({
  types: {
    context: {} as PromptListContext,
    events: {} as PromptListEvent,
  },
  actors: {
    fetchPromptPage: fromPromise<PromptPage, ListQuery>(() => {
      throw new Error('fetchPromptPage must be provided');
    }),
  },
  guards: {
    sameQuery: ({ context, event }) =>
      event.type === 'list.load' && sameQuery(context.query, withSearchLimit(event.query)),
    hasMore: ({ context }) => context.page !== null && nextPageOf(context.page) !== null,
    /** Someone else signed in or out after a list was asked for: owned marks and hearts change. */
    viewerSwitched: ({ context, event }) =>
      event.type === 'viewer.changed' && viewerSwitched(context.viewer, event.viewer),
  },
  actions: {
    setViewer: assign({
      viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.viewer : context.viewer),
    }),
    setQuery: assign({
      // a search text is asked for at most at the search limit, whoever sent it
      query: ({ event, context }) =>
        event.type === 'list.load' ? withSearchLimit(event.query) : context.query,
    }),
  },
}).createMachine({
  id: 'promptList',
  context: { query: {}, page: null, error: null, moreError: null, viewer: undefined },
  initial: 'idle',
  on: {
    'list.load': { target: '.loading', reenter: true, actions: 'setQuery' },
    'viewer.changed': [
      // the query stays; its first page comes back for the new viewer
      { guard: 'viewerSwitched', target: '.loading', reenter: true, actions: 'setViewer' },
      { actions: 'setViewer' },
    ],
  },
  states: {
    idle: {
      description: 'Nothing asked for yet.',
      on: { 'viewer.changed': { actions: 'setViewer' } },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null, moreError: null }),
      invoke: {
        id: 'fetchPromptPage',
        src: 'fetchPromptPage',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
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
      // Going back to the list already shown keeps it (and so the scroll position) as it is;
      // another query falls through to the load on the machine's root.
      on: {
        'list.load': { guard: 'sameQuery' },
        'list.more': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      tags: ['ready', 'loadingMore'],
      entry: assign({ moreError: null }),
      invoke: {
        id: 'fetchPromptPage',
        src: 'fetchPromptPage',
        input: ({ context }) => ({
          ...context.query,
          page: context.page ? (nextPageOf(context.page) ?? 1) : 1,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            // the page number is the one asked for, whatever the answer says
            page: ({ context, event }) =>
              context.page
                ? {
                    ...event.output,
                    page: nextPageOf(context.page) ?? context.page.page,
                    data: [...context.page.data, ...event.output.data],
                  }
                : event.output,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            moreError: ({ event }) => errorMessage(event.error, 'More prompts could not be loaded.'),
          }),
        },
      },
    },
    error: {
      tags: ['error'],
      description: 'The request failed; the message says why and the view offers to try again.',
      on: { 'list.retry': 'loading' },
    },
  },
});
