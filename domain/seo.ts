// requirements §3 SEO metadata and §7 /api/seo/metadata: the fields, their snake_case spellings, and the
// built-in defaults per page type used when the call fails or answers nothing.
import { PRODUCT_NAME } from './catalog.ts';

export const PAGE_TYPES = ['HOME', 'CATEGORY', 'DETAIL', 'SEARCH'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const DEFAULT_SEO_LANGUAGE = 'en';

export interface SeoMeta {
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  twitterCard: string;
  schemaJson: string;
  canonicalUrl: string;
}

const DESCRIPTIONS: Record<PageType, string> = {
  HOME: 'Browse hand-tested AI image and text prompts for Midjourney, DALL.E, ChatGPT and Kling: free, FruitCoin and premium.',
  CATEGORY:
    'Free, FruitCoin and premium AI prompts for Midjourney, DALL.E, ChatGPT and Kling, sorted the way you like.',
  DETAIL: 'An AI prompt with example images and fill-in variables, ready to copy into your generator.',
  SEARCH: 'Search thousands of AI prompts by subject, style, tag or generator.',
};

const TITLES: Record<PageType, string> = {
  HOME: `${PRODUCT_NAME} — AI prompt marketplace`,
  CATEGORY: `Prompt categories — ${PRODUCT_NAME}`,
  DETAIL: `AI prompt — ${PRODUCT_NAME}`,
  SEARCH: `Search prompts — ${PRODUCT_NAME}`,
};

/** The built-in texts of a page type (requirements §7: used on failure or empty data). */
export function defaultSeo(pageType: PageType, canonicalUrl = ''): SeoMeta {
  return {
    metaTitle: TITLES[pageType],
    metaDescription: DESCRIPTIONS[pageType],
    metaKeywords: 'AI prompts, Midjourney prompts, DALL.E prompts, ChatGPT prompts, Kling prompts',
    ogTitle: TITLES[pageType],
    ogDescription: DESCRIPTIONS[pageType],
    ogImage: '',
    twitterCard: 'summary_large_image',
    schemaJson: '',
    canonicalUrl,
  };
}

export const seoKey = (pageType: PageType, referenceId: string | null, language: string): string =>
  `${pageType}|${referenceId ?? ''}|${language}`;

/** requirements §7: a slug detail's reference is the number after the last hyphen, else the whole slug. */
export function detailReferenceOf(slugId: string): string {
  const match = /-(\d+)$/.exec(slugId);
  return match ? match[1]! : slugId;
}
