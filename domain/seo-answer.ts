// requirements §7 /api/seo/metadata's answer as the client reads it: camelCase or snake_case fields. Its own
// module: only the catalog's calls (loaded with the first of them) and the server's renderer read it.
import type { SeoMeta } from './seo.ts';

/** The fields of requirements §3's SEO metadata, as the API names them (the server builds them in this order). */
export const SEO_FIELDS: readonly (keyof SeoMeta)[] = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'ogTitle',
  'ogDescription',
  'ogImage',
  'twitterCard',
  'schemaJson',
  'canonicalUrl',
];

const snake = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The answer's fields, camelCase or snake_case; null when it carries no title at all. */
export function normaliseSeo(raw: unknown): SeoMeta | null {
  if (!raw || typeof raw !== 'object') return null;
  const source = raw as Record<string, unknown>;
  const out = {} as SeoMeta;
  for (const field of SEO_FIELDS) {
    const value = source[field] ?? source[snake(field)];
    out[field] =
      typeof value === 'string' ? value : value && typeof value === 'object' ? JSON.stringify(value) : '';
  }
  return out.metaTitle ? out : null;
}
