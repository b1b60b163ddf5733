// requirements §3 session user and the answers of the sign-in calls (§7).

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** The user data of the login response and of the popup's success message. */
export interface UserData {
  userId?: string | number;
  id?: string | number;
  providerUsername?: string | null;
  name?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  avatar?: string | null;
  fruitCnt?: unknown;
}

export interface SessionUser {
  memberId: string;
  name: string;
  avatar: string;
  fruitCnt: number;
}

/** requirements §3: memberId from userId or id; name from providerUsername, name, email, else "User". */
export function toSessionUser(data: UserData): SessionUser {
  const memberId = data.userId ?? data.id;
  const fruit = typeof data.fruitCnt === 'number' ? data.fruitCnt : Number.NaN;
  return {
    memberId: memberId === undefined || memberId === null ? '' : String(memberId),
    name: data.providerUsername || data.name || data.email || 'User',
    avatar: data.avatarUrl || data.avatar || DEFAULT_AVATAR,
    fruitCnt: Number.isFinite(fruit) ? fruit : 0,
  };
}

/** What a successful sign-in hands to the session: the token and the user data. */
export interface SignedIn {
  token: string;
  userData: UserData;
}

/** The answer of a sign-in call, as the effects normalise it: success, or the server's message. */
export type SignInResult =
  { ok: true; token: string; userData: UserData } | { ok: false; msg: string; unverifiedEmail?: string };

/** An effect's failure before any answer: the password could not be encrypted. */
export const ENCRYPT_FAILED = 'Failed to encrypt password';
