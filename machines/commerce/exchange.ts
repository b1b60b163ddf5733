import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import type { Coupon, ExchangeOffer, ExchangeRequest } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

/** What an exchange resolves to: a refusal for want of FruitCoins (409) is an answer, not an error. */
export type ExchangeAnswer =
  | { ok: true; coupon: Coupon; balance: number }
  /** Not enough FruitCoins: the server's words and the balance now, when known. */
  | { ok: false; message: string; balance: number | null };

export type ExchangeEvent =
  /** Exchange Fruit Coins was opened: offers and balance. */
  | { type: 'exchange.load' }
  | { type: 'exchange.retryLoad' }
  /** An offer's "Exchange" button: asks to confirm first. */
  | { type: 'exchange.choose'; offerId: number }
  | { type: 'exchange.confirm' }
  /** Try the same exchange again after it failed (the same requestId). */
  | { type: 'exchange.retry' }
  /** Close the dialog (confirm, failure or not-enough) without exchanging. */
  | { type: 'exchange.close' };

export interface ExchangeContext {
  offers: ExchangeOffer[];
  balance: number;
  /** The offer being confirmed or exchanged. */
  chosenId: number | null;
  /** Made once per attempt (on confirm), sent again by a retry: the server answers it once. */
  requestId: string | null;
  /** The coupon the last exchange gave. */
  received: Coupon | null;
  /** The offers could not be loaded. */
  error: string | null;
  /** The exchange itself failed (it may or may not have happened: a retry is safe). */
  exchangeError: string | null;
  /** The server refused for want of FruitCoins. */
  notEnough: string | null;
}

export const EXCHANGE_MESSAGES = {
  loadFailed: 'The exchange offers could not be loaded.',
  failed: 'The exchange did not go through. Please try again.',
  notEnough: 'You do not have enough FruitCoins for this offer.',
  exchanged: (cost: number, couponTitle: string) =>
    `You spent ${cost} FruitCoins on “${couponTitle}”. It is in My Coupons.`,
} as const;

export const chosenOffer = (context: Pick<ExchangeContext, 'offers' | 'chosenId'>): ExchangeOffer | null =>
  context.offers.find((o) => o.id === context.chosenId) ?? null;

/**
 * Exchange Fruit Coins (/exchange-coupons): the offers and the member's balance; an offer the
 * balance covers can be chosen, confirmed, then exchanged. Success updates the balance here and in
 * the session (the header), says so in a toast and shows the new coupon. A network failure keeps
 * the attempt's requestId for the retry, so the server never exchanges twice.
 */
export const exchangeMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as ExchangeContext,
    events: {} as ExchangeEvent,
    tags: {} as
      | 'loading'
      | 'ready'
      | 'error'
      | 'dialog'
      | 'busy'
      /** The exchange failed: the dialog offers to try it again. */
      | 'exchangeFailed'
      /** The server refused: the "Not enough FruitCoins" dialog. */
      | 'notEnough'
      /** The coupon the exchange gave, shown above the offers. */
      | 'newCoupon',
  },
  actors: {
    fetchOffers: fromPromise<{ data: ExchangeOffer[]; balance: number }>(() => {
      throw new Error('fetchOffers must be provided');
    }),
    exchange: fromPromise<ExchangeAnswer, ExchangeRequest>(() => {
      throw new Error('exchange must be provided');
    }),
  },
  actions: {
    /**
     * Draws the attempt's request id (src/commerce/history-logic.ts provides it from `crypto`): the
     * machine stays pure, and a retry keeps the id drawn here.
     */
    newRequestId: assign((): Partial<ExchangeContext> => {
      throw new Error('newRequestId must be provided');
    }),
    tellSessionBalance: tell('session', ({ context }) => ({
      type: 'session.fruitUpdated',
      fruitCnt: context.balance,
    })),
    toastExchanged: tell('toast', ({ context }) => ({
      type: 'toast.show',
      kind: 'success',
      message: EXCHANGE_MESSAGES.exchanged(
        chosenOffer(context)?.fruitCost ?? 0,
        context.received?.title ?? 'your coupon',
      ),
    })),
  },
  guards: {
    affordable: ({ context, event }) => {
      if (event.type !== 'exchange.choose') return false;
      const offer = context.offers.find((o) => o.id === event.offerId);
      return offer !== undefined && offer.fruitCost <= context.balance;
    },
    exchanged: ({ event }) => 'output' in event && (event.output as ExchangeAnswer).ok,
    balanceKnown: ({ event }) =>
      'output' in event &&
      !(event.output as ExchangeAnswer).ok &&
      (event.output as { balance: unknown }).balance !== null,
  },
}).createMachine({
  id: 'exchange',
  context: {
    offers: [],
    balance: 0,
    chosenId: null,
    requestId: null,
    received: null,
    error: null,
    exchangeError: null,
    notEnough: null,
  },
  initial: 'idle',
  on: {
    'exchange.load': {
      target: '.loading',
      reenter: true,
      // a new visit starts blank (another member's offers, balance or coupon never linger)
      actions: assign({ offers: [], balance: 0, chosenId: null, requestId: null, received: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'Exchange Fruit Coins has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOffers',
        src: 'fetchOffers',
        onDone: {
          target: 'ready',
          actions: [
            assign({
              offers: ({ event }) => event.output.data,
              balance: ({ event }) => event.output.balance,
            }),
            'tellSessionBalance',
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, EXCHANGE_MESSAGES.loadFailed) }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'exchange.retryLoad': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'exchange.choose': {
              guard: 'affordable',
              target: 'confirming',
              actions: assign({ chosenId: ({ event }) => event.offerId }),
            },
          },
        },
        confirming: {
          tags: ['dialog'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: '"Spend 300 FruitCoins for a 20% off coupon?"',
          entry: assign({ exchangeError: null, notEnough: null }),
          on: {
            'exchange.confirm': {
              target: 'exchanging',
              actions: 'newRequestId',
            },
            'exchange.close': 'browsing',
          },
        },
        exchanging: {
          tags: ['dialog', 'busy'],
          entry: assign({ exchangeError: null }),
          invoke: {
            id: 'exchange',
            src: 'exchange',
            input: ({ context }) => ({ offerId: context.chosenId ?? 0, requestId: context.requestId ?? '' }),
            onDone: [
              {
                guard: 'exchanged',
                target: 'exchanged',
                actions: [
                  assign(({ event }) => {
                    const answer = event.output as Extract<ExchangeAnswer, { ok: true }>;
                    return { received: answer.coupon, balance: answer.balance, requestId: null };
                  }),
                  'tellSessionBalance',
                  'toastExchanged',
                ],
              },
              {
                guard: 'balanceKnown',
                target: 'notEnough',
                actions: [
                  assign(({ event }) => {
                    const answer = event.output as Extract<ExchangeAnswer, { ok: false }>;
                    return { notEnough: answer.message, balance: answer.balance ?? 0, requestId: null };
                  }),
                  'tellSessionBalance',
                ],
              },
              {
                target: 'notEnough',
                actions: assign({
                  notEnough: ({ event }) => (event.output as Extract<ExchangeAnswer, { ok: false }>).message,
                  requestId: null,
                }),
              },
            ],
            onError: {
              target: 'failed',
              actions: assign({
                exchangeError: ({ event }) => errorMessage(event.error, EXCHANGE_MESSAGES.failed),
              }),
            },
          },
        },
        failed: {
          tags: ['dialog', 'exchangeFailed'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'Whether the exchange happened is unknown: a retry sends the same requestId.',
          on: {
            'exchange.retry': 'exchanging',
            // giving up: the balance is asked for again, in case the exchange went through after all
            'exchange.close': '#exchange.loading',
          },
        },
        notEnough: {
          tags: ['dialog', 'notEnough'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The server refused: the balance does not cover the offer.',
          on: { 'exchange.close': 'browsing' },
        },
        exchanged: {
          tags: ['newCoupon'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The new coupon is shown above the offers, with a link to My Coupons.',
          on: {
            'exchange.choose': {
              guard: 'affordable',
              target: 'confirming',
              actions: assign({ chosenId: ({ event }) => event.offerId }),
            },
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
    exchange: ExchangeEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    exchange: ActorRefFrom<typeof exchangeMachine>;
  }
}
