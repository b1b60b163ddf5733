// The old detail address, as requirements §4 "Legacy detail redirect" and §2 (route /detail_{id}.html)
// say it works: the prompt detail is fetched first (§7 GET /api/prompts/detail with the id); when it
// has promptDetail.slugId, or slug and sortId (slugId = slug + "-" + sortId, requirements §C3), the
// address is replaced by /detail/{slugId} with the query kept. An unknown id, or a prompt with no slug,
// is "Page Not Found"; a failed lookup shows its reason (or "The prompt could not be loaded.") with
// "Try again", which looks the same id up again. Opening another old address starts over; the answer
// to a lookup that was superseded changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type LegacyPhase = 'idle' | 'resolving' | 'redirected' | 'notFound' | 'error';

export interface LegacyRedirectState {
  phase: LegacyPhase;
  /** The id looked up (the number from the old address). */
  id: string;
  /** Lookups started earlier and superseded, still unanswered (their answers must change nothing). */
  stale: number;
  error: string | null;
  /** The addresses the page was replaced with, in order. */
  redirects: string[];
}

/** Sample answers of the lookup (only promptDetail matters to the redirect). */
export const LOOKUPS = {
  slugId: {
    found: true,
    prompt: { id: 7, promptDetail: { slugId: 'misty-lake-7', slug: 'misty-lake', sortId: 7 } },
  },
  slugAndSortId: {
    found: true,
    prompt: { id: 7, promptDetail: { slugId: null, slug: 'quiet-harbour', sortId: 12 } },
  },
  slugWithoutSortId: {
    found: true,
    prompt: { id: 7, promptDetail: { slugId: null, slug: 'quiet-harbour', sortId: null } },
  },
  noDetail: { found: true, prompt: { id: 7 } },
  unknown: { found: false },
} as const;

const SLUG_OF: Record<keyof typeof LOOKUPS, string | null> = {
  slugId: 'misty-lake-7',
  slugAndSortId: 'quiet-harbour-12',
  slugWithoutSortId: null,
  noDetail: null,
  unknown: null,
};

const OPENS = [
  { type: 'legacy.open', id: '7', search: '?ref=mail&x=1' },
  { type: 'legacy.open', id: '12', search: '' },
] as const;

export const legacyRedirectSpec = (): SpecModel<LegacyRedirectState> => {
  const searchOf = (id: string) => OPENS.find((o) => o.id === id)?.search ?? '';
  const next = (s: LegacyRedirectState, step: SpecStep): LegacyRedirectState => {
    if ('send' in step) {
      if (step.send.type === 'legacy.open')
        return {
          ...s,
          phase: 'resolving',
          id: step.send.id as string,
          error: null,
          stale: s.stale + (s.phase === 'resolving' ? 1 : 0),
        };
      if (step.send.type === 'legacy.retry' && s.phase === 'error')
        return { ...s, phase: 'resolving', error: null };
      return s;
    }
    if ('wait' in step) return s;
    // the oldest unanswered lookup answers first
    if (s.stale > 0) return { ...s, stale: s.stale - 1 };
    if (s.phase !== 'resolving') return s;
    if ('fail' in step) {
      const e = step.error;
      return {
        ...s,
        phase: 'error',
        error: e instanceof Error && e.message ? e.message : 'The prompt could not be loaded.',
      };
    }
    const sample = (Object.keys(LOOKUPS) as (keyof typeof LOOKUPS)[]).find(
      (k) => LOOKUPS[k] === step.output,
    )!;
    const slugId = SLUG_OF[sample];
    return slugId
      ? { ...s, phase: 'redirected', redirects: [...s.redirects, `/detail/${slugId}${searchOf(s.id)}`] }
      : { ...s, phase: 'notFound' };
  };
  const answers: SpecStep[] = [
    ...Object.values(LOOKUPS).map((output) => ({ settle: 'fetchPrompt', output })),
    { fail: 'fetchPrompt', error: new Error('offline') },
    { fail: 'fetchPrompt', error: new Error('') },
    { fail: 'fetchPrompt', error: 'boom' },
  ];
  return {
    name: 'legacyRedirect',
    spec: 'requirements §4 Legacy detail redirect, §2 routes, §7 GET /api/prompts/detail',
    initial: { phase: 'idle', id: '', stale: 0, error: null, redirects: [] },
    steps: (s) => [
      ...(s.redirects.length < 2 ? OPENS.map((send) => ({ send })) : []),
      { send: { type: 'legacy.retry' } },
      ...(s.phase === 'resolving' || s.stale ? answers : []),
    ],
    next,
    expect: (s) => ({
      // "Opening prompt…" until the page is replaced; Not Found; or the reason with "Try again"
      status: s.phase === 'notFound' ? 'missing' : s.phase === 'error' ? 'error' : 'resolving',
      error: s.error,
      busy: s.phase === 'resolving',
      redirects: s.redirects,
    }),
    calls: (before, step, after): EffectCall[] =>
      after.phase === 'resolving' &&
      'send' in step &&
      (before.phase !== 'resolving' || step.send.type === 'legacy.open')
        ? [{ actor: 'fetchPrompt', input: after.id }]
        : [],
    label: (s) =>
      `${s.phase}${s.error ? ` "${s.error}"` : ''}${s.stale ? ` (${s.stale} superseded)` : ''}${s.redirects.length ? ` → ${s.redirects.join(', ')}` : ''}`,
    maxDepth: 4,
  };
};
