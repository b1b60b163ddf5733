import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '../../domain/errors.ts';

export type ShareResolution =
  | { found: true; slugId: string; partner: boolean; partnerName: string | null; referrer: string | null }
  | { found: false };

export type ShareLandingEvent =
  { type: 'shareLink.open'; id: string; partner: boolean } | { type: 'shareLink.retry' };

/**
 * /s/{shortUrlId} and /ps/{partnerShortUrlId}: resolve the link on the server, remember who shared
 * it (so a later purchase can credit them), then land on the prompt; an unknown link says so.
 */
export const shareLandingMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { id: string; partner: boolean; error: string | null },
    events: {} as ShareLandingEvent,
    tags: {} as 'busy' | 'notFound' | 'error',
  },
  actors: {
    resolveShareLink: fromPromise<ShareResolution, { id: string; partner: boolean }>(() => {
      throw new Error('resolveShareLink must be provided');
    }),
  },
  actions: {
    rememberReferral: (_, _params: { shortUrlId: string; partner: boolean; referrer: string | null }) => {},
    redirect: (_, _params: { href: string }) => {},
  },
  guards: {
    found: ({ event }) => 'output' in event && (event.output as ShareResolution).found,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'shareLanding',
  context: { id: '', partner: false, error: null },
  initial: 'idle',
  on: {
    'shareLink.open': {
      target: '.resolving',
      reenter: true,
      actions: assign({ id: ({ event }) => event.id, partner: ({ event }) => event.partner, error: null }),
    },
  },
  states: {
    idle: {},
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolveShareLink',
        src: 'resolveShareLink',
        input: ({ context }) => ({ id: context.id, partner: context.partner }),
        onDone: [
          {
            guard: 'found',
            target: 'landed',
            actions: [
              {
                type: 'rememberReferral',
                params: ({ context, event }) => ({
                  shortUrlId: context.id,
                  partner: context.partner,
                  referrer: event.output.found ? event.output.referrer : null,
                }),
              },
              {
                type: 'redirect',
                params: ({ event }) => ({
                  href: event.output.found ? `/detail/${event.output.slugId}` : '/',
                }),
              },
            ],
          },
          { target: 'unknown' },
        ],
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => errorMessage(event.error, 'The link could not be opened.'),
          }),
        },
      },
    },
    landed: {},
    unknown: {
      tags: ['notFound'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'This share link does not exist or has expired.',
    },
    error: { tags: ['error'], on: { 'shareLink.retry': 'resolving' } },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    shareLanding: ShareLandingEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    shareLanding: ActorRefFrom<typeof shareLandingMachine>;
  }
}
