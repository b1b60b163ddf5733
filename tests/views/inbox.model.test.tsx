// The account area's model paths (tests/support/inbox-models.ts, the same ones replayed on live
// actors) replayed against the rendered app: Messages on /messages with a member signed in, and
// Customer Support on /support for a visitor and for a member. Each step becomes what a person does
// (opening an address, typing, clicking by role and name) or the settling of a fake API call, and
// after every step the page must show what the path's expected state holds.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Message, MessagePage, Profile, SupportRequest } from '../../domain/account.ts';
import {
  isRead,
  MESSAGES_TEXT,
  unreadOf,
  type MessagesContext,
  type ReadAnswer,
} from '../../machines/account/messages.ts';
import type { Restored } from '../../machines/auth/session.ts';
import type {
  MemberSupport,
  SendAnswer,
  SupportContext,
  SupportField,
} from '../../machines/account/support.ts';
import { ApiError } from '../../src/platform/api.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { SUPPORT_STATUS_LABELS } from '../../src/account/support-page.tsx';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import {
  messagesModel,
  supportMemberModel,
  supportVisitorModel,
  type AccountModel,
} from '../support/inbox-models.ts';
import { controlledActors, modelPaths, stateKey, stepLabel, type ModelPath } from '../support/model.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import {
  open,
  resolveLatest,
  rejectLatest,
  main,
  region,
  type Fake,
  expectLoadFailed,
  expectLoading,
} from './support/replay.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * The page walks fewer paths than the actor: the longest ones of the model (a shorter one is
 * replayed inside a longer one) chosen until every step the model takes (state, event, next state)
 * has been walked on the page at least once.
 */
function coveringPaths(model: AccountModel, keep: (p: ModelPath) => boolean = () => true): ModelPath[] {
  const all = modelPaths(model.machine.provide({ actors: controlledActors(model.actors).actors as never }), {
    samples: model.samples,
    serializeState: model.serialize,
  }).filter((p) => p.steps.length <= model.maxSteps && keep(p));
  const longest = all.filter(
    (p) => !all.some((q) => q !== p && q.description.startsWith(`${p.description} · `)),
  );
  const edges = (p: ModelPath) =>
    p.steps
      .slice(1)
      .map((s, i) => `${stateKey(p.steps[i]!.state)} ${stepLabel(s.event)} ${stateKey(s.state)}`);
  const uncovered = new Set(longest.flatMap(edges));
  const chosen: ModelPath[] = [];
  while (uncovered.size > 0) {
    let best = longest[0]!;
    let gain = -1;
    for (const p of longest) {
      const g = new Set(edges(p).filter((e) => uncovered.has(e))).size;
      if (g > gain) [best, gain] = [p, g];
    }
    chosen.push(best);
    for (const e of edges(best)) uncovered.delete(e);
  }
  return chosen;
}

const MEMBER: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
};

/** The app on a page without the account area, signed in or not (restored at start). */
async function startApp(effects: Partial<AppEffects>, restored: Restored) {
  const base = fakeEffects(effects);
  const app = await renderApp(
    '/terms',
    {},
    {
      effects: base,
      restored,
    },
  );
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  if (restored.status === 'valid')
    await screen.findByRole('button', { name: /^Account menu for Mina Member/ });
  else await screen.findByRole('button', { name: 'Log in' });
  return app;
}

type App = Awaited<ReturnType<typeof startApp>>;

// ---------------------------------------------------------------------------------------------
// messages: /messages

interface MessagesFakes {
  fetchMessages: Fake<Parameters<AppEffects['fetchMessages']>, MessagePage>;
  markMessageRead: Fake<[{ id: number }], { data: Message; unread: number }>;
  markAllMessagesRead: Fake<[], { unread: number }>;
  deleteMessage: Fake<[{ id: number }], { unread: number }>;
}

/** The page's messages as the model's first page has them (titles by id). */
const TITLES = new Map(
  (messagesModel.samples['xstate.done.actor.fetchMessages']![0]!.output as MessagePage).data.map((m) => [
    m.id,
    m.title,
  ]),
);
const articleOf = (id: number) => main().getByRole('article', { name: TITLES.get(id)! });
/** A message's title is the button that opens and closes it. */
const toggleOf = (id: number) =>
  within(articleOf(id))
    .getAllByRole('button')
    .find((b) => b.hasAttribute('aria-expanded'))!;

async function performMessages(app: App, fakes: MessagesFakes, event: AnyEventObject) {
  const dialog = () => within(screen.getByRole('dialog'));
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'messages.load':
      return open(app, event.page === 1 ? '/messages' : `/messages?page=${event.page as number}`);
    case 'xstate.done.actor.fetchMessages':
      return resolveLatest(fakes.fetchMessages, event.output as MessagePage);
    case 'xstate.error.actor.fetchMessages':
      return rejectLatest(fakes.fetchMessages, new ApiError((event.error as Error).message, 0));
    case 'messages.retry':
      return app.user.click(main().getByRole('button', { name: 'Try again' }));
    case 'messages.toggle':
      return app.user.click(toggleOf(event.id as number));
    case 'messages.readAll':
      return app.user.click(main().getByRole('button', { name: 'Mark all as read' }));
    case 'messages.delete':
      return app.user.click(within(articleOf(event.id as number)).getByRole('button', { name: 'Delete' }));
    case 'messages.deleteConfirm':
      return app.user.click(dialog().getByRole('button', { name: /^(Delete|Try again)$/ }));
    case 'messages.deleteCancel':
      return app.user.click(dialog().getByRole('button', { name: 'Keep it' }));
    case 'xstate.done.actor.markRead': {
      const answer = event.output as ReadAnswer;
      const id = fakes.markMessageRead.pending.at(-1)!.args[0].id;
      return resolveLatest(fakes.markMessageRead, {
        data: { id, kind: 'notice', title: '', body: '', createdAt: '', readAt: answer.readAt, link: null },
        unread: answer.unread,
      });
    }
    case 'xstate.error.actor.markRead':
      return rejectLatest(fakes.markMessageRead, new ApiError((event.error as Error).message, 404));
    case 'xstate.done.actor.markAllRead':
      return resolveLatest(fakes.markAllMessagesRead, { unread: (event.output as ReadAnswer).unread });
    case 'xstate.error.actor.markAllRead':
      return rejectLatest(fakes.markAllMessagesRead, new ApiError((event.error as Error).message, 0));
    case 'xstate.done.actor.deleteMessage':
      return resolveLatest(fakes.deleteMessage, event.output as { unread: number });
    case 'xstate.error.actor.deleteMessage':
      return rejectLatest(fakes.deleteMessage, new ApiError((event.error as Error).message, 0));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectMessagesShow(expected: AnyMachineSnapshot, event: AnyEventObject) {
  const context = expected.context as MessagesContext;
  const section = region('Your messages');
  if (expected.matches('idle')) {
    expect(section).toBeNull();
    return;
  }
  if (expected.hasTag('loading')) return expectLoading(section, 'Loading your messages…');
  if (expected.hasTag('error')) return expectLoadFailed(section!, context.error);
  const inside = within(section!);
  expect(section).toHaveAttribute('aria-busy', 'false');
  const result = context.result!;
  const unread = unreadOf(context);
  // the account menu's count follows the page
  expect(
    within(screen.getByRole('banner')).getByRole('button', { name: /^Account menu for/ }),
  ).toHaveAccessibleName(
    `Account menu for Mina Member${unread > 0 ? `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}` : ''}`,
  );
  if (event.type === 'xstate.error.actor.markRead')
    expect(screen.getByText((event.error as Error).message)).toBeInTheDocument();
  if (event.type === 'xstate.done.actor.deleteMessage')
    expect(screen.getByText(MESSAGES_TEXT.deleted)).toBeInTheDocument();
  if (result.data.length === 0) {
    expect(inside.getByRole('heading', { level: 2, name: 'No messages yet' })).toBeInTheDocument();
    return;
  }
  expect(inside.getByText(`${unread} unread`)).toBeInTheDocument();
  const markingAll = expected.matches({ ready: { changes: 'markingAll' } });
  const readAll = inside.getByRole('button', {
    name: markingAll ? 'Marking all as read…' : 'Mark all as read',
  });
  if (unread === 0 || markingAll) expect(readAll).toBeDisabled();
  else expect(readAll).toBeEnabled();
  expect(inside.getAllByRole('article')).toHaveLength(result.data.length);
  for (const message of result.data) {
    const article = within(inside.getByRole('article', { name: message.title }));
    const open = context.openId === message.id;
    const toggle = article.getByRole('button', { expanded: open });
    expect(toggle).toHaveAccessibleName(`${message.title}${isRead(context, message) ? '' : ', unread'}`);
    if (open) {
      expect(article.getByText(message.body)).toBeVisible();
      const remove = article.getByRole('button', { name: 'Delete' });
      if (context.readQueue.includes(message.id)) expect(remove).toBeDisabled();
      else expect(remove).toBeEnabled();
    } else expect(article.queryByText(message.body)).toBeNull();
  }
  const dialog = screen.queryByRole('dialog', { name: 'Delete this message?' });
  if (!expected.hasTag('dialog')) {
    expect(dialog).toBeNull();
    return;
  }
  const inDialog = within(dialog!);
  expect(dialog).toHaveAccessibleDescription(expect.stringContaining(TITLES.get(context.deleteId!)!));
  if (expected.matches({ ready: { changes: 'deleting' } })) {
    expect(inDialog.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(inDialog.getByRole('button', { name: 'Keep it' })).toBeDisabled();
  } else if (context.deleteError) {
    expect(inDialog.getByRole('alert')).toHaveTextContent(context.deleteError);
    expect(inDialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  } else {
    expect(inDialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(inDialog.queryByRole('alert')).toBeNull();
  }
}

describe('messages: model paths replayed on /messages', () => {
  for (const path of coveringPaths(messagesModel)) {
    it(path.description, async () => {
      const fakes: MessagesFakes = {
        fetchMessages: controllable(),
        markMessageRead: controllable(),
        markAllMessagesRead: controllable(),
        deleteMessage: controllable(),
      };
      const app = await startApp(
        {
          fetchMessages: fakes.fetchMessages.fn,
          markMessageRead: fakes.markMessageRead.fn,
          markAllMessagesRead: fakes.markAllMessagesRead.fn,
          deleteMessage: fakes.deleteMessage.fn,
        },
        MEMBER,
      );
      for (const step of path.steps) {
        await performMessages(app, fakes, step.event);
        expectMessagesShow(step.state, step.event);
      }
      const loads = path.steps.filter((s) => s.event.type === 'messages.load');
      if (loads.length > 0)
        expect(fakes.fetchMessages.fn).toHaveBeenLastCalledWith({
          page: loads.at(-1)!.event.page,
          pageSize: 10,
        });
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// support: /support, for a visitor and for a member

interface SupportFakes {
  sendSupportRequest: Fake<[{ email?: string; subject: string; message: string }], SupportRequest>;
  fetchSupportRequests: Fake<[], SupportRequest[]>;
  fetchProfile: Fake<[], Profile>;
}

const FIELD_LABELS: Record<SupportField, string> = {
  email: 'Your email',
  subject: 'Subject',
  message: 'Message',
};
const field = (name: SupportField) =>
  main().getByRole('textbox', { name: new RegExp(`^${FIELD_LABELS[name]}`) });
const requestsRegion = () => screen.queryByRole('region', { name: 'Your requests' });

/**
 * Customer Support shown (again): while it is on screen, at another address, as a link with a query
 * opens it, so its machine keeps running (a page left for one that does not need its machine starts
 * afresh, src/router.tsx `release`).
 */
const reopenSupport = (app: App) =>
  app.router.navigate({
    href: app.router.state.location.href === '/support' ? '/support?again=1' : '/support',
  });

async function performSupport(app: App, fakes: SupportFakes, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'support.open':
      return reopenSupport(app);
    case 'support.change':
      fireEvent.change(field(event.field as SupportField), { target: { value: event.value as string } });
      return;
    case 'support.blur':
      fireEvent.blur(field(event.field as SupportField));
      return;
    case 'support.submit':
      return app.user.click(main().getByRole('button', { name: 'Send message' }));
    case 'support.retry':
      return app.user.click(within(main().getByRole('alert')).getByRole('button', { name: 'Try again' }));
    case 'support.newRequest':
      return app.user.click(main().getByRole('button', { name: 'Send another request' }));
    case 'support.requestsRetry':
      return app.user.click(within(requestsRegion()!).getByRole('button', { name: 'Try again' }));
    case 'xstate.done.actor.sendRequest': {
      const answer = event.output as SendAnswer;
      return answer.ok
        ? resolveLatest(fakes.sendSupportRequest, answer.request)
        : rejectLatest(fakes.sendSupportRequest, new ApiError(answer.message, 429, { retryAfter: 600 }));
    }
    case 'xstate.error.actor.sendRequest':
      return rejectLatest(fakes.sendSupportRequest, new ApiError((event.error as Error).message, 0));
    case 'xstate.done.actor.fetchMemberSupport': {
      const answer = event.output as MemberSupport;
      await resolveLatest(fakes.fetchProfile, profileFixture({ email: answer.email }));
      return resolveLatest(fakes.fetchSupportRequests, answer.requests);
    }
    case 'xstate.error.actor.fetchMemberSupport':
      return rejectLatest(fakes.fetchSupportRequests, new ApiError((event.error as Error).message, 0));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectSupportShows(expected: AnyMachineSnapshot, opened: boolean) {
  const context = expected.context as SupportContext;
  if (!opened) {
    expect(screen.queryByRole('heading', { level: 1, name: 'Customer Support' })).toBeNull();
    return;
  }
  expect(screen.getByRole('heading', { level: 1, name: 'Customer Support' })).toBeInTheDocument();
  // the answers are there for everyone, one disclosure per question
  expect(within(region('Frequently asked questions')!).getAllByRole('group').length).toBeGreaterThanOrEqual(
    5,
  );

  if (expected.matches({ form: 'sent' })) {
    expect(
      main().getByRole('heading', { level: 3, name: `Request #${context.sent!.id} received` }),
    ).toHaveFocus();
    expect(main().queryByRole('form', { name: 'Contact us' })).toBeNull();
  } else {
    const form = within(main().getByRole('form', { name: 'Contact us' }));
    const busy = expected.hasTag('busy');
    // a member with an address on the account writes from it: shown, not asked for
    const accountEmail = context.member ? context.accountEmail : null;
    for (const name of ['email', 'subject', 'message'] as const) {
      const input = field(name);
      const fixed = name === 'email' && accountEmail !== null;
      expect(input).toHaveValue(fixed ? accountEmail : context.form[name]);
      if (fixed) {
        expect(input).toHaveAttribute('readonly');
        expect(input).not.toHaveAttribute('aria-required');
      } else {
        expect(input).not.toHaveAttribute('readonly');
        expect(input).toHaveAttribute('aria-required', 'true');
        if (busy) expect(input).toBeDisabled();
      }
      const error = context.errors[name];
      expect(input).toHaveAttribute('aria-invalid', String(Boolean(error)));
      if (error) expect(input).toHaveAccessibleDescription(expect.stringContaining(error));
    }
    expect(form.getByRole('button', { name: busy ? 'Sending…' : 'Send message' })).toHaveProperty(
      'disabled',
      busy,
    );
    const alert = form.queryByRole('alert');
    if (expected.hasTag('notice')) {
      expect(alert).toHaveTextContent(context.notice!);
      if (expected.matches({ form: { editing: 'failed' } }))
        expect(within(alert!).getByRole('button', { name: 'Try again' })).toBeEnabled();
    } else expect(alert).toBeNull();
  }

  const requests = requestsRegion();
  if (!context.member) {
    expect(requests).toBeNull();
    return;
  }
  if (expected.matches({ requests: 'loading' })) return expectLoading(requests, 'Loading your requests…');
  if (expected.matches({ requests: 'failed' })) return expectLoadFailed(requests!, context.requestsError);
  const inside = within(requests!);
  if (context.requests.length === 0) {
    expect(inside.getByText(/You have not written to us yet/)).toBeInTheDocument();
    return;
  }
  expect(inside.getAllByRole('article')).toHaveLength(context.requests.length);
  for (const request of context.requests) {
    const card = within(inside.getByRole('article', { name: `#${request.id} ${request.subject}` }));
    expect(card.getByText(SUPPORT_STATUS_LABELS[request.status])).toBeInTheDocument();
    if (request.reply) expect(card.getByText(request.reply)).toBeInTheDocument();
  }
}

/**
 * A visitor's page sends `support.open` with `member: false`, which changes nothing at the start:
 * their paths begin on /support. A member's paths begin with opening it (what a member types
 * before that is a visitor's form, walked above).
 */
const startsOnThePage = (p: ModelPath) => p.steps[1]?.event.type === 'support.open';

for (const [who, model, restored] of [
  ['a visitor', supportVisitorModel, { status: 'none' } as Restored],
  ['a member', supportMemberModel, MEMBER],
] as const) {
  const member = restored.status === 'valid';
  describe(`support: model paths replayed on /support for ${who}`, () => {
    for (const path of coveringPaths(model, member ? startsOnThePage : undefined)) {
      it(path.description, async () => {
        const fakes: SupportFakes = {
          sendSupportRequest: controllable(),
          fetchSupportRequests: controllable(),
          fetchProfile: controllable(),
        };
        const app = await startApp(
          {
            sendSupportRequest: fakes.sendSupportRequest.fn,
            fetchSupportRequests: fakes.fetchSupportRequests.fn,
            fetchProfile: fakes.fetchProfile.fn,
          },
          restored,
        );
        let opened = !member;
        if (!member) await open(app, '/support');
        for (const step of path.steps) {
          await performSupport(app, fakes, step.event);
          if (step.event.type === 'support.open') opened = true;
          expectSupportShows(step.state, opened);
        }
        // a visitor's request carries the address, a member's does not
        for (const [input] of fakes.sendSupportRequest.fn.mock.calls) expect('email' in input).toBe(!member);
        app.system.stop();
      });
    }
  });
}
