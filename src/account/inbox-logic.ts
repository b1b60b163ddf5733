// The Messages page and Customer Support, each machine with its effects (src/account/account-effects.ts)
// provided; attached by their routes (docs/decisions/006-lazy-page-machines.md). The account menu's
// unread count (inbox-count-logic.ts) runs from the start; inboxLogic names it too, for tests.
import { fromPromise } from 'xstate';
import { messagesMachine, type ReadAnswer } from '../../machines/account/messages.ts';
import { supportMachine, type MemberSupport, type SendAnswer } from '../../machines/account/support.ts';
import { ApiError } from '../platform/api.ts';
import { takeBotProof } from '../bot-check/bot-check-effects.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { AccountEffects } from './account-effects.ts';
import { inboxCountLogic } from './inbox-count-logic.ts';

/** The server's words for a rate limit, or ours when it sent none. */
export const RATE_LIMITED_MESSAGE =
  'You have sent several requests in a short time. Please wait a little before sending another.';

export default function inboxLogic(effects: AccountEffects) {
  return {
    ...inboxCountLogic(effects),
    messages: messagesMachine.provide({
      actors: {
        fetchMessages: fromPromise(({ input }) => effects.fetchMessages(input)),
        markRead: fromPromise(async ({ input }): Promise<ReadAnswer> => {
          const answer = await effects.markMessageRead(input);
          return { readAt: answer.data.readAt ?? new Date().toISOString(), unread: answer.unread };
        }),
        markAllRead: fromPromise(async (): Promise<ReadAnswer> => {
          const answer = await effects.markAllMessagesRead();
          return { readAt: new Date().toISOString(), unread: answer.unread };
        }),
        deleteMessage: fromPromise(({ input }) => effects.deleteMessage(input)),
      },
    }),
    support: supportMachine.provide({
      actors: {
        // a 429 is an answer (the server says when to try again); anything else is a failure
        sendRequest: fromPromise(async ({ input, system }): Promise<SendAnswer> => {
          try {
            // a visitor's request goes with a solved bot check (issue 37); a member's needs none
            const visitor = lookup(system, 'session')?.getSnapshot().context.token == null;
            const botCheck = visitor ? await takeBotProof(system) : undefined;
            return {
              ok: true,
              request: await effects.sendSupportRequest({ ...input, ...(botCheck ? { botCheck } : {}) }),
            };
          } catch (error) {
            if (error instanceof ApiError && error.status === 429)
              return { ok: false, message: error.message || RATE_LIMITED_MESSAGE };
            throw error;
          }
        }),
        // the address replies go to, from the profile: not knowing it does not hide the requests
        fetchMemberSupport: fromPromise(async (): Promise<MemberSupport> => {
          const [requests, email] = await Promise.all([
            effects.fetchSupportRequests(),
            effects.fetchProfile().then(
              (profile) => profile.email,
              () => null,
            ),
          ]);
          return { requests, email };
        }),
      },
    }),
  };
}
