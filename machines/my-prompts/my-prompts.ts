import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { PromptCard } from '../../domain/catalog.ts';
import { errorMessage } from '../../domain/errors.ts';
import { tell } from '../system/tell.ts';

/** How a prompt came to be the member's: bought in an order, granted by the shop, or a free one saved. */
export type LibrarySource = 'order' | 'grant' | 'saved';

/** One prompt of the member's library (GET /api/my/library). */
export interface LibraryEntry {
  prompt: PromptCard;
  source: LibrarySource;
  /** The order that unlocked it (bought ones). */
  orderId: number | null;
  /** When it was bought, granted or saved. */
  since: string;
  /** The whole template, its variables filled in with their examples. */
  template: string;
}

export interface Library {
  data: LibraryEntry[];
  /** How many there are (the newest 500 are listed). */
  total: number;
}

export type MyPromptsEvent =
  /** My Prompts was opened. */
  | { type: 'myPrompts.load' }
  | { type: 'myPrompts.retry' }
  /** "Copy prompt" on one of the listed prompts. */
  | { type: 'myPrompts.copy'; promptId: number };

export interface MyPromptsContext {
  library: Library | null;
  error: string | null;
  /** The prompt whose template is being copied. */
  copying: number | null;
}

export const MY_PROMPTS_MESSAGES = {
  failed: 'Your prompts could not be loaded.',
  copied: 'Prompt copied. Paste it into your generator.',
  copyFailed: 'Copying is blocked in this browser. Select the prompt text and copy it yourself.',
} as const;

/** Its place in the actor system: loaded with the page module of the same name (machines/app/registry.ts). */
export const registry = { myPrompts: 'myPrompts' } as const;

/**
 * My Prompts (/my-prompts): every prompt the member owns (bought or granted) and every free prompt they
 * saved, each with its template filled in, and copying one of them. Each load starts blank, so another
 * member's prompts never linger; a copy is one at a time and leaves the list as it was.
 */
export const myPromptsMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as MyPromptsContext,
    events: {} as MyPromptsEvent,
    tags: {} as 'loading' | 'ready' | 'error' | 'copying',
  },
  actors: {
    fetchLibrary: fromPromise<Library>(() => {
      throw new Error('fetchLibrary must be provided');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('copyText must be provided');
    }),
  },
  actions: {
    toastCopied: tell('toast', { type: 'toast.show', kind: 'success', message: MY_PROMPTS_MESSAGES.copied }),
    toastCopyFailed: tell('toast', {
      type: 'toast.show',
      kind: 'error',
      message: MY_PROMPTS_MESSAGES.copyFailed,
    }),
  },
  guards: {
    listed: ({ context, event }) =>
      event.type === 'myPrompts.copy' &&
      (context.library?.data.some((entry) => entry.prompt.id === event.promptId) ?? false),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'myPrompts',
  context: { library: null, error: null, copying: null },
  initial: 'idle',
  on: {
    'myPrompts.load': {
      target: '.loading',
      reenter: true,
      actions: assign({ library: null, copying: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'My Prompts has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchLibrary',
        src: 'fetchLibrary',
        onDone: { target: 'ready', actions: assign({ library: ({ event }) => event.output }) },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorMessage(event.error, MY_PROMPTS_MESSAGES.failed) }),
        },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'browsing',
      states: {
        browsing: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: "The member's prompts (possibly none).",
          on: {
            'myPrompts.copy': {
              guard: 'listed',
              target: 'copying',
              actions: assign({ copying: ({ event }) => event.promptId }),
            },
          },
        },
        copying: {
          tags: ['copying'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({
              text: context.library!.data.find((entry) => entry.prompt.id === context.copying)!.template,
            }),
            onDone: { target: 'browsing', actions: ['toastCopied', assign({ copying: null })] },
            onError: { target: 'browsing', actions: ['toastCopyFailed', assign({ copying: null })] },
          },
        },
      },
    },
    error: {
      tags: ['error'],
      on: { 'myPrompts.retry': 'loading' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    myPrompts: MyPromptsEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    myPrompts: ActorRefFrom<typeof myPromptsMachine>;
  }
}
