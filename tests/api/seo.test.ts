// Page metadata: GET /api/seo/metadata (requirements §7), the same metadata written into the SPA shell of the
// storefront pages, sitemap.xml and robots.txt, and no template text of a paid prompt in any public answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromptCard, PromptPage } from '../../domain/catalog.ts';
import { get } from './support/auth.ts';
import { createPageServer, insertPrompts } from './support/catalog.ts';
import type { SeoMeta } from '../../domain/seo.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createPageServer);
let origin: string;

/** What /api/seo answers with (the client's own type). */
type Seo = SeoMeta;
type Node = Record<string, unknown> & { '@type': string };

interface PromptRow {
  id: number;
  slug: string;
  sort_id: number;
  title: string;
  grade: number;
  price_fruit: number | null;
  price_cents: number | null;
  template: string;
}
let prompts: PromptRow[];
const slugIdOf = (p: PromptRow) => `${p.slug}-${p.sort_id}`;

const HOSTILE_TITLE = 'Quotes " & <b>tags</b> </script><script>alert(1)</script>';

beforeAll(async () => {
  origin = server.config.publicOrigin;
  await insertPrompts(server.db, [
    {
      id: 9101,
      title: HOSTILE_TITLE,
      description: 'A title full of markup. <!-- not a comment -->',
      grade: 2,
    },
  ]);
  prompts = await server.db.query<PromptRow>(
    'SELECT id, slug, sort_id, title, grade, price_fruit, price_cents, template FROM prompts ORDER BY id',
  );
});

const metadata = async (query: string) => {
  const res = await get<{ data: Seo }>(server, `/api/seo/metadata?${query}`);
  return res;
};
const seoOf = async (query: string): Promise<Seo> => {
  const { status, body } = await metadata(query);
  expect(status, query).toBe(200);
  return body.extend.data;
};
const graphOf = (seo: Seo): Node[] => {
  const doc = JSON.parse(seo.schemaJson) as { '@context': string; '@graph': Node[] };
  expect(doc['@context']).toBe('https://schema.org');
  return doc['@graph'];
};
const nodeOf = (seo: Seo, type: string): Node => {
  const node = graphOf(seo).find((n) => n['@type'] === type);
  expect(node, type).toBeDefined();
  return node!;
};
const FIELDS = [
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

const expectComplete = (seo: Seo) => {
  expect(Object.keys(seo).sort()).toEqual([...FIELDS].sort());
  for (const field of FIELDS) expect(seo[field as keyof Seo], field).not.toBe('');
  expect(seo.ogImage).toMatch(new RegExp(`^${origin}/api/images/prompts/\\d+/0\\.webp\\?size=full$`));
  expect(seo.twitterCard).toBe('summary_large_image');
  expect(seo.metaDescription.length).toBeLessThanOrEqual(160);
};

const itemUrls = (seo: Seo): string[] =>
  (nodeOf(seo, 'ItemList').itemListElement as { url: string }[]).map((item) => item.url);

describe('GET /api/seo/metadata', () => {
  it('HOME: the site, a WebSite with its SearchAction, the trending list', async () => {
    const seo = await seoOf('pageType=HOME&language=en');
    expectComplete(seo);
    expect(seo.canonicalUrl).toBe(`${origin}/`);
    expect(seo.metaTitle).toContain('FruitPrompt');
    const site = nodeOf(seo, 'WebSite');
    expect(site).toMatchObject({
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    const trending = (await get<PromptPage>(server, '/api/prompts?pageSize=10')).body.extend.data;
    expect(itemUrls(seo)).toEqual(trending.map((c) => `${origin}/detail/${c.slugId}`));
    // The image is one the server renders.
    const image = await server.app.inject(seo.ogImage.slice(origin.length));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('CATEGORY: each category by its reference id, with its prompts and breadcrumbs', async () => {
    const cases = [
      ['free_prompts', '/category/free-prompts', 0, 'Free Prompts'],
      ['fruit_prompts', '/category/fruit-prompts', 1, 'FruitCoin Prompts'],
      ['pay_prompts', '/category/premium-prompts', 2, 'Premium Prompts'],
      ['', '/category', null, 'All Prompts'],
    ] as const;
    for (const [ref, path, grade, title] of cases) {
      const seo = await seoOf(`pageType=CATEGORY&referenceId=${ref}`);
      expectComplete(seo);
      expect(seo.canonicalUrl).toBe(`${origin}${path}`);
      expect(seo.metaTitle).toContain(title);
      const urls = itemUrls(seo);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const p = prompts.find((x) => `${origin}/detail/${slugIdOf(x)}` === url);
        expect(p, url).toBeDefined();
        if (grade !== null) expect(p!.grade).toBe(grade);
      }
      const crumbs = nodeOf(seo, 'BreadcrumbList').itemListElement as { item: string; position: number }[];
      expect(crumbs.map((c) => c.item)).toEqual([`${origin}/`, `${origin}${path}`]);
    }
    const recommended = await seoOf('pageType=CATEGORY&referenceId=recommended');
    expect(recommended.canonicalUrl).toBe(`${origin}/recommended`);
    expect((await seoOf('pageType=HOME&referenceId=recommended')).canonicalUrl).toBe(`${origin}/recommended`);
  });

  it('DETAIL: by id, by the number of a slugId, or by a slug; a Product with its Offer', async () => {
    const free = prompts.find((p) => p.grade === 0)!;
    const fruit = prompts.find((p) => p.grade === 1)!;
    const paid = prompts.find((p) => p.grade === 2)!;
    for (const [p, price, currency] of [
      [free, '0', 'USD'],
      [fruit, String(fruit.price_fruit), 'FruitCoin'],
      [paid, (paid.price_cents! / 100).toFixed(2), 'USD'],
    ] as const) {
      const slugId = slugIdOf(p);
      for (const ref of [String(p.id), slugId.slice(slugId.lastIndexOf('-') + 1), p.slug]) {
        const seo = await seoOf(`pageType=DETAIL&referenceId=${encodeURIComponent(ref)}`);
        expectComplete(seo);
        expect(seo.canonicalUrl).toBe(`${origin}/detail/${slugId}`);
        expect(seo.metaTitle).toContain(p.title);
        expect(seo.ogImage).toBe(`${origin}/api/images/prompts/${p.id}/0.webp?size=full`);
        const product = nodeOf(seo, 'Product');
        expect(product).toMatchObject({ name: p.title, sku: slugId, url: seo.canonicalUrl });
        expect(product.offers).toMatchObject({ '@type': 'Offer', price, priceCurrency: currency });
        const crumbs = nodeOf(seo, 'BreadcrumbList').itemListElement as { item: string }[];
        expect(crumbs.at(-1)!.item).toBe(seo.canonicalUrl);
      }
    }
  });

  it('SEARCH: the search text, its results as an ItemList', async () => {
    const seo = await seoOf('pageType=SEARCH&referenceId=portrait');
    expectComplete(seo);
    expect(seo.canonicalUrl).toBe(`${origin}/search?q=portrait`);
    expect(seo.metaTitle).toContain('portrait');
    const results = (await get<PromptPage>(server, '/api/prompts?q=portrait&pageSize=10')).body.extend;
    expect(nodeOf(seo, 'ItemList').numberOfItems).toBe(results.total);
    expect(itemUrls(seo)).toEqual(results.data.map((c: PromptCard) => `${origin}/detail/${c.slugId}`));
    const empty = await seoOf('pageType=SEARCH');
    expect(empty.canonicalUrl).toBe(`${origin}/search`);
    const nothing = await seoOf('pageType=SEARCH&referenceId=xqzvvk');
    expect(nothing.metaDescription).toContain('No prompts match');
  });

  it('answers camelCase fields, in any language (English texts), overridden by a seo_metadata row', async () => {
    await server.db.query(
      `INSERT INTO seo_metadata (page_type, reference_id, language, data) VALUES
         ('DETAIL', '7', 'en', '{"metaTitle": "Hand-written title", "meta_description": "Hand-written text"}'),
         ('DETAIL', '7', 'de', '{"metaTitle": "Handgeschriebener Titel"}')`,
    );
    const en = await seoOf('pageType=DETAIL&referenceId=7');
    expect(en).toMatchObject({ metaTitle: 'Hand-written title', metaDescription: 'Hand-written text' });
    expect(en.canonicalUrl).toContain('/detail/');
    expect((await seoOf('pageType=DETAIL&referenceId=7&language=de')).metaTitle).toBe(
      'Handgeschriebener Titel',
    );
    expect((await seoOf('pageType=DETAIL&referenceId=7&language=fr')).metaTitle).toBe('Hand-written title');
    expect((await seoOf('pageType=DETAIL&referenceId=8&language=fr')).metaTitle).toContain(
      prompts.find((p) => p.id === 8)!.title,
    );
  });

  it('answers 404 for an unknown reference and 400 for a bad page type or language', async () => {
    for (const [query, msg] of [
      ['pageType=DETAIL&referenceId=999999', 'Prompt not found'],
      ['pageType=DETAIL&referenceId=no-such-prompt-999999', 'Prompt not found'],
      ['pageType=DETAIL', 'Prompt not found'],
      ['pageType=CATEGORY&referenceId=nope', 'Category not found'],
      ['pageType=HOME&referenceId=nope', 'Page not found'],
    ]) {
      const { status, body } = await metadata(query!);
      expect(status, query).toBe(404);
      expect(body).toEqual({ success: false, msg, extend: {} });
    }
    for (const query of ['pageType=PRODUCT', 'pageType=home', '', 'pageType=HOME&language=<script>']) {
      const { status, body } = await metadata(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
    }
  });
});

// ---- rendered pages -------------------------------------------------------------------------------------

const page = async (url: string) => {
  const res = await server.app.inject(url);
  return { status: res.statusCode, html: res.body, headers: res.headers };
};
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const headOf = (html: string) => {
  const all = (re: RegExp) => [...html.matchAll(re)].map((m) => unescape(m[1]!));
  return {
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: all(/<meta name="description" content="([^"]*)"/g),
    keywords: all(/<meta name="keywords" content="([^"]*)"/g),
    canonical: all(/<link rel="canonical" href="([^"]*)"/g),
    og: (property: string) => all(new RegExp(`<meta property="og:${property}" content="([^"]*)"`, 'g')),
    twitter: (name: string) => all(new RegExp(`<meta name="twitter:${name}" content="([^"]*)"`, 'g')),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    ),
  };
};

const expectPage = async (url: string, query: string) => {
  const seo = await seoOf(query);
  const { status, html, headers } = await page(url);
  expect(status, url).toBe(200);
  expect(headers['content-type']).toMatch(/^text\/html/);
  // the same for every visitor: kept by the server and by browsers and proxies for a while (issue 19)
  expect(headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  expect(headers.vary).toMatch(/Cookie/);
  const head = headOf(html);
  expect(head.titles, url).toEqual([seo.metaTitle]);
  expect(head.descriptions).toEqual([seo.metaDescription]);
  expect(head.keywords).toEqual([seo.metaKeywords]);
  expect(head.canonical).toEqual([seo.canonicalUrl]);
  expect(head.og('title')).toEqual([seo.ogTitle]);
  expect(head.og('description')).toEqual([seo.ogDescription]);
  expect(head.og('image')).toEqual([seo.ogImage]);
  expect(head.og('url')).toEqual([seo.canonicalUrl]);
  expect(head.twitter('card')).toEqual([seo.twitterCard]);
  expect(head.jsonLd).toHaveLength(1);
  expect(JSON.parse(head.jsonLd[0]!)).toEqual(JSON.parse(seo.schemaJson));
  // The rest of the shell is as built.
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-Ab12.js"></script>');
  expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain("The build's own description.");
  return { seo, html };
};

describe('rendered pages', () => {
  it('write the metadata of every page kind into the shell', async () => {
    const p = prompts.find((x) => x.grade === 2 && x.id < 9000)!;
    const cases: [string, string][] = [
      ['/', 'pageType=HOME'],
      ['/recommended', 'pageType=HOME&referenceId=recommended'],
      ['/category', 'pageType=CATEGORY'],
      ['/category?id=fruit_prompts', 'pageType=CATEGORY&referenceId=fruit_prompts'],
      ['/category/free-prompts', 'pageType=CATEGORY&referenceId=free_prompts'],
      ['/category/fruit-prompts', 'pageType=CATEGORY&referenceId=fruit_prompts'],
      ['/category/premium-prompts', 'pageType=CATEGORY&referenceId=pay_prompts'],
      ['/search?q=portrait', 'pageType=SEARCH&referenceId=portrait'],
      ['/search', 'pageType=SEARCH'],
      [`/detail/${slugIdOf(p)}`, `pageType=DETAIL&referenceId=${p.id}`],
      [`/detail/an-old-slug-${p.sort_id}`, `pageType=DETAIL&referenceId=${p.id}`],
      [`/detail_${p.id}.html`, `pageType=DETAIL&referenceId=${p.id}`],
    ];
    for (const [url, query] of cases) await expectPage(url, query);
  });

  it('keeps search pages out of the index', async () => {
    expect((await page('/search?q=portrait')).html).toContain(
      '<meta name="robots" content="noindex, follow" />',
    );
    expect((await page('/')).html).not.toContain('name="robots"');
  });

  it('escapes text in attributes and keeps the JSON-LD a single script', async () => {
    const { html } = await expectPage('/detail/quotes-f9101-9101', 'pageType=DETAIL&referenceId=9101');
    expect(html).not.toContain('<b>tags</b>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- not a comment -->');
    expect(headOf(html).titles[0]).toContain(HOSTILE_TITLE);
    const product = (JSON.parse(headOf(html).jsonLd[0]!) as { '@graph': Node[] })['@graph'][0]!;
    expect(product.name).toBe(HOSTILE_TITLE);
  });

  it('answers an unknown prompt or category with the not-found title and status 404', async () => {
    for (const url of [
      '/detail/no-such-prompt-999999',
      '/detail/999999',
      '/detail_999999.html',
      '/detail_abc.html',
      '/category/nope',
    ]) {
      const { status, html, headers } = await page(url);
      expect(status, url).toBe(404);
      expect(headers['content-type']).toMatch(/^text\/html/);
      expect(headOf(html).titles).toEqual(['Page Not Found — FruitPrompt']);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('leaves the description of other client routes alone, and compresses pages on request', async () => {
    for (const url of ['/cart', '/orders', '/support']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html).toContain("The build's own description.");
    }
    expect((await page('/some/client/route')).status).toBe(404);
    const packed = await server.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    const head = await server.app.inject({ method: 'HEAD', url: '/category/free-prompts' });
    expect(head.statusCode).toBe(200);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists home, categories, every prompt and the legal pages as absolute addresses', async () => {
    const res = await server.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of [
      '/',
      '/category',
      '/category/free-prompts',
      '/category/fruit-prompts',
      '/category/premium-prompts',
      '/terms',
      '/privacy',
    ]) {
      expect(locs, path).toContain(`${origin}${path}`);
    }
    const details = locs.filter((l) => l.startsWith(`${origin}/detail/`));
    expect(details.sort()).toEqual(prompts.map((p) => `${origin}/detail/${slugIdOf(p)}`).sort());
    expect(locs.every((l) => l.startsWith(`${origin}/`))).toBe(true);
  });

  it('allows everything but the API (its images excepted) and private pages, and names the sitemap', async () => {
    const res = await server.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Allow: /api/images/',
        'Disallow: /api/',
        'Disallow: /cart',
        'Disallow: /orders',
        'Disallow: /profile',
        'Disallow: /settings',
        'Disallow: /messages',
        `Sitemap: ${origin}/sitemap.xml`,
      ]),
    );
  });
});

describe('template text of paid prompts', () => {
  it('is in no public answer for an anonymous caller', async () => {
    const paid = prompts.filter((p) => p.grade > 0);
    const texts: string[] = [];
    const fetch = async (url: string) => {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      texts.push(res.body);
    };
    for (let n = 1; n <= Math.ceil(prompts.length / 60); n++)
      await fetch(`/api/prompts?pageSize=60&page=${n}`);
    for (const word of ['portrait', 'variable', 'stylize', 'cinematic', 'the', 'prompt', 'xqzvvk']) {
      await fetch(`/api/prompts?q=${word}&pageSize=60`);
      await fetch(`/api/seo/metadata?pageType=SEARCH&referenceId=${word}`);
      await fetch(`/search?q=${word}`);
    }
    await fetch('/api/prompts/home');
    await fetch('/api/prompts/recommended?pageSize=60');
    await fetch('/api/categories');
    await fetch('/sitemap.xml');
    for (const url of [
      '/',
      '/recommended',
      '/category',
      '/category/fruit-prompts',
      '/category/premium-prompts',
    ]) {
      await fetch(url);
    }
    for (const ref of ['', 'free_prompts', 'fruit_prompts', 'pay_prompts']) {
      await fetch(`/api/seo/metadata?pageType=CATEGORY&referenceId=${ref}`);
    }
    await fetch('/api/seo/metadata?pageType=HOME');
    for (const p of paid) {
      await fetch(`/api/prompts/related?id=${p.id}`);
      await fetch(`/api/seo/metadata?pageType=DETAIL&referenceId=${p.id}`);
      await fetch(`/detail/${slugIdOf(p)}`);
    }
    const everything = texts.join('\n');
    for (const p of paid) expect(everything.includes(p.template), `template of ${p.id}`).toBe(false);
    expect(everything).not.toMatch(/\[Variable \d+\]/);
  });
});
