import type { SnapshotFrom } from 'xstate';
import type { HomeSection, homeSectionsMachine } from './home-sections.ts';

type Snapshot = SnapshotFrom<typeof homeSectionsMachine>;

/** The home page's shelves. */
export const sections = (s: Snapshot): HomeSection[] => s.context.sections;

/** The shelves failed to load: "Reload sections". */
export const failed = (s: Snapshot): boolean => s.hasTag('error');

export const loading = (s: Snapshot): boolean => s.hasTag('loading');

/** Nothing is shown or on its way (never asked for, or failed): the home route asks for the shelves. */
export const wanted = (s: Snapshot): boolean => s.matches('idle') || s.hasTag('error');
