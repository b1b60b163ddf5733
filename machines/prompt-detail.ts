import { assign, fromPromise, setup } from 'xstate';
import type { PromptFull } from './domain/catalog.ts';

export type PromptDetailEvent = { type: 'detail.load'; id: string } | { type: 'detail.retry' };

/** What the detail fetcher resolves to: a missing prompt is an answer, not an error. */
export type PromptLookup = { found: true; prompt: PromptFull } | { found: false };

export interface PromptDetailContext {
  id: string | null;
  prompt: PromptFull | null;
  error: string | null;
}

/** The prompt shown on a detail page, by numeric id or slugId (SPEC.md §7 /api/prompts/detail). */
export const promptDetailMachine = setup({
  types: {
    context: {} as PromptDetailContext,
    events: {} as PromptDetailEvent,
  },
  actors: {
    fetchPrompt: fromPromise<PromptLookup, string>(() => {
      throw new Error('fetchPrompt must be provided');
    }),
  },
  guards: {
    found: ({ event }) => 'output' in event && (event.output as PromptLookup).found,
  },
}).createMachine({
  id: 'promptDetail',
  context: { id: null, prompt: null, error: null },
  initial: 'idle',
  on: {
    'detail.load': {
      target: '.loading',
      reenter: true,
      actions: assign({
        prompt: ({ context, event }) => (context.prompt && context.id === event.id ? context.prompt : null),
        id: ({ event }) => event.id,
      }),
    },
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
            error: ({ event }) =>
              event.error instanceof Error && event.error.message
                ? event.error.message
                : 'The prompt could not be loaded.',
          }),
        },
      },
    },
    ready: { tags: ['ready'] },
    notFound: { tags: ['notFound'], description: 'No prompt has this id: the page says "Page Not Found".' },
    error: { tags: ['error'], on: { 'detail.retry': 'loading' } },
  },
});
