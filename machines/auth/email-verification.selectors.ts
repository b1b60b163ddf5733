import type { SnapshotFrom } from 'xstate';
import type { emailVerificationMachine } from './email-verification.ts';

type Snapshot = SnapshotFrom<typeof emailVerificationMachine>;

/** Which card the page shows: the link being checked, the address verified, or the link failed. */
export const phase = (s: Snapshot): 'checking' | 'verified' | 'failed' =>
  s.hasTag('verified') ? 'verified' : s.hasTag('failed') ? 'failed' : 'checking';

/** The address verified, or the one typed for a new link. */
export const email = (s: Snapshot): string => s.context.email;

/** Why the link did not work. */
export const message = (s: Snapshot): string | null => s.context.message;

/** What is wrong with the typed address, or why a new link could not be sent. */
export const fieldError = (s: Snapshot): string | null => s.context.fieldError;

/** Checking the link or sending a new one. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');

/** A new link was sent: "Check your email". */
export const sent = (s: Snapshot): boolean => s.hasTag('sent');
