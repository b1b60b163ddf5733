import type { SnapshotFrom } from 'xstate';
import type { shareLandingMachine } from './share-landing.ts';

type Snapshot = SnapshotFrom<typeof shareLandingMachine>;

/** What a share link shows while it lands: "Opening shared prompt…", "not found", or a retry. */
export const status = (s: Snapshot): 'resolving' | 'missing' | 'error' =>
  s.hasTag('notFound') ? 'missing' : s.hasTag('error') ? 'error' : 'resolving';

export const error = (s: Snapshot): string | null => s.context.error;
