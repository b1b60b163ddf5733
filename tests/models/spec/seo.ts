// Page metadata, as requirements §2 (Page metadata), §7 (GET /api/seo/metadata) and §9 say: when a page
// opens, its metadata is checked after 100 ms (a quick run of pages applies only the last one); it
// comes from the cache (per page type, reference and language, language "en" by default) or is asked
// for with pageType, referenceId and language; an answer is applied (the page's own address is the
// canonical link when the answer has none) and cached, and "seo.success" is reported; a failure or an
// empty answer applies the page type's built-in texts and reports "seo.error" (nothing is cached).
// The cache keeps the 40 pages fetched last (the bench's heap stage: a long visit must not grow memory).
// An answer that arrives after another page opened is not applied.
import { defaultSeo, type PageType, type SeoMeta } from '../../../domain/seo.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface SeoPage {
  type: 'seo.page';
  pageType: PageType;
  referenceId?: string | null;
  language?: string;
  canonicalUrl?: string;
}

interface Request {
  pageType: PageType;
  referenceId: string | null;
  language: string;
  canonicalUrl: string;
}

export interface SeoState {
  phase: 'idle' | 'waiting' | 'asking';
  request: Request | null;
  /** Milliseconds since the page opened, while waiting. */
  elapsed: number;
  /** The pages whose metadata is cached, oldest first, with it. */
  cache: { key: string; meta: SeoMeta }[];
  /** What was applied to the document, in order. */
  applied: SeoMeta[];
  /** What was reported, in order. */
  reported: { type: 'seo.success' | 'seo.error'; pageType: PageType; referenceId: string | null }[];
  /** Requests left unanswered when another page opened: their answers, when they come, change nothing. */
  stale: number;
}

/** requirements §9: SEO check delay 100 ms; default SEO language en. */
export const SEO_CHECK_DELAY = 100;
export const CACHE_LIMIT = 40;

export const DETAIL_7: SeoPage = {
  type: 'seo.page',
  pageType: 'DETAIL',
  referenceId: '7',
  canonicalUrl: 'http://localhost/detail/misty-alpine-lake-7',
};
export const DETAIL_7_DE: SeoPage = { ...DETAIL_7, language: 'de' };
export const HOME: SeoPage = { type: 'seo.page', pageType: 'HOME' };

const meta = (title: string, canonicalUrl: string): SeoMeta => ({
  metaTitle: title,
  metaDescription: `${title}: a prompt with example images.`,
  metaKeywords: 'lake, alpine, dawn',
  ogTitle: title,
  ogDescription: 'A misty alpine lake at dawn.',
  ogImage: 'http://localhost/images/misty-alpine-lake.webp',
  twitterCard: 'summary_large_image',
  schemaJson: '{"@type":"Product"}',
  canonicalUrl,
});
/** An answer without a canonical link, and one with its own. */
export const ANSWER = meta('Misty Alpine Lake — FruitPrompt', '');
export const ANSWER_WITH_CANONICAL = meta('Nebelsee — FruitPrompt', 'https://fruitprompt.example/detail/7');

const keyOf = (r: Request): string => JSON.stringify([r.pageType, r.referenceId, r.language]);

function applyAnswer(s: SeoState, answer: SeoMeta, cache: SeoState['cache']): SeoState {
  const r = s.request!;
  return {
    ...s,
    phase: 'idle',
    cache,
    applied: [...s.applied, { ...answer, canonicalUrl: answer.canonicalUrl || r.canonicalUrl }],
    reported: [...s.reported, { type: 'seo.success', pageType: r.pageType, referenceId: r.referenceId }],
  };
}

function fallBack(s: SeoState): SeoState {
  const r = s.request!;
  return {
    ...s,
    phase: 'idle',
    applied: [...s.applied, defaultSeo(r.pageType, r.canonicalUrl)],
    reported: [...s.reported, { type: 'seo.error', pageType: r.pageType, referenceId: r.referenceId }],
  };
}

function next(s: SeoState, step: SpecStep): SeoState {
  if ('send' in step) {
    if (step.send.type !== 'seo.page') return s;
    const page = step.send as unknown as SeoPage;
    return {
      ...s,
      phase: 'waiting',
      elapsed: 0,
      stale: s.stale + (s.phase === 'asking' ? 1 : 0),
      request: {
        pageType: page.pageType,
        referenceId: page.referenceId ?? null,
        language: page.language ?? 'en',
        canonicalUrl: page.canonicalUrl ?? '',
      },
    };
  }
  if ('wait' in step) {
    if (s.phase !== 'waiting') return s;
    const elapsed = s.elapsed + step.wait;
    if (elapsed < SEO_CHECK_DELAY) return { ...s, elapsed };
    const cached = s.cache.find((c) => c.key === keyOf(s.request!));
    return cached
      ? applyAnswer({ ...s, elapsed: 0 }, cached.meta, s.cache)
      : { ...s, phase: 'asking', elapsed: 0 };
  }
  // the oldest request still pending answers first
  if (s.stale) return { ...s, stale: s.stale - 1 };
  if (s.phase !== 'asking') return s;
  if ('settle' in step && step.output) {
    const answer = step.output as SeoMeta;
    const cache = [...s.cache, { key: keyOf(s.request!), meta: answer }].slice(-CACHE_LIMIT);
    return applyAnswer(s, answer, cache);
  }
  return fallBack(s);
}

export const seoSpec = (): SpecModel<SeoState> => ({
  name: 'seo',
  spec: 'requirements §2 Page metadata, §7 GET /api/seo/metadata, §9 (check delay 100 ms, language en)',
  initial: { phase: 'idle', request: null, elapsed: 0, cache: [], applied: [], reported: [], stale: 0 },
  steps: (s) => {
    const steps: SpecStep[] = [{ send: DETAIL_7 }, { send: HOME }, { send: DETAIL_7_DE }];
    // a moment before the check, then the check itself; otherwise a wait changes nothing
    steps.push({ wait: s.phase !== 'waiting' ? SEO_CHECK_DELAY : s.elapsed === 0 ? SEO_CHECK_DELAY - 1 : 1 });
    if (s.phase === 'asking' || s.stale)
      steps.push(
        { settle: 'fetchSeo', output: ANSWER },
        { settle: 'fetchSeo', output: ANSWER_WITH_CANONICAL },
        { settle: 'fetchSeo', output: null },
        { fail: 'fetchSeo' },
      );
    return steps;
  },
  next,
  expect: (s) => ({ applied: s.applied, reported: s.reported }),
  calls: (before, _step, after): EffectCall[] =>
    after.phase === 'asking' && before.phase !== 'asking'
      ? [
          {
            actor: 'fetchSeo',
            input: {
              pageType: after.request!.pageType,
              referenceId: after.request!.referenceId,
              language: after.request!.language,
            },
          },
        ]
      : [],
  label: (s) => {
    const r = s.request;
    const page = r
      ? `${r.pageType}${r.referenceId ? ` ${r.referenceId}` : ''}${r.language === 'en' ? '' : ` (${r.language})`}`
      : '';
    const last = s.applied.at(-1);
    const shows = last ? `, shows "${last.metaTitle}"` : '';
    const stale = s.stale ? `, ${s.stale} old request${s.stale > 1 ? 's' : ''} pending` : '';
    return `${s.phase === 'idle' ? 'idle' : `${s.phase} for ${page}`}${s.elapsed ? ` +${s.elapsed} ms` : ''}${shows}, ${s.cache.length} cached${stale}`;
  },
  maxDepth: 5,
});
