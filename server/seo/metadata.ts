// Page metadata (requirements §2 Page metadata, §3 SEO metadata, §7 GET /api/seo/metadata), built from the
// catalog; a seo_metadata row for the page overrides the fields it names. The same data is written into
// the HTML of the pages the server renders (./pages.ts). Only titles, descriptions, tags and prices of
// prompts are used: never a template.
import {
  GENERATORS,
  PRODUCT_NAME,
  slugIdOf,
  type GeneratorType,
  type PromptCard,
} from '../../domain/catalog.ts';
import {
  CATEGORY_DEFS,
  categoriesWithCounts,
  findCategory,
  type CategoryDef,
} from '../catalog/categories.ts';
import type { ListPage } from '../catalog/list-query.ts';
import { listPrompts } from '../catalog/lists.ts';
import { parsePromptRef } from '../catalog/prompt-lookup.ts';
import type { PromptFaceRow } from '../catalog/rows.ts';
import { cutSearchQuery } from '../../domain/search-query.ts';
import { NOT_FOUND_NAME, pageTitle } from '../../domain/pages.ts';
import type { Queryable } from '../db/index.ts';

// The page types and fields of requirements §3 are the client's too: one definition in domain.
export { PAGE_TYPES, type PageType } from '../../domain/seo.ts';
export type { SeoMeta as SeoData } from '../../domain/seo.ts';
import type { PageType, SeoMeta as SeoData } from '../../domain/seo.ts';

import { SEO_FIELDS } from '../../domain/seo-answer.ts';

/** What a rendered page needs besides the fields: the Open Graph type, and robots for search pages. */
export interface PageSeo {
  data: SeoData;
  ogType: 'website' | 'product';
  robots: string | null;
}

export interface SeoRequest {
  pageType: PageType;
  referenceId: string;
  language: string;
}

const SITE_DESCRIPTION =
  'a marketplace of tested AI prompts for Midjourney, DALL.E, ChatGPT and Kling: free prompts, FruitCoin ' +
  'prompts and premium prompts with example images';
const BASE_KEYWORDS = [
  'AI prompts',
  'prompt marketplace',
  'Midjourney prompts',
  'DALL.E prompts',
  'ChatGPT prompts',
  'Kling prompts',
];
const LIST_ITEMS = 10;
const DESCRIPTION_MAX = 160;

/** Text cut at a word to at most max characters, with an ellipsis when cut. */
export const clip = (text: string, max: number): string => {
  const flat = text.trim().replace(/\s+/g, ' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
};

const keywords = (words: readonly string[]): string => [...new Set(words.filter(Boolean))].join(', ');

interface Urls {
  origin: string;
  page: (path: string) => string;
  detail: (card: { slugId: string }) => string;
  image: (id: number) => string;
}

const urlsOf = (origin: string): Urls => ({
  origin,
  page: (path) => `${origin}${path}`,
  detail: (card) => `${origin}/detail/${card.slugId}`,
  image: (id) => `${origin}/api/images/prompts/${id}/0.webp?size=full`,
});

const graph = (...nodes: Record<string, unknown>[]): string =>
  JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes });

const breadcrumbs = (urls: Urls, trail: { name: string; path: string }[]) => ({
  '@type': 'BreadcrumbList',
  itemListElement: [{ name: 'Home', path: '/' }, ...trail].map((step, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: step.name,
    item: urls.page(step.path),
  })),
});

const itemList = (urls: Urls, name: string, page: ListPage) => ({
  '@type': 'ItemList',
  name,
  numberOfItems: page.total,
  itemListElement: page.data.map((card, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    url: urls.detail(card),
    name: card.title,
  })),
});

const simple = (
  title: string,
  description: string,
  extra: Omit<SeoData, 'metaTitle' | 'metaDescription' | 'ogTitle' | 'ogDescription' | 'twitterCard'>,
  ogTitle = title,
): SeoData => ({
  metaTitle: title,
  metaDescription: clip(description, DESCRIPTION_MAX),
  ogTitle,
  ogDescription: clip(description, DESCRIPTION_MAX * 2),
  twitterCard: 'summary_large_image',
  ...extra,
});

const trending = (db: Queryable, grade: CategoryDef['grade'], q: string | null = null) =>
  listPrompts(db, {
    grade,
    generatorType: null,
    tags: [],
    sort: null,
    page: 1,
    pageSize: LIST_ITEMS,
    userId: null,
    q,
  });

const topTags = (cards: readonly PromptCard[], n = 6): string[] => {
  const counts = new Map<string, number>();
  for (const card of cards) for (const tag of card.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([tag]) => tag);
};

async function homeSeo(db: Queryable, urls: Urls): Promise<PageSeo> {
  const page = await trending(db, null);
  const title = `${PRODUCT_NAME} — AI prompt marketplace`;
  const description = `${PRODUCT_NAME} is ${SITE_DESCRIPTION}. Browse ${page.total} prompts.`;
  const website = {
    '@type': 'WebSite',
    '@id': `${urls.origin}/#website`,
    name: PRODUCT_NAME,
    url: urls.page('/'),
    description: `${PRODUCT_NAME} is ${SITE_DESCRIPTION}.`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${urls.origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return {
    ogType: 'website',
    robots: null,
    data: simple(title, description, {
      metaKeywords: keywords([...BASE_KEYWORDS, ...topTags(page.data)]),
      ogImage: page.data[0] ? urls.image(page.data[0].id) : '',
      canonicalUrl: urls.page('/'),
      schemaJson: graph(website, itemList(urls, 'Trending prompts', page)),
    }),
  };
}

async function recommendedSeo(db: Queryable, urls: Urls): Promise<PageSeo> {
  const page = await trending(db, null);
  const title = `Recommended prompts | ${PRODUCT_NAME}`;
  const description =
    'AI prompts picked for you from what you bought, saved and viewed, or the most popular prompts of ' +
    `${PRODUCT_NAME} for Midjourney, DALL.E, ChatGPT and Kling.`;
  return {
    ogType: 'website',
    robots: null,
    data: simple(title, description, {
      metaKeywords: keywords(['recommended AI prompts', ...BASE_KEYWORDS]),
      ogImage: page.data[0] ? urls.image(page.data[0].id) : '',
      canonicalUrl: urls.page('/recommended'),
      schemaJson: graph(
        itemList(urls, 'Recommended prompts', page),
        breadcrumbs(urls, [{ name: 'Recommended', path: '/recommended' }]),
      ),
    }),
  };
}

async function categorySeo(db: Queryable, urls: Urls, category: CategoryDef): Promise<PageSeo> {
  const [page, counts] = await Promise.all([trending(db, category.grade), categoriesWithCounts(db)]);
  const count = counts.find((c) => c.key === category.key)?.count ?? page.total;
  const title = `${category.title} | ${PRODUCT_NAME}`;
  const description = `${category.description} ${count} prompts to browse.`;
  const canonical = urls.page(category.path);
  return {
    ogType: 'website',
    robots: null,
    data: simple(title, description, {
      metaKeywords: keywords([category.title, ...BASE_KEYWORDS, ...topTags(page.data)]),
      ogImage: page.data[0] ? urls.image(page.data[0].id) : '',
      canonicalUrl: canonical,
      schemaJson: graph(
        { '@type': 'CollectionPage', name: category.title, url: canonical, description },
        itemList(urls, category.title, page),
        breadcrumbs(urls, [{ name: category.title, path: category.path }]),
      ),
    }),
  };
}

/** The columns of a prompt its page's metadata is made from (never the template). */
type DetailRow = PromptFaceRow;

/** requirements §7: DETAIL references are the prompt id (legacy), the number after a slug's last hyphen, or a slug. */
async function findDetail(db: Queryable, referenceId: string): Promise<DetailRow | null> {
  const columns = `id, sort_id, slug, title, description, generator_type, grade, price_fruit, price_cents, tags,
    image_count`;
  const ref = parsePromptRef(referenceId);
  if (ref !== null) {
    // A number is the legacy id, else the sortId of a slug (they are equal in this catalog).
    const row =
      'id' in ref
        ? await db.maybeOne<DetailRow>(
            `SELECT ${columns} FROM prompts WHERE id = $1 AND NOT hidden
             UNION ALL SELECT ${columns} FROM prompts WHERE sort_id = $1 AND id <> $1 AND NOT hidden LIMIT 1`,
            [ref.id],
          )
        : await db.maybeOne<DetailRow>(`SELECT ${columns} FROM prompts WHERE sort_id = $1 AND NOT hidden`, [
            ref.sortId,
          ]);
    if (row !== null) return row;
  }
  const slug = referenceId.trim().toLowerCase();
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  return db.maybeOne<DetailRow>(`SELECT ${columns} FROM prompts WHERE slug = $1 AND NOT hidden`, [slug]);
}

const offerOf = (row: DetailRow, url: string) => {
  const base = { '@type': 'Offer', url, availability: 'https://schema.org/InStock' };
  if (row.grade === 1) {
    // schema.org allows a well-known name for currencies outside ISO 4217.
    return { ...base, price: String(row.price_fruit ?? 0), priceCurrency: 'FruitCoin' };
  }
  if (row.grade === 2)
    return { ...base, price: ((row.price_cents ?? 0) / 100).toFixed(2), priceCurrency: 'USD' };
  return { ...base, price: '0', priceCurrency: 'USD' };
};

function detailSeo(urls: Urls, row: DetailRow): PageSeo {
  const slugId = slugIdOf(row.slug, row.sort_id);
  const canonical = urls.detail({ slugId });
  const generator = GENERATORS[row.generator_type as GeneratorType];
  const category = CATEGORY_DEFS.find((c) => c.grade === row.grade) ?? CATEGORY_DEFS[0]!;
  const price =
    row.grade === 0
      ? 'Free'
      : row.grade === 1
        ? `${row.price_fruit} FruitCoins`
        : `$${((row.price_cents ?? 0) / 100).toFixed(2)}`;
  const images = Array.from(
    { length: row.image_count },
    (_, n) => `${urls.origin}/api/images/prompts/${row.id}/${n}.webp?size=full`,
  );
  const product = {
    '@type': 'Product',
    '@id': `${canonical}#product`,
    name: row.title,
    description: row.description,
    image: images,
    sku: slugId,
    productID: String(row.id),
    category: `${generator} prompt`,
    keywords: row.tags.join(', '),
    brand: { '@type': 'Brand', name: PRODUCT_NAME },
    url: canonical,
    offers: offerOf(row, canonical),
  };
  const title = `${row.title} — ${generator} prompt | ${PRODUCT_NAME}`;
  return {
    ogType: 'product',
    robots: null,
    data: simple(
      title,
      row.description,
      {
        metaKeywords: keywords([...row.tags, `${generator} prompt`, 'AI prompt', category.title]),
        ogImage: urls.image(row.id),
        canonicalUrl: canonical,
        schemaJson: graph(
          product,
          breadcrumbs(urls, [
            { name: category.title, path: category.path },
            { name: row.title, path: `/detail/${slugId}` },
          ]),
        ),
      },
      `${row.title} · ${price} ${generator} prompt`,
    ),
  };
}

async function searchSeo(db: Queryable, urls: Urls, referenceId: string): Promise<PageSeo> {
  // the text the storefront searches: cut at a word boundary (domain/search-query.ts)
  const q = cutSearchQuery(referenceId).replace(/\s+/g, ' ');
  const canonical = q === '' ? urls.page('/search') : urls.page(`/search?q=${encodeURIComponent(q)}`);
  const crumbs = breadcrumbs(urls, [{ name: 'Search', path: '/search' }]);
  if (q === '') {
    const page = await trending(db, null);
    return {
      ogType: 'website',
      robots: 'noindex, follow',
      data: simple(
        `Search prompts | ${PRODUCT_NAME}`,
        'Search AI prompts by subject, style, tag or generator.',
        {
          metaKeywords: keywords(['search AI prompts', ...BASE_KEYWORDS]),
          ogImage: page.data[0] ? urls.image(page.data[0].id) : '',
          canonicalUrl: canonical,
          schemaJson: graph({ '@type': 'SearchResultsPage', name: 'Search prompts', url: canonical }, crumbs),
        },
      ),
    };
  }
  const page = await trending(db, null, q);
  const fallback = page.data.length > 0 ? null : await trending(db, null);
  const shown = `“${clip(q, 60)}”`;
  const description =
    page.total > 0
      ? `${page.total} AI ${page.total === 1 ? 'prompt matches' : 'prompts match'} ${shown}: ` +
        `${page.data
          .slice(0, 3)
          .map((c) => c.title)
          .join(', ')}.`
      : `No prompts match ${shown} yet.${page.suggestions?.length ? ` Try ${page.suggestions.slice(0, 3).join(', ')}.` : ''}`;
  const image = page.data[0] ?? fallback?.data[0];
  return {
    ogType: 'website',
    robots: 'noindex, follow',
    data: simple(`Search results for ${shown} | ${PRODUCT_NAME}`, description, {
      metaKeywords: keywords([q, ...topTags(page.data), ...BASE_KEYWORDS]),
      ogImage: image ? urls.image(image.id) : '',
      canonicalUrl: canonical,
      schemaJson: graph(
        { '@type': 'SearchResultsPage', name: `Search results for ${shown}`, url: canonical },
        itemList(urls, `Search results for ${shown}`, page),
        crumbs,
      ),
    }),
  };
}

/** The metadata of the page named by referenceId; null: there is no such page (404). */
export async function buildSeo(db: Queryable, origin: string, request: SeoRequest): Promise<PageSeo | null> {
  const urls = urlsOf(origin);
  const ref = request.referenceId.trim();
  let seo: PageSeo | null;
  let key: string;
  switch (request.pageType) {
    case 'HOME':
      if (ref === 'recommended') [seo, key] = [await recommendedSeo(db, urls), 'recommended'];
      else if (ref === '' || ref.toLowerCase() === 'home') [seo, key] = [await homeSeo(db, urls), ''];
      else return null;
      break;
    case 'CATEGORY': {
      if (ref === 'recommended') {
        [seo, key] = [await recommendedSeo(db, urls), 'recommended'];
        break;
      }
      const category = findCategory(ref);
      if (category === null) return null;
      [seo, key] = [await categorySeo(db, urls, category), category.key === 'all' ? '' : category.key];
      break;
    }
    case 'DETAIL': {
      const row = await findDetail(db, ref);
      if (row === null) return null;
      // Stored rows name a prompt by its id.
      [seo, key] = [detailSeo(urls, row), String(row.id)];
      break;
    }
    case 'SEARCH':
      [seo, key] = [await searchSeo(db, urls, ref), ref.toLowerCase().replace(/\s+/g, ' ')];
      break;
  }
  if (seo === null) return null;
  return { ...seo, data: await withOverrides(db, request, key, seo.data) };
}

const snake = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The seo_metadata row of the page (its language, else English) overrides the fields it names. */
async function withOverrides(
  db: Queryable,
  request: SeoRequest,
  key: string,
  data: SeoData,
): Promise<SeoData> {
  const row = await db.maybeOne<{ data: Record<string, unknown> }>(
    `SELECT data FROM seo_metadata
     WHERE page_type = $1 AND reference_id = $2 AND language IN ($3, 'en')
     ORDER BY (language = $3) DESC LIMIT 1`,
    [request.pageType, key, request.language],
  );
  if (row === null) return data;
  const out = { ...data };
  for (const field of SEO_FIELDS) {
    const value = row.data[field] ?? row.data[snake(field)];
    if (typeof value === 'string' && value !== '') out[field] = value;
    else if (field === 'schemaJson' && value && typeof value === 'object') out[field] = JSON.stringify(value);
  }
  return out;
}

/** The metadata of a page that does not exist (rendered with status 404). */
export const notFoundSeo = (): PageSeo => ({
  ogType: 'website',
  robots: 'noindex',
  data: {
    metaTitle: pageTitle(NOT_FOUND_NAME),
    metaDescription: 'The page you are looking for does not exist. Browse the prompt catalog instead.',
    metaKeywords: '',
    ogTitle: pageTitle(NOT_FOUND_NAME),
    ogDescription: 'The page you are looking for does not exist.',
    ogImage: '',
    twitterCard: 'summary',
    schemaJson: '',
    // A missing page has no canonical address.
    canonicalUrl: '',
  },
});
