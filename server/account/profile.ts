// The member's profile: name, address, avatar, membership, paid orders, balance, provider, and their own
// referral link (a short link they own, /s/{id}: purchases through it credit them).
import { NAME_LIMITS, type Profile } from '../../domain/account.ts';
import { DEFAULT_AVATAR } from '../../domain/session-user.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';
import { createShareLink } from '../share/routes.ts';

export const PROFILE_MESSAGES = {
  nameRequired: 'Please enter a name.',
  nameTooLong: `Names can be at most ${NAME_LIMITS.max} characters.`,
  nameCharacters: 'Names cannot contain control characters or line breaks.',
  saved: 'Your profile has been updated',
} as const;

// C0 and C1 controls, line and paragraph separators, bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex
const NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A display name as stored (trimmed, inner spaces kept as typed), or the 400 that says what is wrong. */
export function cleanName(raw: string): string {
  const name = raw.trim();
  if (NAME_CONTROLS.test(name)) throw new ApiError(400, PROFILE_MESSAGES.nameCharacters, { field: 'name' });
  const length = [...name].length;
  if (length < NAME_LIMITS.min) throw new ApiError(400, PROFILE_MESSAGES.nameRequired, { field: 'name' });
  if (length > NAME_LIMITS.max) throw new ApiError(400, PROFILE_MESSAGES.nameTooLong, { field: 'name' });
  return name;
}

interface ProfileRow {
  id: string;
  name: string;
  email: string | null;
  avatar_url: string | null;
  created_at: Date;
  fruit_cnt: number;
  provider: Profile['provider'];
  purchases: number;
}

/**
 * The member's referral link: the oldest share link they own (POST /api/share makes one per prompt), else
 * a new one to the most popular prompt (the trending order: views + 25 * sales, then id). Null only when
 * the catalog is empty.
 */
export async function referralLinkId(q: Queryable, userId: string): Promise<string | null> {
  const own = await q.maybeOne<{ id: string }>(
    `SELECT id FROM short_links WHERE owner_id = $1 AND NOT partner ORDER BY created_at, id LIMIT 1`,
    [userId],
  );
  if (own !== null) return own.id;
  const popular = await q.maybeOne<{ id: number }>(
    'SELECT id FROM prompts ORDER BY views + 25 * sales DESC, id LIMIT 1',
  );
  if (popular === null) return null;
  return createShareLink(q, popular.id, userId);
}

export async function readProfile(q: Queryable, userId: string, publicOrigin: string): Promise<Profile> {
  const row = await q.one<ProfileRow>(
    `SELECT u.id, u.name, u.email, u.avatar_url, u.created_at, u.fruit_cnt, u.provider,
            (SELECT count(*)::integer FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') AS purchases
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  const link = await referralLinkId(q, userId);
  return {
    memberId: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url ?? DEFAULT_AVATAR,
    memberSince: new Date(row.created_at).toISOString(),
    purchases: row.purchases,
    fruitCnt: row.fruit_cnt,
    provider: row.provider,
    referralUrl: link === null ? `${publicOrigin}/` : `${publicOrigin}/s/${link}`,
  };
}

export async function saveName(q: Queryable, userId: string, name: string): Promise<void> {
  await q.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [userId, name]);
}
