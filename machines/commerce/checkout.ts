import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { relay, tell } from '../system/tell.ts';
import type { CheckoutRequest, CheckoutResult } from '../../domain/commerce.ts';
import { errorMessage, errorStatus } from '../../domain/errors.ts';

export const CHECKOUT_MESSAGES = {
  failed: 'Your order could not be placed. Please try again.',
} as const;

/** What is being bought, and what the person is asked to confirm before anything is spent. */
export interface CheckoutOrder {
  /** The whole cart, or one FruitCoin prompt from its detail page ("Buy now"). */
  source: 'cart' | 'buyNow';
  promptIds: number[];
  /** The coupon the cart applied to its money part. */
  couponId: number | null;
  /** The FruitCoin part (spent from the balance at once) and the money part (paid by card after). */
  fruit: number;
  totalCents: number;
  /** The balance the person saw when they asked. */
  balance: number;
  /** "Buy now": the prompt's title, for "Spend 20 FruitCoins on …?". */
  title: string | null;
  /** "Buy now": the detail page's id, reloaded once the prompt is unlocked. */
  detailId: string | null;
}

export type CheckoutEvent =
  /**
   * "Check out" on the cart or "Buy now" on a detail page. The checkout's `requestId` (one per
   * checkout: a retry reuses it, so the server answers the first result instead of buying twice) and
   * the stored share-link referral come with the event, or else from `identifyCheckout` (src/).
   */
  | { type: 'checkout.start'; order: CheckoutOrder; requestId?: string; referral?: string | null }
  | { type: 'checkout.confirm' }
  | { type: 'checkout.retry' }
  /** Cancel the review, or close what is shown after (done, failed, the redirect). */
  | { type: 'checkout.cancel' };

export interface CheckoutContext {
  order: CheckoutOrder | null;
  requestId: string | null;
  referral: string | null;
  result: CheckoutResult | null;
  error: string | null;
}

/** No answer, or the server failing: the same request may be sent again. A 4xx is an answer. */
const retryable = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
};

/**
 * A checkout (docs/decisions/004-commerce.md): review → placing (POST /api/my/orders with the
 * attempt's requestId) → the FruitCoin part is paid at once (balance, cart, badge and an open
 * detail page are told) → with a premium part, off to its payment page; without one, done. A
 * failure without an answer can be retried with the same requestId; a refusal (not enough
 * FruitCoins, already owned, coupon no longer valid) reloads the cart and says why.
 */
export const checkoutMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'reviewing' | 'placing' | 'busy' | 'error' | 'retryable' | 'refused' | 'redirecting' | 'done',
  },
  actors: {
    placeOrder: fromPromise<CheckoutResult, CheckoutRequest>(() => {
      throw new Error('placeOrder must be provided');
    }),
  },
  actions: {
    /** Leaves the SPA for the payment page (src/: `location.assign(url)`). */
    goToPayment: (_, _params: { url: string }) => {},
    /**
     * A new checkout's `requestId` and referral: what `checkout.start` brought, or else what src/
     * provides (a new id, the stored share link). Only a start runs it: a retry is the same checkout.
     */
    identifyCheckout: assign((_, params: { requestId?: string; referral?: string | null }) => ({
      requestId: params.requestId ?? null,
      referral: params.referral ?? null,
    })),
    /** The FruitCoin part is paid (or the order placed): everyone who shows it hears. */
    tellPlaced: enqueueActions(({ context, event, enqueue, system }) => {
      if (!('output' in event)) return;
      const result = event.output as CheckoutResult;
      relay(enqueue, system, 'session', {
        type: 'session.fruitUpdated',
        fruitCnt: result.balance,
      });
      relay(enqueue, system, 'cart', { type: 'cart.checkedOut' });
      relay(enqueue, system, 'cartCount', {
        type: 'cart.refresh',
        reason: 'cartUpdate',
      });
      const detailId = context.order?.detailId;
      if (detailId)
        relay(enqueue, system, 'promptDetail', {
          type: 'detail.load',
          id: detailId,
        });
    }),
    /** A refusal means the cart the person saw is out of date. */
    reloadCart: tell('cart', { type: 'cart.reload' }),
    setError: assign({
      error: ({ event }) => errorMessage('error' in event ? event.error : null, CHECKOUT_MESSAGES.failed),
    }),
  },
  guards: {
    hasItems: ({ event }) => event.type === 'checkout.start' && event.order.promptIds.length > 0,
    hasPaymentUrl: ({ event }) => 'output' in event && Boolean((event.output as CheckoutResult).paymentUrl),
    retryable: ({ event }) => 'error' in event && retryable(event.error),
  },
}).createMachine({
  id: 'checkout',
  context: { order: null, requestId: null, referral: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.start': {
          guard: 'hasItems',
          target: 'reviewing',
          actions: [
            assign(({ event }) => ({ order: event.order, result: null, error: null })),
            {
              type: 'identifyCheckout',
              params: ({ event }) => ({ requestId: event.requestId, referral: event.referral }),
            },
          ],
        },
      },
    },
    reviewing: {
      tags: ['reviewing'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Nothing is spent before the person confirms what the two parts cost.',
      on: { 'checkout.confirm': 'placing', 'checkout.cancel': 'idle' },
    },
    placing: {
      tags: ['busy', 'placing'],
      entry: assign({ error: null }),
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({
          promptIds: context.order?.promptIds ?? [],
          couponId: context.order?.couponId ?? null,
          requestId: context.requestId ?? '',
          referral: context.referral,
        }),
        onDone: [
          {
            guard: 'hasPaymentUrl',
            target: 'redirecting',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'tellPlaced',
              { type: 'goToPayment', params: ({ event }) => ({ url: event.output.paymentUrl ?? '' }) },
            ],
          },
          { target: 'done', actions: [assign({ result: ({ event }) => event.output }), 'tellPlaced'] },
        ],
        onError: [
          { guard: 'retryable', target: 'failed.retryable', actions: 'setError' },
          { target: 'failed.refused', actions: ['setError', 'reloadCart'] },
        ],
      },
    },
    failed: {
      tags: ['error'],
      on: { 'checkout.cancel': 'idle' },
      initial: 'retryable',
      states: {
        retryable: {
          tags: ['retryable'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'No answer: trying again sends the same requestId, so it cannot buy twice.',
          on: { 'checkout.retry': '#checkout.placing' },
        },
        refused: {
          tags: ['refused'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The server said no, and why; the cart is reloaded.',
        },
      },
    },
    redirecting: {
      tags: ['busy', 'redirecting'],
      description:
        // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
        'The FruitCoin part is paid; the browser is on its way to the payment page of the premium part.',
      on: { 'checkout.cancel': 'idle' },
    },
    done: {
      tags: ['done'],
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Everything was paid with FruitCoins: the prompts are unlocked.',
      on: { 'checkout.cancel': 'idle' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    checkout: CheckoutEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    checkout: ActorRefFrom<typeof checkoutMachine>;
  }
}
