import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import type { FruitPack, FruitTopUp, TopUpRequest, TopUpResult } from '../../domain/commerce.ts';
import { errorMessage, errorStatus } from '../../domain/errors.ts';

export const BUY_FRUIT_MESSAGES = {
  loadFailed: 'The FruitCoin packs could not be loaded.',
  buyFailed: 'The payment page could not be opened. Please try again.',
  confirmFailed: 'We could not check this payment with the server.',
} as const;

export type BuyFruitCoinsEvent =
  /**
   * Buy FruitCoins was opened; `payment` is the payment session it came back with from the payment page
   * (`/buy-fruitcoins?payment=`), or null.
   */
  | { type: 'topup.open'; payment: string | null }
  /** Try again: the packs that did not load, or the payment that could not be checked (or is unfinished). */
  | { type: 'topup.retry' }
  /**
   * A pack's "Buy" (or "Try again" after a cancelled payment): one attempt, with its own `requestId`
   * (made by newRequestId when the event brings none); the server answers a repeat of it with the first
   * top-up instead of making another.
   */
  | { type: 'topup.buy'; packId: string; requestId?: string }
  /** The purchase got no answer: send it again, with the same requestId. */
  | { type: 'topup.retryBuy' }
  /** Close a purchase that failed, or stop waiting for the payment page, and choose among the packs. */
  | { type: 'topup.dismiss' };

export interface BuyFruitCoinsContext {
  packs: FruitPack[];
  /** The balance the server last said (with the packs, then with the payment's result). */
  balance: number | null;
  /** The payment session the page returned with. */
  payment: string | null;
  /** The pack being bought and this attempt's requestId. */
  packId: string | null;
  requestId: string | null;
  /** The top-up the last purchase or confirmation answered. */
  topup: FruitTopUp | null;
  /** The packs could not be loaded, or the payment could not be checked. */
  error: string | null;
  /** The purchase failed (a retry is safe: the same requestId). */
  buyError: string | null;
}

/** No answer, or the server failing: the same request may be sent again. A 4xx is an answer. */
const retryable = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
};

const resultOf = (event: unknown): TopUpResult | null => (event as { output?: TopUpResult }).output ?? null;

/**
 * Buy FruitCoins (/buy-fruitcoins, issue 15): the packs the server sells and the balance; a pack is
 * bought by its id (buyPack, one requestId per attempt) and paid on the payment page, where the browser
 * goes next (goToPayment). The payment page returns here with its session (`topup.open` with `payment`):
 * the server is asked how it ended (confirmTopUp: it credits a paid top-up once, however often asked),
 * and the page shows what was added and the new balance, that it was cancelled (buy the pack again), or
 * that it is not finished. Every balance the server states goes to the session, so the header shows it.
 */
export const buyFruitCoinsMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as BuyFruitCoinsContext,
    events: {} as BuyFruitCoinsEvent,
    tags: {} as
      | 'loading'
      | 'ready'
      | 'error'
      | 'busy'
      /** A pack's "Buy" is under way: its button says so. */
      | 'buying'
      /** On the way to the payment page. */
      | 'redirecting'
      /** The purchase failed: it can be tried again (no answer), or the server refused it. */
      | 'buyRetryable'
      | 'buyRefused'
      /** How the payment the page returned with ended, above the packs. */
      | 'confirming'
      | 'confirmFailed'
      | 'added'
      | 'cancelled'
      | 'unpaid',
  },
  actors: {
    /** GET /api/my/fruit/packs */
    fetchPacks: fromPromise<{ data: FruitPack[]; balance: number }>(() => {
      throw new Error('fetchPacks must be provided');
    }),
    /** POST /api/my/fruit/topups */
    buyPack: fromPromise<TopUpResult, TopUpRequest>(() => {
      throw new Error('buyPack must be provided');
    }),
    /** POST /api/my/fruit/topups/confirm */
    confirmTopUp: fromPromise<TopUpResult, { sessionId: string }>(() => {
      throw new Error('confirmTopUp must be provided');
    }),
  },
  actions: {
    /** Leaves the SPA for the payment page (src/: `location.assign(url)`). */
    goToPayment: (_, _params: { url: string }) => {},
    tellSessionBalance: tell('session', ({ context }) => ({
      type: 'session.fruitUpdated',
      fruitCnt: context.balance ?? 0,
    })),
    setResult: assign(({ event }) => {
      const result = resultOf(event);
      return result ? { topup: result.topup, balance: result.balance } : {};
    }),
    setLoadError: assign({
      error: ({ event }) =>
        errorMessage('error' in event ? event.error : null, BUY_FRUIT_MESSAGES.loadFailed),
    }),
    setConfirmError: assign({
      error: ({ event }) =>
        errorMessage('error' in event ? event.error : null, BUY_FRUIT_MESSAGES.confirmFailed),
    }),
    setBuyError: assign({
      buyError: ({ event }) =>
        errorMessage('error' in event ? event.error : null, BUY_FRUIT_MESSAGES.buyFailed),
    }),
    choose: assign({
      packId: ({ event }) => (event.type === 'topup.buy' ? event.packId : null),
      requestId: ({ event }) => (event.type === 'topup.buy' ? (event.requestId ?? null) : null),
    }),
    /**
     * The attempt's `requestId` when its `topup.buy` brought none: src/ makes a fresh one
     * (src/commerce/topup-logic.ts), as machines make no random ids.
     */
    newRequestId: ({ context }) => {
      if (context.requestId === null) throw new Error('newRequestId must be provided');
    },
  },
  guards: {
    returnedFromPayment: ({ context }) => context.payment !== null,
    hasPaymentUrl: ({ event }) => Boolean(resultOf(event)?.topup.paymentUrl),
    isPaid: ({ event }) => resultOf(event)?.topup.status === 'paid',
    isCancelled: ({ event }) => resultOf(event)?.topup.status === 'cancelled',
    retryable: ({ event }) => 'error' in event && retryable(event.error),
  },
}).createMachine({
  id: 'buyFruitCoins',
  context: {
    packs: [],
    balance: null,
    payment: null,
    packId: null,
    requestId: null,
    topup: null,
    error: null,
    buyError: null,
  },
  initial: 'idle',
  on: {
    'topup.open': {
      target: '.loading',
      reenter: true,
      // a new visit starts blank: another member's packs, balance or payment never linger
      actions: assign(({ event }) => ({
        packs: [],
        balance: null,
        payment: event.payment,
        packId: null,
        requestId: null,
        topup: null,
        error: null,
        buyError: null,
      })),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'Buy FruitCoins has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPacks',
        src: 'fetchPacks',
        onDone: [
          {
            guard: 'returnedFromPayment',
            target: 'ready.confirming',
            actions: [
              assign({
                packs: ({ event }) => event.output.data,
                balance: ({ event }) => event.output.balance,
              }),
              'tellSessionBalance',
            ],
          },
          {
            target: 'ready.choosing',
            actions: [
              assign({
                packs: ({ event }) => event.output.data,
                balance: ({ event }) => event.output.balance,
              }),
              'tellSessionBalance',
            ],
          },
        ],
        onError: { target: 'loadFailed', actions: 'setLoadError' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'topup.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'choosing',
      states: {
        choosing: {
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The packs, each with its price and "Buy".',
          on: { 'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] } },
        },
        buying: {
          tags: ['busy', 'buying'],
          entry: assign({ buyError: null }),
          invoke: {
            id: 'buyPack',
            src: 'buyPack',
            input: ({ context }) => ({ packId: context.packId ?? '', requestId: context.requestId ?? '' }),
            onDone: [
              {
                guard: 'hasPaymentUrl',
                target: 'redirecting',
                actions: [
                  'setResult',
                  {
                    type: 'goToPayment',
                    params: ({ event }) => ({ url: event.output.topup.paymentUrl ?? '' }),
                  },
                ],
              },
              // a retry of a purchase that was paid meanwhile answers it paid
              { guard: 'isPaid', target: 'added', actions: ['setResult', 'tellSessionBalance'] },
              { target: 'cancelled', actions: 'setResult' },
            ],
            onError: [
              { guard: 'retryable', target: 'buyFailed.retryable', actions: 'setBuyError' },
              { target: 'buyFailed.refused', actions: 'setBuyError' },
            ],
          },
        },
        buyFailed: {
          tags: ['error'],
          initial: 'retryable',
          on: {
            'topup.dismiss': 'choosing',
            'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] },
          },
          states: {
            retryable: {
              tags: ['buyRetryable'],
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: 'No answer: trying again sends the same requestId, so it cannot buy twice.',
              on: { 'topup.retryBuy': '#buyFruitCoins.ready.buying' },
            },
            // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
            refused: { tags: ['buyRefused'], description: 'The server said no, and why.' },
          },
        },
        redirecting: {
          tags: ['busy', 'redirecting'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'On the way to the payment page (a page restored from the history can go back).',
          on: { 'topup.dismiss': 'choosing' },
        },
        confirming: {
          tags: ['busy', 'confirming'],
          entry: assign({ error: null }),
          invoke: {
            id: 'confirmTopUp',
            src: 'confirmTopUp',
            input: ({ context }) => ({ sessionId: context.payment ?? '' }),
            onDone: [
              { guard: 'isPaid', target: 'added', actions: ['setResult', 'tellSessionBalance'] },
              { guard: 'isCancelled', target: 'cancelled', actions: ['setResult', 'tellSessionBalance'] },
              { target: 'unpaid', actions: ['setResult', 'tellSessionBalance'] },
            ],
            onError: { target: 'confirmFailed', actions: 'setConfirmError' },
          },
        },
        confirmFailed: {
          tags: ['error', 'confirmFailed'],
          on: {
            'topup.retry': 'confirming',
            'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] },
          },
        },
        added: {
          tags: ['added'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: '"550 FruitCoins added" and the new balance; the header shows it too.',
          on: {
            'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] },
          },
        },
        cancelled: {
          tags: ['cancelled'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The payment was cancelled: nothing was charged; the same pack can be bought again.',
          on: {
            'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] },
          },
        },
        unpaid: {
          tags: ['unpaid'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The payment is still open: continue it on the payment page, or check again.',
          on: {
            'topup.retry': 'confirming',
            'topup.buy': { target: 'buying', actions: ['choose', 'newRequestId'] },
          },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    buyFruitCoins: BuyFruitCoinsEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    buyFruitCoins: ActorRefFrom<typeof buyFruitCoinsMachine>;
  }
}
