// The pages the SEO facts tests look at (tests/build/seo-facts-*.test.ts): the production server
// (server/main.ts, started on a scratch data directory) and four pages of it, /, a category, a prompt's
// detail and a search, each with the GET /api/seo/metadata query of the same page.
//
// `server`, `origin`, `pages` and `detailTitle` are set by `openSeoPages` (a test file's beforeAll) and read
// as live bindings: each test file starts its own server.
import type { SeoMeta } from '../../../domain/seo.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** What /api/seo answers with (the client's own type). */
export type Seo = SeoMeta;

export interface PageCase {
  name: string;
  path: string;
  /** The GET /api/seo/metadata query of the same page. */
  seoQuery: string;
  canonicalPath: string;
  /** Search results are kept out of search engines' indexes on purpose (server/README.md). */
  indexable: boolean;
  /** A text the page's title must contain. */
  titleHas: string;
}

export let server: ServerProcess;
export let origin: string;
export let pages: PageCase[];
export let detailTitle: string;

/** A test file's beforeAll (give it 180 s): the server, the pages, the title of the detail's prompt. */
export async function openSeoPages(): Promise<void> {
  server = await startServer();
  origin = server.origin;
  const list = (await (await fetch(`${origin}/api/prompts?pageSize=1`)).json()) as {
    extend: { data: { slugId: string; sortId: number; title: string }[] };
  };
  const prompt = list.extend.data[0]!;
  detailTitle = prompt.title;
  pages = [
    {
      name: 'home',
      path: '/',
      seoQuery: 'pageType=HOME',
      canonicalPath: '/',
      indexable: true,
      titleHas: 'FruitPrompt',
    },
    {
      name: 'category',
      path: '/category/free-prompts',
      seoQuery: 'pageType=CATEGORY&referenceId=free_prompts',
      canonicalPath: '/category/free-prompts',
      indexable: true,
      titleHas: 'Free Prompts',
    },
    {
      name: 'detail',
      path: `/detail/${prompt.slugId}`,
      seoQuery: `pageType=DETAIL&referenceId=${prompt.sortId}`,
      canonicalPath: `/detail/${prompt.slugId}`,
      indexable: true,
      titleHas: prompt.title,
    },
    {
      name: 'search',
      path: '/search?q=portrait',
      seoQuery: 'pageType=SEARCH&referenceId=portrait',
      canonicalPath: '/search?q=portrait',
      indexable: false,
      titleHas: 'portrait',
    },
  ];
  // Starting seeds the demo data first (tens of seconds on a busy machine).
}

/** A test file's afterAll. */
export async function closeSeoPages(): Promise<void> {
  await server?.stop();
}
