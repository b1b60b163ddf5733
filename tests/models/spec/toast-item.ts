// One toast, as requirements §9 says it lives: fully visible for 2000 ms (or the duration it was given),
// then a 300 ms fade, then gone. A dismissal starts the fade at once. The queue that owns the toast
// hears "leaving" when the fade starts and "gone" when it ends, once each.
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export type ToastPhase = 'visible' | 'leaving' | 'gone';

export interface ToastItemState {
  phase: ToastPhase;
  /** Milliseconds spent in the current phase. */
  elapsed: number;
  /** What the owning queue has heard, in order. */
  heard: string[];
}

export const TOAST_DURATION = 2000;
export const TOAST_FADE = 300;

export const toastItemSpec = (duration = TOAST_DURATION): SpecModel<ToastItemState> => {
  const enter = (s: ToastItemState, phase: ToastPhase): ToastItemState => ({
    phase,
    elapsed: 0,
    heard: [...s.heard, phase === 'leaving' ? 'toast.leaving t1' : 'toast.gone t1'],
  });
  const next = (s: ToastItemState, step: SpecStep): ToastItemState => {
    if (s.phase === 'gone') return s;
    if ('send' in step)
      return step.send.type === 'toast.dismiss' && s.phase === 'visible' ? enter(s, 'leaving') : s;
    if (!('wait' in step)) return s;
    const limit = s.phase === 'visible' ? duration : TOAST_FADE;
    if (s.elapsed + step.wait < limit) return { ...s, elapsed: s.elapsed + step.wait };
    const rest = s.elapsed + step.wait - limit;
    const after = enter(s, s.phase === 'visible' ? 'leaving' : 'gone');
    return rest > 0 ? next(after, { wait: rest }) : after;
  };
  return {
    name: 'toastItem',
    spec: 'requirements §9 (toast 2000 ms, fade 300 ms)',
    initial: { phase: 'visible', elapsed: 0, heard: [] },
    steps: (s) =>
      s.phase === 'gone'
        ? [{ send: { type: 'toast.dismiss' } }, { wait: duration }]
        : // a moment before the deadline, then the deadline itself
          [
            { send: { type: 'toast.dismiss' } },
            { wait: s.elapsed === 0 ? (s.phase === 'visible' ? duration : TOAST_FADE) - 1 : 1 },
          ],
    next,
    expect: (s) => ({ phase: s.phase, heard: s.heard }),
    label: (s) => `${s.phase}${s.elapsed ? ` +${s.elapsed} ms` : ''}`,
    requirement: (before, step) =>
      'send' in step
        ? '§9 Toasts: a dismissal starts the fade at once'
        : before.phase === 'visible'
          ? `§9 Toasts: visible for ${duration} ms`
          : '§9 Toasts: a 300 ms fade, then gone',
    maxDepth: 6,
  };
};
