import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { followSession, type SessionFollow } from '../system/follow-session.ts';
import { relay, tell } from '../system/tell.ts';
import { isInCart, type Cart, type CartChange, type Coupon } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

// The cart's pure rules live in domain/commerce.ts, so views read them without loading this machine.
export { isInCart, pendingChange, type CartChange } from '../../domain/commerce.ts';

export const CART_MESSAGES = {
  added: 'Added to cart',
  loadFailed: 'Your cart could not be loaded.',
  changeFailed: 'Your cart could not be updated. Please try again.',
  couponsFailed: 'Your coupons could not be loaded.',
} as const;

export type CartEvent =
  /** From the session: a member signed in (or the page loaded signed in). Starts afresh. */
  | { type: 'cart.load' }
  /** From the session: signed out. */
  | { type: 'cart.clear' }
  /** The cart page is shown: the cart again, and the member's valid coupons. */
  | { type: 'cart.open' }
  /** The cart again (an order cancelled gave its items back, a checkout was refused). */
  | { type: 'cart.reload' }
  /** A checkout went through: its items and coupon are gone, the coupons list changed. */
  | { type: 'cart.checkedOut' }
  | { type: 'cart.retry' }
  | { type: 'cart.couponsRetry' }
  | { type: 'cart.add'; promptId: number }
  | { type: 'cart.remove'; promptId: number }
  | { type: 'cart.applyCoupon'; couponId: number }
  | { type: 'cart.clearCoupon' };

export interface CartContext {
  cart: Cart | null;
  /** The coupon asked for (`?couponId=`); the cart says whether it applies (`coupon`, `couponError`). */
  couponId: number | null;
  /** Changes not yet answered, oldest first; the first is with the server. */
  queue: CartChange[];
  error: string | null;
  /** The member's valid coupons, for the coupon picker. */
  coupons: Coupon[];
  couponsError: string | null;
}

/** A change of this prompt is already waiting or on its way. */
const queued = (context: CartContext, promptId: number): boolean =>
  context.queue.some((change) => change.promptId === promptId);

/**
 * The member's cart (docs/decisions/004-commerce.md): loaded at sign-in, cleared at sign-out,
 * changed one request at a time (later clicks wait in a queue) with every answer the cart as the
 * server prices it now. The coupon picked on the cart page is asked for with every fetch. After a
 * change the header badge refreshes, the session learns the balance and a toast says what happened.
 */
export const cartMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    tags: {} as 'loading' | 'ready' | 'changing' | 'error' | 'couponsLoading' | 'couponsFailed',
  },
  actors: {
    followSession,
    /** GET /api/my/cart?couponId= */
    fetchCart: fromPromise<Cart, { couponId: number | null }>(() => {
      throw new Error('fetchCart must be provided');
    }),
    /** POST /api/my/cart/add or /remove: the cart after the change. */
    changeCart: fromPromise<Cart, CartChange>(() => {
      throw new Error('changeCart must be provided');
    }),
    /** GET /api/my/coupons?status=valid */
    fetchCoupons: fromPromise<Coupon[]>(() => {
      throw new Error('fetchCoupons must be provided');
    }),
  },
  actions: {
    /** A visitor's "Add to cart" asks them to sign in first. */
    askToLogIn: tell('app', {
      type: 'loginDialog.open',
      mode: 'login',
    }),
    refreshCount: tell('cartCount', {
      type: 'cart.refresh',
      reason: 'cartUpdate',
    }),
    toastChangeFailed: tell('toast', ({ event }) => ({
      type: 'toast.show',
      kind: 'error',
      message: errorMessage('error' in event ? event.error : null, CART_MESSAGES.changeFailed),
    })),
    /**
     * The server's cart; the session hears of the balance when it changed since the last answer
     * (spent in another tab, say). The first answer after a sign-in leaves the sign-in's own.
     */
    takeCart: enqueueActions(({ context, event, enqueue, system }) => {
      if (!('output' in event)) return;
      const cart = event.output as Cart;
      if (context.cart && context.cart.balance !== cart.balance)
        relay(enqueue, system, 'session', {
          type: 'session.fruitUpdated',
          fruitCnt: cart.balance,
        });
      enqueue.assign({ cart });
    }),
    /** "Added to cart" when the change answered was an add (the head of the queue). */
    toastIfAdded: enqueueActions(({ context, enqueue, system }) => {
      if (context.queue[0]?.op === 'add')
        relay(enqueue, system, 'toast', {
          type: 'toast.show',
          kind: 'success',
          message: CART_MESSAGES.added,
        });
    }),
    reset: assign({ cart: null, couponId: null, queue: [], error: null, coupons: [], couponsError: null }),
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === 'cart.add'
          ? [...context.queue, { op: 'add' as const, promptId: event.promptId }]
          : event.type === 'cart.remove'
            ? [...context.queue, { op: 'remove' as const, promptId: event.promptId }]
            : context.queue,
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    /** Not in the cart and not already on its way there. */
    canAdd: ({ context, event }) =>
      event.type === 'cart.add' && !isInCart(context, event.promptId) && !queued(context, event.promptId),
    canRemove: ({ context, event }) =>
      event.type === 'cart.remove' && isInCart(context, event.promptId) && !queued(context, event.promptId),
    knownCoupon: ({ context, event }) =>
      event.type === 'cart.applyCoupon' &&
      event.couponId !== context.couponId &&
      context.coupons.some((coupon) => coupon.id === event.couponId),
    hasCouponAsked: ({ context }) => context.couponId !== null,
    /** After the last change: the coupon must be asked for again, or there is no cart to show yet. */
    needsFetch: ({ context }) => context.couponId !== null || context.cart === null,
    hasQueue: ({ context }) => context.queue.length > 0,
    moreQueued: ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  id: 'cart',
  // The member's cart (the cart page, "In cart" on cards) loads with the sign-in and empties with the logout.
  invoke: {
    src: 'followSession',
    input: {
      member: () => ({ type: 'cart.load' }),
      visitor: { type: 'cart.clear' },
    } satisfies SessionFollow<CartEvent>,
  },
  context: { cart: null, couponId: null, queue: [], error: null, coupons: [], couponsError: null },
  initial: 'signedOut',
  on: {
    'cart.load': { target: '.active', reenter: true, actions: 'reset' },
    'cart.clear': { target: '.signedOut', actions: 'reset' },
  },
  states: {
    signedOut: {
      on: { 'cart.add': { actions: 'askToLogIn' } },
    },
    active: {
      type: 'parallel',
      on: {
        'cart.add': { guard: 'canAdd', actions: 'enqueue' },
        'cart.remove': { guard: 'canRemove', actions: 'enqueue' },
      },
      states: {
        cart: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              entry: assign({ error: null }),
              on: {
                'cart.applyCoupon': {
                  guard: 'knownCoupon',
                  target: 'loading',
                  reenter: true,
                  actions: assign({ couponId: ({ event }) => event.couponId }),
                },
                'cart.clearCoupon': {
                  guard: 'hasCouponAsked',
                  target: 'loading',
                  reenter: true,
                  actions: assign({ couponId: null }),
                },
                'cart.checkedOut': { target: 'loading', reenter: true, actions: assign({ couponId: null }) },
              },
              invoke: {
                id: 'fetchCart',
                src: 'fetchCart',
                input: ({ context }) => ({ couponId: context.couponId }),
                onDone: { target: 'ready', actions: 'takeCart' },
                onError: {
                  target: 'failed',
                  actions: assign({
                    error: ({ event }) => errorMessage(event.error, CART_MESSAGES.loadFailed),
                  }),
                },
              },
            },
            ready: {
              tags: ['ready'],
              initial: 'idle',
              states: {
                idle: {
                  always: { guard: 'hasQueue', target: 'changing' },
                  on: {
                    'cart.open': '#cart.active.cart.loading',
                    'cart.reload': '#cart.active.cart.loading',
                    'cart.checkedOut': {
                      target: '#cart.active.cart.loading',
                      actions: assign({ couponId: null }),
                    },
                    'cart.applyCoupon': {
                      guard: 'knownCoupon',
                      target: '#cart.active.cart.loading',
                      actions: assign({ couponId: ({ event }) => event.couponId }),
                    },
                    'cart.clearCoupon': {
                      guard: 'hasCouponAsked',
                      target: '#cart.active.cart.loading',
                      actions: assign({ couponId: null }),
                    },
                  },
                },
                changing: {
                  tags: ['changing'],
                  description:
                    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
                    'Sends the oldest change; later ones wait. With a coupon asked for, the cart is fetched again at the end (a change answers without it).',
                  on: {
                    // the coupon is asked for once the changes are done
                    'cart.applyCoupon': {
                      guard: 'knownCoupon',
                      actions: assign({ couponId: ({ event }) => event.couponId }),
                    },
                    'cart.clearCoupon': { guard: 'hasCouponAsked', actions: assign({ couponId: null }) },
                  },
                  invoke: {
                    id: 'changeCart',
                    src: 'changeCart',
                    input: ({ context }) => context.queue[0]!,
                    onDone: [
                      {
                        guard: 'moreQueued',
                        target: 'changing',
                        reenter: true,
                        actions: ['takeCart', 'toastIfAdded', 'dequeue', 'refreshCount'],
                      },
                      {
                        guard: 'hasCouponAsked',
                        target: '#cart.active.cart.loading',
                        actions: ['takeCart', 'toastIfAdded', 'dequeue', 'refreshCount'],
                      },
                      {
                        target: 'idle',
                        actions: ['takeCart', 'toastIfAdded', 'dequeue', 'refreshCount'],
                      },
                    ],
                    onError: [
                      {
                        guard: 'moreQueued',
                        target: 'changing',
                        reenter: true,
                        actions: ['toastChangeFailed', 'dequeue'],
                      },
                      {
                        guard: 'needsFetch',
                        target: '#cart.active.cart.loading',
                        actions: ['toastChangeFailed', 'dequeue'],
                      },
                      { target: 'idle', actions: ['toastChangeFailed', 'dequeue'] },
                    ],
                  },
                },
              },
            },
            failed: {
              tags: ['error'],
              always: { guard: 'hasQueue', target: 'ready.changing' },
              on: {
                'cart.retry': 'loading',
                'cart.open': 'loading',
                'cart.reload': 'loading',
                'cart.checkedOut': { target: 'loading', actions: assign({ couponId: null }) },
              },
            },
          },
        },
        coupons: {
          initial: 'idle',
          states: {
            idle: {
              // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
              description: 'Not asked for: only the cart page shows them.',
              on: { 'cart.open': 'loading' },
            },
            loading: {
              tags: ['couponsLoading'],
              invoke: {
                id: 'fetchCoupons',
                src: 'fetchCoupons',
                onDone: {
                  target: 'loaded',
                  actions: assign({ coupons: ({ event }) => event.output, couponsError: null }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({
                    couponsError: ({ event }) => errorMessage(event.error, CART_MESSAGES.couponsFailed),
                  }),
                },
              },
            },
            loaded: {
              on: { 'cart.open': 'loading', 'cart.checkedOut': 'loading' },
            },
            failed: {
              tags: ['couponsFailed'],
              on: { 'cart.couponsRetry': 'loading', 'cart.open': 'loading', 'cart.checkedOut': 'loading' },
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
    cart: CartEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    cart: ActorRefFrom<typeof cartMachine>;
  }
}
