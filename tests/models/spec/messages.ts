// Messages (/messages, requirements §2: a signed-in page; docs/decisions/005-account.md: members read,
// mark read, mark all read and delete their own messages). What should happen:
// - Opening the page (or another page of it) asks GET /api/my/messages for that page, 10 a page,
//   starting blank; a failure says why (the server's words, else "Your messages could not be
//   loaded.") and offers to try again.
// - A message's title opens it (closing any other) or closes it. Opening an unread one shows it read at
//   once and marks it read on the server, one at a time in the order they were opened; a failure puts
//   it back to unread and says "That message could not be marked as read. Please try again.".
// - "Mark all as read" (only with something unread) marks every message read and says "All messages
//   are marked as read."; a failure says "Your messages could not be marked as read. Please try again.".
// - "Delete" under an open message (not while it is being marked read) asks to confirm; confirmed, it
//   is deleted ("Message deleted."); a failure is said in the dialog ("The message could not be
//   deleted. Please try again."), which offers to try again.
// - The account menu's count (the `inbox` actor) is told the unread count after every change: the
//   server's count, less the messages being marked read (never below 0).
import type { Message, MessagePage } from '../../../domain/account.ts';
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';
import { dropping, failure, pageStep, send, toast, type AnswerStep } from '../../support/page-model.ts';

export type MessagesPhase = 'idle' | 'loading' | 'failed' | 'ready';
export type MessagesChange = 'browsing' | 'markingAll' | 'confirmingDelete' | 'deleting';

export interface MessagesState {
  phase: MessagesPhase;
  page: number;
  result: MessagePage | null;
  error: string | null;
  openId: number | null;
  /** Opened unread messages, in the order they are marked read on the server. */
  readQueue: number[];
  change: MessagesChange;
  deleteId: number | null;
  deleteError: string | null;
  /** What the account menu's count and the toasts heard, in order. */
  heard: string[];
  /** Calls abandoned while pending, by effect: their answers must change nothing. */
  dropped: Record<string, number>;
}

export const MESSAGES_PER_PAGE = 10;
export const TEXT = {
  loadFailed: 'Your messages could not be loaded.',
  readFailed: 'That message could not be marked as read. Please try again.',
  readAllFailed: 'Your messages could not be marked as read. Please try again.',
  readAll: 'All messages are marked as read.',
  deleteFailed: 'The message could not be deleted. Please try again.',
  deleted: 'Message deleted.',
};

const message = (id: number, kind: Message['kind'], title: string, readAt: string | null): Message => ({
  id,
  kind,
  title,
  body: `The text of message ${id}.`,
  createdAt: '2026-05-01T10:00:00.000Z',
  readAt,
  link: kind === 'order' ? { label: 'Order #7', href: '/order-detail/7' } : null,
});

/** Page 1: two unread messages and one read, of 12 with 4 unread in the whole inbox. */
export const PAGE_ONE: MessagePage = {
  data: [
    message(1, 'welcome', 'Welcome', null),
    message(2, 'order', 'Order #7 is paid', null),
    message(3, 'notice', 'New prompts this week', '2026-05-02T09:00:00.000Z'),
  ],
  total: 12,
  page: 1,
  pageSize: 10,
  unread: 4,
};
/** Page 2 as the server sent it while its counts lagged behind: 2 unread shown, 1 counted, none in total. */
export const PAGE_TWO: MessagePage = {
  data: [
    message(11, 'support', 'Support answered', null),
    message(12, 'coupon', 'A coupon for you', null),
    message(13, 'notice', 'Maintenance tonight', '2026-05-02T08:00:00.000Z'),
  ],
  total: 0,
  page: 2,
  pageSize: 10,
  unread: 1,
};
export const EMPTY_PAGE: MessagePage = { data: [], total: 0, page: 1, pageSize: 10, unread: 0 };

const READ_AT = '2026-05-03T10:00:00.000Z';
const ALL_READ_AT = '2026-05-03T11:00:00.000Z';

/** Which part of the page a model's paths go through (each keeps its state space small). */
export type MessagesFocus = 'load' | 'read' | 'delete' | 'lagging';

const FETCH = 'fetchMessages';
const READ = 'markRead';
const READ_ALL = 'markAllRead';
const DELETE = 'deleteMessage';

/** Unread in the whole inbox, counting the ones being marked read as read. */
const unreadShown = (s: Pick<MessagesState, 'result' | 'readQueue'>): number =>
  Math.max(0, (s.result?.unread ?? 0) - s.readQueue.length);
const isRead = (s: MessagesState, m: Message): boolean => m.readAt !== null || s.readQueue.includes(m.id);
const told = (s: MessagesState, ...more: string[]): string[] => [
  ...s.heard,
  `inbox.set ${unreadShown(s)}`,
  ...more,
];

export const messagesSpec = (focus: MessagesFocus): SpecModel<MessagesState> => {
  const initial: MessagesState = {
    phase: 'idle',
    page: 1,
    result: null,
    error: null,
    openId: null,
    readQueue: [],
    change: 'browsing',
    deleteId: null,
    deleteError: null,
    heard: [],
    dropped: {},
  };

  const onSend = (s: MessagesState, event: { type: string; [k: string]: unknown }): MessagesState => {
    if (event.type === 'messages.load') {
      // every load starts blank; whatever was asked before is abandoned
      let dropped = s.dropped;
      if (s.phase === 'loading') dropped = dropping(dropped, FETCH);
      if (s.phase === 'ready') {
        if (s.readQueue.length) dropped = dropping(dropped, READ);
        if (s.change === 'markingAll') dropped = dropping(dropped, READ_ALL);
        if (s.change === 'deleting') dropped = dropping(dropped, DELETE);
      }
      return {
        ...initial,
        phase: 'loading',
        page: event.page as number,
        heard: s.heard,
        dropped,
      };
    }
    if (event.type === 'messages.retry')
      return s.phase === 'failed' ? { ...s, phase: 'loading', error: null } : s;
    if (s.phase !== 'ready' || !s.result) return s;
    const known = (id: unknown) => s.result!.data.some((m) => m.id === id);
    switch (event.type) {
      case 'messages.toggle': {
        if (!known(event.id)) return s;
        if (s.openId === event.id) return { ...s, openId: null };
        const m = s.result.data.find((x) => x.id === event.id)!;
        if (isRead(s, m)) return { ...s, openId: m.id };
        const opened = { ...s, openId: m.id, readQueue: [...s.readQueue, m.id] };
        return { ...opened, heard: told(opened) };
      }
      case 'messages.readAll':
        return s.change === 'browsing' && unreadShown(s) > 0 ? { ...s, change: 'markingAll' } : s;
      case 'messages.delete':
        return s.change === 'browsing' &&
          event.id === s.openId &&
          !s.readQueue.includes(s.openId!) &&
          known(event.id)
          ? { ...s, change: 'confirmingDelete', deleteId: event.id as number, deleteError: null }
          : s;
      case 'messages.deleteConfirm':
        return s.change === 'confirmingDelete' ? { ...s, change: 'deleting', deleteError: null } : s;
      case 'messages.deleteCancel':
        return s.change === 'confirmingDelete'
          ? { ...s, change: 'browsing', deleteId: null, deleteError: null }
          : s;
      default:
        return s;
    }
  };

  const onAnswer = (s: MessagesState, step: AnswerStep, actor: string): MessagesState => {
    if (actor === FETCH && s.phase === 'loading') {
      if ('fail' in step) return { ...s, phase: 'failed', error: failure(step.error, TEXT.loadFailed) };
      const loaded: MessagesState = {
        ...s,
        phase: 'ready',
        change: 'browsing',
        result: step.output as MessagePage,
      };
      return { ...loaded, heard: told(loaded) };
    }
    if (s.phase !== 'ready' || !s.result) return s;
    if (actor === READ && s.readQueue.length) {
      const [id, ...rest] = s.readQueue;
      if ('fail' in step) {
        const back = { ...s, readQueue: rest };
        return { ...back, heard: told(back, toast('error', failure(step.error, TEXT.readFailed))) };
      }
      const answer = step.output as { readAt: string; unread: number };
      const read: MessagesState = {
        ...s,
        readQueue: rest,
        result: {
          ...s.result,
          data: s.result.data.map((m) => (m.id === id ? { ...m, readAt: m.readAt ?? answer.readAt } : m)),
          unread: answer.unread,
        },
      };
      return { ...read, heard: told(read) };
    }
    if (actor === READ_ALL && s.change === 'markingAll') {
      if ('fail' in step)
        return {
          ...s,
          change: 'browsing',
          heard: [...s.heard, toast('error', failure(step.error, TEXT.readAllFailed))],
        };
      const answer = step.output as { readAt: string; unread: number };
      const read: MessagesState = {
        ...s,
        change: 'browsing',
        result: {
          ...s.result,
          data: s.result.data.map((m) => ({ ...m, readAt: m.readAt ?? answer.readAt })),
          unread: answer.unread,
        },
      };
      return { ...read, heard: told(read, toast('success', TEXT.readAll)) };
    }
    if (actor === DELETE && s.change === 'deleting') {
      if ('fail' in step)
        return { ...s, change: 'confirmingDelete', deleteError: failure(step.error, TEXT.deleteFailed) };
      const answer = step.output as { unread: number };
      const gone: MessagesState = {
        ...s,
        change: 'browsing',
        result: {
          ...s.result,
          data: s.result.data.filter((m) => m.id !== s.deleteId),
          total: Math.max(0, s.result.total - 1),
          unread: answer.unread,
        },
        openId: s.openId === s.deleteId ? null : s.openId,
        deleteId: null,
      };
      return { ...gone, heard: told(gone, toast('success', TEXT.deleted)) };
    }
    return s;
  };

  const next = pageStep(onSend, onAnswer);

  /** The answers a pending call can get, realistic for the state. */
  const answers = (s: MessagesState): SpecStep[] => {
    const out: SpecStep[] = [];
    const pending = (actor: string) => (s.dropped[actor] ?? 0) > 0;
    if (s.phase === 'loading' || pending(FETCH)) {
      if (focus === 'load')
        out.push(
          { settle: FETCH, output: s.page === 2 ? PAGE_TWO : EMPTY_PAGE },
          { fail: FETCH, error: new Error('Please sign in again.') },
          { fail: FETCH, error: 'offline' },
        );
      out.push({ settle: FETCH, output: s.page === 2 ? PAGE_TWO : PAGE_ONE });
    }
    const unread = s.result?.unread ?? 0;
    if ((s.phase === 'ready' && s.readQueue.length) || pending(READ))
      out.push(
        { settle: READ, output: { readAt: READ_AT, unread: Math.max(0, unread - 1) } },
        { fail: READ, error: 'offline' },
      );
    if ((s.phase === 'ready' && s.change === 'markingAll') || pending(READ_ALL))
      out.push(
        { settle: READ_ALL, output: { readAt: ALL_READ_AT, unread: 0 } },
        { fail: READ_ALL, error: 'offline' },
      );
    if ((s.phase === 'ready' && s.change === 'deleting') || pending(DELETE)) {
      const deleted = s.result?.data.find((m) => m.id === s.deleteId);
      out.push(
        {
          settle: DELETE,
          output: { unread: deleted && deleted.readAt === null ? Math.max(0, unread - 1) : unread },
        },
        { fail: DELETE, error: 'offline' },
      );
    }
    return out;
  };

  const steps = (s: MessagesState): SpecStep[] => {
    const toggles = (ids: number[]) => ids.map((id) => send('messages.toggle', { id }));
    const ids = s.result?.data.map((m) => m.id) ?? [];
    switch (focus) {
      case 'load':
        if (s.phase === 'idle')
          return [
            send('messages.load', { page: 1 }),
            send('messages.retry'),
            send('messages.toggle', { id: 1 }),
          ];
        return [
          ...answers(s),
          ...(s.phase === 'failed' ? [send('messages.retry')] : []),
          send('messages.load', { page: 2 }),
          ...(s.phase === 'ready' && s.page === 2 ? [...toggles(ids), send('messages.retry')] : []),
          ...(s.phase === 'ready' && s.page === 2 && s.openId !== null
            ? [send('messages.delete', { id: s.openId })]
            : []),
          ...(s.phase === 'ready' && s.change === 'confirmingDelete' ? [send('messages.deleteConfirm')] : []),
        ];
      case 'lagging':
        // the counts never go below 0, whatever the server sent
        if (s.phase === 'idle') return [send('messages.load', { page: 2 })];
        if (s.phase !== 'ready') return answers(s).filter((a) => 'settle' in a);
        return [
          ...answers(s).filter((a) => 'settle' in a),
          ...(s.change === 'browsing' ? toggles(ids) : []),
          ...(s.change === 'browsing' && s.openId !== null
            ? [send('messages.delete', { id: s.openId })]
            : []),
          ...(s.change === 'confirmingDelete' ? [send('messages.deleteConfirm')] : []),
        ];
      case 'read':
        if (s.phase === 'idle') return [send('messages.load', { page: 1 })];
        if (s.phase !== 'ready') return answers(s);
        return [
          ...answers(s),
          ...toggles([...ids, 99]),
          send('messages.readAll'),
          ...(s.readQueue.length
            ? [send('messages.delete', { id: s.openId }), send('messages.load', { page: 1 })]
            : []),
        ];
      case 'delete':
        if (s.phase === 'idle') return [send('messages.load', { page: 1 })];
        if (s.phase !== 'ready') return answers(s);
        return [
          ...answers(s).filter((a) => !('fail' in a) || a.fail !== READ),
          ...(s.change === 'browsing' || s.change === 'confirmingDelete'
            ? toggles(ids.filter((id) => id !== 2))
            : []),
          ...(s.change === 'browsing'
            ? [send('messages.delete', { id: s.openId ?? 3 }), send('messages.delete', { id: 99 })]
            : []),
          ...(s.change === 'browsing' && s.openId === 3 ? [send('messages.delete', { id: 1 })] : []),
          ...(s.change === 'confirmingDelete'
            ? [send('messages.deleteConfirm'), send('messages.deleteCancel'), send('messages.readAll')]
            : []),
          ...(s.change === 'deleting'
            ? [send('messages.deleteCancel'), send('messages.load', { page: 1 })]
            : []),
        ];
    }
  };

  return {
    name: 'messages',
    spec: `requirements §2 (/messages) and docs/decisions/005-account.md (${focus})`,
    initial,
    steps,
    next,
    expect: (s) => ({
      // the effects under way, by name
      running: [
        ...(s.phase === 'loading' ? [FETCH] : []),
        ...(s.phase === 'ready' && s.readQueue.length ? [READ] : []),
        ...(s.phase === 'ready' && s.change === 'markingAll' ? [READ_ALL] : []),
        ...(s.phase === 'ready' && s.change === 'deleting' ? [DELETE] : []),
      ].sort(),
      status: s.phase === 'ready' ? 'ready' : s.phase === 'failed' ? 'error' : 'loading',
      error: s.error,
      result: s.result,
      unread: unreadShown(s),
      read: s.result?.data.filter((m) => isRead(s, m)).map((m) => m.id) ?? [],
      open: s.openId,
      markingRead: s.readQueue,
      markingAll: s.phase === 'ready' && s.change === 'markingAll',
      busy: s.phase === 'ready' && (s.change === 'markingAll' || s.change === 'deleting'),
      deleteDialog: s.phase === 'ready' && (s.change === 'confirmingDelete' || s.change === 'deleting'),
      deleting: s.phase === 'ready' && s.change === 'deleting',
      toDelete: s.result?.data.find((m) => m.id === s.deleteId)?.id ?? null,
      deleteError: s.deleteError,
      heard: s.heard,
    }),
    calls: (before, step, after) => {
      const calls: { actor: string; input: unknown }[] = [];
      const loadStarted =
        after.phase === 'loading' &&
        (before.phase !== 'loading' || (after.dropped[FETCH] ?? 0) > (before.dropped[FETCH] ?? 0));
      if (loadStarted) calls.push({ actor: FETCH, input: { page: after.page, pageSize: MESSAGES_PER_PAGE } });
      if (after.phase === 'ready') {
        const head = after.readQueue[0];
        const wasMarking = before.phase === 'ready' ? before.readQueue[0] : undefined;
        // the next opened message goes to the server once the one before it is answered
        if (head !== undefined && head !== wasMarking) calls.push({ actor: READ, input: { id: head } });
        if (after.change === 'markingAll' && before.change !== 'markingAll')
          calls.push({ actor: READ_ALL, input: undefined });
        if (after.change === 'deleting' && before.change !== 'deleting')
          calls.push({ actor: DELETE, input: { id: after.deleteId } });
      }
      return calls;
    },
    label: (s) => {
      if (s.phase !== 'ready') return `${s.phase}${s.error ? ` "${s.error}"` : ''}`;
      const parts = [`page ${s.page}`, `${s.result?.data.length ?? 0} shown`, `${unreadShown(s)} unread`];
      if (s.openId !== null) parts.push(`#${s.openId} open`);
      if (s.readQueue.length) parts.push(`marking ${s.readQueue.join(',')}`);
      if (s.change !== 'browsing') parts.push(s.change + (s.deleteError ? ` "${s.deleteError}"` : ''));
      return parts.join(', ');
    },
    maxDepth: focus === 'load' ? 5 : 6,
  };
};
