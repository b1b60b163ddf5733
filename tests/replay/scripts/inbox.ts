// The account menu's unread count: signing in (the demo member, through the login dialog) loads
// it, the poll asks again, opening Messages tells it the count the page got (`inbox.set`), and
// logging out clears it. Signing in while signed in, or out while out, is no person's.
import { logOut, openPage, signIn } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const inboxScript: BrowserScript = {
  machineId: 'inbox',
  effects: { fetchUnreadCount: 'fetchUnreadCount' },
  start: '/terms',
  testPath:
    'inbox.load → active.loading · done fetchUnreadCount 5 → active.waiting · after inboxPoll → active.loading · inbox.clear → signedOut',
  async act(event, { page, before }) {
    const signedOut = before.matches('signedOut');
    switch (event.type) {
      case 'inbox.load':
        if (!signedOut) return false;
        await signIn(page);
        return;
      case 'inbox.clear':
        if (signedOut) return false;
        await logOut(page);
        return;
      case 'inbox.set':
        // the Messages page tells the count it received
        await openPage(page, '/messages');
        return;
      default:
        return false;
    }
  },
};
