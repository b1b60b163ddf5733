import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { registrationSuccessMachine } from './registration-success.ts';
import type { resendEmailMachine } from './resend-email.ts';

type Snapshot = SnapshotFrom<typeof registrationSuccessMachine>;

/** "Check Your Email" is on screen, opening or closing. */
export const visible = (s: Snapshot): boolean => s.hasTag('visible');

/** The dialog plays its closing animation. */
export const closing = (s: Snapshot): boolean => s.hasTag('closing');

/** The address the verification link went to. */
export const email = (s: Snapshot): string => s.context.email;

/** The resend button's actor while the dialog is shown. */
export const resend = (s: Snapshot): ActorRefFrom<typeof resendEmailMachine> | undefined => s.children.resend;
