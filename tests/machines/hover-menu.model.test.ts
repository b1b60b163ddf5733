// hoverMenu against its independent model (tests/models/spec/hover-menu.ts), for both header menus:
// every path of the model, and every sequence of four steps, replayed on the machine by the shared
// harness (tests/support/spec-replay.ts), which must show the panel open exactly when the model says
// so after each step.
import type { SnapshotFrom } from 'xstate';
import { hoverMenuMachine } from '../../machines/shell/hover-menu.ts';
import { open } from '../../machines/shell/hover-menu.selectors.ts';
import { describeModel, sequences, walk } from '../support/spec-replay.ts';
import {
  ACCOUNT_MENU_CLOSE_DELAY,
  CATEGORY_MENU_CLOSE_DELAY,
  hoverMenuSpec,
} from '../models/spec/hover-menu.ts';

/** Each header menu by its close delay. */
const MENUS: Record<string, number> = {
  'category menu': CATEGORY_MENU_CLOSE_DELAY,
  'account menu': ACCOUNT_MENU_CLOSE_DELAY,
};

describeModel({
  walks: Object.entries(MENUS).map(([menu, closeDelay]) => walk(menu, hoverMenuSpec(closeDelay))),
  paths: (_, model) => sequences(model, 4),
  target: (menu) => ({
    machine: hoverMenuMachine,
    input: { closeDelay: MENUS[menu] },
    observe: ({ snapshot }) => ({ open: open(snapshot as SnapshotFrom<typeof hoverMenuMachine>) }),
  }),
});
