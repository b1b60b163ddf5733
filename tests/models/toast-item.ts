// One toast: visible for its duration, fading 300 ms, then gone.
import { toastItemMachine } from '../../machines/shell/toast-item.ts';
import type { MachineModel } from './types.ts';

/** Alone, an item has no queue to report to. */
export const toastItemAlone = toastItemMachine.provide({
  actions: { reportLeaving: () => {}, reportGone: () => {} },
});

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  toastItem: 'One toast in the notifications area',
  'toastItem.visible': 'The toast\'s icon, message and "Dismiss notification" at full opacity',
  'toastItem.leaving': 'The toast fading out',
  'toastItem.gone': 'The toast has disappeared',
};

export const toastItemModel: MachineModel = {
  sees: SEES,
  machine: toastItemAlone,
  actors: [],
  input: { id: 't' },
  samples: {},
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
