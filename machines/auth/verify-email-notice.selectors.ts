import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resendEmailMachine } from './resend-email.ts';
import type { verifyEmailNoticeMachine } from './verify-email-notice.ts';

type Snapshot = SnapshotFrom<typeof verifyEmailNoticeMachine>;

/** "Verify your email first" is on screen. */
export const visible = (s: Snapshot): boolean => s.hasTag('visible');

/** The address not verified yet. */
export const email = (s: Snapshot): string => s.context.email;

/** The resend button's actor while the notice is shown. */
export const resend = (s: Snapshot): ActorRefFrom<typeof resendEmailMachine> | undefined => s.children.resend;
