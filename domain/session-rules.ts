// requirements §4 Session and §9 windows: the pure decisions the session machine takes.

export const SESSION_WINDOWS = {
  /** A token appearing in storage is ignored if a logout happened less than this ago. */
  recentLogoutForAdopt: 3000,
  /** The poll ignores a logout this recent (the tab that logged out is still settling). */
  recentLogoutForPoll: 5000,
  /** A login this recent makes a token from another tab acceptable directly; a logout newer
   *  than the login and at most this old logs the poll out silently. */
  recentLogin: 60_000,
  /** "You have successfully logged in" at most once per this. */
  loginToastSuppression: 300_000,
} as const;

/** What the browser adapter reads from storage for the session, with the time it read it. */
export interface AuthMarks {
  token: string | null;
  loginTime: number | null;
  logoutTime: number | null;
  now: number;
}

export const isRecent = (time: number | null, now: number, window: number): boolean =>
  time !== null && now - time >= 0 && now - time < window;

/** Cross-tab: a new token seen in storage while this tab is logged out or on another token. */
export function adoptDecision(marks: AuthMarks): 'ignore' | 'acceptDirectly' | 'verify' {
  if (!marks.token) return 'ignore';
  if (isRecent(marks.logoutTime, marks.now, SESSION_WINDOWS.recentLogoutForAdopt)) return 'ignore';
  if (isRecent(marks.loginTime, marks.now, SESSION_WINDOWS.recentLogin)) return 'acceptDirectly';
  return 'verify';
}

/** The 5 s poll, while logged in with `current`. */
export function pollDecision(marks: AuthMarks, current: string): 'keep' | 'logoutSilently' | 'adopt' {
  if (marks.logoutTime !== null && isRecent(marks.logoutTime, marks.now, SESSION_WINDOWS.recentLogoutForPoll))
    return 'keep';
  if (
    marks.logoutTime !== null &&
    isRecent(marks.logoutTime, marks.now, SESSION_WINDOWS.recentLogin) &&
    (marks.loginTime === null || marks.logoutTime > marks.loginTime)
  )
    return 'logoutSilently';
  if (!marks.token) return 'logoutSilently';
  if (marks.token !== current) return 'adopt';
  return 'keep';
}

export const shouldToastLogin = (lastToastAt: number | null, now: number): boolean =>
  lastToastAt === null || now - lastToastAt >= SESSION_WINDOWS.loginToastSuppression || now < lastToastAt;

/**
 * What a person is told when the server has ended the session (signed out everywhere, a password
 * changed or the account deleted on another device): the toast, and the message of any refused call.
 */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
