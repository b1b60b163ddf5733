import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { followSession, type SessionFollow } from '../system/follow-session.ts';

export const CART_RETRY_LIMIT = 3;

export type CartRefreshReason = 'login' | 'cartUpdate' | 'refreshHeader';

export type CartCountEvent = { type: 'cart.refresh'; reason: CartRefreshReason } | { type: 'cart.reset' };

export interface CartCountContext {
  count: number;
  /** Consecutive failures, or empty answers while the count is 0. */
  failures: number;
}

/** The cart badge's number (requirements §4): debounced refreshes, a bounded retry, zero on logout. */
export const cartCountMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as CartCountContext,
    events: {} as CartCountEvent,
    tags: {} as 'loading',
  },
  delays: {
    /** requirements §4: the cart count refreshes 500 ms after a login... */
    afterLogin: 500,
    /** ...and every refresh is debounced 300 ms (requirements §9). */
    cartDebounce: 300,
    cartRetry: 2000,
  },
  actors: {
    followSession,
    /** GET /api/my/cart/count: the count, or null for an empty answer. */
    fetchCartCount: fromPromise<number | null>(() => {
      throw new Error('fetchCartCount must be provided');
    }),
  },
  guards: {
    emptyWhileZero: ({ context, event }) =>
      'output' in event && context.count === 0 && ((event.output as number | null) ?? 0) === 0,
    isLogin: ({ event }) => event.type === 'cart.refresh' && event.reason === 'login',
    isCartUpdate: ({ event }) => event.type === 'cart.refresh' && event.reason === 'cartUpdate',
    notLogin: ({ event }) => event.type === 'cart.refresh' && event.reason !== 'login',
    retryLimitReached: ({ context }) => context.failures >= CART_RETRY_LIMIT,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'cartCount',
  // A sign-in asks for the count (after its own `afterLogin` wait); a logout resets it.
  invoke: {
    src: 'followSession',
    input: {
      adopted: { type: 'cart.refresh', reason: 'login' },
      ended: { type: 'cart.reset' },
    } satisfies SessionFollow<CartCountEvent>,
  },
  context: { count: 0, failures: 0 },
  initial: 'idle',
  on: {
    'cart.reset': { target: '.idle', actions: assign({ count: 0, failures: 0 }) },
  },
  states: {
    idle: {
      on: {
        'cart.refresh': [
          { guard: 'isLogin', target: 'afterLogin', actions: assign({ failures: 0 }) },
          { target: 'debouncing' },
        ],
      },
    },
    afterLogin: {
      after: { afterLogin: 'debouncing' },
      on: { 'cart.refresh': { guard: 'notLogin', target: 'debouncing' } },
    },
    debouncing: {
      after: { cartDebounce: 'fetching' },
      on: { 'cart.refresh': { target: 'debouncing', reenter: true } },
    },
    fetching: {
      tags: ['loading'],
      on: { 'cart.refresh': { target: 'debouncing' } },
      invoke: {
        id: 'fetchCartCount',
        src: 'fetchCartCount',
        onDone: [
          {
            guard: 'emptyWhileZero',
            target: 'retrying',
            actions: assign({ failures: ({ context }) => context.failures + 1 }),
          },
          { target: 'idle', actions: assign({ count: ({ event }) => event.output ?? 0, failures: 0 }) },
        ],
        onError: { target: 'retrying', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
    },
    retrying: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Try again after `cartRetry`, up to 3 failures or empty answers in a row.',
      always: { guard: 'retryLimitReached', target: 'stopped' },
      after: { cartRetry: 'fetching' },
      on: { 'cart.refresh': { target: 'debouncing' } },
    },
    stopped: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Given up until the next login or cart update (a header refresh does not restart it).',
      on: {
        'cart.refresh': [
          { guard: 'isLogin', target: 'afterLogin', actions: assign({ failures: 0 }) },
          { guard: 'isCartUpdate', target: 'debouncing', actions: assign({ failures: 0 }) },
        ],
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    cartCount: CartCountEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    cartCount: ActorRefFrom<typeof cartCountMachine>;
  }
}
