import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '../../domain/errors.ts';

/** A challenge of GET /api/bot-check/challenge, as the server signed it (read only by the solver). */
export type BotChallenge = { parameters: Record<string, unknown>; signature: string };

export type BotCheckEvent =
  /** A form that needs the check is on screen (or about to be sent): solve one ahead if there is none. */
  | { type: 'botCheck.prepare' }
  /** The solved check went with a call: the server takes each one once, so solve the next. */
  | { type: 'botCheck.used' }
  /** After a failure: try again. */
  | { type: 'botCheck.retry' };

export interface BotCheckContext {
  challenge: BotChallenge | null;
  /** The solved check, ready to send (base64 JSON { challenge, solution }). */
  proof: string | null;
  error: string | null;
}

export const BOT_CHECK_MESSAGES = {
  failed: 'The security check could not run in this browser. Please reload the page and try again.',
} as const;

/** Its place in the actor system: loaded with the sign-in machines (machines/app/registry.ts). */
export const registry = { botCheck: 'signIn' } as const;

/**
 * The bot check (issue 37, requirements §C4): a proof of work the browser solves before it registers,
 * continues as guest or writes to Customer Support signed out. It fetches a challenge, solves it in the
 * background and holds the proof until a call takes it; each proof goes once, so a used one is replaced
 * at once, and one kept too long is replaced before the server would call it expired.
 */
export const botCheckMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as BotCheckContext,
    events: {} as BotCheckEvent,
    tags: {} as 'working' | 'ready' | 'failed',
  },
  actors: {
    fetchChallenge: fromPromise<BotChallenge>(() => {
      throw new Error('fetchChallenge must be provided');
    }),
    solve: fromPromise<string, { challenge: BotChallenge }>(() => {
      throw new Error('solve must be provided');
    }),
  },
  delays: {
    /** A proof is renewed after this: the server takes a challenge for 10 minutes from its making. */
    proofLifetime: 9 * 60_000,
  },
}).createMachine({
  id: 'botCheck',
  context: { challenge: null, proof: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No form that needs the check has been shown yet: nothing is fetched.',
      on: { 'botCheck.prepare': 'fetching' },
    },
    fetching: {
      tags: ['working'],
      entry: assign({ proof: null, error: null, challenge: null }),
      invoke: {
        id: 'fetchChallenge',
        src: 'fetchChallenge',
        onDone: { target: 'solving', actions: assign({ challenge: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, BOT_CHECK_MESSAGES.failed) }),
        },
      },
    },
    solving: {
      tags: ['working'],
      invoke: {
        id: 'solve',
        src: 'solve',
        input: ({ context }) => ({ challenge: context.challenge! }),
        onDone: { target: 'ready', actions: assign({ proof: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: () => BOT_CHECK_MESSAGES.failed }),
        },
      },
    },
    ready: {
      tags: ['ready'],
      description: 'A solved check waits for the call that needs it.',
      after: { proofLifetime: 'fetching' },
      on: { 'botCheck.used': 'fetching' },
    },
    failed: {
      tags: ['failed'],
      on: { 'botCheck.retry': 'fetching', 'botCheck.prepare': 'fetching' },
    },
  },
});

declare module '../system/events.ts' {
  interface SystemEvents {
    botCheck: BotCheckEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    botCheck: ActorRefFrom<typeof botCheckMachine>;
  }
}
