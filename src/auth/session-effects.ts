// The browser side of the session machine (requirements §3, §4): storage keys, cookies, window events,
// the storage listener, and the account and logout calls.
import { fromCallback, fromPromise } from 'xstate';
import type { AuthMarks } from '../../domain/session-rules.ts';
import { DEFAULT_AVATAR, toSessionUser, type SessionUser, type UserData } from '../../domain/session-user.ts';
import type { Restored, SessionEvent, StorageMarks } from '../../machines/auth/session.ts';
import type { ApiClient } from '../platform/api.ts';
import { LOCAL_KEYS, LOGOUT_COOKIES, SESSION_KEYS, safeStorage } from '../platform/storage-keys.ts';
import type { TokenState } from './token.ts';

/**
 * jwt-decode comes with the first stored token, not with a visitor's first page (a first visit has
 * no token; docs/decisions/006-lazy-page-machines.md): every reader of a token here is async already.
 */
let tokenModule: Promise<{ inspectToken: (token: string) => TokenState }> | null = null;
const inspectToken = async (token: string | null | undefined): Promise<TokenState> => {
  if (!token) return { state: 'none' };
  tokenModule ??= import('./token.ts');
  return (await tokenModule).inspectToken(token);
};

const local = safeStorage('local');
const session = safeStorage('session');

const numberOf = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

function storedUser(): SessionUser | null {
  const raw = local.get(LOCAL_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    return typeof parsed.memberId === 'string' && typeof parsed.name === 'string'
      ? {
          memberId: parsed.memberId,
          name: parsed.name,
          avatar: parsed.avatar || DEFAULT_AVATAR,
          fruitCnt: Number(parsed.fruitCnt) || 0,
        }
      : null;
  } catch {
    return null;
  }
}

export function readAuthMarks(now = Date.now()): AuthMarks {
  return {
    token: local.get(LOCAL_KEYS.token),
    loginTime: numberOf(local.get(LOCAL_KEYS.lastLoginTime)),
    logoutTime: numberOf(local.get(LOCAL_KEYS.lastLogoutTime)),
    now,
  };
}

/** Read when the change happened; the token's check may wait for its module, so it is a promise. */
function readStorageMarks(): Promise<StorageMarks> {
  const marks = readAuthMarks();
  const user = storedUser();
  return inspectToken(marks.token).then(({ state }) => ({ ...marks, tokenState: state, storedUser: user }));
}

/** requirements §7: the user when the accounts call fails, from the token's claims, else the temporary user. */
export async function fallbackUser(token: string): Promise<SessionUser> {
  const t = await inspectToken(token);
  if (t.state === 'valid' || t.state === 'expired') {
    return {
      memberId: t.claims.sub,
      name: t.claims.preferred_username || t.claims.sub.slice(0, 8),
      avatar: DEFAULT_AVATAR,
      fruitCnt: 0,
    };
  }
  return { memberId: 'temp-user', name: 'User', avatar: DEFAULT_AVATAR, fruitCnt: 0 };
}

function clearCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of LOGOUT_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}

/** GET /api/social/accounts with `token`: the user it answers, or null when it answers none. */
async function readAccount(api: ApiClient, token: string): Promise<SessionUser | null> {
  const state = await inspectToken(token);
  const userId = state.state === 'valid' ? state.claims.sub : undefined;
  const { body } = await api.raw<Record<string, unknown>>('get', '/api/social/accounts', {
    searchParams: { userId },
    token,
  });
  if (!body.success) return null;
  const extend = body.extend as { data?: UserData } | UserData[];
  const data =
    (!Array.isArray(extend) && extend.data) ||
    (Array.isArray(extend) ? extend[0] : undefined) ||
    (body as unknown as { data?: UserData }).data;
  return data ? toSessionUser(data) : null;
}

/** requirements §4: the token restored at start, local storage's, else session storage's. */
export const storedToken = (): string | null =>
  local.get(LOCAL_KEYS.token) ?? session.get(SESSION_KEYS.token);

export function createSessionEffects(api: ApiClient) {
  return {
    actors: {
      restoreSession: fromPromise<Restored>(async () => {
        const token = storedToken();
        const lastLoginToastAt = numberOf(local.get(LOCAL_KEYS.lastLogin));
        const socialLogin = new URLSearchParams(location.search).get('social_login') === 'success';
        const state = await inspectToken(token);
        if (state.state === 'none') return { status: 'none', lastLoginToastAt };
        if (state.state === 'invalid') return { status: 'invalid', lastLoginToastAt };
        if (state.state === 'expired') return { status: 'expired', token: token!, lastLoginToastAt };
        // after a social login the user is loaded afresh
        return {
          status: 'valid',
          token: token!,
          user: socialLogin ? null : storedUser(),
          socialLogin,
          lastLoginToastAt,
        };
      }),

      fetchAccount: fromPromise<SessionUser, { token: string }>(async ({ input }) => {
        try {
          return (await readAccount(api, input.token)) ?? fallbackUser(input.token);
        } catch {
          return fallbackUser(input.token);
        }
      }),

      // the stored user stays when this fails, so there is no fallback here
      refreshAccount: fromPromise<SessionUser, { token: string }>(async ({ input }) => {
        const user = await readAccount(api, input.token);
        if (!user) throw new Error('The account was not answered');
        return user;
      }),

      serverLogout: fromPromise<void, { token: string; memberId: string }>(async ({ input }) => {
        try {
          await api.raw('post', '/api/social/logout', {
            searchParams: { userId: input.memberId },
            token: input.token,
            json: {},
          });
        } catch {
          /* requirements §8: a failed logout request is ignored; the local logout continues */
        }
      }),

      readAuthMarks: fromPromise<AuthMarks>(async () => readAuthMarks()),

      storageListener: fromCallback<SessionEvent>(({ sendBack }) => {
        // a restore that settles after its page is gone (a test's document torn down) listens to nothing
        if (typeof window === 'undefined') return;
        let reported = Promise.resolve();
        let listening = true;
        const onStorage = (event: StorageEvent) => {
          if (event.storageArea !== localStorage) return;
          if (event.key !== null && event.key !== LOCAL_KEYS.token) return;
          // read now, reported in the order the changes came, even while the token module loads
          const marks = readStorageMarks();
          reported = reported
            .then(() => marks)
            .then((m) => {
              if (listening) sendBack({ type: 'storage.token', marks: m });
            });
        };
        window.addEventListener('storage', onStorage);
        return () => {
          listening = false;
          window.removeEventListener('storage', onStorage);
        };
      }),
    },
    actions: {
      persistSignIn: (_: unknown, params: { token: string; user: SessionUser | null }) => {
        local.set(LOCAL_KEYS.token, params.token);
        session.set(SESSION_KEYS.token, params.token);
        if (params.user) local.set(LOCAL_KEYS.user, JSON.stringify(params.user));
        local.set(LOCAL_KEYS.lastLoginTime, String(Date.now()));
        local.set(LOCAL_KEYS.authState, 'logged_in');
        local.remove(LOCAL_KEYS.lastLogoutTime);
      },
      persistUser: (_: unknown, params: { user: SessionUser }) =>
        local.set(LOCAL_KEYS.user, JSON.stringify(params.user)),
      clearSession: () => {
        local.remove(LOCAL_KEYS.token);
        local.remove(LOCAL_KEYS.user);
        local.remove(LOCAL_KEYS.authState);
        session.remove(SESSION_KEYS.token);
        session.remove(SESSION_KEYS.authState);
        clearCookies();
        local.set(LOCAL_KEYS.lastLogoutTime, String(Date.now()));
      },
      announceLogin: () => {
        window.dispatchEvent(new CustomEvent('login-success'));
      },
      announceLogout: () => {
        window.dispatchEvent(new CustomEvent('user-logout'));
      },
      rememberLoginToast: (_: unknown, params: { at: number }) =>
        local.set(LOCAL_KEYS.lastLogin, String(params.at)),
      cleanSocialLoginParam: () => {
        const url = new URL(location.href);
        if (!url.searchParams.has('social_login')) return;
        url.searchParams.delete('social_login');
        history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
      },
    },
  };
}
