import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import type { LedgerPage } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

/** Ledger entries shown per page of /fruit-transactions. */
export const LEDGER_PAGE_SIZE = 20;

export type FruitHistoryEvent =
  /** Fruit History was opened (or its `page` search param changed). */
  { type: 'fruit.load'; page: number } | { type: 'fruit.retry' };

export interface FruitHistoryContext {
  page: number;
  ledger: LedgerPage | null;
  error: string | null;
}

export const FRUIT_HISTORY_MESSAGES = { failed: 'Your FruitCoin history could not be loaded.' } as const;

/**
 * The member's FruitCoin ledger (/fruit-transactions), newest first, a page at a time, each entry
 * with the balance after it. The balance the server sends with every page is the member's balance
 * now, so the session (and with it the header) is told it.
 */
export const fruitHistoryMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as FruitHistoryContext,
    events: {} as FruitHistoryEvent,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  actors: {
    fetchLedger: fromPromise<LedgerPage, { page: number; pageSize: number }>(() => {
      throw new Error('fetchLedger must be provided');
    }),
  },
  actions: {
    tellSessionBalance: tell('session', (_, params: { balance: number }) => ({
      type: 'session.fruitUpdated',
      fruitCnt: params.balance,
    })),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'fruitHistory',
  context: { page: 1, ledger: null, error: null },
  initial: 'idle',
  on: {
    'fruit.load': {
      target: '.loading',
      reenter: true,
      actions: assign({ page: ({ event }) => event.page, ledger: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'Fruit History has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchLedger',
        src: 'fetchLedger',
        input: ({ context }) => ({ page: context.page, pageSize: LEDGER_PAGE_SIZE }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ ledger: ({ event }) => event.output }),
            { type: 'tellSessionBalance', params: ({ event }) => ({ balance: event.output.balance }) },
          ],
        },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorMessage(event.error, FRUIT_HISTORY_MESSAGES.failed) }),
        },
      },
    },
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    ready: { tags: ['ready'], description: 'A page of the ledger (possibly empty).' },
    error: {
      tags: ['error'],
      on: { 'fruit.retry': 'loading' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    fruitHistory: FruitHistoryEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    fruitHistory: ActorRefFrom<typeof fruitHistoryMachine>;
  }
}
