// The home page's shelves (requirements §2 Home; what requirements part two leaves to a real storefront): the home
// route asks for them when none are shown or on their way ("wanted": never asked, or failed); they are
// loaded once and kept, so coming back home shows them at once. A failure shows "Some sections could
// not be loaded." with "Reload sections" (home.retry, or the home route asking again). The session
// tells the shelves who is signed in (viewer.changed, domain/viewer.ts): the first word only says who
// the first load was for; once shown, another member (or signing out) reloads them, keeping the ones
// shown until the new ones arrive. The same member again changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type HomePhase = 'idle' | 'loading' | 'ready' | 'error';

export interface HomeSectionsState {
  phase: HomePhase;
  /** The shelves last loaded (by sample name), kept through a reload and a failed reload. */
  shelves: keyof typeof SHELVES | null;
  /** Who the session last said was signed in: not yet said (undefined), a visitor (null), a token. */
  viewer: string | null | undefined;
}

const card = (id: number) => ({ id, slugId: `lake-${id}`, title: `Lake ${id}` });

export const SHELVES = {
  trending: [
    { key: 'trending', title: 'Trending now', data: [card(1), card(2)] },
    { key: 'free', title: 'Free picks', data: [] },
  ],
  newest: [{ key: 'newest', title: 'Newest', data: [card(3)] }],
} as const;

export const homeSectionsSpec = (): SpecModel<HomeSectionsState> => {
  const load = (s: HomeSectionsState): HomeSectionsState => ({ ...s, phase: 'loading' });
  const next = (s: HomeSectionsState, step: SpecStep): HomeSectionsState => {
    if ('send' in step) {
      const { type } = step.send;
      if (type === 'home.load') return s.phase === 'idle' || s.phase === 'error' ? load(s) : s;
      if (type === 'home.retry') return s.phase === 'error' ? load(s) : s;
      if (type === 'viewer.changed') {
        const viewer = step.send.viewer as string | null;
        const switched = s.viewer !== undefined && s.viewer !== viewer;
        return s.phase === 'ready' && switched ? { ...load(s), viewer } : { ...s, viewer };
      }
      return s;
    }
    if ('wait' in step || s.phase !== 'loading') return s;
    if ('fail' in step) return { ...s, phase: 'error' };
    const shelves = (Object.keys(SHELVES) as (keyof typeof SHELVES)[]).find(
      (k) => SHELVES[k] === step.output,
    )!;
    return { ...s, phase: 'ready', shelves };
  };
  return {
    name: 'homeSections',
    spec: 'requirements §2 Home (shelves kept; reloaded for another member, domain/viewer.ts)',
    initial: { phase: 'idle', shelves: null, viewer: undefined },
    steps: (s) => [
      { send: { type: 'home.load' } },
      ...(s.phase === 'error' || s.phase === 'idle' ? [{ send: { type: 'home.retry' } }] : []),
      { send: { type: 'viewer.changed', viewer: 'token-b' } },
      { send: { type: 'viewer.changed', viewer: null } },
      ...(s.phase === 'loading'
        ? [
            {
              settle: 'fetchHomeSections',
              output: s.shelves === 'trending' ? SHELVES.newest : SHELVES.trending,
            },
            { fail: 'fetchHomeSections', error: new Error('offline') },
          ]
        : []),
      ...(s.phase === 'ready' ? [{ wait: 60_000 }] : []),
    ],
    next,
    expect: (s) => ({
      sections: s.shelves ? SHELVES[s.shelves] : [],
      failed: s.phase === 'error',
      loading: s.phase === 'loading',
      // the home route asks for them: nothing shown or on its way
      wanted: s.phase === 'idle' || s.phase === 'error',
    }),
    calls: (before, _step, after): EffectCall[] =>
      after.phase === 'loading' && before.phase !== 'loading'
        ? [{ actor: 'fetchHomeSections', input: undefined }]
        : [],
    label: (s) =>
      `${s.phase}${s.shelves ? ` (${s.shelves})` : ''}${s.viewer === undefined ? '' : ` for ${s.viewer ?? 'a visitor'}`}`,
    maxDepth: 5,
  };
};
