// The toast queue, as requirements §2 (Toasts) and §9 say toasts behave: any number on screen in a row,
// oldest first, each success, error or other (info) toast with its message, fully visible for 2000 ms
// (or the duration it was shown with), then fading out for 300 ms, then gone; each on its own clock.
// A person can dismiss a toast: it starts fading at once. Issue 15: an error already on screen (not
// fading) is not shown a second time; confirmations are each shown ("Added to cart" twice is two
// things done), and once the error is fading the same error is news again.
// The page knows a toast by its id, `toast-<n>` for the n-th toast shown (the queue's view contract).
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface ModelToast {
  n: number;
  kind: ToastKind;
  message: string;
  leaving: boolean;
  /** Milliseconds until it starts fading (visible) or is gone (leaving). */
  left: number;
}

export interface ToastQueueState {
  toasts: ModelToast[];
  /** How many toasts have been shown (the next one is toast-<shown + 1>). */
  shown: number;
}

/** requirements §9: toast 2000 ms, fade 300 ms. */
export const TOAST_DURATION = 2000;
export const TOAST_FADE = 300;

type Show = { type: 'toast.show'; kind: ToastKind; message: string; duration?: number };

export const LOGGED_IN: Show = {
  type: 'toast.show',
  kind: 'success',
  message: 'You have successfully logged in',
};
export const SESSION_ENDED: Show = {
  type: 'toast.show',
  kind: 'error',
  message: 'Your session has ended. Please log in again.',
};
export const LOGIN_FAILED: Show = {
  type: 'toast.show',
  kind: 'error',
  message: 'Login failed, please try again later',
};
/** The same words as the error, but not an error: news, not a repeat. */
export const SESSION_ENDED_INFO: Show = { ...SESSION_ENDED, kind: 'info' };
/** An other (blue) toast asked to stay longer than the default. */
export const LONG_INFO: Show = { type: 'toast.show', kind: 'info', message: 'Copied', duration: 4000 };

const idOf = (t: ModelToast): string => `toast-${t.n}`;

/** Time passes: each toast's clock runs; those that reach their deadline fade, then go. */
function pass(s: ToastQueueState, ms: number): ToastQueueState {
  let toasts = s.toasts;
  let rest = ms;
  while (toasts.length) {
    const soonest = Math.min(...toasts.map((t) => t.left));
    if (rest < soonest) break;
    rest -= soonest;
    toasts = toasts
      .map((t) => ({ ...t, left: t.left - soonest }))
      .filter((t) => !(t.leaving && t.left === 0))
      .map((t) => (t.left === 0 ? { ...t, leaving: true, left: TOAST_FADE } : t));
  }
  return { ...s, toasts: toasts.map((t) => ({ ...t, left: t.left - rest })) };
}

function next(s: ToastQueueState, step: SpecStep): ToastQueueState {
  if ('wait' in step) return pass(s, step.wait);
  if (!('send' in step)) return s;
  const event = step.send;
  if (event.type === 'toast.show') {
    const show = event as Show;
    if (
      show.kind === 'error' &&
      s.toasts.some((t) => t.kind === 'error' && t.message === show.message && !t.leaving)
    )
      return s;
    const toast: ModelToast = {
      n: s.shown + 1,
      kind: show.kind,
      message: show.message,
      leaving: false,
      left: show.duration ?? TOAST_DURATION,
    };
    return { toasts: [...s.toasts, toast], shown: s.shown + 1 };
  }
  if (event.type === 'toast.dismiss')
    return {
      ...s,
      toasts: s.toasts.map((t) =>
        idOf(t) === (event as unknown as { id: string }).id && !t.leaving
          ? { ...t, leaving: true, left: TOAST_FADE }
          : t,
      ),
    };
  return s;
}

export const toastSpec = (): SpecModel<ToastQueueState> => ({
  name: 'toast',
  spec: 'requirements §2 Toasts and §9 (toast 2000 ms, fade 300 ms), issue 15 (an error once)',
  initial: { toasts: [], shown: 0 },
  steps: (s) => {
    const steps: SpecStep[] = [];
    if (s.toasts.length === 0) steps.push({ send: LOGGED_IN }, { send: SESSION_ENDED }, { send: LONG_INFO });
    if (s.toasts.length === 1)
      steps.push(
        { send: LOGGED_IN },
        { send: SESSION_ENDED },
        { send: LOGIN_FAILED },
        { send: SESSION_ENDED_INFO },
      );
    // with two on screen, the error again: a repeat only if one of them tells it
    if (s.toasts.length === 2) steps.push({ send: SESSION_ENDED });
    if (s.toasts.length) {
      steps.push({ send: { type: 'toast.dismiss', id: idOf(s.toasts[0]!) } });
      if (s.toasts.length === 1) steps.push({ send: { type: 'toast.dismiss', id: 'toast-9' } });
      // a moment before the next toast's deadline, and the deadline itself
      const soonest = Math.min(...s.toasts.map((t) => t.left));
      if (soonest > 1) steps.push({ wait: soonest - 1 });
      steps.push({ wait: soonest });
    } else steps.push({ wait: TOAST_DURATION });
    return steps;
  },
  next,
  expect: (s) => ({
    toasts: s.toasts.map((t) => ({ id: idOf(t), kind: t.kind, message: t.message, leaving: t.leaving })),
    // a toast's clock runs while it is on screen, and stops once it is gone
    running: s.toasts.map(idOf),
  }),
  label: (s) =>
    s.toasts.length
      ? s.toasts
          .map((t) => `${idOf(t)} ${t.kind}${t.leaving ? ' fading' : ''} (${t.left} ms left)`)
          .join(', ')
      : 'none',
  maxDepth: 5,
});
