// The session, as requirements §4 "Session" (with §3 session user, §7 account and logout calls, §8 and §9
// windows) says it lives: restored at start from the stored token, signed in (a login hands over its
// token and user, or the user is fetched), kept in step with other tabs (storage events, and a poll
// every 5000 ms), logged out (the server asked first, its failure ignored, then everything cleared, the
// listeners paused 500 ms and the guard held 1500 ms more) and ended when the server refuses its token.
// What it announces to the rest of the app (machines/system/follow-session.ts): a sign-in adopted
// ("session.adopted", the cart count refreshes on it), a member signed in with their token
// ("session.member"), a session ended ("session.ended", the cart count is zeroed) and a visitor
// ("session.visitor"). Every text, timing and window below is SPEC's, written out here on purpose.
import type { SessionUser } from '../../../domain/session-user.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';
import {
  AUTH_POLL,
  LISTENER_RESUME,
  GUARD_RELEASE,
  LOGIN_TOAST_SUPPRESSION,
  RECENT_LOGIN,
  RECENT_LOGOUT_FOR_ADOPT,
  RECENT_LOGOUT_FOR_POLL,
  LOGGED_IN,
  LOGGED_OUT,
  SESSION_ENDED,
  NOW,
  fetchedUser,
  TEMP_USER,
  RESTORES,
  SIGN_INS,
  type Marks,
  type StorageMarks,
  storage,
  STORAGE,
  POLL_READS,
} from './session.samples.ts';

/** Where the session stands: being restored, a visitor, a member, or logging out. */
export type SessionPhase = 'restoring' | 'visitor' | 'member' | 'leavingSession';

export interface SessionState {
  phase: SessionPhase;
  /** A visitor's storage listener after a logout: paused 500 ms, then guarded 1500 ms, then open. */
  quiet: 'paused' | 'guarded' | 'open' | null;
  /** Milliseconds spent in the current pause, guard or poll wait. */
  waited: number;
  token: string | null;
  user: SessionUser | null;
  /** A member's account: fetched (a placeholder shows), read again (the stored user shows), or there. */
  account: 'loading' | 'refreshing' | 'ready' | null;
  /** A member's reconciliation with other tabs: waiting for the next 5000 ms, or reading. */
  poll: 'waiting' | 'reading' | null;
  /** The logout in progress is automatic (expiry, another tab): no toast. */
  automatic: boolean;
  /** What started the logout in progress (a person, expiry, another tab, the poll). */
  cause: string | null;
  /** The poll has read storage at least once since the member came. */
  polled: boolean;
  /** When "You have successfully logged in" was last shown. */
  lastToastAt: number | null;
  /** The last session ended because the server refused its token (until the next sign-in). */
  revoked: boolean;
  /** What the step made the session store and tell the window (src/'s actions), in order. */
  said: string[];
  /** What the step made the session announce to its followers, in order. */
  announced: string[];
  /** The toasts the step showed ("kind: text"). */
  toasts: string[];
  /** The calls the step started. */
  started: EffectCall[];
  /**
   * Calls the session gave up on (it left the state that made them, or asked again) whose answers
   * are still to come, oldest first: an answer to one of them changes nothing.
   */
  abandoned: string[];
}

const isRecent = (time: number | null, now: number, window: number): boolean =>
  time !== null && now - time >= 0 && now - time < window;

/** requirements §4: how a token another tab stored is taken while a visitor (or on another token). */
const adoption = (m: StorageMarks): 'ignore' | 'direct' | 'verify' => {
  if (m.token === null || m.tokenState !== 'valid') return 'ignore';
  if (isRecent(m.logoutTime, m.now, RECENT_LOGOUT_FOR_ADOPT)) return 'ignore';
  return isRecent(m.loginTime, m.now, RECENT_LOGIN) ? 'direct' : 'verify';
};

/** requirements §4: what the poll makes of what it read, signed in with `current`. */
const pollSays = (m: Marks, current: string): 'keep' | 'logout' | 'adopt' => {
  if (isRecent(m.logoutTime, m.now, RECENT_LOGOUT_FOR_POLL)) return 'keep';
  if (isRecent(m.logoutTime, m.now, RECENT_LOGIN) && (m.loginTime === null || m.logoutTime! > m.loginTime))
    return 'logout';
  if (m.token === null) return 'logout';
  return m.token !== current ? 'adopt' : 'keep';
};

const toastDue = (last: number | null, now: number): boolean =>
  last === null || now - last >= LOGIN_TOAST_SUPPRESSION || now < last;

const json = (value: unknown): string => JSON.stringify(value);

/** A fresh step: nothing said, shown or started yet. */
const quiet = (s: SessionState): SessionState => ({ ...s, said: [], announced: [], toasts: [], started: [] });

/** A visitor: no token, no user, announced; after a logout the listener pauses first. */
const asVisitor = (s: SessionState, after: 'paused' | 'open'): SessionState => ({
  ...s,
  phase: 'visitor',
  quiet: after,
  waited: 0,
  token: null,
  user: null,
  account: null,
  poll: null,
  automatic: false,
  cause: null,
  announced: [...s.announced, 'session.visitor'],
});

/** A member with this token and user: announced, the account fetched, read again or there. */
const asMember = (
  s: SessionState,
  token: string,
  user: SessionUser | null,
  account: 'loading' | 'refreshing' | 'ready',
): SessionState => ({
  ...s,
  phase: 'member',
  quiet: null,
  waited: 0,
  token,
  user,
  account,
  poll: 'waiting',
  automatic: false,
  polled: false,
  revoked: false,
  announced: [...s.announced, `session.member ${token}`],
  started: [
    ...s.started,
    ...(account === 'loading' ? [{ actor: 'fetchAccount', input: { token } }] : []),
    ...(account === 'refreshing' ? [{ actor: 'refreshAccount', input: { token } }] : []),
  ],
});

/** requirements §4 logout: the server is told first, with the token and the member. */
const leaving = (s: SessionState, automatic: boolean, cause: string): SessionState => ({
  ...s,
  phase: 'leavingSession',
  quiet: null,
  waited: 0,
  account: null,
  poll: null,
  automatic,
  cause,
  started: [
    ...s.started,
    { actor: 'serverLogout', input: { token: s.token ?? '', memberId: s.user?.memberId ?? '' } },
  ],
});

/** The local end of a session: cleared, the cart count zeroed (ended), the window told, a visitor. */
const ended = (s: SessionState, toast: string | null, revoked: boolean): SessionState =>
  asVisitor(
    {
      ...s,
      revoked,
      said: [...s.said, 'clearSession', 'user-logout event'],
      announced: [...s.announced, 'session.ended'],
      toasts: toast ? [toast] : [],
    },
    'paused',
  );

/** requirements §4: a sign-in stores the token and user, tells the window and toasts when due. */
const signIn = (s: SessionState, index: number): SessionState => {
  const { event, user } = SIGN_INS[index]!;
  const due = toastDue(s.lastToastAt, event.now);
  return asMember(
    {
      ...s,
      lastToastAt: due ? event.now : s.lastToastAt,
      said: [
        `persistSignIn ${event.token} ${json(user)}`,
        'login-success event',
        ...(due ? [`rememberLoginToast ${event.now}`] : []),
      ],
      announced: ['session.adopted'],
      toasts: due ? [LOGGED_IN] : [],
    },
    event.token,
    user,
    user ? 'ready' : 'loading',
  );
};

/** Another tab's token taken: with its stored user when it logged in under 60 s ago, else read. */
const adopt = (s: SessionState, marks: StorageMarks): SessionState => {
  const direct = adoption(marks) === 'direct';
  return asMember(
    { ...s, announced: ['session.adopted'] },
    marks.token!,
    direct ? marks.storedUser : null,
    direct ? 'ready' : 'loading',
  );
};

const userChanged = (s: SessionState, user: SessionUser): SessionState => ({
  ...s,
  user,
  said: [...s.said, `persistUser ${json(user)}`],
});

/** The calls the session is waiting on in a state. */
const pendingCalls = (s: SessionState): string[] =>
  s.phase === 'restoring'
    ? ['restoreSession']
    : s.phase === 'leavingSession'
      ? ['serverLogout']
      : s.phase === 'member'
        ? [
            ...(s.account === 'loading' ? ['fetchAccount'] : []),
            ...(s.account === 'refreshing' ? ['refreshAccount'] : []),
            ...(s.poll === 'reading' ? ['readAuthMarks'] : []),
          ]
        : [];

const answered = (step: SpecStep): string | null =>
  'settle' in step ? step.settle : 'fail' in step ? step.fail : null;

/**
 * A step, and the calls it leaves unanswered: a call the session was waiting on is abandoned when
 * the step takes the session out of the state that made it, or makes the same call again. The answer
 * to an abandoned call (the oldest comes first) changes nothing.
 */
function next(before: SessionState, step: SpecStep): SessionState {
  const actor = answered(step);
  const at = actor === null ? -1 : before.abandoned.indexOf(actor);
  if (at >= 0) return { ...quiet(before), abandoned: before.abandoned.filter((_, i) => i !== at) };
  const after = nextOf(before, step);
  const gaveUp = pendingCalls(before).filter(
    (call) =>
      call !== actor && (!pendingCalls(after).includes(call) || after.started.some((c) => c.actor === call)),
  );
  return gaveUp.length ? { ...after, abandoned: [...before.abandoned, ...gaveUp] } : after;
}

function nextOf(before: SessionState, step: SpecStep): SessionState {
  const s = quiet(before);
  if (s.phase === 'restoring') {
    if ('fail' in step && step.fail === 'restoreSession') return asVisitor(s, 'open');
    if (!('settle' in step) || step.settle !== 'restoreSession') return s;
    const r = step.output as (typeof RESTORES)[keyof typeof RESTORES];
    const restored = { ...s, lastToastAt: r.lastLoginToastAt };
    if (r.status === 'none') return asVisitor(restored, 'open');
    if (r.status === 'invalid') return asVisitor({ ...restored, said: ['clearSession'] }, 'open');
    // an expired token is logged out at once, without a toast; the server is not handed the expired
    // token (it would refuse it) and no member is known
    if (r.status === 'expired') return leaving(restored, true, 'expired');
    // requirements §4: social_login=success leaves the address; the user stored is shown at once and the
    // account read again, or (after a social login) the user is loaded
    return asMember(
      { ...restored, said: ['cleanSocialLoginParam'], announced: ['session.adopted'] },
      r.token,
      r.user,
      r.user ? 'refreshing' : 'loading',
    );
  }

  if (s.phase === 'leavingSession') {
    // requirements §8: a failed logout request is ignored, the local logout continues
    if (
      ('settle' in step || 'fail' in step) &&
      ('settle' in step ? step.settle : step.fail) === 'serverLogout'
    )
      return ended(s, s.automatic ? null : LOGGED_OUT, false);
    return s;
  }

  if (s.phase === 'visitor') {
    if ('wait' in step) {
      if (s.quiet === 'open') return s;
      const limit = s.quiet === 'paused' ? LISTENER_RESUME : GUARD_RELEASE;
      if (s.waited + step.wait < limit) return { ...s, waited: s.waited + step.wait };
      const rest = s.waited + step.wait - limit;
      const after: SessionState = { ...s, quiet: s.quiet === 'paused' ? 'guarded' : 'open', waited: 0 };
      return rest > 0 ? nextOf(after, { wait: rest }) : after;
    }
    if (!('send' in step)) return s;
    const event = step.send;
    if (event.type === 'session.signedIn')
      return signIn(
        s,
        SIGN_INS.findIndex((i) => i.event.token === event.token),
      );
    // requirements §4: a token another tab stores is only looked at once the listener is back and the
    // guard released
    if (event.type === 'storage.token' && s.quiet === 'open') {
      const marks = event.marks as StorageMarks;
      return adoption(marks) === 'ignore' ? s : adopt(s, marks);
    }
    return s;
  }

  // a member
  if ('wait' in step) {
    if (s.poll !== 'waiting') return s;
    if (s.waited + step.wait < AUTH_POLL) return { ...s, waited: s.waited + step.wait };
    return { ...s, poll: 'reading', waited: 0, started: [{ actor: 'readAuthMarks', input: undefined }] };
  }
  if ('settle' in step || 'fail' in step) {
    const failed = 'fail' in step;
    const actor = 'settle' in step ? step.settle : step.fail;
    if (actor === 'readAuthMarks' && s.poll === 'reading') {
      if (failed) return { ...s, poll: 'waiting', waited: 0, polled: true };
      const marks = step.output as Marks;
      const says = pollSays(marks, s.token!);
      // kept: the next read 5000 ms later
      if (says === 'keep') return { ...s, poll: 'waiting', waited: 0, polled: true };
      if (says === 'logout') return leaving(s, true, 'poll');
      // another tab's sign-in: adopted, and the account of the new token read
      return asMember({ ...s, announced: ['session.adopted'] }, marks.token!, s.user, 'loading');
    }
    if (actor === 'fetchAccount' && s.account === 'loading') {
      if (failed) return { ...s, account: 'ready', user: TEMP_USER };
      return userChanged({ ...s, account: 'ready' }, step.output as SessionUser);
    }
    if (actor === 'refreshAccount' && s.account === 'refreshing') {
      // not answered: the stored user stays
      if (failed) return { ...s, account: 'ready' };
      return userChanged({ ...s, account: 'ready' }, step.output as SessionUser);
    }
    return s;
  }
  const event = step.send;
  switch (event.type) {
    case 'session.logout':
      return leaving(s, Boolean(event.automatic), event.automatic ? 'automatic' : 'person');
    case 'session.revoked':
      // a refusal of a token already replaced changes nothing
      return event.token === s.token ? ended(s, SESSION_ENDED, true) : s;
    case 'session.signedIn':
      // the same sign-in reported twice is one
      return event.token === s.token
        ? s
        : signIn(
            s,
            SIGN_INS.findIndex((i) => i.event.token === event.token),
          );
    case 'session.fruitUpdated':
      return s.user ? userChanged(s, { ...s.user, fruitCnt: event.fruitCnt as number }) : s;
    case 'session.userUpdated':
      return s.user
        ? userChanged(s, {
            ...s.user,
            ...(event.name !== undefined ? { name: event.name as string } : {}),
            ...(event.avatar !== undefined ? { avatar: event.avatar as string } : {}),
          })
        : s;
    case 'session.tokenRefreshed':
      return {
        ...s,
        token: event.token as string,
        said: [`persistSignIn ${event.token as string} ${json(s.user)}`],
      };
    case 'storage.token': {
      const marks = event.marks as StorageMarks;
      // requirements §4: token removal logs out (silently); another token is adopted
      if (marks.token === null) return leaving(s, true, 'another tab');
      return marks.token === s.token ? s : adopt(s, marks);
    }
    default:
      return s;
  }
}

/** An answer of each call the session gave up on, which it should ignore. */
const lateAnswers = (s: SessionState): SpecStep[] =>
  [...new Set(s.abandoned)].map((actor) =>
    actor === 'fetchAccount' || actor === 'refreshAccount'
      ? { settle: actor, output: fetchedUser }
      : actor === 'readAuthMarks'
        ? { settle: actor, output: { token: null, loginTime: null, logoutTime: NOW - 1000, now: NOW } }
        : { settle: actor },
  );

function steps(s: SessionState): SpecStep[] {
  return [...lateAnswers(s), ...stepsOf(s)];
}

function stepsOf(s: SessionState): SpecStep[] {
  if (s.phase === 'restoring')
    return [
      ...Object.values(RESTORES).map((output) => ({ settle: 'restoreSession', output })),
      { fail: 'restoreSession', error: new Error('storage unavailable') },
    ];
  if (s.phase === 'leavingSession')
    return [
      { settle: 'serverLogout' },
      { fail: 'serverLogout', error: new Error('offline') },
      // the logout's own call answering 401 is not a second logout
      { send: { type: 'session.revoked', token: s.token ?? '' } },
      { send: SIGN_INS[0]!.event },
    ];
  if (s.phase === 'visitor') {
    // the pause and the guard: just before and at their ends
    const waits =
      s.quiet === 'open'
        ? [{ wait: AUTH_POLL }]
        : s.waited === 0
          ? [
              { wait: (s.quiet === 'paused' ? LISTENER_RESUME : GUARD_RELEASE) - 1 },
              { wait: s.quiet === 'paused' ? LISTENER_RESUME : GUARD_RELEASE },
            ]
          : [{ wait: 1 }];
    if (s.quiet !== 'open') return [...waits, { send: SIGN_INS[0]!.event }, { send: STORAGE.direct }];
    return [
      ...SIGN_INS.map((i) => ({ send: i.event })),
      { send: STORAGE.direct },
      { send: STORAGE.verify },
      { send: STORAGE.afterLogout },
      { send: STORAGE.afterLogoutWindow },
      { send: STORAGE.invalid },
      { send: STORAGE.expired },
      { send: STORAGE.removed },
      ...waits,
      { send: { type: 'session.revoked', token: 'tok-a' } },
      { send: { type: 'session.fruitUpdated', fruitCnt: 380 } },
      { send: { type: 'session.logout' } },
    ];
  }
  const token = s.token!;
  const others = SIGN_INS.filter((i) => i.event.token !== token).map((i) => ({ send: i.event }));
  // the poll runs beside the account; it is followed from a member whose account is there
  if (s.poll === 'reading' && s.polled) return [{ settle: 'readAuthMarks', output: POLL_READS(token)[0] }];
  if (s.polled) return s.waited > 0 ? [{ wait: 1 }] : [{ wait: AUTH_POLL - 1 }, { wait: AUTH_POLL }];
  if (s.poll === 'reading')
    return [
      ...POLL_READS(token).map((output) => ({ settle: 'readAuthMarks', output })),
      { fail: 'readAuthMarks', error: new Error('storage unavailable') },
      { send: { type: 'session.logout' } },
    ];
  if (s.waited > 0)
    return [{ wait: 1 }, { send: { type: 'session.fruitUpdated', fruitCnt: 380 } }, ...others.slice(0, 1)];
  return [
    { send: { type: 'session.logout' } },
    { send: { type: 'session.logout', automatic: true } },
    { send: { type: 'session.revoked', token } },
    { send: { type: 'session.revoked', token: 'tok-stale' } },
    { send: { type: 'session.signedIn', token, now: NOW + 5000 } },
    ...others,
    { send: { type: 'session.fruitUpdated', fruitCnt: 380 } },
    { send: { type: 'session.userUpdated', name: 'Mina' } },
    { send: { type: 'session.userUpdated', avatar: '/api/avatars/u-1.webp' } },
    { send: { type: 'session.tokenRefreshed', token: 'tok-r' } },
    { send: STORAGE.removed },
    { send: STORAGE.direct },
    { send: STORAGE.verify },
    { send: storage({ token, loginTime: NOW - 1000 }) },
    ...(s.account === 'ready' ? [{ wait: AUTH_POLL - 1 }, { wait: AUTH_POLL }] : []),
    ...(s.account === 'loading'
      ? [
          { settle: 'fetchAccount', output: fetchedUser },
          { fail: 'fetchAccount', error: new Error('offline') },
        ]
      : []),
    ...(s.account === 'refreshing'
      ? [
          { settle: 'refreshAccount', output: fetchedUser },
          { fail: 'refreshAccount', error: new Error('offline') },
        ]
      : []),
  ];
}

export const sessionSpec: SpecModel<SessionState> = {
  name: 'session',
  spec: 'requirements §4 Session (§3 session user, §7 accounts and logout calls, §8 logout failure, §9 windows)',
  initial: {
    phase: 'restoring',
    quiet: null,
    waited: 0,
    token: null,
    user: null,
    account: null,
    poll: null,
    automatic: false,
    cause: null,
    polled: false,
    lastToastAt: null,
    revoked: false,
    said: [],
    announced: [],
    toasts: [],
    started: [],
    abandoned: [],
  },
  startCalls: [{ actor: 'restoreSession', input: undefined }],
  steps,
  next,
  calls: (_before, _step, after) => after.started,
  expect: (s) => ({
    // what the header and the member pages show (session.selectors.ts)
    view: s.phase === 'member' ? 'loggedIn' : s.phase === 'visitor' ? 'loggedOut' : 'pending',
    // still restoring: a member page waits ("pending" tag)
    restoring: s.phase === 'restoring',
    loadingAccount: s.phase === 'member' && s.account === 'loading',
    loggingOut: s.phase === 'leavingSession',
    // the effects running: the restore, the storage listener, the account's read, the poll's, the logout call
    running: [
      ...(s.phase === 'restoring' ? ['restoreSession'] : []),
      ...(s.phase === 'member' && s.account === 'loading' ? ['fetchAccount'] : []),
      ...(s.phase === 'member' && s.poll === 'reading' ? ['readAuthMarks'] : []),
      ...(s.phase === 'member' && s.account === 'refreshing' ? ['refreshAccount'] : []),
      ...(s.phase === 'leavingSession' ? ['serverLogout'] : []),
      ...(s.phase === 'member' || (s.phase === 'visitor' && s.quiet !== 'paused') ? ['storageListener'] : []),
    ].sort(),
    token: s.token,
    user: s.user,
    revoked: s.revoked,
    // the storage listener runs while logged in, and while logged out once resumed
    listening: s.phase === 'member' || (s.phase === 'visitor' && s.quiet !== 'paused') ? 1 : 0,
    said: s.said,
    announced: s.announced,
    toasts: s.toasts,
  }),
  // states differ by where the session stands, not by the sample values it holds
  key: (s) =>
    json([
      ...(s.phase === 'visitor'
        ? [s.phase, s.quiet, s.waited, s.lastToastAt, s.revoked]
        : s.phase === 'member'
          ? [s.phase, s.account, s.poll, s.waited, s.user !== null, s.polled]
          : [s.phase, s.cause, s.token !== null]),
      s.abandoned,
    ]),
  label: (s) =>
    (s.phase === 'visitor'
      ? `visitor${s.quiet === 'open' ? '' : ` (${s.quiet}${s.waited ? ` +${s.waited} ms` : ''})`}`
      : s.phase === 'member'
        ? `member ${s.token} (${s.account}${s.poll === 'reading' ? ', polling' : s.waited ? `, +${s.waited} ms` : ''})`
        : s.phase === 'leavingSession'
          ? `logging out${s.automatic ? ' (automatic)' : ''}`
          : s.phase) + (s.abandoned.length ? ` (${s.abandoned.join(', ')} given up)` : ''),
  maxDepth: 5,
};

export { NOW, storedUser, fetchedUser, RESTORES, STORAGE } from './session.samples.ts';
