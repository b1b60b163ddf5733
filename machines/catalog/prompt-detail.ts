import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { FOLLOW_VIEWER, followSession } from '../system/follow-session.ts';
import type { PromptCard, PromptFull } from '../../domain/catalog.ts';
import { viewerSwitched, type KnownViewer, type ViewerChanged } from '../../domain/viewer.ts';
import { errorMessage } from '../../domain/errors.ts';

export type PromptDetailEvent =
  | { type: 'detail.load'; id: string }
  | { type: 'detail.retry' }
  /** The related prompts failed to load: ask again (the page itself stays). */
  | { type: 'detail.relatedRetry' }
  | ViewerChanged;

/** What the detail fetcher resolves to: a missing prompt is an answer, not an error. */
export type PromptLookup = { found: true; prompt: PromptFull } | { found: false };

export interface PromptDetailContext {
  id: string | null;
  prompt: PromptFull | null;
  error: string | null;
  /** Prompts like this one (tags, generator), shown under it; never the prompt itself. */
  related: PromptCard[];
  viewer: KnownViewer;
}

/** The prompt shown on a detail page, by numeric id or slugId (requirements §7 /api/prompts/detail). */
export const promptDetailMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as PromptDetailContext,
    events: {} as PromptDetailEvent,
    tags: {} as 'loading' | 'ready' | 'notFound' | 'error' | 'relatedShown' | 'relatedFailed',
  },
  actors: {
    followSession,
    fetchPrompt: fromPromise<PromptLookup, string>(() => {
      throw new Error('fetchPrompt must be provided');
    }),
    fetchRelated: fromPromise<PromptCard[], number>(() => {
      throw new Error('fetchRelated must be provided');
    }),
  },
  guards: {
    found: ({ event }) => 'output' in event && (event.output as PromptLookup).found,
    /** Someone else signed in or out while a prompt is shown: its access may have changed. */
    viewerSwitched: ({ context, event }) =>
      event.type === 'viewer.changed' && context.id !== null && viewerSwitched(context.viewer, event.viewer),
  },
  actions: {
    setViewer: assign({
      viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.viewer : context.viewer),
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'promptDetail',
  // The detail reloads what it shows when the member changes (domain/viewer.ts).
  invoke: { src: 'followSession', input: FOLLOW_VIEWER },
  context: { id: null, prompt: null, error: null, related: [], viewer: undefined },
  initial: 'idle',
  on: {
    'detail.load': {
      target: '.loading',
      reenter: true,
      // The same prompt again keeps what is shown while it reloads; another one starts blank.
      actions: assign(({ context, event }) =>
        context.prompt && context.id === event.id
          ? { id: event.id }
          : { id: event.id, prompt: null, related: [] },
      ),
    },
    'viewer.changed': [
      { guard: 'viewerSwitched', target: '.loading', reenter: true, actions: 'setViewer' },
      { actions: 'setViewer' },
    ],
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPrompt',
        src: 'fetchPrompt',
        input: ({ context }) => context.id ?? '',
        onDone: [
          {
            guard: 'found',
            target: 'ready',
            actions: assign({ prompt: ({ event }) => (event.output.found ? event.output.prompt : null) }),
          },
          { target: 'notFound', actions: assign({ prompt: null }) },
        ],
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, 'The prompt could not be loaded.'),
          }),
        },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'relatedLoading',
      states: {
        relatedLoading: {
          invoke: {
            id: 'fetchRelated',
            src: 'fetchRelated',
            input: ({ context }) => context.prompt?.id ?? 0,
            onDone: { target: 'relatedShown', actions: assign({ related: ({ event }) => event.output }) },
            onError: 'relatedFailed',
          },
        },
        relatedShown: { tags: ['relatedShown'] },
        relatedFailed: {
          tags: ['relatedFailed'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The prompt is shown; only its related prompts are missing, with a retry.',
          on: { 'detail.relatedRetry': 'relatedLoading' },
        },
      },
    },
    notFound: {
      tags: ['notFound'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'No prompt has this id: the page says "Page Not Found".',
    },
    error: { tags: ['error'], on: { 'detail.retry': 'loading' } },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    promptDetail: PromptDetailEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    promptDetail: ActorRefFrom<typeof promptDetailMachine>;
  }
}
