// The account menu's unread count: signing in (the demo member, through the login dialog) loads
// it, the poll asks again, opening Messages tells it the count the page got (`inbox.set`), and
// logging out clears it. Signing in while signed in, or out while out, is no person's.
import { inboxDriver } from '../../drivers/inbox.ts';
import { logOut, signIn } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const inboxScript: BrowserScript = {
  machineId: 'inbox',
  effects: { fetchUnreadCount: 'fetchUnreadCount' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'session.member {"token":"a.b.c"} → loading 0 · fetchUnreadCount answers 3 → waiting 3 · wait 59999 ms → waiting 3 +59999 ms · wait 1 ms → loading 3',
  async act(event, step) {
    const { page, before } = step;
    const signedOut = before.matches('signedOut');
    switch (event.type) {
      // the session announces a member (signing in) or a visitor (logging out)
      case 'session.member':
      case 'inbox.load':
        if (!signedOut) return false;
        await signIn(page);
        return;
      case 'session.visitor':
      case 'inbox.clear':
        if (signedOut) return false;
        await logOut(page);
        return;
      default:
        // inbox.set: the Messages page tells the count it received
        return take(inboxDriver, event, step);
    }
  },
};
