// The account area's inbox, Messages and Customer Support: their rules on the whole actor system, with src/account/inbox-logic.ts's effects over fake
// API calls.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Message } from '../../domain/account.ts';
import { MESSAGES_TEXT, unreadOf } from '../../machines/account/messages.ts';
import { SUPPORT_TEXT, validateSupport } from '../../machines/account/support.ts';
import { ApiError } from '../../src/platform/api.ts';
import { systemActor, type AppEffects } from '../../src/app/app-system.ts';
import inboxLogic, { RATE_LIMITED_MESSAGE } from '../../src/account/inbox-logic.ts';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import { inboxPage, OFFLINE, pastRequests, SAMPLE_TEXT, sentRequest } from '../support/inbox-models.ts';
import { flushPromises } from '../support/model.ts';
import { startTestSystem } from '../support/start-system.ts';

// ---------------------------------------------------------------------------------------------
// On the actor system

/** The whole actor system over fake API calls, with a member signed in. */
async function memberSystem(overrides: Partial<AppEffects>) {
  const system = startTestSystem({ effects: fakeEffects(overrides) });
  const session = systemActor(system, 'session');
  await waitFor(session, (s) => !s.hasTag('pending'));
  session.send({
    type: 'session.signedIn',
    token: 'a.b.c',
    userData: { userId: 'u-1', providerUsername: 'Mina', fruitCnt: 10 },
    now: Date.now(),
  });
  await waitFor(session, (s) => s.context.user !== null);
  return system;
}

const unread = (system: Awaited<ReturnType<typeof memberSystem>>) =>
  systemActor(system, 'inbox').getSnapshot().context.unread;
const toasts = (system: Awaited<ReturnType<typeof memberSystem>>) =>
  systemActor(system, 'toast')
    .getSnapshot()
    .context.toasts.map((t) => t.message);

describe('the unread count (inbox)', () => {
  it('is asked for at sign-in and zeroed at sign-out', async () => {
    const fetchUnreadCount = vi.fn(async () => 4);
    const system = startTestSystem({ effects: fakeEffects({ fetchUnreadCount }) });
    const session = systemActor(system, 'session');
    await waitFor(session, (s) => !s.hasTag('pending'));
    expect(fetchUnreadCount).not.toHaveBeenCalled();
    session.send({ type: 'session.signedIn', token: 'a.b.c', userData: { userId: 'u-1' }, now: Date.now() });
    const inbox = systemActor(system, 'inbox');
    await waitFor(inbox, (s) => s.matches({ active: 'waiting' }));
    expect(unread(system)).toBe(4);
    session.send({ type: 'session.logout' });
    await waitFor(inbox, (s) => s.matches('signedOut'));
    expect(unread(system)).toBe(0);
    system.stop();
  });

  it('asks again every minute while signed in', async () => {
    vi.useFakeTimers();
    try {
      const fetchUnreadCount = vi.fn().mockResolvedValueOnce(4).mockResolvedValue(6);
      const inbox = createActor(inboxLogic(fakeEffects({ fetchUnreadCount })).inbox).start();
      inbox.send({ type: 'inbox.load' });
      await vi.advanceTimersByTimeAsync(0);
      expect(inbox.getSnapshot().context.unread).toBe(4);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(fetchUnreadCount).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchUnreadCount).toHaveBeenCalledTimes(2);
      expect(inbox.getSnapshot().context.unread).toBe(6);
      // the page's count restarts the wait
      await vi.advanceTimersByTimeAsync(30_000);
      inbox.send({ type: 'inbox.set', unread: 2 });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(fetchUnreadCount).toHaveBeenCalledTimes(2);
      inbox.send({ type: 'inbox.clear' });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetchUnreadCount).toHaveBeenCalledTimes(2);
      inbox.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last count when asking again fails', async () => {
    vi.useFakeTimers();
    try {
      const fetchUnreadCount = vi.fn().mockResolvedValueOnce(3).mockRejectedValue(new ApiError(OFFLINE, 0));
      const inbox = createActor(inboxLogic(fakeEffects({ fetchUnreadCount })).inbox).start();
      inbox.send({ type: 'inbox.load' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchUnreadCount).toHaveBeenCalledTimes(2);
      expect(inbox.getSnapshot().value).toEqual({ active: 'waiting' });
      expect(inbox.getSnapshot().context.unread).toBe(3);
      inbox.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Messages on the actor system', () => {
  it('shows opened messages read at once, marks them read one at a time and tells the inbox', async () => {
    const calls: number[] = [];
    const answers: ((v: { data: Message; unread: number }) => void)[] = [];
    const system = await memberSystem({
      fetchUnreadCount: async () => 2,
      fetchMessages: async () => inboxPage(),
      markMessageRead: ({ id }) => {
        calls.push(id);
        return new Promise((resolve) => answers.push(resolve));
      },
    });
    const messages = systemActor(system, 'messages');
    messages.send({ type: 'messages.load', page: 1 });
    await waitFor(messages, (s) => s.hasTag('ready'));
    expect(unread(system)).toBe(2);
    messages.send({ type: 'messages.toggle', id: 1 });
    messages.send({ type: 'messages.toggle', id: 2 });
    // both shown read, one request at a time
    expect(unreadOf(messages.getSnapshot().context)).toBe(0);
    expect(unread(system)).toBe(0);
    expect(messages.getSnapshot().context.openId).toBe(2);
    await flushPromises();
    expect(calls).toEqual([1]);
    answers[0]!({ data: { ...inboxPage().data[0]!, readAt: '2026-05-03T10:00:00.000Z' }, unread: 1 });
    await waitFor(messages, () => calls.length === 2);
    // the server counted the second as unread still: it is on its way
    expect(unread(system)).toBe(0);
    expect(calls).toEqual([1, 2]);
    answers[1]!({ data: { ...inboxPage().data[1]!, readAt: '2026-05-03T10:00:01.000Z' }, unread: 0 });
    await waitFor(messages, (s) => s.context.readQueue.length === 0);
    expect(messages.getSnapshot().context.result?.data.map((m) => m.readAt !== null)).toEqual([
      true,
      true,
      true,
    ]);
    system.stop();
  });

  it('puts a message back to unread when marking it read fails, and says so', async () => {
    const system = await memberSystem({
      fetchMessages: async () => inboxPage(),
      markMessageRead: async () => {
        throw new ApiError(OFFLINE, 0);
      },
    });
    const messages = systemActor(system, 'messages');
    messages.send({ type: 'messages.load', page: 1 });
    await waitFor(messages, (s) => s.hasTag('ready'));
    messages.send({ type: 'messages.toggle', id: 1 });
    expect(unread(system)).toBe(1);
    await waitFor(messages, (s) => s.context.readQueue.length === 0);
    expect(unread(system)).toBe(2);
    expect(messages.getSnapshot().context.result?.data[0]?.readAt).toBeNull();
    expect(messages.getSnapshot().context.openId).toBe(1);
    expect(toasts(system)).toContain(OFFLINE);
    system.stop();
  });

  it('marks all read, and deletes after confirming', async () => {
    const deleteMessage = vi.fn(async () => ({ unread: 0 }));
    const system = await memberSystem({
      fetchMessages: async () => inboxPage(),
      markAllMessagesRead: async () => ({ unread: 0 }),
      deleteMessage,
    });
    const messages = systemActor(system, 'messages');
    messages.send({ type: 'messages.load', page: 1 });
    await waitFor(messages, (s) => s.hasTag('ready'));
    messages.send({ type: 'messages.readAll' });
    await waitFor(messages, (s) => s.matches({ ready: { changes: 'browsing' } }));
    expect(unread(system)).toBe(0);
    expect(toasts(system)).toContain(MESSAGES_TEXT.readAll);
    // nothing left to mark
    messages.send({ type: 'messages.readAll' });
    expect(messages.getSnapshot().matches({ ready: { changes: 'browsing' } })).toBe(true);

    // only the open message can be deleted
    messages.send({ type: 'messages.delete', id: 2 });
    expect(messages.getSnapshot().hasTag('dialog')).toBe(false);
    messages.send({ type: 'messages.toggle', id: 2 });
    messages.send({ type: 'messages.delete', id: 2 });
    expect(deleteMessage).not.toHaveBeenCalled();
    messages.send({ type: 'messages.deleteCancel' });
    messages.send({ type: 'messages.delete', id: 2 });
    messages.send({ type: 'messages.deleteConfirm' });
    await waitFor(messages, (s) => s.matches({ ready: { changes: 'browsing' } }));
    expect(deleteMessage).toHaveBeenCalledWith({ id: 2 });
    expect(messages.getSnapshot().context.result?.data.map((m) => m.id)).toEqual([1, 3]);
    expect(messages.getSnapshot().context.result?.total).toBe(12);
    expect(toasts(system)).toContain(MESSAGES_TEXT.deleted);
    system.stop();
  });

  it('asks for the page it was given, 10 at a time', async () => {
    const fetchMessages = vi.fn(async () => inboxPage({ page: 2 }));
    const system = await memberSystem({ fetchMessages });
    const messages = systemActor(system, 'messages');
    messages.send({ type: 'messages.load', page: 2 });
    await waitFor(messages, (s) => s.hasTag('ready'));
    expect(fetchMessages).toHaveBeenCalledWith({ page: 2, pageSize: 10 });
    system.stop();
  });
});

describe('Customer Support on the actor system', () => {
  it('a visitor sends their email; a member sends none and sees the request added to theirs', async () => {
    const sendSupportRequest = vi.fn(async () => sentRequest);
    const system = startTestSystem({ effects: fakeEffects({ sendSupportRequest }) });
    await waitFor(systemActor(system, 'session'), (s) => !s.hasTag('pending'));
    const support = systemActor(system, 'support');
    support.send({ type: 'support.open', member: false });
    support.send({ type: 'support.change', field: 'email', value: `  ${SAMPLE_TEXT.email} ` });
    support.send({ type: 'support.change', field: 'subject', value: SAMPLE_TEXT.subject });
    support.send({ type: 'support.change', field: 'message', value: `${SAMPLE_TEXT.message}\n` });
    support.send({ type: 'support.submit' });
    await waitFor(support, (s) => s.matches({ form: 'sent' }));
    // a visitor's request goes with a solved bot check (issue 37)
    expect(sendSupportRequest).toHaveBeenLastCalledWith({
      botCheck: 'test-bot-proof',
      email: SAMPLE_TEXT.email,
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
    // the address stays for another request; the text goes
    expect(support.getSnapshot().context.form).toEqual({
      email: `  ${SAMPLE_TEXT.email} `,
      subject: '',
      message: '',
    });
    system.stop();

    const member = await memberSystem({
      sendSupportRequest,
      fetchSupportRequests: async () => pastRequests(),
      fetchProfile: async () => profileFixture({ email: 'mina@example.com' }),
    });
    const memberSupport = systemActor(member, 'support');
    memberSupport.send({ type: 'support.open', member: true });
    await waitFor(memberSupport, (s) => s.matches({ requests: 'ready' }));
    expect(memberSupport.getSnapshot().context.accountEmail).toBe('mina@example.com');
    memberSupport.send({ type: 'support.change', field: 'subject', value: SAMPLE_TEXT.subject });
    memberSupport.send({ type: 'support.change', field: 'message', value: SAMPLE_TEXT.message });
    memberSupport.send({ type: 'support.submit' });
    await waitFor(memberSupport, (s) => s.matches({ form: 'sent' }));
    expect(sendSupportRequest).toHaveBeenLastCalledWith({
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
    expect(memberSupport.getSnapshot().context.requests.map((r) => r.id)).toEqual([31, 12, 7]);
    member.stop();
  });

  it('a 429 shows the server’s message (or ours); a network failure keeps the text for a retry', async () => {
    const sendSupportRequest = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(SAMPLE_TEXT.limited, 429, { retryAfter: 600 }))
      .mockRejectedValueOnce(new ApiError('', 429))
      .mockRejectedValueOnce(new ApiError(OFFLINE, 0))
      .mockResolvedValue(sentRequest);
    const system = startTestSystem({ effects: fakeEffects({ sendSupportRequest }) });
    const support = systemActor(system, 'support');
    support.send({ type: 'support.open', member: false });
    support.send({ type: 'support.change', field: 'email', value: SAMPLE_TEXT.email });
    support.send({ type: 'support.change', field: 'subject', value: SAMPLE_TEXT.subject });
    support.send({ type: 'support.change', field: 'message', value: SAMPLE_TEXT.message });
    support.send({ type: 'support.submit' });
    await waitFor(support, (s) => s.matches({ form: { editing: 'limited' } }));
    expect(support.getSnapshot().context.notice).toBe(SAMPLE_TEXT.limited);
    support.send({ type: 'support.submit' });
    await waitFor(support, (s) => s.matches({ form: { editing: 'limited' } }));
    expect(support.getSnapshot().context.notice).toBe(RATE_LIMITED_MESSAGE);
    support.send({ type: 'support.submit' });
    await waitFor(support, (s) => s.matches({ form: { editing: 'failed' } }));
    expect(support.getSnapshot().context.notice).toBe(OFFLINE);
    expect(support.getSnapshot().context.form.message).toBe(SAMPLE_TEXT.message);
    support.send({ type: 'support.retry' });
    await waitFor(support, (s) => s.matches({ form: 'sent' }));
    expect(sendSupportRequest).toHaveBeenCalledTimes(4);
    expect(sendSupportRequest.mock.calls.every((c) => c[0].message === SAMPLE_TEXT.message)).toBe(true);
    system.stop();
  });

  it('checks every field on submit, in order, with the limits', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(validateSupport({ email: '', subject: '', message: '' }, true)).toEqual({
      email: 'Email is required',
      subject: SUPPORT_TEXT.subjectRequired,
      message: SUPPORT_TEXT.messageRequired,
    });
    expect(validateSupport({ email: '', subject: 'ab', message: long(19) }, false)).toEqual({
      subject: SUPPORT_TEXT.subjectShort,
      message: SUPPORT_TEXT.messageShort,
    });
    expect(validateSupport({ email: 'a@b', subject: long(121), message: long(2001) }, true)).toEqual({
      email: 'Please enter a valid email address',
      subject: SUPPORT_TEXT.subjectLong,
      message: SUPPORT_TEXT.messageLong,
    });
    expect(
      validateSupport({ email: 'a@b.co', subject: long(120), message: `  ${long(2000)}  ` }, true),
    ).toEqual({});
  });

  it('a guest member (no address on the account) gives one, as a visitor does', async () => {
    const sendSupportRequest = vi.fn(async () => sentRequest);
    const system = await memberSystem({
      sendSupportRequest,
      fetchProfile: async () => profileFixture({ email: null, provider: 'guest' }),
    });
    const support = systemActor(system, 'support');
    support.send({ type: 'support.open', member: true });
    await waitFor(support, (s) => s.matches({ requests: 'ready' }));
    support.send({ type: 'support.change', field: 'subject', value: SAMPLE_TEXT.subject });
    support.send({ type: 'support.change', field: 'message', value: SAMPLE_TEXT.message });
    support.send({ type: 'support.submit' });
    expect(support.getSnapshot().context.errors).toEqual({ email: 'Email is required' });
    support.send({ type: 'support.change', field: 'email', value: SAMPLE_TEXT.email });
    support.send({ type: 'support.submit' });
    await waitFor(support, (s) => s.matches({ form: 'sent' }));
    expect(sendSupportRequest).toHaveBeenCalledWith({
      email: SAMPLE_TEXT.email,
      subject: SAMPLE_TEXT.subject,
      message: SAMPLE_TEXT.message,
    });
    system.stop();
  });

  it('a failed profile read still shows the requests; a sign-out hides them', async () => {
    const system = await memberSystem({
      fetchSupportRequests: async () => pastRequests(),
      fetchProfile: async () => {
        throw new ApiError(OFFLINE, 0);
      },
    });
    const support = systemActor(system, 'support');
    support.send({ type: 'support.open', member: true });
    await waitFor(support, (s) => s.matches({ requests: 'ready' }));
    expect(support.getSnapshot().context.requests).toHaveLength(2);
    expect(support.getSnapshot().context.accountEmail).toBeNull();
    support.send({ type: 'support.open', member: false });
    expect(support.getSnapshot().context.requests).toEqual([]);
    system.stop();
  });
});
