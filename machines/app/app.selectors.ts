import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.ts';

type Snapshot = SnapshotFrom<typeof appMachine>;

/** The sign-in machines run: the shell shows their dialogs. */
export const signInReady = (s: Snapshot): boolean => s.matches({ signIn: 'ready' });

/** "Log in" was pressed while the sign-in machines still load: the button shows busy. */
export const loginWaiting = (s: Snapshot): boolean =>
  s.matches({ signIn: 'loading' }) && s.context.openRequest !== null;
