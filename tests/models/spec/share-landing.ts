// A share link, /s/{shortUrlId} or /ps/{partnerShortUrlId} (requirements §2 route table: the same page, the
// id a parameter; requirements §C5: opening the link lands on that prompt's /detail/{slugId}). The link
// is resolved on the server; when it exists, who shared it is remembered (so a later purchase can
// credit them) and the page is replaced by the prompt's. An unknown link says "This share link does
// not exist or has expired."; a failed lookup shows its reason (or "The link could not be opened.")
// with "Try again", which resolves the same link again. Opening another link starts over; the answer
// to a lookup that was superseded changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type LandingPhase = 'idle' | 'resolving' | 'landed' | 'unknown' | 'error';

export interface ShareLandingState {
  phase: LandingPhase;
  link: { id: string; partner: boolean } | null;
  stale: number;
  error: string | null;
  /** What was remembered about who shared, in order. */
  referrals: { shortUrlId: string; partner: boolean; referrer: string | null }[];
  /** The addresses the page was replaced with, in order. */
  redirects: string[];
}

export const RESOLUTIONS = {
  member: { found: true, slugId: 'misty-lake-7', partner: false, partnerName: null, referrer: 'member-42' },
  partner: { found: true, slugId: 'quiet-harbour-12', partner: true, partnerName: 'Acme', referrer: null },
  unknown: { found: false },
} as const;

const OPENS = [
  { type: 'shareLink.open', id: 'Ab12Cd34', partner: false },
  { type: 'shareLink.open', id: 'P9x', partner: true },
] as const;

export const shareLandingSpec = (): SpecModel<ShareLandingState> => {
  const next = (s: ShareLandingState, step: SpecStep): ShareLandingState => {
    if ('send' in step) {
      if (step.send.type === 'shareLink.open')
        return {
          ...s,
          phase: 'resolving',
          link: { id: step.send.id as string, partner: step.send.partner as boolean },
          error: null,
          stale: s.stale + (s.phase === 'resolving' ? 1 : 0),
        };
      if (step.send.type === 'shareLink.retry' && s.phase === 'error')
        return { ...s, phase: 'resolving', error: null };
      return s;
    }
    if ('wait' in step) return s;
    if (s.stale > 0) return { ...s, stale: s.stale - 1 };
    if (s.phase !== 'resolving') return s;
    if ('fail' in step) {
      const e = step.error;
      return {
        ...s,
        phase: 'error',
        error: e instanceof Error && e.message ? e.message : 'The link could not be opened.',
      };
    }
    const answer = step.output as { found: boolean; slugId?: string; referrer?: string | null };
    if (!answer.found) return { ...s, phase: 'unknown' };
    return {
      ...s,
      phase: 'landed',
      referrals: [
        ...s.referrals,
        { shortUrlId: s.link!.id, partner: s.link!.partner, referrer: answer.referrer ?? null },
      ],
      redirects: [...s.redirects, `/detail/${answer.slugId}`],
    };
  };
  const answers: SpecStep[] = [
    ...Object.values(RESOLUTIONS).map((output) => ({ settle: 'resolveShareLink', output })),
    { fail: 'resolveShareLink', error: new Error('offline') },
    { fail: 'resolveShareLink', error: new Error('') },
    { fail: 'resolveShareLink', error: 'boom' },
  ];
  return {
    name: 'shareLanding',
    spec: 'requirements §2 /s/{shortUrlId} and /ps/{partnerShortUrlId}, requirements §C5 (a share link lands on the prompt)',
    initial: { phase: 'idle', link: null, stale: 0, error: null, referrals: [], redirects: [] },
    steps: (s) => [
      ...(s.redirects.length < 2 ? OPENS.map((send) => ({ send })) : []),
      { send: { type: 'shareLink.retry' } },
      ...(s.phase === 'resolving' || s.stale ? answers : []),
    ],
    next,
    expect: (s) => ({
      // "Opening shared prompt…" until the page is replaced; not found; or the reason with "Try again"
      status: s.phase === 'unknown' ? 'missing' : s.phase === 'error' ? 'error' : 'resolving',
      error: s.error,
      busy: s.phase === 'resolving',
      referrals: s.referrals,
      redirects: s.redirects,
    }),
    calls: (before, step, after): EffectCall[] =>
      after.phase === 'resolving' &&
      'send' in step &&
      (before.phase !== 'resolving' || step.send.type === 'shareLink.open')
        ? [{ actor: 'resolveShareLink', input: after.link }]
        : [],
    label: (s) =>
      `${s.phase}${s.error ? ` "${s.error}"` : ''}${s.stale ? ` (${s.stale} superseded)` : ''}${s.redirects.length ? ` → ${s.redirects.join(', ')}` : ''}`,
    maxDepth: 4,
  };
};
