import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';

export const SHARE_MESSAGES = {
  copied: 'Share link copied to your clipboard',
  failed: 'The share link could not be created. Please try again.',
} as const;

export type ShareEvent =
  | { type: 'share.request'; promptId: number }
  /** Close the "copy it yourself" panel shown when the clipboard is not available. */
  | { type: 'share.dismiss' };

/**
 * The "Share" button (requirements §C5): make a short link (the member's own referral link, or an
 * anonymous one), copy it and say so in a toast; if the clipboard refuses, show the link to copy.
 */
export const shareMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { promptId: number | null; url: string | null },
    events: {} as ShareEvent,
    tags: {} as 'busy' | 'manualCopy',
  },
  actors: {
    createShareLink: fromPromise<{ url: string }, { promptId: number }>(() => {
      throw new Error('createShareLink must be provided');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('copyText must be provided');
    }),
  },
  actions: {
    toastCopied: tell('toast', { type: 'toast.show', kind: 'success', message: SHARE_MESSAGES.copied }),
    toastFailed: tell('toast', { type: 'toast.show', kind: 'error', message: SHARE_MESSAGES.failed }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'share',
  context: { promptId: null, url: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'share.request': {
          target: 'creating',
          actions: assign({ promptId: ({ event }) => event.promptId, url: null }),
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createShareLink',
        src: 'createShareLink',
        input: ({ context }) => ({ promptId: context.promptId ?? 0 }),
        onDone: { target: 'copying', actions: assign({ url: ({ event }) => event.output.url }) },
        onError: { target: 'idle', actions: 'toastFailed' },
      },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.url ?? '' }),
        onDone: { target: 'idle', actions: 'toastCopied' },
        onError: 'manualCopy',
      },
    },
    manualCopy: {
      tags: ['manualCopy'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The clipboard refused: the link is shown, selected, for the person to copy.',
      on: {
        'share.dismiss': 'idle',
        'share.request': {
          target: 'creating',
          actions: assign({ promptId: ({ event }) => event.promptId, url: null }),
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    share: ShareEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    share: ActorRefFrom<typeof shareMachine>;
  }
}
