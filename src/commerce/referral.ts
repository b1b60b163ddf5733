// What a purchase reads from the browser, for the logic that provides the buying machines
// (checkout-logic.ts, topup-logic.ts): a request id, and the share link that referred the visitor.
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';

/** How long a share link's referral counts for a purchase. */
export const REFERRAL_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The share link a visitor arrived by (stored by the share landing, requirements §C5): its short id,
 * sent with a checkout so its owner is credited; null when there is none or it is too old.
 */
export function readReferral(now: number = Date.now()): string | null {
  const raw = safeStorage('local').get(LOCAL_KEYS.referral);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { shortUrlId?: unknown; at?: unknown };
    if (typeof stored.shortUrlId !== 'string' || !stored.shortUrlId) return null;
    if (typeof stored.at === 'number' && now - stored.at > REFERRAL_MAX_AGE_MS) return null;
    return stored.shortUrlId;
  } catch {
    return null;
  }
}

/** One checkout attempt's id (docs/decisions/004-commerce.md: a retry with it is the same checkout). */
export function newRequestId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
