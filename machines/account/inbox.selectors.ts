import type { SnapshotFrom } from 'xstate';
import type { inboxMachine } from './inbox.ts';

type Snapshot = SnapshotFrom<typeof inboxMachine>;

/** The account menu's unread badge: unread messages in the member's whole inbox. */
export const unread = (s: Snapshot): number => s.context.unread;
