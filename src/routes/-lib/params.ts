import { notFound } from '@tanstack/react-router';

/** `/detail_{id}.html`: the legacy numeric id. `/detail_.html` matches too, with an empty id. */
export function parseLegacyDetailParams(raw: { id: string }): { id: string } {
  if (!/^\d{1,15}$/.test(raw.id)) throw notFound();
  return { id: raw.id };
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const ORDER_ID = `(?:${UUID}|\\d{1,15}|[A-Za-z0-9_]{1,64})`;
const ORDER_ID_ONLY = new RegExp(`^${ORDER_ID}$`);
// A UUID order id is tried first so its own hyphens are not taken for the separator.
const PAID_IDS = new RegExp(`^(${ORDER_ID})-([A-Za-z0-9_-]{1,255})$`);

/** `/paiddetail-{orderId}-{sessionId}.html`: one path param holds both ids. */
export function parsePaidDetailParams(raw: { ids: string }): {
  ids: string;
  orderId: string;
  sessionId: string;
} {
  const match = PAID_IDS.exec(raw.ids);
  if (!match?.[1] || !match[2]) throw notFound();
  return { ids: raw.ids, orderId: match[1], sessionId: match[2] };
}

export function parseOrderIdParams<K extends string>(key: K, raw: Record<K, string>): Record<K, string> {
  if (!ORDER_ID_ONLY.test(raw[key])) throw notFound();
  return raw;
}

/** Verification tokens are URL-safe (JWT-like or random); anything else cannot be ours. */
export function parseTokenParams(raw: { token: string }): { token: string } {
  if (!/^[A-Za-z0-9._~-]{8,2048}$/.test(raw.token)) throw notFound();
  return { token: raw.token };
}
