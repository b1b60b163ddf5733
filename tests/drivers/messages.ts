// Messages (/messages): opening a page of them, opening and closing a message by its title (the
// title is the button that opens and closes it, and marks it read), "Mark all as read", "Delete" and
// its dialog, "Try again".
import type { MessagesState } from '../models/spec/messages.ts';
import { button, byRole, click, dialog, main, open, type PageDriver } from '../support/page-driver.ts';

/** The message shown with this id, by its title. */
const articleOf = (before: MessagesState, id: unknown) =>
  byRole('article', before.result!.data.find((m) => m.id === id)!.title, { within: main });

export const messagesDriver: PageDriver<MessagesState> = {
  'messages.load': (event) => [
    open(event.page === 1 ? '/messages' : `/messages?page=${event.page as number}`),
  ],
  'messages.retry': () => [click(button('Try again', main))],
  'messages.toggle': (event, before) => [
    click(
      byRole('button', undefined, {
        expanded: before.openId === event.id,
        within: articleOf(before, event.id),
      }),
    ),
  ],
  'messages.readAll': () => [click(button('Mark all as read', main))],
  'messages.delete': (event, before) => [click(button('Delete', articleOf(before, event.id)))],
  'messages.deleteConfirm': () => [click(button(/^(Delete|Try again)$/, dialog()))],
  'messages.deleteCancel': () => [click(button('Keep it', dialog()))],
};
