// The account-area machines' models (inbox, messages, support): sample events and state
// serializations, shared by their replays on live actors (tests/machines/inbox-flows.test.ts) and on
// the rendered pages (tests/views/inbox.model.test.tsx, messages.model.test.tsx), so both walk the same paths.
import type { AnyMachineSnapshot } from 'xstate';
import type { Message, MessagePage, SupportRequest } from '../../domain/account.ts';
import { inboxMachine, type InboxContext } from '../../machines/account/inbox.ts';
import { messagesMachine, type MessagesContext, type ReadAnswer } from '../../machines/account/messages.ts';
import {
  supportMachine,
  type MemberSupport,
  type SendAnswer,
  type SupportContext,
} from '../../machines/account/support.ts';
import { fail, stateKey as value, type PathModel, OFFLINE, type Samples } from './model.ts';

export type AccountModel = PathModel;

export { OFFLINE };

// ---------------------------------------------------------------------------------------------
// Fixtures

export function messageFixture(id: number, over: Partial<Message> = {}): Message {
  return {
    id,
    kind: 'notice',
    title: `Notice ${id}`,
    body: `The text of notice ${id}.`,
    createdAt: '2026-05-02T09:30:00.000Z',
    readAt: null,
    link: null,
    ...over,
  };
}

/** A first page of 13: a support reply and an order (both unread), a welcome (read). */
export const inboxPage = (over: Partial<MessagePage> = {}): MessagePage => ({
  data: [
    messageFixture(1, {
      kind: 'support',
      title: 'Support replied: Refund for order 42',
      body: 'We refunded order 42. It can take up to five days to show on your card.',
      link: { label: 'See your request', href: '/support' },
    }),
    messageFixture(2, {
      kind: 'order',
      title: 'Order #42 is paid',
      body: 'Thank you! The prompts of order #42 are unlocked.',
      link: { label: 'Order #42', href: '/order-detail/42' },
    }),
    messageFixture(3, {
      kind: 'welcome',
      title: 'Welcome to FruitPrompt',
      body: 'Your account is ready. Here are 100 FruitCoins to start with.',
      readAt: '2026-05-01T08:00:00.000Z',
    }),
  ],
  total: 13,
  page: 1,
  pageSize: 10,
  unread: 2,
  ...over,
});

export const emptyInbox = (): MessagePage => ({ data: [], total: 0, page: 1, pageSize: 10, unread: 0 });

export function supportRequestFixture(id: number, over: Partial<SupportRequest> = {}): SupportRequest {
  return {
    id,
    subject: `Question ${id}`,
    message: `The details of question ${id}, long enough to send.`,
    status: 'open',
    createdAt: '2026-05-02T09:30:00.000Z',
    reply: null,
    repliedAt: null,
    ...over,
  };
}

export const pastRequests = (): SupportRequest[] => [
  supportRequestFixture(12, { subject: 'Prompt still locked', status: 'open' }),
  supportRequestFixture(7, {
    subject: 'Refund for order 42',
    status: 'answered',
    reply: 'We refunded order 42. It can take up to five days to show on your card.',
    repliedAt: '2026-05-03T10:00:00.000Z',
  }),
];

export const SAMPLE_TEXT = {
  email: 'visitor@example.com',
  badEmail: 'visitor@',
  subject: 'Refund for order 42',
  message: 'I was charged twice for order 42. Could you refund one of the payments?',
  shortMessage: 'Help me',
  limited: 'Too many support requests. Please try again in 10 minutes.',
} as const;

export const sentRequest = supportRequestFixture(31, {
  subject: SAMPLE_TEXT.subject,
  message: SAMPLE_TEXT.message,
});

// ---------------------------------------------------------------------------------------------
// Models

export const inboxModel: AccountModel = {
  machine: inboxMachine,
  actors: ['fetchUnreadCount'],
  samples: {
    'inbox.set': [{ type: 'inbox.set', unread: 3 }],
    'xstate.done.actor.fetchUnreadCount': [{ type: 'xstate.done.actor.fetchUnreadCount', output: 5 }],
    'xstate.error.actor.fetchUnreadCount': [
      { type: 'xstate.error.actor.fetchUnreadCount', error: fail(OFFLINE) },
    ],
  },
  serialize: (s) => `${value(s)} ${(s.context as InboxContext).unread}`,
  observe: (c: InboxContext) => c,
  maxSteps: 6,
};

export const READ_AT = '2026-05-03T10:00:00.000Z';

export const messagesModel: AccountModel = {
  machine: messagesMachine,
  actors: ['fetchMessages', 'markRead', 'markAllRead', 'deleteMessage'],
  samples: {
    'messages.load': [
      { type: 'messages.load', page: 1 },
      { type: 'messages.load', page: 2 },
    ],
    'xstate.done.actor.fetchMessages': [
      { type: 'xstate.done.actor.fetchMessages', output: inboxPage() },
      { type: 'xstate.done.actor.fetchMessages', output: emptyInbox() },
    ],
    'xstate.error.actor.fetchMessages': [{ type: 'xstate.error.actor.fetchMessages', error: fail(OFFLINE) }],
    // an unread message and a read one (opening, closing, opening another)
    'messages.toggle': [
      { type: 'messages.toggle', id: 1 },
      { type: 'messages.toggle', id: 3 },
    ],
    'messages.delete': [{ type: 'messages.delete', id: 3 }],
    'xstate.done.actor.markRead': [
      { type: 'xstate.done.actor.markRead', output: { readAt: READ_AT, unread: 1 } satisfies ReadAnswer },
    ],
    'xstate.error.actor.markRead': [
      { type: 'xstate.error.actor.markRead', error: fail('That message could not be found.') },
    ],
    'xstate.done.actor.markAllRead': [
      { type: 'xstate.done.actor.markAllRead', output: { readAt: READ_AT, unread: 0 } satisfies ReadAnswer },
    ],
    'xstate.error.actor.markAllRead': [{ type: 'xstate.error.actor.markAllRead', error: fail(OFFLINE) }],
    'xstate.done.actor.deleteMessage': [{ type: 'xstate.done.actor.deleteMessage', output: { unread: 1 } }],
    'xstate.error.actor.deleteMessage': [{ type: 'xstate.error.actor.deleteMessage', error: fail(OFFLINE) }],
  },
  serialize: (s) => {
    const c = s.context as MessagesContext;
    const r = c.result;
    return [
      value(s),
      c.page,
      r ? `${r.data.map((m) => `${m.id}${m.readAt ? 'r' : 'u'}`).join(',')}/${r.total}/${r.unread}` : '-',
      c.openId ?? '',
      c.readQueue.join(','),
      c.deleteId ?? '',
      c.deleteError ?? '',
      c.error ?? '',
    ].join(' ');
  },
  observe: (c: MessagesContext) => c,
  maxSteps: 7,
};

const supportSamples = (member: boolean): Samples => ({
  // a visitor's page (and a member who signs out), or a member's
  'support.open': [{ type: 'support.open', member }],
  'support.change': [
    ...(member ? [] : [{ type: 'support.change', field: 'email', value: SAMPLE_TEXT.email }]),
    { type: 'support.change', field: 'subject', value: SAMPLE_TEXT.subject },
    { type: 'support.change', field: 'message', value: SAMPLE_TEXT.message },
    // the checks are the same for both: the visitor's model walks them
    ...(member ? [] : [{ type: 'support.change', field: 'message', value: SAMPLE_TEXT.shortMessage }]),
  ],
  'support.blur': member ? [] : [{ type: 'support.blur', field: 'message' }],
  'xstate.done.actor.sendRequest': [
    {
      type: 'xstate.done.actor.sendRequest',
      output: { ok: true, request: sentRequest } satisfies SendAnswer,
    },
    {
      type: 'xstate.done.actor.sendRequest',
      output: { ok: false, message: SAMPLE_TEXT.limited } satisfies SendAnswer,
    },
  ],
  'xstate.error.actor.sendRequest': [{ type: 'xstate.error.actor.sendRequest', error: fail(OFFLINE) }],
  'xstate.done.actor.fetchMemberSupport': [
    {
      type: 'xstate.done.actor.fetchMemberSupport',
      output: { requests: pastRequests(), email: MEMBER_EMAIL } satisfies MemberSupport,
    },
    {
      type: 'xstate.done.actor.fetchMemberSupport',
      output: { requests: [], email: null } satisfies MemberSupport,
    },
  ],
  'xstate.error.actor.fetchMemberSupport': [
    { type: 'xstate.error.actor.fetchMemberSupport', error: fail(OFFLINE) },
  ],
});

const serializeSupport = (s: AnyMachineSnapshot): string => {
  const c = s.context as SupportContext;
  return [
    value(s),
    c.member ? 'm' : 'v',
    JSON.stringify(c.form),
    JSON.stringify(c.errors),
    c.sent?.id ?? '',
    c.notice ?? '',
    c.requests.map((r) => r.id).join(','),
    c.accountEmail ?? '',
    c.requestsError ?? '',
  ].join(' ');
};

export const MEMBER_EMAIL = 'mina@example.com';

/** Customer Support for a visitor: the email is theirs to give. */
export const supportVisitorModel: AccountModel = {
  machine: supportMachine,
  actors: ['sendRequest', 'fetchMemberSupport'],
  samples: supportSamples(false),
  serialize: serializeSupport,
  observe: (c: SupportContext) => c,
  // a visitor's request takes 7 steps to send (open, three fields, submit, the answer)
  maxSteps: 8,
};

/** Customer Support for a member: the account's email, and their past requests. */
export const supportMemberModel: AccountModel = {
  ...supportVisitorModel,
  samples: supportSamples(true),
};

export const accountModels: AccountModel[] = [
  inboxModel,
  messagesModel,
  supportVisitorModel,
  supportMemberModel,
];
