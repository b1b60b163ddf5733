// requirements §3: every browser storage key and cookie the product uses, named once.
export const LOCAL_KEYS = {
  token: 'token',
  rememberEmail: 'remember_email',
  lastLoginTime: 'last_login_time',
  lastLogoutTime: 'last_logout_time',
  user: 'user',
  authState: 'auth_state',
  lastLogin: 'last_login',
  /** Ours (not requirements §3): who shared the link a visitor arrived by, to credit a later purchase. */
  referral: 'referral',
} as const;

export const SESSION_KEYS = {
  authRedirectUrl: 'auth_redirect_url',
  token: 'token',
  authState: 'auth_state',
} as const;

export const LOGOUT_COOKIES = ['token', 'refresh_token', 'user_session'] as const;

/** Storage that never throws (private mode, quota, disabled storage). */
export function safeStorage(kind: 'local' | 'session') {
  const store = (): Storage | null => {
    try {
      return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store()?.setItem(key, value);
      } catch {
        /* storage unavailable: the session still works in memory */
      }
    },
    remove(key: string): void {
      try {
        store()?.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    },
  };
}
