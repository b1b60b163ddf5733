// The account area's focused view checks: the unread count in the account menu follows reading,
// the visitor's support form asks for an email, a member's is the account's, and the limits.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SUPPORT_LIMITS } from '../../domain/account.ts';
import type { Restored } from '../../machines/auth/session.ts';
import { SUPPORT_TEXT } from '../../machines/account/support.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import { inboxPage, pastRequests, SAMPLE_TEXT, sentRequest } from '../support/inbox-models.ts';
import { settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

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

async function startAt(path: string, effects: Partial<AppEffects>, restored: Restored = MEMBER) {
  const base = fakeEffects(effects);
  return renderApp(
    path,
    {},
    {
      effects: base,
      restored,
    },
  );
}

const header = () => within(screen.getByRole('banner'));
const main = () => within(screen.getByRole('main'));
const trigger = () => header().getByRole('button', { name: /^Account menu for Mina Member/ });

describe('the unread count in the account menu', () => {
  it('shows on the avatar and next to Messages, and follows reading', async () => {
    const { user } = await startAt('/terms', {
      fetchUnreadCount: async () => 2,
      fetchMessages: async () => inboxPage(),
      markMessageRead: async ({ id }) => ({
        data: { ...inboxPage().data.find((m) => m.id === id)!, readAt: '2026-05-03T10:00:00.000Z' },
        unread: 1,
      }),
      markAllMessagesRead: async () => ({ unread: 0 }),
    });
    await vi.waitFor(() =>
      expect(trigger()).toHaveAccessibleName('Account menu for Mina Member, 2 unread messages'),
    );
    expect(trigger().querySelector('.account-menu__unread')).toHaveTextContent('2');
    await user.click(trigger());
    const item = within(screen.getByRole('menu', { name: 'Account' })).getByRole('menuitem', {
      name: 'Messages, 2 unread',
    });
    expect(item).toHaveAttribute('href', '/messages');
    await user.click(item);

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const reply = await main().findByRole('button', { name: 'Support replied: Refund for order 42, unread' });
    expect(reply).toHaveAttribute('aria-expanded', 'false');
    // keyboard: Enter on the title opens it, and reads it
    reply.focus();
    await user.keyboard('{Enter}');
    expect(reply).toHaveAttribute('aria-expanded', 'true');
    expect(reply).toHaveAccessibleName('Support replied: Refund for order 42');
    expect(main().getByText(/We refunded order 42/)).toBeVisible();
    expect(main().getByRole('link', { name: 'See your request' })).toHaveAttribute('href', '/support');
    await settle();
    expect(trigger()).toHaveAccessibleName('Account menu for Mina Member, 1 unread message');
    expect(main().getByText('1 unread')).toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'Mark all as read' }));
    await settle();
    expect(trigger()).toHaveAccessibleName('Account menu for Mina Member');
    expect(trigger().querySelector('.account-menu__unread')).toBeNull();
    expect(main().getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByText('All messages are marked as read.')).toBeInTheDocument();
    await user.click(trigger());
    expect(
      within(screen.getByRole('menu', { name: 'Account' })).getByRole('menuitem', { name: 'Messages' }),
    ).toBeInTheDocument();
  });

  it('pages the inbox with links to ?page=', async () => {
    const fetchMessages = vi.fn(async ({ page = 1 }: { page?: number } = {}) =>
      inboxPage({ page, total: 23 }),
    );
    const app = await startAt('/messages?page=2', { fetchMessages });
    const pagination = within(await main().findByRole('navigation', { name: 'Pagination' }));
    expect(pagination.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(fetchMessages).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 });
    await app.user.click(pagination.getByRole('link', { name: /Next/ }));
    // the navigation and the page's load end when page 3 is shown (how many turns of the event loop
    // that takes depends on the machine, so the test waits for the page rather than for one turn)
    expect(await main().findByText('Page 3 of 3')).toBeInTheDocument();
    expect(fetchMessages).toHaveBeenLastCalledWith({ page: 3, pageSize: 10 });
    expect(app.router.state.location.href).toBe('/messages?page=3');
  });

  it('a visitor on /messages is asked to log in, and no messages are asked for', async () => {
    const fetchMessages = vi.fn(async () => inboxPage());
    await startAt('/messages', { fetchMessages }, { status: 'none' });
    expect(await main().findByRole('heading', { name: 'Log in to see your messages' })).toBeInTheDocument();
    expect(fetchMessages).not.toHaveBeenCalled();
  });
});

describe('Customer Support', () => {
  const field = (label: RegExp) => main().getByRole('textbox', { name: label });

  it('a visitor must give a valid email; errors are said, described and focused', async () => {
    const sendSupportRequest = vi.fn(async () => sentRequest);
    const { user } = await startAt('/support', { sendSupportRequest }, { status: 'none' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Support' })).toBeInTheDocument();
    const email = field(/^Your email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).toHaveValue('');
    // no past requests for a visitor
    expect(screen.queryByRole('region', { name: 'Your requests' })).toBeNull();

    await user.click(main().getByRole('button', { name: 'Send message' }));
    expect(sendSupportRequest).not.toHaveBeenCalled();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Email is required'));
    expect(email).toHaveFocus();
    expect(field(/^Subject/)).toHaveAccessibleDescription(
      expect.stringContaining(SUPPORT_TEXT.subjectRequired),
    );
    expect(field(/^Message/)).toHaveAccessibleDescription(
      expect.stringContaining(SUPPORT_TEXT.messageRequired),
    );

    // fixed as it is typed
    await user.type(email, 'visitor@');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    await user.type(email, 'example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(field(/^Subject/), SAMPLE_TEXT.subject);
    await user.click(field(/^Message/));
    await user.paste(SAMPLE_TEXT.message);
    await user.click(main().getByRole('button', { name: 'Send message' }));
    await settle();
    expect(sendSupportRequest).toHaveBeenCalledWith({
      botCheck: 'test-bot-proof',
      email: 'visitor@example.com',
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
    const done = main().getByRole('heading', { level: 3, name: `Request #${sentRequest.id} received` });
    expect(done).toHaveFocus();
    expect(main().getByText('visitor@example.com')).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Send another request' }));
    expect(field(/^Your email/)).toHaveValue('visitor@example.com');
    expect(field(/^Subject/)).toHaveValue('');
  });

  it('checks a field when it is left, once it has something in it', async () => {
    const { user } = await startAt('/support', {}, { status: 'none' });
    const subject = await main().findByRole('textbox', { name: /^Subject/ });
    await user.click(subject);
    await user.tab();
    expect(subject).toHaveAttribute('aria-invalid', 'false');
    await user.type(subject, 'Hi');
    await user.tab();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription(expect.stringContaining(SUPPORT_TEXT.subjectShort));
  });

  it('a member’s email is the account’s: shown, not asked for; their requests are listed', async () => {
    const sendSupportRequest = vi.fn(async () => sentRequest);
    const { user } = await startAt('/support', {
      sendSupportRequest,
      fetchSupportRequests: async () => pastRequests(),
      fetchProfile: async () => profileFixture({ email: 'mina@example.com' }),
    });
    const email = await main().findByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('mina@example.com');
    expect(email).toHaveAttribute('readonly');
    const requests = within(screen.getByRole('region', { name: 'Your requests' }));
    const answered = within(requests.getByRole('article', { name: '#7 Refund for order 42' }));
    expect(answered.getByText('Answered')).toBeInTheDocument();
    expect(answered.getByText(/We refunded order 42/)).toBeInTheDocument();
    expect(
      within(requests.getByRole('article', { name: '#12 Prompt still locked' })).getByText(
        'Waiting for an answer',
      ),
    ).toBeInTheDocument();

    await user.type(field(/^Subject/), SAMPLE_TEXT.subject);
    fireEvent.change(field(/^Message/), { target: { value: SAMPLE_TEXT.message } });
    await user.click(main().getByRole('button', { name: 'Send message' }));
    await settle();
    expect(sendSupportRequest).toHaveBeenCalledWith({
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
    expect(main().getByText('mina@example.com')).toBeInTheDocument();
    expect(
      requests.getByRole('article', { name: `#${sentRequest.id} ${sentRequest.subject}` }),
    ).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Open Messages' })).toHaveAttribute('href', '/messages');
  });

  it('a guest member (no email on the account) gives one, as a visitor does', async () => {
    const sendSupportRequest = vi.fn(async () => sentRequest);
    const { user } = await startAt('/support', {
      sendSupportRequest,
      fetchProfile: async () => profileFixture({ email: null, provider: 'guest' }),
    });
    const requests = await screen.findByRole('region', { name: 'Your requests' });
    await within(requests).findByText(/You have not written to us yet/);
    const email = field(/^Your email/);
    expect(email).not.toHaveAttribute('readonly');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).toHaveAccessibleDescription('We answer at this address, and in Messages.');
    await user.type(email, SAMPLE_TEXT.email);
    await user.type(field(/^Subject/), SAMPLE_TEXT.subject);
    fireEvent.change(field(/^Message/), { target: { value: SAMPLE_TEXT.message } });
    await user.click(main().getByRole('button', { name: 'Send message' }));
    await settle();
    // a guest is signed in: no bot check (it passed one to become a guest)
    expect(sendSupportRequest).toHaveBeenCalledWith({
      email: SAMPLE_TEXT.email,
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
  });

  it('shows the limits: a live counter, and errors past them', async () => {
    const { user, system } = await startAt('/support', {}, { status: 'none' });
    const message = await main().findByRole('textbox', { name: /^Message/ });
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAccessibleDescription(expect.stringContaining(`0 / ${SUPPORT_LIMITS.messageMax}`));
    fireEvent.change(message, { target: { value: 'x'.repeat(1950) } });
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining(`1950 / ${SUPPORT_LIMITS.messageMax}`),
    );
    expect(screen.getByText('50 characters left')).toBeInTheDocument();
    fireEvent.change(message, { target: { value: 'x'.repeat(2003) } });
    expect(screen.getByText('3 characters over the limit')).toBeInTheDocument();
    expect(main().getByText(`2003 / ${SUPPORT_LIMITS.messageMax}`, { exact: false })).toHaveAttribute(
      'data-over',
      'true',
    );
    fireEvent.change(field(/^Subject/), { target: { value: 's'.repeat(121) } });
    await user.click(main().getByRole('button', { name: 'Send message' }));
    expect(message).toHaveAccessibleDescription(expect.stringContaining(SUPPORT_TEXT.messageLong));
    expect(field(/^Subject/)).toHaveAccessibleDescription(expect.stringContaining(SUPPORT_TEXT.subjectLong));
    // what the machine holds is what the page shows
    expect(systemActor(system, 'support').getSnapshot().context.form.message).toHaveLength(2003);
  });

  it('answers the common questions as a keyboard-friendly disclosure list', async () => {
    const { user } = await startAt('/support', {}, { status: 'none' });
    const faq = within(await screen.findByRole('region', { name: 'Frequently asked questions' }));
    for (const topic of [/FruitCoins/, /refund/i, /prompts I bought/, /can’t log in/, /verification email/]) {
      expect(faq.getAllByText(topic, { selector: 'summary' }).length).toBeGreaterThan(0);
    }
    // <details>/<summary>: a native disclosure (Enter and Space open it in browsers)
    const question = faq.getByText('Where do I find the prompts I bought?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
    expect(faq.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });
});

describe('deleting a message', () => {
  it('asks first, then removes it and puts focus back on the list', async () => {
    const deleteMessage = vi.fn(async () => ({ unread: 2 }));
    const { user } = await startAt('/messages', { fetchMessages: async () => inboxPage(), deleteMessage });
    const welcome = await main().findByRole('button', { name: 'Welcome to FruitPrompt' });
    await user.click(welcome);
    await user.click(
      within(main().getByRole('article', { name: 'Welcome to FruitPrompt' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this message?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Welcome to FruitPrompt'));
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteMessage).not.toHaveBeenCalled();
    await user.click(
      within(main().getByRole('article', { name: 'Welcome to FruitPrompt' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(deleteMessage).toHaveBeenCalledWith({ id: 3 });
    expect(main().queryByRole('article', { name: 'Welcome to FruitPrompt' })).toBeNull();
    expect(main().getAllByRole('article')).toHaveLength(2);
    expect(main().getByRole('button', { name: /^Support replied/ })).toHaveFocus();
    expect(screen.getByText('Message deleted.')).toBeInTheDocument();
  });
});
