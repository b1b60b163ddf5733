// Account settings: notification preferences, the password (changing it signs out every other session),
// signing out everywhere, and deleting the account (its data goes; its orders stay, anonymised).
import type { AccountSettings, NotificationPrefs } from '../../domain/account.ts';
import type { Queryable } from '../db/index.ts';

export const SETTINGS_MESSAGES = {
  saved: 'Your notification settings have been saved',
  noPassword:
    'This account has no password: it signs in with Google or as a guest, so there is no password to change.',
  currentRequired: 'Please enter your current password.',
  currentWrong: 'Current password is incorrect',
  newRequired: 'Please enter a new password.',
  samePassword: 'Your new password must be different from your current one.',
  changed: 'Your password has been changed. Other devices have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  confirmDelete: 'To delete your account, type DELETE in capital letters.',
  deleted: 'Your account has been deleted',
} as const;

interface SettingsRow {
  notify_order_updates: boolean;
  notify_support_replies: boolean;
  notify_promotions: boolean;
  has_password: boolean;
  provider: AccountSettings['provider'];
}

const SETTINGS_COLUMNS =
  'notify_order_updates, notify_support_replies, notify_promotions, password_hash IS NOT NULL AS has_password, provider';

const toSettings = (row: SettingsRow): AccountSettings => ({
  notifications: {
    orderUpdates: row.notify_order_updates,
    supportReplies: row.notify_support_replies,
    promotions: row.notify_promotions,
  },
  hasPassword: row.has_password,
  provider: row.provider,
});

export async function readSettings(q: Queryable, userId: string): Promise<AccountSettings> {
  return toSettings(
    await q.one<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM users WHERE id = $1`, [userId]),
  );
}

/** Changes the preferences given; the others keep their value. */
export async function saveNotifications(
  q: Queryable,
  userId: string,
  prefs: Partial<NotificationPrefs>,
): Promise<AccountSettings> {
  const row = await q.one<SettingsRow>(
    `UPDATE users SET
       notify_order_updates = coalesce($2, notify_order_updates),
       notify_support_replies = coalesce($3, notify_support_replies),
       notify_promotions = coalesce($4, notify_promotions),
       updated_at = now()
     WHERE id = $1 RETURNING ${SETTINGS_COLUMNS}`,
    [userId, prefs.orderUpdates ?? null, prefs.supportReplies ?? null, prefs.promotions ?? null],
  );
  return toSettings(row);
}

/** Stores the new hash and bumps the token version (every token so far stops working); the new version. */
export async function setPassword(
  q: Queryable,
  userId: string,
  passwordHash: string,
): Promise<{ tokenVersion: number; name: string }> {
  const row = await q.one<{ token_version: number; name: string }>(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
     WHERE id = $1 RETURNING token_version, name`,
    [userId, passwordHash],
  );
  return { tokenVersion: row.token_version, name: row.name };
}

export async function signOutEverywhere(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1', [
    userId,
  ]);
}

/**
 * Deletes the account in the transaction of `q`. Its pending orders are cancelled first (with their open
 * payment sessions), so nothing can be paid for a person who is gone; then the user row goes, and with it
 * (ON DELETE CASCADE) messages, favourites, views, cart, coupons, access, the FruitCoin ledger, tokens and
 * the avatar. Orders stay with user_id null; support requests and share links lose their link to the person.
 */
export async function deleteAccount(q: Queryable, userId: string): Promise<boolean> {
  const user = await q.maybeOne('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (user === null) return false;
  const pending = await q.query<{ id: number }>(
    `UPDATE orders SET status = 'cancelled', cancelled_at = now(), updated_at = now()
     WHERE user_id = $1 AND status = 'pending' RETURNING id`,
    [userId],
  );
  if (pending.length > 0) {
    await q.query(
      `UPDATE payment_sessions SET status = 'cancelled', cancelled_at = now()
       WHERE order_id = ANY($1::integer[]) AND status = 'open'`,
      [pending.map((o) => o.id)],
    );
  }
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
  return true;
}
