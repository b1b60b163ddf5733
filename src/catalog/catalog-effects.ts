import type { ListQuery, PromptCard, PromptFull, PromptPage } from '../../domain/catalog.ts';
import type { SeoMeta } from '../../domain/seo.ts';
import { normaliseSeo } from '../../domain/seo-answer.ts';
import type { HomeSection } from '../../machines/catalog/home-sections.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import type { SeoRequest } from '../../machines/shell/seo.ts';
import type { ShareResolution } from '../../machines/catalog/share-landing.ts';
import { ApiError, type ApiClient } from '../platform/api.ts';

/** The anonymous memberId requirements §7 sends with the detail call; identity comes from the token. */
export const ANONYMOUS_MEMBER_ID = '0';

export function createCatalogEffects(api: ApiClient) {
  return {
    listPrompts: (query: ListQuery): Promise<PromptPage> =>
      api.get<PromptPage>(query.source === 'recommended' ? '/api/prompts/recommended' : '/api/prompts', {
        q: query.q?.trim() || undefined,
        saved: query.saved ? 1 : undefined,
        grade: query.grade,
        type: query.type,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
        tags: query.tags?.length ? query.tags.join(',') : undefined,
      }),
    getPrompt: async (id: string): Promise<PromptLookup> => {
      try {
        const extend = await api.get<{ data: PromptFull }>('/api/prompts/detail', {
          id,
          memberId: ANONYMOUS_MEMBER_ID,
        });
        return { found: true, prompt: extend.data };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { found: false };
        throw error;
      }
    },
    getRelated: async (id: number): Promise<PromptCard[]> =>
      (await api.get<{ data: PromptCard[] }>('/api/prompts/related', { id })).data,
    fetchHomeSections: async (): Promise<HomeSection[]> =>
      (await api.get<{ sections: HomeSection[] }>('/api/prompts/home')).sections,
    fetchSeo: async (request: SeoRequest): Promise<SeoMeta | null> => {
      const { body } = await api.raw<{ data?: unknown }>('get', '/api/seo/metadata', {
        searchParams: {
          pageType: request.pageType,
          referenceId: request.referenceId ?? undefined,
          language: request.language,
        },
      });
      return body.success ? normaliseSeo(body.extend.data) : null;
    },
    createShareLink: (input: { promptId: number }): Promise<{ url: string }> =>
      api.post<{ url: string }>('/api/share', { promptId: input.promptId }),
    resolveShareLink: async (input: { id: string; partner: boolean }): Promise<ShareResolution> => {
      try {
        const found = await api.get<Omit<Extract<ShareResolution, { found: true }>, 'found'>>(
          `/api/share/${encodeURIComponent(input.id)}`,
          { partner: input.partner ? 1 : 0 },
        );
        return { found: true, ...found };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { found: false };
        throw error;
      }
    },
    fetchFavorites: async (): Promise<number[]> =>
      (await api.get<{ data: number[] }>('/api/my/favorites')).data,
    saveFavorite: async (change: { promptId: number; saved: boolean }): Promise<void> => {
      await api.post(change.saved ? '/api/my/favorites' : '/api/my/favorites/remove', {
        promptId: change.promptId,
      });
    },
  };
}
export type CatalogEffects = ReturnType<typeof createCatalogEffects>;
