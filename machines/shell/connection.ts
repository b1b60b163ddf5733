import { assign, emit, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Letter } from '../system/events.ts';
import { relay } from '../system/tell.ts';

/** What the API client and the browser tell the connection machine (through the `watch` actor). */
export type ConnectionEvent =
  /** An API call failed at the network level, or a gateway answered 502/503/504 in our place. */
  | { type: 'connection.lost' }
  /** An API call got an answer from the server. */
  | { type: 'connection.reached' }
  /** The browser's `online` event: worth asking at once rather than at the next probe. */
  | { type: 'connection.browserOnline' };

/** Emitted when the API answers again after being unreachable. */
export type ConnectionEmitted = { type: 'connection.restored' };

/** A long-lived actor to tell when the API is back, and the event that makes it load again. */
/** A page machine's retry: sent to it on restore when it runs. */
export type RetryTarget = Letter;

export interface ConnectionInput {
  /** Sent on restore; each machine handles its event only in its load-failed state. */
  retryOnRestore?: readonly RetryTarget[];
}

export interface ConnectionContext {
  /** Failed probes since the API was lost (capped: the delay stops growing at `PROBE_MAX_DELAY`). */
  attempt: number;
  retryOnRestore: readonly RetryTarget[];
}

/** The first probe waits 2 s; each failed probe doubles the wait, up to 30 s. */
export const PROBE_FIRST_DELAY = 2000;
export const PROBE_MAX_DELAY = 30_000;
/** The attempt from which the delay is at its cap (2, 4, 8, 16, then 30 s). */
export const PROBE_MAX_ATTEMPT = Math.ceil(Math.log2(PROBE_MAX_DELAY / PROBE_FIRST_DELAY));

export const probeDelayOf = (attempt: number): number =>
  Math.min(PROBE_FIRST_DELAY * 2 ** attempt, PROBE_MAX_DELAY);

/**
 * Whether the API can be reached. Online until an API call fails at the network level; then offline,
 * probing `GET /api/health` after growing delays (or at once on the browser's `online` event) until
 * it answers, or any other call does. Back online, it tells each registered machine to retry what
 * failed to load and emits `connection.restored`; `restored` is shown briefly ("Back online.").
 */
export const connectionMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
    emitted: {} as ConnectionEmitted,
    tags: {} as 'offline' | 'probing' | 'restored',
  },
  delays: {
    probeDelay: ({ context }) => probeDelayOf(context.attempt),
    /** How long "Back online." stays up. */
    restoredNotice: 3000,
  },
  actors: {
    /** API calls' failures and successes, and the browser's `online` event, as connection events. */
    watch: fromCallback<ConnectionEvent>(() => () => {}),
    /** GET /api/health: resolves when the server answers. */
    probe: fromPromise<void>(() => {
      throw new Error('probe must be provided');
    }),
  },
  actions: {
    /** The pages whose load failed load again; nothing else happens by itself (no purchase is repeated). */
    retryFailedLoads: enqueueActions(({ context, system, enqueue }) => {
      for (const target of context.retryOnRestore) {
        relay(enqueue, system, target.systemId, target.event);
      }
    }),
    announceRestored: emit({ type: 'connection.restored' }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'connection',
  context: ({ input }) => ({ attempt: 0, retryOnRestore: input?.retryOnRestore ?? [] }),
  invoke: { id: 'watch', src: 'watch' },
  initial: 'online',
  states: {
    online: {
      initial: 'steady',
      on: { 'connection.lost': { target: 'offline', actions: assign({ attempt: 0 }) } },
      states: {
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        steady: { description: 'The API answers; nothing to show.' },
        restored: {
          tags: ['restored'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Just back: "Back online." for a moment, while the failed pages load again.',
          entry: ['retryFailedLoads', 'announceRestored'],
          after: { restoredNotice: 'steady' },
        },
      },
    },
    offline: {
      tags: ['offline'],
      description:
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        "The API cannot be reached: the banner says so; a probe follows after the attempt's delay.",
      after: { probeDelay: 'probing' },
      on: {
        'connection.browserOnline': 'probing',
        'connection.reached': 'online.restored',
      },
    },
    probing: {
      tags: ['offline', 'probing'],
      invoke: {
        id: 'probe',
        src: 'probe',
        onDone: 'online.restored',
        onError: {
          target: 'offline',
          actions: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, PROBE_MAX_ATTEMPT) }),
        },
      },
      on: { 'connection.reached': 'online.restored' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    connection: ConnectionEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    connection: ActorRefFrom<typeof connectionMachine>;
  }
}
