// Messages: the member's notices and support replies, read, marked and deleted.
// The model itself is shared with its tests in tests/support/inbox-models.ts; this adds what a person sees.
import { messagesModel as sharedMessagesModel } from '../support/inbox-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  messages: 'The "Messages" page',
  'messages.idle': '"Messages" not opened yet: placeholder rows',
  'messages.loading': '"Loading your messages…" placeholder rows',
  'messages.failed': '"We couldn\'t load your messages" with the reason and "Try again"',
  'messages.ready':
    'The messages (unread ones marked), "Mark all as read", "Delete" per message, pages (or "No messages yet")',
  'messages.ready.reading': 'The messages; an opened one shows its text and link',
  'messages.ready.reading.idle': 'The messages, opened ones read',
  'messages.ready.reading.marking': 'An opened unread message shown read while the server is told',
  'messages.ready.changes': 'The list\'s actions: "Mark all as read", "Delete"',
  'messages.ready.changes.browsing': 'The messages with "Mark all as read" and "Delete" buttons',
  'messages.ready.changes.markingAll': '"Marking all as read…", the button disabled',
  'messages.ready.changes.confirmingDelete':
    'Dialog "Delete this message?" with "Delete" (or "Try again" after a failure) and "Keep it"',
  'messages.ready.changes.deleting': 'The delete dialog\'s button reads "Deleting…"',
};

export const messagesModel: MachineModel = { ...sharedMessagesModel, sees: SEES };
