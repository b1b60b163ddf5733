// The account area's independent models (tests/models/spec: messages, support, inbox), written from
// docs/requirements.md, replayed on the rendered app: Messages on /messages for a member, Customer Support on
// /support for a visitor and for a member, and the account menu's unread count in the header. Each
// model step becomes what a person does (opening an address, typing, clicking by role and name,
// signing in or out), time passing on the app's simulated clock, or the answer of a fake call with
// the step's own output; after every step what the page shows, read from the DOM, must equal the
// part of `model.expect(state)` a person sees.
//
// Left to the machine tests (tests/machines/<name>.model.test.ts), through `canTake`:
// - steps with no control on the page at that moment: "Try again" when nothing failed, a message that
//   is not listed (#99), "Delete" under a message that is not open or is being marked read (the
//   button is disabled), "Mark all as read" with nothing unread or while marking, anything under the
//   modal delete dialog, "Keep it" while deleting, typing into the read-only email of a member, the
//   support form while it sends or once it is sent;
// - events only another actor sends: `inbox.load`, `inbox.set` (the messages page's count, replayed
//   in the messages paths above as the account menu's count), `inbox.clear`; signing in while a
//   member is signed in, signing out while nobody is, and a member signing in again on /support after
//   signing out there (the session's own paths cover sign-in);
// - repetitive variations, to keep the file fast: in the `read` and `lagging` messages paths a
//   message is not closed again and no third message is opened while two are being marked read, and
//   the `read` paths do not reload the page (the `load` and `delete` paths do); the unread count's
//   odd answers (Infinity, -1) are left to the machine (2.7 shows the rounding on the page);
// - by default only a few paths of each part, those taking the most edges (`firstPaths`: 3-6 per
//   messages focus, 3-6 per support focus, 6 for the count; about a second each on a busy machine);
//   PAGE_PATHS=all replays every page path (about 450, several minutes).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { fromPromise, SimulatedClock } from 'xstate';
import type { Message, MessagePage, SupportRequest } from '../../domain/account.ts';
import type { SignInResult } from '../../domain/session-user.ts';
import type { AuthMarks } from '../../domain/session-rules.ts';
import type { Restored } from '../../machines/auth/session.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { SUPPORT_STATUS_LABELS } from '../../src/account/support-page.tsx';
import { ApiError } from '../../src/platform/api.ts';
import { type SpecStep } from '../support/spec-model.ts';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import { inboxSpec, type InboxState } from '../models/spec/inbox.ts';
import { messagesSpec, TEXT, type MessagesFocus, type MessagesState } from '../models/spec/messages.ts';
import { supportSpec, type SupportFocus, type SupportState } from '../models/spec/support.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import { open, type Fake } from './support/replay.ts';
import { findControl, jsdomPerson } from './support/person.ts';
import { messagesDriver } from '../drivers/messages.ts';
import { supportDriver, supportField } from '../drivers/support.ts';
import { firstPaths, pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const MEMBER: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
};
const GUEST: SignInResult = {
  ok: true,
  token: 'g.u.e',
  userData: { userId: 'u-9', providerUsername: 'Mina Member', fruitCnt: 0 },
};

/** The app on a page without the account area, signed in or not, on a simulated clock. */
async function startApp(effects: Partial<AppEffects>, restored: Restored) {
  const clock = new SimulatedClock();
  const app = await renderApp('/terms', {}, { effects: fakeEffects(effects), restored, clock });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  if (restored.status === 'valid')
    await screen.findByRole('button', { name: /^Account menu for Mina Member/ });
  else await screen.findByRole('button', { name: 'Log in' });
  return { ...app, clock };
}

type App = Awaited<ReturnType<typeof startApp>>;

/** A press, as a person's click lands (without user-event's pointer walk, which the replay does not need). */
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
    await new Promise((r) => setTimeout(r, 0));
  });
};

const main = () => within(screen.getByRole('main'));
const banner = () => within(screen.getByRole('banner'));
const textOf = (el: Element | null | undefined): string | null =>
  el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim() : null;

/** The account menu as a person hears it: whose, and the unread count it says (0: says none). */
function accountMenu(): { member: boolean; unread: number } {
  const trigger = banner().queryByRole('button', { name: /^Account menu for/ });
  if (!trigger) return { member: false, unread: 0 };
  const said = /, (\d+) unread messages?$/.exec(textOf(trigger) ?? '');
  return { member: true, unread: said ? Number(said[1]) : 0 };
}

/** The toasts on screen, oldest first. */
const toasts = (): string[] =>
  Array.from(screen.getByRole('region', { name: 'Notifications' }).querySelectorAll('p')).map((p) =>
    textOf(p)!,
  );

/** An answer as the fake effect gives it: the step's output, or its error as the API client throws it. */
async function answer<A extends unknown[], R>(fake: Fake<A, R>, step: SpecStep, output?: (o: unknown) => R) {
  if ('settle' in step) return fake.resolve(output ? output(step.output) : (step.output as R));
  // a failure without words of its own (the model's 'offline') is one the client could not word either
  if ('fail' in step)
    return fake.reject(new ApiError(step.error instanceof Error ? step.error.message : '', 0));
}

/**
 * The toasts a list of `toast.show kind text` leaves on screen while the clock stands still: each one,
 * but an error already on screen is not shown twice (requirements §2 Toasts, machines/shell/toast.ts).
 */
function toastsOf(heard: string[]): string[] {
  const shown: { kind: string; text: string }[] = [];
  for (const line of heard) {
    const said = /^toast\.show (\w+) (.*)$/.exec(line);
    if (!said) continue;
    const [, kind, text] = said as unknown as [string, string, string];
    if (kind === 'error' && shown.some((t) => t.kind === 'error' && t.text === text)) continue;
    shown.push({ kind, text });
  }
  return shown.map((t) => t.text);
}

// ---------------------------------------------------------------------------------------------
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

interface SupportFakes {
  sendSupportRequest: Fake<[{ email?: string; subject: string; message: string }], SupportRequest>;
  fetchSupportRequests: Fake<[], SupportRequest[]>;
  fetchProfile: Fake<[], ReturnType<typeof profileFixture>>;
}

type SupportField = 'email' | 'subject' | 'message';
const fieldOf = (name: SupportField) =>
  findControl(supportField(name)) as HTMLInputElement | HTMLTextAreaElement;

/** The steps a person can take on /support (see the top of the file). */
const canTakeSupport =
  (focus: SupportFocus, initial: SupportState) =>
  (step: SpecStep, before: SupportState): boolean => {
    if (!('send' in step)) return true;
    const event = step.send;
    // a member's paths start by opening the page signed in
    if (focus === 'member' && before === initial)
      return event.type === 'support.open' && event.member === true;
    const editing = before.phase === 'fresh' || before.phase === 'limited' || before.phase === 'failed';
    switch (event.type) {
      case 'support.open':
        // opened again (signed in as before), or a member signs out
        return event.member ? before.member : true;
      case 'support.change':
        return editing && !(event.field === 'email' && before.member && before.accountEmail !== null);
      case 'support.blur':
      case 'support.submit':
        return editing;
      case 'support.retry':
        return before.phase === 'failed';
      case 'support.newRequest':
        return before.phase === 'sent';
      case 'support.requestsRetry':
        return before.requestsPhase === 'failed';
      default:
        return false;
    }
  };

async function performSupport(app: App, fakes: SupportFakes, step: SpecStep, before: SupportState) {
  if ('wait' in step) return act(() => app.clock.increment(step.wait));
  if ('send' in step) {
    const event = step.send;
    switch (event.type) {
      case 'support.open':
        if (event.member && !before.member) return open(app, '/support');
        if (!event.member && before.member) return signOut();
        // shown again at another address of it, as a link with a query opens it
        return app.router.navigate({
          href: app.router.state.location.href === '/support' ? '/support?again=1' : '/support',
        });
    }
    return jsdomPerson(app).take(supportDriver, event, before);
  }
  const actor = 'settle' in step ? step.settle : step.fail;
  if (actor === 'sendRequest') {
    // a 429 is the server's refusal, in its words
    const output =
      'settle' in step ? (step.output as { ok: boolean; request?: SupportRequest; message?: string }) : null;
    if (output && !output.ok)
      return fakes.sendSupportRequest.reject(new ApiError(output.message!, 429, { retryAfter: 600 }));
    return answer(fakes.sendSupportRequest, step, (o) => (o as { request: SupportRequest }).request);
  }
  if (actor === 'fetchMemberSupport') {
    // the requests, and the account's email from the profile (none: a guest's account)
    if ('settle' in step) {
      const { requests, email } = step.output as { requests: SupportRequest[]; email: string | null };
      await fakes.fetchProfile.resolve(profileFixture({ email }));
      return fakes.fetchSupportRequests.resolve(requests);
    }
    await fakes.fetchProfile.resolve(profileFixture());
    return answer(fakes.fetchSupportRequests, step);
  }
  throw new Error(`No fake call for ${actor}`);
}

async function signOut() {
  await click(banner().getByRole('button', { name: /^Account menu for/ }));
  await click(screen.getByRole('menuitem', { name: 'Log out' }));
  await banner().findByRole('button', { name: 'Log in' });
}

/** What /support shows: the form (or the confirmation) and, for a member, the past requests. */
function observeSupport() {
  if (!screen.queryByRole('heading', { level: 1, name: 'Customer Support' })) return null;
  const formEl = main().queryByRole('form', { name: 'Contact us' });
  let form: unknown = null;
  if (formEl) {
    const inside = within(formEl);
    const alert = inside.queryByRole('alert');
    const send = inside.getByRole('button', { name: /^Send(ing…| message)$/ }) as HTMLButtonElement;
    form = {
      fields: Object.fromEntries(
        (['email', 'subject', 'message'] as SupportField[]).map((name) => {
          const input = fieldOf(name);
          const said = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
          const invalid = input.getAttribute('aria-invalid') === 'true';
          return [
            name,
            {
              value: input.value,
              readOnly: input.readOnly,
              disabled: input.disabled,
              // the error is the last thing the field's description says
              error: invalid ? textOf(document.getElementById(said.at(-1)!)) : null,
            },
          ];
        }),
      ),
      send: { name: textOf(send), disabled: send.disabled },
      notice: alert ? textOf(alert.querySelector('p')) : null,
      retry: alert ? within(alert).queryByRole('button', { name: 'Try again' }) !== null : false,
    };
  }
  const sent = main().queryByRole('heading', { level: 3, name: /^Request #\d+ received$/ });
  const region = screen.queryByRole('region', { name: 'Your requests' });
  let requests: unknown = null;
  if (region) {
    const inside = within(region);
    if (region.getAttribute('aria-busy') === 'true')
      requests = { loading: textOf(inside.getByRole('status')) };
    else if (inside.queryByRole('button', { name: 'Try again' }))
      requests = { failed: textOf(inside.getByRole('alert')) };
    else
      requests = inside.queryAllByRole('article').map((card) => ({
        title: textOf(within(card).getByRole('heading', { level: 3 })),
        status: Object.values(SUPPORT_STATUS_LABELS).find((label) => within(card).queryByText(label)) ?? null,
        reply: card.textContent?.includes('Our answer')
          ? textOf(card.lastElementChild?.lastElementChild)
          : null,
      }));
  }
  return { form, sent: textOf(sent), requests };
}

function shownSupport(expected: unknown, s: SupportState, opened: boolean) {
  if (!opened) return null;
  const e = expected as {
    sent: boolean;
    sentRequest: SupportRequest | null;
    member: boolean;
    accountEmail: string | null;
    form: Record<SupportField, string>;
    errors: Partial<Record<SupportField, string>>;
    busy: boolean;
    sendNotice: 'limited' | 'failed' | null;
    noticeText: string | null;
    requestsStatus: 'loading' | 'error' | 'ready';
    requestsError: string | null;
    requests: SupportRequest[];
  };
  const form = e.sent
    ? null
    : {
        fields: Object.fromEntries(
          (['email', 'subject', 'message'] as SupportField[]).map((name) => {
            const fixed = name === 'email' && e.accountEmail !== null;
            return [
              name,
              {
                // an email field's value has no spaces around it (the browser strips them)
                value: fixed ? e.accountEmail : name === 'email' ? e.form.email.trim() : e.form[name],
                readOnly: fixed,
                disabled: e.busy && !fixed,
                error: e.errors[name] ?? null,
              },
            ];
          }),
        ),
        send: { name: e.busy ? 'Sending…' : 'Send message', disabled: e.busy },
        notice: e.sendNotice ? e.noticeText : null,
        retry: e.sendNotice === 'failed',
      };
  const requests = !s.member
    ? null
    : e.requestsStatus === 'loading'
      ? { loading: 'Loading your requests…' }
      : e.requestsStatus === 'error'
        ? { failed: e.requestsError }
        : e.requests.map((r) => ({
            title: `#${r.id} ${r.subject}`,
            status: SUPPORT_STATUS_LABELS[r.status],
            reply: r.reply,
          }));
  return { form, sent: e.sent ? `Request #${e.sentRequest!.id} received` : null, requests };
}

for (const focus of ['email', 'subject', 'message', 'send', 'member'] as SupportFocus[]) {
  const model = supportSpec(focus);
  const member = focus === 'member';
  describe(`support on the page against ${model.spec}`, () => {
    for (const path of firstPaths(
      model,
      pagePaths(model, canTakeSupport(focus, model.initial)),
      { email: 3, subject: 3, message: 3, send: 6, member: 6 }[focus],
    )) {
      it(
        path.title,
        async () => {
          const fakes: SupportFakes = {
            sendSupportRequest: controllable(),
            fetchSupportRequests: controllable(),
            fetchProfile: controllable(),
          };
          // a visitor's paths start on the page; a member's start by opening it
          let opened = !member;
          await replaySpecPathOnPage(
            model,
            {
              start: async () => {
                const app = await startApp(
                  {
                    sendSupportRequest: fakes.sendSupportRequest.fn,
                    fetchSupportRequests: fakes.fetchSupportRequests.fn,
                    fetchProfile: fakes.fetchProfile.fn,
                  },
                  member ? MEMBER : { status: 'none' },
                );
                if (!member) await open(app, '/support');
                return app;
              },
              perform: async (app, step, before) => {
                await performSupport(app, fakes, step, before);
                if ('send' in step && step.send.type === 'support.open') opened = true;
              },
              observe: observeSupport,
              shown: (expected, state) => shownSupport(expected, state, opened),
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
// inbox: the account menu's unread count, as a person signs in (as a guest) and out

/** The steps a person can take (see the top of the file). */
const canTakeInbox = (step: SpecStep, before: InboxState): boolean => {
  if ('send' in step) {
    if (step.send.type === 'session.member') return before.phase === 'signedOut';
    if (step.send.type === 'session.visitor') return before.phase !== 'signedOut';
    return false;
  }
  if ('settle' in step) return step.output === 3 || step.output === 2.7;
  return true;
};

/** The session's storage as this tab left it: the guest's sign-in stays (the 5 s poll keeps it). */
function keptSignIn(): AppEffects['session'] {
  const { session } = fakeEffects();
  const marks = async (): Promise<AuthMarks> => ({
    token: GUEST.ok ? GUEST.token : null,
    loginTime: null,
    logoutTime: null,
    now: Date.now(),
  });
  return { ...session, actors: { ...session.actors, readAuthMarks: fromPromise(marks) } };
}

async function signInAsGuest() {
  await click(banner().getByRole('button', { name: 'Log in' }));
  await click(await screen.findByRole('button', { name: 'Continue as guest' }));
}

{
  const model = inboxSpec();
  describe(`inbox on the page against ${model.spec}`, () => {
    for (const path of firstPaths(model, pagePaths(model, canTakeInbox), 6)) {
      it(
        path.title,
        async () => {
          const fetchUnreadCount = controllable<[], number>();
          const guestLogin = controllable<[], SignInResult>();
          await replaySpecPathOnPage(
            model,
            {
              start: () =>
                startApp(
                  { fetchUnreadCount: fetchUnreadCount.fn, guestLogin: guestLogin.fn, session: keptSignIn() },
                  { status: 'none' },
                ),
              perform: async (app, step) => {
                if ('wait' in step) return act(() => app.clock.increment(step.wait));
                if ('send' in step) {
                  if (step.send.type === 'session.visitor') return signOut();
                  await signInAsGuest();
                  await guestLogin.resolve(GUEST);
                  await banner().findByRole('button', { name: /^Account menu for/ });
                  return;
                }
                return answer(fetchUnreadCount, step);
              },
              observe: accountMenu,
              shown: (expected, state) => ({
                member: state.phase !== 'signedOut',
                unread: (expected as { unread: number }).unread,
              }),
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
