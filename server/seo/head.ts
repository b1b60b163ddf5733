// Writes page metadata into the <head> of the SPA shell (dist/index.html): title, description, keywords,
// robots, canonical link, Open Graph and Twitter tags, and the JSON-LD document. Tags of those kinds that
// the shell already has are replaced; everything else in the document stays as it is.
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageSeo } from './metadata.ts';

/** JSON inside <script>: no `<` (so no `</script>` or `<!--`), `>` or `&` survives literally. */
export const scriptSafeJson = (json: string): string =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const REPLACED = [
  /<title\b[^>]*>[\s\S]*?<\/title>/gi,
  /<meta\b[^>]*\bname\s*=\s*["'](?:description|keywords|robots|twitter:[\w:-]+)["'][^>]*>/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']og:[\w:-]+["'][^>]*>/gi,
  /<link\b[^>]*\brel\s*=\s*["']canonical["'][^>]*>/gi,
  /<script\b[^>]*\btype\s*=\s*["']application\/ld\+json["'][^>]*>[\s\S]*?<\/script>/gi,
];

const MARKER = '\u0000fruitprompt-head\u0000';

export function renderHead(template: string, seo: PageSeo): string {
  const headEnd = template.search(/<\/head\s*>/i);
  if (headEnd < 0) return template;
  let head = template.slice(0, headEnd);
  const rest = template.slice(headEnd);
  // The new tags go where the title was (else at the end of <head>).
  let placed = false;
  head = head.replace(REPLACED[0]!, () => {
    if (placed) return '';
    placed = true;
    return MARKER;
  });
  for (const pattern of REPLACED.slice(1)) head = head.replace(pattern, '');
  // Lines left empty by the removals.
  head = head.replace(/\n[ \t]*(?=\n)/g, '');
  if (!placed) head = `${head.replace(/\s*$/, '')}\n    ${MARKER}\n  `;
  const at = head.indexOf(MARKER);
  const indent = /^[ \t]*/.exec(head.slice(head.lastIndexOf('\n', at) + 1, at))?.[0] ?? '';
  return head.replace(MARKER, () => tagsOf(seo).join(`\n${indent}`)) + rest;
}

function tagsOf(seo: PageSeo): string[] {
  const { data } = seo;
  const attr = escapeHtml;
  const meta = (key: 'name' | 'property', name: string, content: string): string[] =>
    content === '' ? [] : [`<meta ${key}="${name}" content="${attr(content)}" />`];
  const ogTitle = data.ogTitle || data.metaTitle;
  const ogDescription = data.ogDescription || data.metaDescription;
  return [
    `<title>${escapeHtml(data.metaTitle || PRODUCT_NAME)}</title>`,
    ...meta('name', 'description', data.metaDescription),
    ...meta('name', 'keywords', data.metaKeywords),
    ...meta('name', 'robots', seo.robots ?? ''),
    ...(data.canonicalUrl ? [`<link rel="canonical" href="${attr(data.canonicalUrl)}" />`] : []),
    ...meta('property', 'og:type', seo.ogType),
    ...meta('property', 'og:site_name', PRODUCT_NAME),
    ...meta('property', 'og:title', ogTitle),
    ...meta('property', 'og:description', ogDescription),
    ...meta('property', 'og:url', data.canonicalUrl),
    ...meta('property', 'og:image', data.ogImage),
    ...meta('name', 'twitter:card', data.twitterCard),
    ...meta('name', 'twitter:title', ogTitle),
    ...meta('name', 'twitter:description', ogDescription),
    ...meta('name', 'twitter:image', data.ogImage),
    ...(data.schemaJson
      ? [`<script type="application/ld+json">${scriptSafeJson(data.schemaJson)}</script>`]
      : []),
  ];
}
