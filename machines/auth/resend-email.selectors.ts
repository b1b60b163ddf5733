import type { SnapshotFrom } from 'xstate';
import type { ResendEmailContext, resendEmailMachine } from './resend-email.ts';

type Snapshot = SnapshotFrom<typeof resendEmailMachine>;

/** The button cannot be pressed: cooling down or sending. */
export const disabled = (s: Snapshot): boolean => s.hasTag('disabled');

/** A mail is being sent: the button shows a spinner. */
export const sending = (s: Snapshot): boolean => s.hasTag('busy');

/** "Resend in {n}s" while above 0. */
export const secondsLeft = (s: Snapshot): number => s.context.secondsLeft;

/** The last answer, in green or red. */
export const result = (s: Snapshot): ResendEmailContext['result'] => s.context.result;
