import type { SnapshotFrom } from 'xstate';
import type { hoverMenuMachine } from './hover-menu.ts';

type Snapshot = SnapshotFrom<typeof hoverMenuMachine>;

/** The menu's panel is shown. */
export const open = (s: Snapshot): boolean => s.hasTag('open');
