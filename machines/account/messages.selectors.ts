import type { SnapshotFrom } from 'xstate';
import type { Message } from '../../domain/account.ts';
import { isRead, messageToDelete, unreadOf, type messagesMachine } from './messages.ts';

type Snapshot = SnapshotFrom<typeof messagesMachine>;

/** What Messages shows: its skeleton (before the first load too), the page, or the error view. */
export const status = (s: Snapshot): 'loading' | 'ready' | 'error' =>
  s.hasTag('error') ? 'error' : s.hasTag('ready') ? 'ready' : 'loading';
/** Why the page could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The page of messages as shown (null until it is loaded). */
export const result = (s: Snapshot) => s.context.result;
/** Unread messages in the whole inbox, counting the ones being marked read as read. */
export const unread = (s: Snapshot): number => unreadOf(s.context);
/** "Mark all as read" is under way. */
export const markingAll = (s: Snapshot): boolean => s.hasTag('markingAll');

/** This message is shown open. */
export const openOf = (id: number) => (s: Snapshot) => s.context.openId === id;
/** This message shows as read (or is being marked read). */
export const readOf = (message: Message) => (s: Snapshot) => isRead(s.context, message);
/** This message is being marked read on the server (it cannot be deleted meanwhile). */
export const markingReadOf = (id: number) => (s: Snapshot) => s.context.readQueue.includes(id);

/** The "Delete this message?" dialog is on screen. */
export const deleteDialog = (s: Snapshot): boolean => s.hasTag('dialog');
/** The deletion is under way. */
export const deleting = (s: Snapshot): boolean => s.hasTag('deleting');
/** The message the dialog is about. */
export const toDelete = (s: Snapshot) => messageToDelete(s.context);
/** Why the deletion failed, if it did (the dialog offers to try again). */
export const deleteError = (s: Snapshot) => s.context.deleteError;
