import { sendParent, setup } from 'xstate';
import { TIMINGS } from '../../domain/system-ids.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItemInput {
  id: string;
  /** How long the toast stays fully visible; requirements §9 default 2000 ms. */
  duration?: number;
}

export type ToastItemEvent = { type: 'toast.dismiss' };

/** What a toast tells the queue that owns it. */
export type ToastLifecycleEvent = { type: 'toast.leaving'; id: string } | { type: 'toast.gone'; id: string };

/**
 * One toast's life: visible for `toastDuration`, then a `toastFade` fade-out, then gone.
 * A dismissal skips straight to the fade.
 */
export const toastItemMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as { id: string; duration: number },
    input: {} as ToastItemInput,
    events: {} as ToastItemEvent,
  },
  delays: {
    toastDuration: ({ context }) => context.duration,
    toastFade: TIMINGS.toastFade,
  },
  actions: {
    reportLeaving: sendParent(({ context }): ToastLifecycleEvent => ({
      type: 'toast.leaving',
      id: context.id,
    })),
    reportGone: sendParent(({ context }): ToastLifecycleEvent => ({ type: 'toast.gone', id: context.id })),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'toastItem',
  context: ({ input }) => ({ id: input.id, duration: input.duration ?? TIMINGS.toastDuration }),
  initial: 'visible',
  states: {
    visible: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Shown at full opacity.',
      after: { toastDuration: 'leaving' },
      on: { 'toast.dismiss': 'leaving' },
    },
    leaving: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'Fading out.',
      entry: 'reportLeaving',
      after: { toastFade: 'gone' },
    },
    gone: { type: 'final', entry: 'reportGone' },
  },
});
