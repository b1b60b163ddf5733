// The account menu's unread count: opening Messages tells it the count the page got (`inbox.set`).
// Signing in and out (the session's announcements) is each harness's own: a guest's sign-in on the
// jsdom fakes, the demo member's through the login dialog in the browser.
import type { InboxState } from '../models/spec/inbox.ts';
import { open, type PageDriver } from '../support/page-driver.ts';

export const inboxDriver: PageDriver<InboxState> = {
  'inbox.set': () => [open('/messages')],
};
