import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { detailSlugIdOf } from '../../domain/catalog.ts';
import type { PromptLookup } from './prompt-detail.ts';
import { errorMessage } from '../../domain/errors.ts';

export type LegacyRedirectEvent =
  { type: 'legacy.open'; id: string; search: string } | { type: 'legacy.retry' };

/**
 * requirements §4 Legacy detail redirect: /detail_{id}.html fetches the prompt detail, then replaces the
 * address with /detail/{slugId}, keeping the query; an unknown id is "Page Not Found".
 */
export const legacyRedirectMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { id: string; search: string; target: string | null; error: string | null },
    events: {} as LegacyRedirectEvent,
    tags: {} as 'busy' | 'notFound' | 'error',
  },
  actors: {
    fetchPrompt: fromPromise<PromptLookup, string>(() => {
      throw new Error('fetchPrompt must be provided');
    }),
  },
  actions: {
    /** Replace the address (no new history entry). */
    redirect: (_, _params: { href: string }) => {},
  },
  guards: {
    hasSlug: ({ event }) =>
      'output' in event &&
      (event.output as PromptLookup).found &&
      detailSlugIdOf((event.output as { prompt: never }).prompt) !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'legacyRedirect',
  context: { id: '', search: '', target: null, error: null },
  initial: 'idle',
  on: {
    'legacy.open': {
      target: '.resolving',
      reenter: true,
      actions: assign({
        id: ({ event }) => event.id,
        search: ({ event }) => event.search,
        target: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPrompt',
        src: 'fetchPrompt',
        input: ({ context }) => context.id,
        onDone: [
          {
            guard: 'hasSlug',
            target: 'redirected',
            actions: assign({
              target: ({ context, event }) =>
                event.output.found ? `/detail/${detailSlugIdOf(event.output.prompt)}${context.search}` : null,
            }),
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, 'The prompt could not be loaded.'),
          }),
        },
      },
    },
    redirected: { entry: { type: 'redirect', params: ({ context }) => ({ href: context.target ?? '/' }) } },
    notFound: { tags: ['notFound'] },
    error: { tags: ['error'], on: { 'legacy.retry': 'resolving' } },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    legacyRedirect: LegacyRedirectEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    legacyRedirect: ActorRefFrom<typeof legacyRedirectMachine>;
  }
}
