import { assign, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { toastItemMachine, type ToastKind, type ToastLifecycleEvent } from './toast-item.ts';

export type { ToastKind };

export interface ToastView {
  id: string;
  kind: ToastKind;
  message: string;
  /** True during the fade-out. */
  leaving: boolean;
}

export type ToastEvent =
  | { type: 'toast.show'; kind: ToastKind; message: string; duration?: number }
  | { type: 'toast.dismiss'; id: string }
  | ToastLifecycleEvent;

export interface ToastContext {
  toasts: ToastView[];
  seq: number;
}

/**
 * The toast queue (requirements §2 Toasts): any number in a row, each a `toastItem` child that owns its
 * own timers and reports when it starts fading and when it is gone.
 */
export const toastMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  actors: { toastItem: toastItemMachine },
  actions: {
    enqueue: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.show') return {};
      const id = `toast-${context.seq + 1}`;
      spawn('toastItem', { id, input: { id, ...(event.duration ? { duration: event.duration } : {}) } });
      return {
        seq: context.seq + 1,
        toasts: [...context.toasts, { id, kind: event.kind, message: event.message, leaving: false }],
      };
    }),
    forwardDismiss: sendTo(({ event }) => (event.type === 'toast.dismiss' ? event.id : ''), {
      type: 'toast.dismiss',
    } as const),
    markLeaving: assign({
      toasts: ({ context, event }) =>
        context.toasts.map((t) =>
          event.type === 'toast.leaving' && t.id === event.id ? { ...t, leaving: true } : t,
        ),
    }),
    remove: assign({
      toasts: ({ context, event }) =>
        context.toasts.filter((t) => !(event.type === 'toast.gone' && t.id === event.id)),
    }),
    stopItem: stopChild(({ event }) => (event.type === 'toast.gone' ? event.id : '')),
  },
  guards: {
    isShown: ({ context, event }) =>
      'id' in event && context.toasts.some((t) => t.id === event.id && !t.leaving),
    isKnown: ({ context, event }) => 'id' in event && context.toasts.some((t) => t.id === event.id),
    queueEmpty: ({ context }) => context.toasts.length === 0,
    /**
     * An error that one on screen already tells (several calls refused at once: "Your session has
     * ended…" once). Confirmations are each shown: two "Added to cart" are two things done.
     */
    sameErrorShown: ({ context, event }) =>
      event.type === 'toast.show' &&
      event.kind === 'error' &&
      context.toasts.some((t) => t.kind === 'error' && t.message === event.message && !t.leaving),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'toast',
  context: { toasts: [], seq: 0 },
  initial: 'empty',
  states: {
    empty: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'No toast on screen.',
      on: { 'toast.show': { target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'One or more toasts on screen, each on its own clock.',
      on: {
        'toast.show': [{ guard: 'sameErrorShown' }, { actions: 'enqueue' }],
        'toast.dismiss': { guard: 'isShown', actions: 'forwardDismiss' },
        'toast.leaving': { guard: 'isKnown', actions: 'markLeaving' },
        'toast.gone': { guard: 'isKnown', actions: ['remove', 'stopItem'] },
      },
      always: { guard: 'queueEmpty', target: 'empty' },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    toast: ToastEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    toast: ActorRefFrom<typeof toastMachine>;
  }
}
