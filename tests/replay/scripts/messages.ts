// Messages (/messages): opening a page of them, opening and closing a message by its title (which
// marks it read), "Mark all as read", "Delete" and its dialog, "Try again". Every call that would
// change the member's messages is held. The page's actors wrap two answers (marking read answers
// when and how many are left unread): the held calls are answered in the effects' own shape.
import { click, openPage, translateAnswers } from '../actions.ts';
import type { BrowserScript } from '../types.ts';
import type { MessagesContext } from '../../../machines/account/messages.ts';

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
  async act(event, { page, before }) {
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
    const main = page.getByRole('main');
    const dialog = page.getByRole('dialog');
    const article = (id: number) => {
      const title = (before.context as MessagesContext).result!.data.find((m) => m.id === id)!.title;
      return main.getByRole('article', { name: title });
    };
    switch (event.type) {
      case 'messages.load':
        await openPage(page, event.page === 1 ? '/messages' : `/messages?page=${event.page as number}`);
        return;
      case 'messages.retry':
        await click(main.getByRole('button', { name: 'Try again' }));
        return;
      case 'messages.toggle':
        // a message's title is the button that opens and closes it
        await click(article(event.id as number).locator('button[aria-expanded]'));
        return;
      case 'messages.readAll':
        await click(main.getByRole('button', { name: 'Mark all as read' }));
        return;
      case 'messages.delete':
        await click(article(event.id as number).getByRole('button', { name: 'Delete' }));
        return;
      case 'messages.deleteConfirm':
        await click(dialog.getByRole('button', { name: /^(Delete|Try again)$/ }));
        return;
      case 'messages.deleteCancel':
        await click(dialog.getByRole('button', { name: 'Keep it' }));
        return;
      default:
        return false;
    }
  },
};
