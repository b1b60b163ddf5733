import type { SnapshotFrom } from 'xstate';
import type { shareMachine } from './share.ts';

type Snapshot = SnapshotFrom<typeof shareMachine>;

/** The link is being made or copied: "Share" is disabled. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');

/** The link shown for the person to copy when the clipboard refused; null otherwise. */
export const manualUrl = (s: Snapshot): string | null => (s.hasTag('manualCopy') ? s.context.url : null);
