import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../../domain/session-user.ts';
import type { sessionMachine } from './session.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** What a page or the header shows for the session: still restoring, logged out, or logged in. */
export type SessionView = 'pending' | 'loggedOut' | 'loggedIn';

export const view = (s: Snapshot): SessionView =>
  s.hasTag('loggedIn') ? 'loggedIn' : s.hasTag('loggedOut') ? 'loggedOut' : 'pending';

/** The signed-in user the header and the member's pages show; null for a visitor. */
export const user = (s: Snapshot): SessionUser | null => s.context.user;
