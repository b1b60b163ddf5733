// One-time secrets (table one_time_tokens): email verification links, OAuth states and the development
// identity provider's authorization codes. The secret goes to the person (mail, redirect); only its
// SHA-256 is stored, so a copy of the database does not hold usable links.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'auth_code' | 'oauth_state';

/** 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export interface OneTimeToken<D = Record<string, unknown>> {
  tokenHash: string;
  purpose: TokenPurpose;
  userId: string | null;
  email: string | null;
  data: D;
  expiresAt: Date;
  usedAt: Date | null;
  /** Expired at the time of the reading (the database's clock). */
  expired: boolean;
}

interface TokenRow {
  token_hash: string;
  purpose: TokenPurpose;
  user_id: string | null;
  email: string | null;
  data: unknown;
  expires_at: Date;
  used_at: Date | null;
  expired: boolean;
}

const toToken = <D>(row: TokenRow): OneTimeToken<D> => ({
  tokenHash: row.token_hash,
  purpose: row.purpose,
  userId: row.user_id,
  email: row.email,
  data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as D,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  expired: row.expired,
});

/** Stores a new one-time token and returns its secret (a new one, or the fresh random one given). */
export async function createOneTimeToken(
  q: Queryable,
  options: {
    /** Made by the caller (newSecret's kind of value): an OAuth state its flow's cookie already holds. */
    secret?: string;
    purpose: TokenPurpose;
    ttlSeconds: number;
    userId?: string | null;
    email?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<string> {
  const secret = options.secret ?? newSecret();
  await q.query(
    `INSERT INTO one_time_tokens (token_hash, purpose, user_id, email, data, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6))`,
    [
      hashSecret(secret),
      options.purpose,
      options.userId ?? null,
      options.email ?? null,
      JSON.stringify(options.data ?? {}),
      options.ttlSeconds,
    ],
  );
  return secret;
}

/** The token of a secret (any state), or null when there is none for this purpose. */
export async function findOneTimeToken<D = Record<string, unknown>>(
  q: Queryable,
  purpose: TokenPurpose,
  secret: string,
  { forUpdate = false } = {},
): Promise<OneTimeToken<D> | null> {
  const row = await q.maybeOne<TokenRow>(
    `SELECT token_hash, purpose, user_id, email, data, expires_at, used_at, expires_at <= now() AS expired
     FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [hashSecret(secret), purpose],
  );
  return row === null ? null : toToken<D>(row);
}

export type Consumed<D> =
  | { status: 'ok'; token: OneTimeToken<D> }
  | { status: 'used' | 'expired'; token: OneTimeToken<D> }
  | { status: 'unknown' };

/**
 * Uses a token up: marks it used if it is unused and unexpired. Call inside a transaction; a token is
 * used once even when two requests race (the row is locked).
 */
export async function consumeOneTimeToken<D = Record<string, unknown>>(
  q: Queryable,
  purpose: TokenPurpose,
  secret: string,
): Promise<Consumed<D>> {
  const token = await findOneTimeToken<D>(q, purpose, secret, { forUpdate: true });
  if (token === null) return { status: 'unknown' };
  if (token.usedAt !== null) return { status: 'used', token };
  if (token.expired) return { status: 'expired', token };
  await q.query('UPDATE one_time_tokens SET used_at = now() WHERE token_hash = $1', [token.tokenHash]);
  return { status: 'ok', token };
}
