// The unread count on the account menu (docs/decisions/005-account.md; requirements §2 "Header": the
// account menu of a signed-in user, with its Messages entry). It follows the session: a member signed
// in asks GET /api/my/messages/unread-count, shows the answer (a whole number, 0 for anything that is
// not a positive finite count) and asks again every 60 000 ms while signed in; the messages page sets
// it after each change (which drops an ask in flight and starts the wait again); a failed ask keeps the
// last count; signing out zeroes it and stops asking. A visitor has no count and nothing is asked.
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export type InboxPhase = 'signedOut' | 'loading' | 'waiting';

export interface InboxState {
  phase: InboxPhase;
  /** The badge's count. */
  unread: number;
  /** Milliseconds since the count was last shown (while waiting to ask again). */
  elapsed: number;
  /** Asks abandoned while still pending: their answers, when they come, must change nothing. */
  dropped: number;
}

/** How often the count is asked again while a member is signed in. */
export const INBOX_POLL = 60_000;

const FETCH = 'fetchUnreadCount';

/** The count as shown: a positive finite number rounded down, anything else 0. */
const shown = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

export const inboxSpec = (): SpecModel<InboxState> => {
  const initial: InboxState = { phase: 'signedOut', unread: 0, elapsed: 0, dropped: 0 };
  /** The ask in flight (if any) is abandoned. */
  const drop = (s: InboxState): number => s.dropped + (s.phase === 'loading' ? 1 : 0);
  const next = (s: InboxState, step: SpecStep): InboxState => {
    if ('send' in step) {
      const { type } = step.send;
      // a member is signed in (the session says so, or the app asks): a fresh count is asked for
      if (type === 'session.member' || type === 'inbox.load')
        return { phase: 'loading', unread: 0, elapsed: 0, dropped: drop(s) };
      // signed out: no count, nothing asked
      if (type === 'session.visitor' || type === 'inbox.clear')
        return { phase: 'signedOut', unread: 0, elapsed: 0, dropped: drop(s) };
      // the messages page's count is the newest, while a member is signed in
      if (type === 'inbox.set' && s.phase !== 'signedOut')
        return {
          phase: 'waiting',
          unread: shown(step.send.unread as number),
          elapsed: 0,
          dropped: drop(s),
        };
      return s;
    }
    if ('wait' in step) {
      if (s.phase !== 'waiting') return s;
      if (s.elapsed + step.wait < INBOX_POLL) return { ...s, elapsed: s.elapsed + step.wait };
      return { ...s, phase: 'loading', elapsed: 0 };
    }
    // an answer: an abandoned ask's comes first, and changes nothing
    if (s.dropped > 0) return { ...s, dropped: s.dropped - 1 };
    if (s.phase !== 'loading') return s;
    if ('settle' in step) return { ...s, phase: 'waiting', unread: shown(step.output as number) };
    return { ...s, phase: 'waiting' };
  };
  return {
    name: 'inbox',
    spec: 'requirements §2 (header account menu) and docs/decisions/005-account.md (unread count, 60 s poll)',
    initial,
    steps: (s) => {
      const answers: SpecStep[] =
        s.phase === 'loading' || s.dropped > 0
          ? [
              { settle: FETCH, output: 3 },
              { settle: FETCH, output: 2.7 },
              { settle: FETCH, output: Infinity },
              { settle: FETCH, output: -1 },
              { fail: FETCH },
            ]
          : [];
      if (s.phase === 'signedOut')
        return [
          { send: { type: 'session.member', token: 'a.b.c' } },
          { send: { type: 'inbox.load' } },
          { send: { type: 'session.visitor' } },
          { send: { type: 'inbox.set', unread: 5 } },
          { wait: INBOX_POLL },
          ...answers,
        ];
      return [
        ...answers,
        ...(s.phase === 'waiting' ? [{ wait: s.elapsed === 0 ? INBOX_POLL - 1 : 1 }] : []),
        { send: { type: 'inbox.set', unread: s.phase === 'loading' ? 5 : 4.5 } },
        { send: { type: 'inbox.set', unread: -2 } },
        { send: { type: 'session.member', token: 'a.b.c' } },
        { send: { type: 'session.visitor' } },
        { send: { type: 'inbox.clear' } },
      ];
    },
    next,
    expect: (s) => ({
      running: s.phase === 'loading' ? [FETCH] : [],
      unread: s.unread,
      loading: s.phase === 'loading',
    }),
    calls: (before, step, after) =>
      after.phase === 'loading' && (before.phase !== 'loading' || after.dropped > before.dropped)
        ? [{ actor: FETCH, input: undefined }]
        : [],
    label: (s) =>
      `${s.phase}${s.phase === 'signedOut' ? '' : ` ${s.unread}`}${s.elapsed ? ` +${s.elapsed} ms` : ''}${
        s.dropped ? ` (${s.dropped} dropped)` : ''
      }`,
    maxDepth: 5,
  };
};
