import type { SnapshotFrom } from 'xstate';
import type { legacyRedirectMachine } from './legacy-redirect.ts';

type Snapshot = SnapshotFrom<typeof legacyRedirectMachine>;

/** What the old detail address shows while it redirects: "Opening prompt…", Not Found, or a retry. */
export const status = (s: Snapshot): 'resolving' | 'missing' | 'error' =>
  s.hasTag('notFound') ? 'missing' : s.hasTag('error') ? 'error' : 'resolving';

export const error = (s: Snapshot): string | null => s.context.error;
