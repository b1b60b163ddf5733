// The page's title and meta tags: every page with metadata (home, a category, a prompt) tells the
// seo actor on opening; after a short check delay its metadata is asked for (once per page: then
// cached) and applied to the document head. What a person sees is the tab's title.
import { navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

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
  testPath: '6',
  async act(event, { page }) {
    switch (event.type) {
      case 'seo.page': {
        const href = PAGE[event.pageType as string] ?? PAGE.HOME!;
        // the same page again: a person comes back to it from a page without metadata
        if (new URL(page.url()).pathname === href) await navigate(page, '/terms');
        await navigate(page, href);
        return;
      }
      default:
        return false;
    }
  },
};
