// The catalog's calls as the server answers them while it renders a page (src/entry-server.tsx): the
// repository functions the API routes call, for a visitor, shaped as the API sends them (JSON), with the
// API's limits applied to what a page's address asks for. No HTTP to itself.
import type { ListQuery as PageQuery } from '../../domain/catalog.ts';
import { normaliseSeo } from '../../domain/seo-answer.ts';
import type { ServerCatalog } from '../../domain/server-render.ts';
import type { Queryable } from '../db/index.ts';
import { homeSections } from '../catalog/home.ts';
import { listPrompts } from '../catalog/lists.ts';
import { findPrompt, parsePromptRef } from '../catalog/prompt-lookup.ts';
import { recommendedPrompts } from '../catalog/recommended.ts';
import { relatedPrompts } from '../catalog/related.ts';
import { buildSeo } from '../seo/metadata.ts';

/** As the API's JSON: dates as strings, nothing the wire would not carry. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The API's bounds for page and page size (server/catalog/schemas.ts). */
const MAX_PAGE = 100_000;
const MAX_PAGE_SIZE = 60;
const bounded = (value: number | undefined, fallback: number, max: number): number =>
  Number.isInteger(value) && value! >= 1 ? Math.min(value!, max) : fallback;

export function serverCatalog(db: Queryable, origin: string): ServerCatalog {
  return {
    async listPrompts(query: PageQuery) {
      const page = bounded(query.page, 1, MAX_PAGE);
      const pageSize = bounded(query.pageSize, 24, MAX_PAGE_SIZE);
      if (query.source === 'recommended')
        return wire(await recommendedPrompts(db, { userId: null, page, pageSize }));
      // a visitor has no saved prompts: the page the API would answer 401 is rendered in the browser
      return wire(
        await listPrompts(db, {
          grade: query.grade ?? null,
          generatorType: query.type ?? null,
          tags: query.tags ?? [],
          sort: query.sort ?? null,
          page,
          pageSize,
          userId: null,
          q: query.q?.trim() || null,
          saved: false,
        }),
      );
    },
    async getPrompt(id: string) {
      const ref = parsePromptRef(id);
      const prompt = ref === null ? null : await findPrompt(db, ref, null);
      if (prompt === null) return { found: false };
      // its view is counted by the page's route, each time the page is sent (server/pages/routes.ts)
      return { found: true, prompt: wire(prompt) };
    },
    getRelated: async (id: number) => wire(await relatedPrompts(db, id, null)),
    fetchHomeSections: async () => wire(await homeSections(db, null)),
    async fetchSeo(request) {
      const seo = await buildSeo(db, origin, {
        pageType: request.pageType,
        referenceId: request.referenceId ?? '',
        language: (request.language ?? 'en').toLowerCase(),
      });
      return seo === null ? null : normaliseSeo(seo.data);
    },
  };
}
