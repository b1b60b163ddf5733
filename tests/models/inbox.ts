// The unread count on the account menu, polled while a member is signed in.
// The model itself is shared with its tests in tests/support/inbox-models.ts; this adds what a person sees.
import { inboxModel as sharedInboxModel } from '../support/inbox-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  inbox: 'The unread badge on the account menu and the Messages entry',
  'inbox.signedOut': 'No account menu, no unread badge',
  'inbox.active': 'The avatar shows the unread count (99+ above 99); "Messages, N unread" in the menu',
  'inbox.active.loading': 'The last unread count while it is asked for again',
  'inbox.active.waiting': 'The unread count on the avatar and in the menu',
};

export const inboxModel: MachineModel = { ...sharedInboxModel, sees: SEES };
