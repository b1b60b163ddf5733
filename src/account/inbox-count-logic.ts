// The account menu's unread count (long-lived, polled) with its effect provided.
import { fromPromise } from 'xstate';
import { inboxMachine } from '../../machines/account/inbox.ts';
import type { AccountEffects } from './account-effects.ts';

export function inboxCountLogic(effects: Pick<AccountEffects, 'fetchUnreadCount'>) {
  return {
    inbox: inboxMachine.provide({
      actors: { fetchUnreadCount: fromPromise(() => effects.fetchUnreadCount()) },
    }),
  };
}
