import type { SnapshotFrom } from 'xstate';
import { SUPPORT_FIELDS, type SupportField, type supportMachine } from './support.ts';

type Snapshot = SnapshotFrom<typeof supportMachine>;

/** The confirmation shows in place of the form. */
export const sent = (s: Snapshot): boolean => s.hasTag('sent');
/** The request the last send created (the confirmation shows its number). */
export const sentRequest = (s: Snapshot) => s.context.sent;
/** A signed-in member is looking (their email, past requests and Messages are offered). */
export const member = (s: Snapshot): boolean => s.context.member;
/** The account's email the member writes from; null for a visitor or a guest, or while not known. */
export const accountEmail = (s: Snapshot) => (s.context.member ? s.context.accountEmail : null);
/** The address a visitor typed, as it is sent. */
export const typedEmail = (s: Snapshot): string => s.context.form.email.trim();
/** The account's email is being looked up (with the member's past requests). */
export const lookingUp = (s: Snapshot): boolean => s.hasTag('loading');

/** The form as typed. */
export const form = (s: Snapshot) => s.context.form;
/** What each field says is wrong. */
export const errors = (s: Snapshot) => s.context.errors;
/** The first field, in the form's order, that says something is wrong (it takes the focus). */
export const firstError = (s: Snapshot): SupportField | undefined =>
  SUPPORT_FIELDS.find((field) => s.context.errors[field]);
/** The request is being sent. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');
/**
 * Why the last send did not go through, above the form: the server's refusal (too many requests),
 * or a network failure (which offers to send again); null when there is nothing to say.
 */
export const sendNotice = (s: Snapshot): 'limited' | 'failed' | null =>
  s.hasTag('limited') ? 'limited' : s.hasTag('sendFailed') ? 'failed' : null;
/** The words of that notice. */
export const noticeText = (s: Snapshot) => s.context.notice;

/** What "Your requests" shows: its skeleton (until they are asked for too), the list, or the error view. */
export const requestsStatus = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('requests') ? 'ready' : 'loading';
/** Why the past requests could not be loaded. */
export const requestsError = (s: Snapshot) => s.context.requestsError;
/** The member's past requests, newest first. */
export const requests = (s: Snapshot) => s.context.requests;
