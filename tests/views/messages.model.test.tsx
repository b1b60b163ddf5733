// The Messages page against its independent model (tests/models/spec/messages.ts), written from
// docs/requirements.md, replayed on the rendered app for a member on /messages, with the account menu's
// unread count in the header. The top of tests/views/inbox.model.test.tsx says what each step becomes
// and what is left to the machine tests; what the two files share is in
// tests/view./support/account-pages.ts.
import { act, screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import type { Message, MessagePage } from '../../domain/account.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { messagesSpec, TEXT, type MessagesFocus, type MessagesState } from '../models/spec/messages.ts';
import { controllable } from './support/controllable.ts';
import type { Fake } from './support/replay.ts';
import { jsdomPerson } from './support/person.ts';
import { messagesDriver } from '../drivers/messages.ts';
import { firstPaths, pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';
import {
  resetAfterEachPath,
  MEMBER,
  startApp,
  type App,
  textOf,
  accountMenu,
  toasts,
  answer,
  toastsOf,
} from './support/account-pages.ts';

resetAfterEachPath();

// messages: /messages

interface MessagesFakes {
  fetchMessages: Fake<Parameters<AppEffects['fetchMessages']>, MessagePage>;
  markMessageRead: Fake<[{ id: number }], { data: Message; unread: number }>;
  markAllMessagesRead: Fake<[], { unread: number }>;
  deleteMessage: Fake<[{ id: number }], { unread: number }>;
}

const unreadOf = (s: MessagesState) => Math.max(0, (s.result?.unread ?? 0) - s.readQueue.length);

/** The steps a person can take on /messages, less repetitive variations (see the top of the file). */
const canTakeMessages =
  (focus: MessagesFocus) =>
  (step: SpecStep, before: MessagesState): boolean => {
    if (!('send' in step)) return true;
    const event = step.send;
    const ready = before.phase === 'ready' && before.result !== null;
    const modal = before.change === 'confirmingDelete' || before.change === 'deleting';
    const listed = before.result?.data.find((m) => m.id === event.id);
    const unread = listed !== undefined && listed.readAt === null && !before.readQueue.includes(listed.id);
    switch (event.type) {
      case 'messages.load':
        if (focus === 'read') return before.phase === 'idle';
        // one stale answer at a time; a failed first page reloads in one of its two wordings
        if (focus === 'load')
          return (
            (before.dropped.fetchMessages ?? 0) === 0 &&
            !(before.phase === 'failed' && before.page === 1 && before.error !== TEXT.loadFailed)
          );
        return true;
      case 'messages.retry':
        return before.phase === 'failed';
      case 'messages.toggle':
        if (!ready || !listed || modal) return false;
        if (focus === 'read' || focus === 'lagging')
          return unread && before.readQueue.length < (focus === 'read' ? 1 : 2);
        // on page 2, #12 opens as #11 does
        return focus !== 'load' || event.id !== 12;
      case 'messages.readAll':
        return ready && before.change === 'browsing' && unreadOf(before) > 0 && before.readQueue.length === 0;
      case 'messages.delete':
        return (
          focus !== 'read' &&
          ready &&
          !modal &&
          before.openId === event.id &&
          !before.readQueue.includes(event.id as number)
        );
      case 'messages.deleteConfirm':
      case 'messages.deleteCancel':
        return ready && before.change === 'confirmingDelete';
      default:
        return false;
    }
  };

async function performMessages(app: App, fakes: MessagesFakes, step: SpecStep, before: MessagesState) {
  if ('wait' in step) return act(() => app.clock.increment(step.wait));
  if ('send' in step) return jsdomPerson(app).take(messagesDriver, step.send, before);
  const actor = 'settle' in step ? step.settle : step.fail;
  switch (actor) {
    case 'fetchMessages':
      return answer(fakes.fetchMessages, step);
    case 'markRead': {
      // the app's effect answers the message as read, with the inbox's count
      const id = fakes.markMessageRead.pending[0]!.args[0].id;
      return answer(fakes.markMessageRead, step, (o) => {
        const { readAt, unread } = o as { readAt: string; unread: number };
        return {
          data: { id, kind: 'notice' as const, title: '', body: '', createdAt: '', readAt, link: null },
          unread,
        };
      });
    }
    case 'markAllRead':
      return answer(fakes.markAllMessagesRead, step, (o) => ({ unread: (o as { unread: number }).unread }));
    case 'deleteMessage':
      return answer(fakes.deleteMessage, step);
  }
  throw new Error(`No fake call for ${actor}`);
}

/** What /messages shows: the list (or its loading / failure), the delete dialog, the menu's count, toasts. */
function observeMessages() {
  const section = screen.queryByRole('region', { name: 'Your messages' });
  let page: unknown = null;
  if (section) {
    const inside = within(section);
    if (section.getAttribute('aria-busy') === 'true') page = { loading: textOf(inside.getByRole('status')) };
    else if (inside.queryByRole('button', { name: 'Try again' }))
      page = { failed: textOf(inside.getByRole('alert')) };
    else {
      const articles = inside.queryAllByRole('article');
      const readAll = inside.queryByRole('button', { name: /^Mark(ing)? all as read/ });
      page = {
        empty: articles.length ? null : textOf(inside.getByRole('heading', { level: 2 })),
        count: articles.length ? textOf(inside.getByText(/^\d+ unread$/).closest('p')) : null,
        readAll: readAll
          ? { name: textOf(readAll), disabled: (readAll as HTMLButtonElement).disabled }
          : null,
        messages: articles.map((article) => {
          const toggle = within(article)
            .getAllByRole('button')
            .find((b) => b.hasAttribute('aria-expanded'))!;
          const opened = toggle.getAttribute('aria-expanded') === 'true';
          const remove = within(article).queryByRole('button', {
            name: 'Delete',
          }) as HTMLButtonElement | null;
          // the title's button controls the message's text
          const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
          const name = textOf(toggle)!;
          return {
            title: name.replace(/, unread$/, ''),
            unread: name.endsWith(', unread'),
            open: opened,
            body: body.hidden ? null : textOf(body.querySelector('p')),
            deleteDisabled: remove ? remove.disabled : null,
          };
        }),
      };
    }
  }
  const dialogEl = screen.queryByRole('dialog', { name: 'Delete this message?' });
  let dialog: unknown = null;
  if (dialogEl) {
    const inside = within(dialogEl);
    const confirm = inside.getByRole('button', {
      name: /^(Delete|Deleting…|Try again)$/,
    }) as HTMLButtonElement;
    dialog = {
      text: textOf(inside.getByText(/will be removed/)),
      confirm: { name: textOf(confirm), disabled: confirm.disabled },
      keepDisabled: (inside.getByRole('button', { name: 'Keep it' }) as HTMLButtonElement).disabled,
      alert: textOf(inside.queryByRole('alert')),
    };
  }
  return { page, dialog, menu: accountMenu(), toasts: toasts() };
}

/** The same, from the model's expectation. */
function shownMessages(expected: unknown, s: MessagesState) {
  const e = expected as {
    status: string;
    error: string | null;
    result: MessagePage | null;
    unread: number;
    read: number[];
    open: number | null;
    markingRead: number[];
    markingAll: boolean;
    deleteDialog: boolean;
    deleting: boolean;
    toDelete: number | null;
    deleteError: string | null;
    heard: string[];
  };
  let page: unknown = null;
  if (s.phase !== 'idle') {
    if (e.status === 'loading') page = { loading: 'Loading your messages…' };
    else if (e.status === 'error') page = { failed: e.error };
    else {
      const result = e.result!;
      const pages = Math.max(1, Math.ceil(result.total / Math.max(1, result.pageSize)));
      const any = result.data.length > 0;
      page = {
        empty: any ? null : result.total > 0 ? 'No messages on this page' : 'No messages yet',
        count: any
          ? `${result.total} ${result.total === 1 ? 'message' : 'messages'} · ${e.unread} unread${
              pages > 1 ? ` · page ${result.page} of ${pages}` : ''
            }`
          : null,
        readAll: any
          ? {
              name: e.markingAll ? 'Marking all as read…' : 'Mark all as read',
              disabled: e.unread === 0 || e.markingAll,
            }
          : null,
        messages: result.data.map((m) => ({
          title: m.title,
          unread: !e.read.includes(m.id),
          open: e.open === m.id,
          body: e.open === m.id ? m.body : null,
          deleteDisabled: e.open === m.id ? e.markingRead.includes(m.id) : null,
        })),
      };
    }
  }
  const title = e.result?.data.find((m) => m.id === e.toDelete)?.title;
  const dialog = e.deleteDialog
    ? {
        text: `“${title}” will be removed from your messages. This cannot be undone.`,
        confirm: {
          name: e.deleting ? 'Deleting…' : e.deleteError ? 'Try again' : 'Delete',
          disabled: e.deleting,
        },
        keepDisabled: e.deleting,
        alert: e.deleteError,
      }
    : null;
  const counts = e.heard.filter((h) => h.startsWith('inbox.set ')).map((h) => Number(h.slice(10)));
  return {
    page,
    dialog,
    menu: { member: true, unread: counts.at(-1) ?? 0 },
    toasts: toastsOf(e.heard),
  };
}

for (const focus of ['load', 'read', 'delete', 'lagging'] as MessagesFocus[]) {
  const model = messagesSpec(focus);
  describe(`messages on the page against ${model.spec}`, () => {
    for (const path of firstPaths(
      model,
      pagePaths(model, canTakeMessages(focus)),
      { load: 5, read: 6, delete: 6, lagging: 3 }[focus],
    )) {
      it(
        path.title,
        async () => {
          const fakes: MessagesFakes = {
            fetchMessages: controllable(),
            markMessageRead: controllable(),
            markAllMessagesRead: controllable(),
            deleteMessage: controllable(),
          };
          await replaySpecPathOnPage(
            model,
            {
              start: () =>
                startApp(
                  {
                    fetchUnreadCount: async () => 0,
                    fetchMessages: fakes.fetchMessages.fn,
                    markMessageRead: fakes.markMessageRead.fn,
                    markAllMessagesRead: fakes.markAllMessagesRead.fn,
                    deleteMessage: fakes.deleteMessage.fn,
                  },
                  MEMBER,
                ),
              perform: (app, step, before) => performMessages(app, fakes, step, before),
              observe: observeMessages,
              shown: shownMessages,
              stop: (app) => app.system.stop(),
            },
            path,
          );
        },
        30_000,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// support: /support, for a visitor (the form's parts) and for a member (their past requests)
