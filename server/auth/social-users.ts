// Finds or creates the account of a provider identity (Google, or the development identity provider
// standing in for it).
import { addWelcomeMessage } from '../messages/write.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';
import { ACCOUNT_COLUMNS, cleanName, findAccountByEmail, type AccountRow } from './accounts.ts';
import type { ProviderIdentity } from './google.ts';

export const UNVERIFIED_PROVIDER_EMAIL =
  'Your Google account has no verified email address. Please verify it with Google or use another account.';

/**
 * The account of this identity, in this order: the one already linked to the provider's subject; the one
 * with the same (verified by the provider) address, which is then linked; a new account. Linking an
 * account whose address was never verified drops its password and revokes its tokens: whoever registered
 * it without proving the address must not keep a way in (account pre-hijacking).
 */
export async function findOrCreateSocialUser(q: Queryable, identity: ProviderIdentity): Promise<AccountRow> {
  const linked = await q.maybeOne<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE provider = 'google' AND provider_subject = $1 FOR UPDATE`,
    [identity.subject],
  );
  if (linked !== null) {
    if (linked.email_verified_at !== null) return linked;
    return q.one<AccountRow>(
      `UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [linked.id],
    );
  }
  if (!identity.emailVerified) throw new ApiError(403, UNVERIFIED_PROVIDER_EMAIL);

  const email = identity.email.trim();
  const existing = await findAccountByEmail(q, email, { forUpdate: true });
  if (existing !== null) {
    const wasVerified = existing.email_verified_at !== null;
    return q.one<AccountRow>(
      `UPDATE users SET
         email_verified_at = coalesce(email_verified_at, now()),
         password_hash = CASE WHEN $2 THEN password_hash ELSE NULL END,
         token_version = CASE WHEN $2 THEN token_version ELSE token_version + 1 END,
         provider_subject = CASE WHEN provider = 'google' THEN $3 ELSE provider_subject END,
         avatar_url = coalesce(avatar_url, $4),
         updated_at = now()
       WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [existing.id, wasVerified, identity.subject, identity.picture],
    );
  }
  const created = await q.one<AccountRow>(
    `INSERT INTO users (email, name, avatar_url, provider, provider_subject, email_verified_at)
     VALUES ($1, $2, $3, 'google', $4, now()) RETURNING ${ACCOUNT_COLUMNS}`,
    [email, cleanName(identity.name, email), identity.picture, identity.subject],
  );
  await addWelcomeMessage(q, created.id);
  return created;
}
