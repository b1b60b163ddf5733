// A menu that opens on hover or click and closes a moment after the pointer leaves (the category
// menu: 2000 ms; the account menu: 500 ms).
import { TIMINGS } from '../../domain/system-ids.ts';
import { hoverMenuMachine } from '../../machines/shell/hover-menu.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  hoverMenu: 'A header menu (Categories, or the account menu)',
  'hoverMenu.closed': "Only the menu's trigger button; the panel is hidden",
  'hoverMenu.open': 'The menu panel is open under its trigger',
  'hoverMenu.open.pointerInside': 'The panel is open with the pointer over it (or opened by a click)',
  'hoverMenu.open.closing':
    'The panel is still open; it closes a moment after the pointer left unless it comes back',
};

/** The category menu's delay. */
export const hoverMenuInput = { closeDelay: TIMINGS.categoryMenuCloseDelay };

export const hoverMenuModel: MachineModel = {
  sees: SEES,
  machine: hoverMenuMachine,
  actors: [],
  input: hoverMenuInput,
  samples: {},
  // every acyclic path too: the graph is small
  simple: true,
  maxSteps: Number.POSITIVE_INFINITY,
};
