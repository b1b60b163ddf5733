import type { ListQuery, PromptFull, PromptPage } from '../../machines/domain/catalog.ts';
import type { PromptLookup } from '../../machines/prompt-detail.ts';
import { ApiError, type ApiClient } from './api.ts';

/** The anonymous memberId SPEC.md §7 sends with the detail call; identity comes from the token. */
export const ANONYMOUS_MEMBER_ID = '0';

export function createCatalogEffects(api: ApiClient) {
  return {
    listPrompts: (query: ListQuery): Promise<PromptPage> =>
      api.get<PromptPage>('/api/prompts', {
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
  };
}
export type CatalogEffects = ReturnType<typeof createCatalogEffects>;
