// What the server and the browser's code agree on for server rendering (issue 18): the renderer the
// build makes from src/entry-server.tsx (loaded by server/render/ssr.ts, which never imports src/), the
// catalog calls the server answers while it renders, and the data block the page carries.
import type { ListQuery, PromptCard, PromptFull, PromptPage } from './catalog.ts';
import type { PageType, SeoMeta } from './seo.ts';

/** The id of the `<script type="application/json">` element that carries the snapshots. */
export const SERVER_STATE_ID = 'fruit-state';

/** A prompt by reference: found with its full record, or not. */
export type ServerPromptLookup = { found: true; prompt: PromptFull } | { found: false };

/** The home page's shelves as the API answers them. */
export interface ServerHomeSection {
  key: string;
  title: string;
  data: PromptCard[];
}

/** The metadata a page asks for (requirements §7). */
export interface ServerSeoRequest {
  pageType: PageType;
  referenceId: string | null;
  language: string;
}

/** What the server answers the catalog's calls with while it renders (server/render/catalog.ts). */
export interface ServerCatalog {
  listPrompts(query: ListQuery): Promise<PromptPage>;
  getPrompt(id: string): Promise<ServerPromptLookup>;
  getRelated(id: number): Promise<PromptCard[]>;
  fetchHomeSections(): Promise<ServerHomeSection[]>;
  fetchSeo(request: ServerSeoRequest): Promise<SeoMeta | null>;
}

export interface RenderRequest {
  /** The path and query of the page (`/search?q=owl`). */
  url: string;
  /** The shop's public origin (the sign-in callback's address). */
  origin: string;
  catalog: ServerCatalog;
  /** Render the header and footer only: member pages are rendered in the browser. */
  shellOnly?: boolean;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The JSON data block's text (src/app/hydrate.ts), or null for a shell. */
  state: string | null;
  /** 404 when the router matched no page. */
  status: 200 | 404;
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;

/**
 * Set by the browser while a member is signed in there (src/app/viewer-marks.ts): the server then
 * renders the page with the viewer's marks held hidden until the member's answers arrive. A hint, not a
 * credential: the server never answers differently for it.
 */
export const MEMBER_HINT_COOKIE = 'fp_member';
