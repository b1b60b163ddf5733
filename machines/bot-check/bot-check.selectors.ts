// What the forms show of the bot check (machines/bot-check/bot-check.ts), read through these only.
import type { SnapshotFrom } from 'xstate';
import type { botCheckMachine } from './bot-check.ts';

type Snapshot = SnapshotFrom<typeof botCheckMachine>;

export type BotCheckStatus = 'idle' | 'working' | 'ready' | 'failed';

/** Where the check is: not started, fetching or solving, solved and waiting, or failed. */
export const status = (s: Snapshot): BotCheckStatus =>
  s.hasTag('working') ? 'working' : s.hasTag('ready') ? 'ready' : s.hasTag('failed') ? 'failed' : 'idle';

/** The solved check a call may take, or null. */
export const proof = (s: Snapshot): string | null => (s.hasTag('ready') ? s.context.proof : null);

/** Why it failed, in words a person can act on. */
export const error = (s: Snapshot): string | null => (s.hasTag('failed') ? s.context.error : null);
