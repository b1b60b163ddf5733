// The facts under Lighthouse's SEO and accessibility audits, checked deterministically on the production
// build served by the production server (server/main.ts, started here on a scratch data directory):
//   - the HTML of /, a category, a prompt's detail and a search as the server sends it: lang, title,
//     description, absolute canonical, viewport, and the per-route metadata the server writes into the shell
//     (server/seo) agreeing with GET /api/seo/metadata and with the page it is for.
// The same pages rendered in Chromium: seo-facts-chromium.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSeoPages, detailTitle, openSeoPages, origin, pages } from './support/seo-pages.ts';
import { type PageCase, type Seo } from './support/seo-pages.ts';

beforeAll(openSeoPages, 180_000);
afterAll(closeSeoPages);

// ---------------------------------------------------------------------------------------------------------
// The HTML as the server sends it

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, code: string) =>
    code[0] === '#'
      ? String.fromCodePoint(
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)),
        )
      : (ENTITIES[code.toLowerCase()] ?? all),
  );

const attributesOf = (tag: string): Record<string, string> => {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attrs[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? '');
  }
  return attrs;
};

interface ServedHead {
  lang: string | undefined;
  titles: string[];
  metas: Record<string, string>[];
  links: Record<string, string>[];
  jsonLd: string[];
}

const parseHead = (html: string): ServedHead => {
  const head = html.slice(0, html.search(/<\/head\s*>/i));
  return {
    lang: attributesOf(/<html\b[^>]*>/i.exec(html)?.[0] ?? '').lang,
    titles: [...head.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1]!).trim()),
    metas: (head.match(/<meta\b[^>]*>/gi) ?? []).map(attributesOf),
    links: (head.match(/<link\b[^>]*>/gi) ?? []).map(attributesOf),
    jsonLd: [
      ...head.matchAll(/<script\b[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi),
    ].map((m) => m[1]!),
  };
};

const metaContents = (head: ServedHead, key: 'name' | 'property', value: string): string[] =>
  head.metas.filter((m) => m[key]?.toLowerCase() === value).map((m) => m.content ?? '');

/** Lighthouse's meta-viewport audit: no user-scalable=no, and maximum-scale (if any) at least 5. */
const viewportProblems = (content: string): string[] => {
  const props = Object.fromEntries(
    content.split(/[,;]/).map((p) => p.split('=').map((s) => s.trim().toLowerCase()) as [string, string]),
  );
  const problems: string[] = [];
  if (!/width\s*=\s*device-width/i.test(content)) problems.push('no width=device-width');
  if (props['user-scalable'] === 'no' || props['user-scalable'] === '0') problems.push('user-scalable=no');
  if (props['maximum-scale'] !== undefined && Number(props['maximum-scale']) < 5)
    problems.push('maximum-scale < 5');
  return problems;
};

const isAbsoluteHttpUrl = (url: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) && /^https?:\/\//i.test(url);
  } catch {
    return false;
  }
};

describe('the pages as the server sends them', () => {
  const served = new Map<string, { status: number; type: string; head: ServedHead; seo: Seo }>();

  beforeAll(async () => {
    for (const page of pages) {
      const res = await fetch(`${origin}${page.path}`);
      const html = await res.text();
      const meta = (await (await fetch(`${origin}/api/seo/metadata?${page.seoQuery}`)).json()) as {
        extend: { data: Seo };
      };
      served.set(page.name, {
        status: res.status,
        type: res.headers.get('content-type') ?? '',
        head: parseHead(html),
        seo: meta.extend.data,
      });
    }
  });

  const each = (title: string, check: (page: PageCase, s: ReturnType<typeof served.get> & object) => void) =>
    it(title, () => {
      expect(pages).toHaveLength(4);
      for (const page of pages) check(page, served.get(page.name)!);
    });

  each('answer 200 with HTML', (page, s) => {
    expect(s.status, page.path).toBe(200);
    expect(s.type, page.path).toMatch(/^text\/html/);
  });

  each('have <html lang>, one non-empty <title> and one non-empty meta description', (page, s) => {
    expect(s.head.lang, page.path).toBe('en');
    expect(s.head.titles, page.path).toHaveLength(1);
    expect(s.head.titles[0], page.path).not.toBe('');
    const descriptions = metaContents(s.head, 'name', 'description');
    expect(descriptions, page.path).toHaveLength(1);
    expect(descriptions[0]!.trim(), page.path).not.toBe('');
  });

  each('have one absolute canonical link, the address of the page itself', (page, s) => {
    const canonicals = s.head.links
      .filter((l) => l.rel?.toLowerCase() === 'canonical')
      .map((l) => l.href ?? '');
    expect(canonicals, page.path).toHaveLength(1);
    expect(isAbsoluteHttpUrl(canonicals[0]!), canonicals[0]).toBe(true);
    expect(canonicals[0], page.path).toBe(`${origin}${page.canonicalPath}`);
  });

  each('have a viewport that lets people zoom', (page, s) => {
    const viewports = metaContents(s.head, 'name', 'viewport');
    expect(viewports, page.path).toHaveLength(1);
    expect(viewportProblems(viewports[0]!), page.path).toEqual([]);
  });

  each("carry the page's own metadata, the same as GET /api/seo/metadata answers", (page, s) => {
    const { head, seo } = s;
    expect(head.titles[0], page.path).toBe(seo.metaTitle);
    expect(head.titles[0], page.path).toContain(page.titleHas);
    expect(metaContents(head, 'name', 'description')[0], page.path).toBe(seo.metaDescription);
    expect(seo.canonicalUrl, page.path).toBe(`${origin}${page.canonicalPath}`);
    expect(metaContents(head, 'property', 'og:url'), page.path).toEqual([seo.canonicalUrl]);
    expect(metaContents(head, 'property', 'og:title'), page.path).toEqual([seo.ogTitle || seo.metaTitle]);
    const images = metaContents(head, 'property', 'og:image');
    expect(images, page.path).toHaveLength(1);
    expect(isAbsoluteHttpUrl(images[0]!), images[0]).toBe(true);
    expect(head.jsonLd, page.path).toHaveLength(1);
    const doc = JSON.parse(head.jsonLd[0]!) as { '@context': string };
    expect(doc['@context'], page.path).toBe('https://schema.org');
    expect(JSON.parse(head.jsonLd[0]!), page.path).toEqual(JSON.parse(seo.schemaJson));
  });

  each('are indexable, except search results (noindex on purpose)', (page, s) => {
    const robots = metaContents(s.head, 'name', 'robots').join(',').toLowerCase();
    // Lighthouse's is-crawlable audit fails a noindex page: the bench's SEO score of the search page is
    // lower by that audit by design (server/README.md: "Search pages are noindex").
    if (page.indexable) expect(robots, page.path).not.toMatch(/noindex|none/);
    else expect(robots, page.path).toMatch(/noindex/);
  });

  it('the detail page is about its prompt', () => {
    const detail = served.get('detail')!;
    expect(detail.head.titles[0]!.startsWith(detailTitle), detail.head.titles[0]).toBe(true);
  });

  it('robots.txt lets crawlers reach these pages', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const disallowed = text
      .split('\n')
      .map((line) => /^\s*disallow\s*:\s*(\S*)/i.exec(line)?.[1])
      .filter((path): path is string => path !== undefined && path !== '');
    for (const page of pages) {
      expect(
        disallowed.filter((rule) => page.path.startsWith(rule)),
        page.path,
      ).toEqual([]);
    }
  });
});
