// The user data of the sign-in answers (requirements §3 Login response): userId, providerUsername, email,
// avatarUrl, fruitCnt; and the token that goes with it.
import type { Queryable } from '../db/index.ts';
import type { UserRow } from './plugin.ts';
import { signToken } from './tokens.ts';

/** A users row as the sign-in reads it: the token check's columns, the provider's subject and the password. */
export interface AccountRow extends UserRow {
  provider_subject: string | null;
  password_hash: string | null;
}

export const ACCOUNT_COLUMNS =
  'id, email, name, avatar_url, fruit_cnt, provider, provider_subject, email_verified_at, token_version, password_hash';

export interface AccountData {
  userId: string;
  providerUsername: string;
  email: string | null;
  avatarUrl: string | null;
  fruitCnt: number;
}

export const accountData = (user: {
  id: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  fruitCnt: number;
}): AccountData => ({
  userId: user.id,
  providerUsername: user.name,
  email: user.email,
  avatarUrl: user.avatarUrl,
  fruitCnt: user.fruitCnt,
});

export const accountDataOfRow = (row: AccountRow): AccountData =>
  accountData({
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    fruitCnt: row.fruit_cnt,
  });

/** The `extend` of a successful sign-in: a new token and the user's data. */
export async function signedIn(
  row: AccountRow,
  jwtSecret: string | null,
): Promise<{ token: string; data: AccountData }> {
  const token = await signToken({ id: row.id, name: row.name, tokenVersion: row.token_version }, jwtSecret);
  return { token, data: accountDataOfRow(row) };
}

export const findAccountByEmail = (q: Queryable, email: string, { forUpdate = false } = {}) =>
  q.maybeOne<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE lower(email) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );

/** A display name from an address: its local part, at most 100 characters. */
export const nameFromEmail = (email: string): string => {
  const local = email.split('@')[0]?.trim() ?? '';
  return (local || 'User').slice(0, 100);
};

/** A provider's display name, trimmed to what the users table takes, else the address's local part. */
export const cleanName = (name: string | null | undefined, email: string): string => {
  const trimmed = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return trimmed || nameFromEmail(email);
};
