// The page's title and meta tags: every page with metadata (home, a category, a prompt) tells the
// seo actor on opening; after a short check delay its metadata is asked for (once per page: then
// cached) and applied to the document head. What a person sees is the tab's title.
import { seoDriver } from '../../drivers/seo.ts';
import { take } from '../person.ts';
import type { SeoMeta } from '../../../domain/seo.ts';
import type { BrowserScript } from '../types.ts';

/** What a person (and a search engine) reads of the metadata in the document's head. */
const SHOWN = ['metaTitle', 'metaDescription', 'metaKeywords', 'ogImage'] as const;

/** The page opened for each page type of the path (prompt 7 of the demo data for DETAIL). */
const PAGE: Record<string, string> = {
  HOME: '/',
  DETAIL: '/detail/hyperlapse-through-a-manhattan-avenue-at-dusk-7',
  CATEGORY: '/category/free-prompts',
};

export const seoScript: BrowserScript = {
  machineId: 'seo',
  effects: { fetchSeo: 'fetchSeo' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'seo.page {"pageType":"DETAIL","referenceId":"7","canonic... → waiting for DETAIL 7, 0 cached · wait 99 ms → waiting for DETAIL 7 +99 ms, 0 cached · wait 1 ms → asking for DETAIL 7, 0 cached · fetchSeo answers {"metaTitle":"Misty Alpine Lake — FruitPrompt",... → idle, shows "Misty Alpine Lake — FruitPrompt", 1 cached',
  // seo has no selectors: what it applied is the document's head. The model lists everything applied;
  // the head shows the last of it (its canonical link is the page's own address here, not the
  // model's sample address, so it is not compared). Before anything is applied: null.
  views: {
    applied: {
      expected: (applied) => {
        const last = (applied as SeoMeta[]).at(-1);
        return last ? Object.fromEntries(SHOWN.map((k) => [k, last[k]])) : null;
      },
      actual: async ({ snapshot, page }) =>
        (snapshot.context as { applied: SeoMeta | null }).applied === null
          ? null
          : // a string: a TypeScript loader may wrap a function's inner functions in helpers the page lacks
            page.evaluate(`(() => {
              const meta = (attr, name) =>
                document.head.querySelector('meta[' + attr + '="' + name + '"]')?.getAttribute('content') ?? '';
              return {
                metaTitle: document.title,
                metaDescription: meta('name', 'description'),
                metaKeywords: meta('name', 'keywords'),
                ogImage: meta('property', 'og:image'),
              };
            })()`),
    },
  },
  act: (event, step) =>
    take(
      seoDriver((pageType) => PAGE[pageType] ?? PAGE.HOME!),
      event,
      step,
    ),
};
