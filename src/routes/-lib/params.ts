import { notFound } from '@tanstack/react-router';
import { PARAM_PATTERNS } from '../../../domain/route-params.ts';

// The patterns are the route table's (domain/pages.ts), so the server's 404 agrees.

/** `/detail_{id}.html`: the legacy numeric id. `/detail_.html` matches too, with an empty id. */
export function parseLegacyDetailParams(raw: { id: string }): { id: string } {
  if (!PARAM_PATTERNS.legacyId.test(raw.id)) throw notFound();
  return { id: raw.id };
}

/** `/paiddetail-{orderId}-{sessionId}.html`: one path param holds both ids. */
export function parsePaidDetailParams(raw: { ids: string }): {
  ids: string;
  orderId: string;
  sessionId: string;
} {
  const match = PARAM_PATTERNS.paidIds.exec(raw.ids);
  if (!match?.[1] || !match[2]) throw notFound();
  return { ids: raw.ids, orderId: match[1], sessionId: match[2] };
}

export function parseOrderIdParams<K extends string>(key: K, raw: Record<K, string>): Record<K, string> {
  if (!PARAM_PATTERNS.orderId.test(raw[key])) throw notFound();
  return raw;
}

export function parseTokenParams(raw: { token: string }): { token: string } {
  if (!PARAM_PATTERNS.token.test(raw.token)) throw notFound();
  return { token: raw.token };
}
