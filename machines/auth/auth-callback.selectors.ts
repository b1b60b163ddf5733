import type { SnapshotFrom } from 'xstate';
import type { authCallbackMachine } from './auth-callback.ts';

type Snapshot = SnapshotFrom<typeof authCallbackMachine>;

/** Which card the callback page shows: completing, signed in (redirecting), or failed. */
export const phase = (s: Snapshot): 'busy' | 'done' | 'failed' =>
  s.hasTag('signedIn') ? 'done' : s.hasTag('failed') ? 'failed' : 'busy';

/** Why the sign-in did not finish. */
export const message = (s: Snapshot): string | null => s.context.message;
