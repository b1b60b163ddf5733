// Messages (/messages): opening a page of them, opening and closing a message by its title (which
// marks it read), "Mark all as read", "Delete" and its dialog, "Try again". Every call that would
// change the member's messages is held. The page's actors wrap two answers (marking read answers
// when and how many are left unread): the held calls are answered in the effects' own shape.
import { messagesDriver } from '../../drivers/messages.ts';
import { translateAnswers } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const messagesScript: BrowserScript = {
  machineId: 'messages',
  effects: {
    fetchMessages: 'fetchMessages',
    markRead: 'markMessageRead',
    markAllRead: 'markAllMessagesRead',
    deleteMessage: 'deleteMessage',
  },
  start: '/terms',
  member: true,
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'messages.load {"page":1} → loading · fetchMessages answers {"data":[{"id":1,"kind":"welcome","title":"Welc... → page 1, 3 shown, 4 unread',
  async act(event, step) {
    const { page } = step;
    await translateAnswers(page, 'markMessageRead', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const answer = outcome.output as { readAt: string; unread: number };
      const data = {
        id: 0,
        kind: 'notice',
        title: '',
        body: '',
        createdAt: '',
        readAt: answer.readAt,
        link: null,
      };
      return { output: { data, unread: answer.unread } };
    });
    await translateAnswers(page, 'markAllMessagesRead', (outcome) =>
      'output' in outcome ? { output: { unread: (outcome.output as { unread: number }).unread } } : outcome,
    );
    return take(messagesDriver, event, step);
  },
};
