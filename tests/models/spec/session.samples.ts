// The session model's samples (session.ts): SPEC's timings and texts, the users, the restores, the
// sign-ins, another tab's storage events and the poll's reads, written out on purpose.
import type { SessionUser } from '../../../domain/session-user.ts';

// requirements §9 and §4 windows
export const AUTH_POLL = 5000;
export const LISTENER_RESUME = 500;
export const GUARD_RELEASE = 1500;
export const LOGIN_TOAST_SUPPRESSION = 300_000;
export const RECENT_LOGIN = 60_000;
export const RECENT_LOGOUT_FOR_ADOPT = 3000;
export const RECENT_LOGOUT_FOR_POLL = 5000;

// requirements §4 toasts, and the one of a session the server ended (issue 15)
export const LOGGED_IN = 'success: You have successfully logged in';
export const LOGGED_OUT = 'success: You have been successfully logged out';
export const SESSION_ENDED = 'error: Your session has ended. Please log in again.';

/** The time of the sign-ins below (ms). */
export const NOW = 1_000_000;

/** The user stored with the session restored at start. */
export const storedUser: SessionUser = {
  memberId: 'u-1',
  name: 'Demo Shopper',
  avatar: '/a.webp',
  fruitCnt: 420,
};
/** The account as GET /api/social/accounts answers it. */
export const fetchedUser: SessionUser = {
  memberId: 'u-1',
  name: 'Demo Shopper',
  avatar: '/a.webp',
  fruitCnt: 55,
};
/** The user another tab signed in and stored. */
export const otherTabUser: SessionUser = { memberId: 'u-3', name: 'Cleo', avatar: '/c.webp', fruitCnt: 3 };
/** requirements §7: the temporary user when the account cannot be read. */
export const TEMP_USER: SessionUser = {
  memberId: 'temp-user',
  name: 'User',
  avatar: '/default-avatar.svg',
  fruitCnt: 0,
};

/** A login toast 299999 ms before the first sign-in below. */
export const JUST_BEFORE = NOW - LOGIN_TOAST_SUPPRESSION + 1;

/** What the start-up read of storage finds (requirements §4: token valid, invalid, expired or none). */
export const RESTORES = {
  // the last login toast 299999 ms before the first sign-in: it shows none (nor does any after a
  // restore that remembers a toast that recent)
  none: { status: 'none', lastLoginToastAt: JUST_BEFORE },
  invalid: { status: 'invalid', lastLoginToastAt: NOW - 1 },
  expired: { status: 'expired', token: 'tok-old', lastLoginToastAt: JUST_BEFORE },
  member: {
    status: 'valid',
    token: 'tok-a',
    user: storedUser,
    socialLogin: false,
    lastLoginToastAt: JUST_BEFORE,
  },
  // back from a social login: the user is loaded afresh
  social: { status: 'valid', token: 'tok-a', user: null, socialLogin: true, lastLoginToastAt: JUST_BEFORE },
} as const;

/** The sign-ins a login hands over: with the login response's user data, or with none. */
export const SIGN_INS = [
  {
    event: {
      type: 'session.signedIn',
      token: 'tok-b',
      userData: {
        userId: 'u-2',
        providerUsername: 'Ann',
        email: 'ann@example.com',
        avatarUrl: '/ann.webp',
        fruitCnt: 7,
      },
      now: NOW,
    },
    // requirements §3: memberId from userId, name from providerUsername, avatar from avatarUrl
    user: { memberId: 'u-2', name: 'Ann', avatar: '/ann.webp', fruitCnt: 7 } as SessionUser,
  },
  // exactly 300000 ms after the first: its toast shows again
  { event: { type: 'session.signedIn', token: 'tok-c', now: NOW + LOGIN_TOAST_SUPPRESSION }, user: null },
] as const;

export interface Marks {
  token: string | null;
  loginTime: number | null;
  logoutTime: number | null;
  now: number;
}
export type StorageMarks = Marks & {
  tokenState: 'none' | 'valid' | 'invalid' | 'expired';
  storedUser: SessionUser | null;
};

export const storage = (over: Partial<StorageMarks>): { type: 'storage.token'; marks: StorageMarks } => ({
  type: 'storage.token',
  marks: {
    token: 'tok-d',
    loginTime: null,
    logoutTime: null,
    now: NOW,
    tokenState: 'valid',
    storedUser: otherTabUser,
    ...over,
  },
});

/** Another tab's token in storage (requirements §4 cross-tab sync). */
export const STORAGE = {
  // logged in there 59999 ms ago: accepted directly, with the user it stored
  direct: storage({ loginTime: NOW - RECENT_LOGIN + 1 }),
  // logged in there 60000 ms ago: the account is read
  verify: storage({ token: 'tok-e', loginTime: NOW - RECENT_LOGIN }),
  // requirements §4 "unless a logout happened less than 3 s earlier", on both sides of its edge:
  // a logout 2999 ms ago, the last instant inside the window: ignored
  afterLogout: storage({ loginTime: NOW - 1000, logoutTime: NOW - RECENT_LOGOUT_FOR_ADOPT + 1 }),
  // a logout 3000 ms ago, no longer less than 3 s, the first instant outside: adopted, and as the
  // login there was 1000 ms ago, directly with the user it stored (its own token, so that its step
  // is told apart from the one above by name)
  afterLogoutWindow: storage({
    token: 'tok-h',
    loginTime: NOW - 1000,
    logoutTime: NOW - RECENT_LOGOUT_FOR_ADOPT,
  }),
  // not a token (requirements §5), though logged in there just now: ignored
  invalid: storage({ token: 'tok-f', tokenState: 'invalid', loginTime: NOW - 1000 }),
  // an expired token: ignored
  expired: storage({ token: 'tok-g', tokenState: 'expired' }),
  removed: storage({ token: null, tokenState: 'none', storedUser: null }),
};

/** What the poll reads (token, login time, logout time), by what it should lead to. */
export const POLL_READS = (token: string): Marks[] => [
  // in step
  { token, loginTime: NOW - 90_000, logoutTime: null, now: NOW },
  // a logout 4999 ms ago is still settling: kept
  { token, loginTime: NOW - 90_000, logoutTime: NOW - RECENT_LOGOUT_FOR_POLL + 1, now: NOW },
  // a logout 5000 ms ago, newer than the login: logged out silently
  { token, loginTime: NOW - 90_000, logoutTime: NOW - RECENT_LOGOUT_FOR_POLL, now: NOW },
  // another tab signed in with another account
  { token: 'tok-z', loginTime: NOW - 1000, logoutTime: null, now: NOW },
];
