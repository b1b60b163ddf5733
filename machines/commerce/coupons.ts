import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Coupon, CouponStatus } from '../../domain/commerce.ts';
import { errorMessage } from '../../domain/errors.ts';

export const COUPON_TABS: readonly CouponStatus[] = ['valid', 'used', 'expired'];

export type CouponsEvent =
  /** My Coupons was opened on a tab (the `tab` search param). */
  { type: 'coupons.load'; tab: CouponStatus } | { type: 'coupons.retry' };

export interface CouponsContext {
  tab: CouponStatus;
  coupons: Coupon[];
  error: string | null;
}

export const COUPON_MESSAGES = { failed: 'Your coupons could not be loaded.' } as const;

/**
 * The member's coupons (/coupons), one tab at a time: valid, used (with the order each went to)
 * or expired. Each load starts blank, so another tab's or member's coupons never linger.
 */
export const couponsMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as CouponsContext,
    events: {} as CouponsEvent,
    tags: {} as 'loading' | 'ready' | 'error',
  },
  actors: {
    fetchCoupons: fromPromise<Coupon[], { status: CouponStatus }>(() => {
      throw new Error('fetchCoupons must be provided');
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'coupons',
  context: { tab: 'valid', coupons: [], error: null },
  initial: 'idle',
  on: {
    'coupons.load': {
      target: '.loading',
      reenter: true,
      actions: assign({ tab: ({ event }) => event.tab, coupons: [] }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'My Coupons has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchCoupons',
        src: 'fetchCoupons',
        input: ({ context }) => ({ status: context.tab }),
        onDone: { target: 'ready', actions: assign({ coupons: ({ event }) => event.output }) },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => errorMessage(event.error, COUPON_MESSAGES.failed) }),
        },
      },
    },
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    ready: { tags: ['ready'], description: "The tab's coupons (possibly none)." },
    error: {
      tags: ['error'],
      on: { 'coupons.retry': 'loading' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    coupons: CouponsEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    coupons: ActorRefFrom<typeof couponsMachine>;
  }
}
