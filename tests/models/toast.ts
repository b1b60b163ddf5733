// The toast queue: shows any number of toasts in a row, each fading on its own clock.
import type { AnyMachineSnapshot } from 'xstate';
import { toastMachine, type ToastContext } from '../../machines/shell/toast.ts';
import type { MachineModel } from './types.ts';

/** "How many toasts, which ones are fading", capped at two so the graph is finite. */
export const serializeToastQueue = (s: AnyMachineSnapshot) => {
  const toasts = (s.context as { toasts: { id: string; leaving: boolean }[] }).toasts.slice(0, 2);
  return `${JSON.stringify(s.value)} ${toasts.map((t) => `${t.id}:${t.leaving ? 'L' : 'V'}`).join(',')}`;
};

/** The queue's own model: shows, dismissals and the lifecycle reports its items send it. */
/** What a person sees in each state. */
const SEES: Record<string, string> = {
  toast: 'The notifications area (bottom of the screen)',
  'toast.empty': 'No toast on screen',
  'toast.showing': 'One or more toasts, each with its icon, message and a dismiss button',
};

export const toastModel: MachineModel = {
  sees: SEES,
  machine: toastMachine,
  actors: [],
  serialize: serializeToastQueue,
  samples: {
    'toast.show': [
      { type: 'toast.show', kind: 'success', message: 'Saved' },
      { type: 'toast.show', kind: 'error', message: 'Failed' },
    ],
    'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
    'toast.leaving': [{ type: 'toast.leaving', id: 'toast-1' }],
    'toast.gone': [{ type: 'toast.gone', id: 'toast-1' }],
  },
  observe: (c: ToastContext) => c.toasts.map((t) => `${t.kind}:${t.message}`),
  maxSteps: 6,
  variants: [
    {
      // errors only: one already on screen is not shown again (several refused calls, one toast)
      label: 'errors',
      machine: toastMachine,
      actors: [],
      serialize: serializeToastQueue,
      samples: {
        'toast.show': [
          { type: 'toast.show', kind: 'error', message: 'Your session has ended. Please log in again.' },
        ],
        'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
        'toast.leaving': [{ type: 'toast.leaving', id: 'toast-1' }],
        'toast.gone': [{ type: 'toast.gone', id: 'toast-1' }],
      },
      observe: (c: ToastContext) => c.toasts.map((t) => `${t.kind}:${t.message}`),
      maxSteps: 6,
    },
  ],
};
