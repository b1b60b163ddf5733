import type { SnapshotFrom } from 'xstate';
import type { favoritesMachine } from './favorites.ts';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

/** A selector factory: the heart of this prompt is pressed (the prompt is saved). */
export const savedOf =
  (promptId: number) =>
  (s: Snapshot): boolean =>
    s.context.ids.includes(promptId);
