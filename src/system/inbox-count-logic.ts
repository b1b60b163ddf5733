// The account menu's unread count (long-lived, polled) with its effect provided.
import { fromPromise } from 'xstate';
import { inboxMachine } from '../../machines/inbox.ts';
import type { AppEffects } from './app-effects.ts';

export function inboxCountLogic(effects: AppEffects) {
  return {
    inbox: inboxMachine.provide({
      actors: { fetchUnreadCount: fromPromise(() => effects.fetchUnreadCount()) },
    }),
  };
}
