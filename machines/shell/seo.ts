import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_SEO_LANGUAGE, defaultSeo, seoKey, type PageType, type SeoMeta } from '../../domain/seo.ts';

export interface SeoRequest {
  pageType: PageType;
  referenceId: string | null;
  language: string;
}

export type SeoEvent = {
  type: 'seo.page';
  pageType: PageType;
  referenceId?: string | null;
  language?: string;
  /** The page's own address, the canonical link when the answer has none. */
  canonicalUrl?: string;
};

/** What the machine reports after applying (requirements §2: an event reports success or error). */
export type SeoEmitted =
  | { type: 'seo.success'; pageType: PageType; referenceId: string | null }
  | { type: 'seo.error'; pageType: PageType; referenceId: string | null };

export interface SeoContext {
  request: SeoRequest | null;
  canonicalUrl: string;
  cache: Record<string, SeoMeta>;
  applied: SeoMeta | null;
}

/**
 * How many pages' metadata the cache keeps: the most recently fetched ones. Unbounded, every detail
 * page visited would stay in memory for the life of the tab (found by `npm run bench`'s heap stage).
 */
export const SEO_CACHE_LIMIT = 40;

/** The cache with one more page, the oldest dropped beyond SEO_CACHE_LIMIT (keys keep insertion order). */
export function cacheWith(
  cache: Record<string, SeoMeta>,
  key: string,
  meta: SeoMeta,
): Record<string, SeoMeta> {
  const entries = Object.entries(cache).filter(([k]) => k !== key);
  entries.push([key, meta]);
  return Object.fromEntries(entries.slice(-SEO_CACHE_LIMIT));
}

/**
 * Page metadata (requirements §2, §7, §9): after the 100 ms `seoCheckDelay` the page's metadata comes
 * from the cache (per page type, reference and language) or from GET /api/seo/metadata, or falls
 * back to the built-in texts; then it is applied to the document and success or error is emitted.
 */
export const seoMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as SeoContext,
    events: {} as SeoEvent,
    emitted: {} as SeoEmitted,
  },
  delays: { seoCheckDelay: 100 },
  actors: {
    /** The metadata, or null when the server has none. */
    fetchSeo: fromPromise<SeoMeta | null, SeoRequest>(() => {
      throw new Error('fetchSeo must be provided');
    }),
  },
  actions: {
    /** Title, description, keywords, social tags, canonical link and structured data in <head>. */
    applyMetadata: (_, _params: { meta: SeoMeta }) => {},
  },
  guards: {
    cached: ({ context }) =>
      context.request !== null &&
      seoKey(context.request.pageType, context.request.referenceId, context.request.language) in
        context.cache,
    answered: ({ event }) => 'output' in event && event.output !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'seo',
  context: { request: null, canonicalUrl: '', cache: {}, applied: null },
  initial: 'idle',
  on: {
    'seo.page': {
      target: '.waiting',
      reenter: true,
      actions: assign({
        request: ({ event }) => ({
          pageType: event.pageType,
          referenceId: event.referenceId ?? null,
          language: event.language ?? DEFAULT_SEO_LANGUAGE,
        }),
        canonicalUrl: ({ event }) => event.canonicalUrl ?? '',
      }),
    },
  },
  states: {
    idle: {},
    waiting: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'The check delay: a quick run of navigations applies only the last page.',
      after: { seoCheckDelay: 'checking' },
    },
    checking: {
      always: [{ guard: 'cached', target: 'applying' }, { target: 'fetching' }],
    },
    fetching: {
      invoke: {
        id: 'fetchSeo',
        src: 'fetchSeo',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: 'answered',
            target: 'applying',
            actions: assign({
              cache: ({ context, event }) =>
                cacheWith(
                  context.cache,
                  seoKey(context.request!.pageType, context.request!.referenceId, context.request!.language),
                  event.output!,
                ),
            }),
          },
          { target: 'fallingBack' },
        ],
        onError: 'fallingBack',
      },
    },
    applying: {
      entry: [
        assign({
          applied: ({ context }) => {
            const meta =
              context.cache[
                seoKey(context.request!.pageType, context.request!.referenceId, context.request!.language)
              ]!;
            return { ...meta, canonicalUrl: meta.canonicalUrl || context.canonicalUrl };
          },
        }),
        { type: 'applyMetadata', params: ({ context }) => ({ meta: context.applied! }) },
        emit(({ context }) => ({
          type: 'seo.success' as const,
          pageType: context.request!.pageType,
          referenceId: context.request!.referenceId,
        })),
      ],
      always: 'idle',
    },
    fallingBack: {
      // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
      description: 'No answer or an empty one: the built-in texts of the page type.',
      entry: [
        assign({ applied: ({ context }) => defaultSeo(context.request!.pageType, context.canonicalUrl) }),
        { type: 'applyMetadata', params: ({ context }) => ({ meta: context.applied! }) },
        emit(({ context }) => ({
          type: 'seo.error' as const,
          pageType: context.request!.pageType,
          referenceId: context.request!.referenceId,
        })),
      ],
      always: 'idle',
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    seo: SeoEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    seo: ActorRefFrom<typeof seoMachine>;
  }
}
