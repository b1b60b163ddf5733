// The hearts (favourites) of cards and prompt pages, as a real storefront keeps them (docs/requirements.md, part two:
// what docs/requirements.md leaves open): the member's saved prompts load when the session says a member is signed
// in and are forgotten when it says the visitor is signed out. A visitor's heart opens the login
// dialog. A member's heart changes at once; the changes are saved on the server one at a time, in
// order; when the server refuses one, every change not yet saved is undone and a red toast says "Your
// saved prompts could not be updated. Please try again." (requirements §2 Toasts: error red). A list that
// cannot be loaded shows no hearts pressed. The answer of a load or save that was superseded (another
// sign-in, a sign-out) changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type FavoritesPhase = 'signedOut' | 'loading' | 'ready';

export interface FavoritesState {
  phase: FavoritesPhase;
  /** The saved prompts as the server has them (as far as the page knows). */
  confirmed: number[];
  /** The hearts changed and not yet saved, oldest first: the first is being saved. */
  pending: { promptId: number; saved: boolean }[];
  /** Superseded loads and saves still unanswered. */
  staleLoads: number;
  staleSaves: number;
  /** What the login dialog (app) and the toast queue were told, in order. */
  told: string[];
}

/** The member's saved prompts as the server answers them. */
export const SAVED_ON_SERVER = [3];
export const HEARTS = [3, 5];

/** What the hearts show: the confirmed list with the pending changes on top. */
export const shown = (s: FavoritesState): number[] =>
  s.pending.reduce(
    (ids, c) => (c.saved ? [...new Set([...ids, c.promptId])].sort() : ids.filter((x) => x !== c.promptId)),
    s.confirmed,
  );

export const favoritesSpec = (): SpecModel<FavoritesState> => {
  const next = (s: FavoritesState, step: SpecStep): FavoritesState => {
    if ('send' in step) {
      const { type } = step.send;
      const cancelled = {
        staleLoads: s.staleLoads + (s.phase === 'loading' ? 1 : 0),
        staleSaves: s.staleSaves + (s.pending.length ? 1 : 0),
      };
      if (type === 'session.member')
        return { ...s, ...cancelled, phase: 'loading', confirmed: shown(s), pending: [] };
      if (type === 'session.visitor')
        return { ...s, ...cancelled, phase: 'signedOut', confirmed: [], pending: [] };
      if (type === 'favorites.toggle') {
        const id = step.send.promptId as number;
        if (s.phase === 'signedOut') return { ...s, told: [...s.told, 'app: loginDialog.open login'] };
        if (s.phase === 'loading') return s;
        return { ...s, pending: [...s.pending, { promptId: id, saved: !shown(s).includes(id) }] };
      }
      return s;
    }
    if ('wait' in step) return s;
    if ('settle' in step ? step.settle === 'fetchFavorites' : step.fail === 'fetchFavorites') {
      if (s.staleLoads) return { ...s, staleLoads: s.staleLoads - 1 };
      if (s.phase !== 'loading') return s;
      return {
        ...s,
        phase: 'ready',
        confirmed: 'settle' in step ? [...(step.output as number[])].sort() : [],
      };
    }
    if (s.staleSaves) return { ...s, staleSaves: s.staleSaves - 1 };
    if (!s.pending.length) return s;
    if ('settle' in step) {
      const [first, ...rest] = s.pending;
      return { ...s, confirmed: shown({ ...s, pending: [first!] }), pending: rest };
    }
    return {
      ...s,
      pending: [],
      told: [...s.told, 'toast: error Your saved prompts could not be updated. Please try again.'],
    };
  };
  return {
    name: 'favorites',
    spec: 'requirements: where silent, hearts as a real storefront keeps them; §2 Toasts, §4 Session (sign-in, logout)',
    initial: { phase: 'signedOut', confirmed: [], pending: [], staleLoads: 0, staleSaves: 0, told: [] },
    steps: (s) => [
      { send: { type: 'session.member', token: 'token-a' } },
      { send: { type: 'session.visitor' } },
      ...(s.pending.length < 2
        ? HEARTS.map((promptId) => ({ send: { type: 'favorites.toggle', promptId } }))
        : []),
      ...(s.phase === 'loading' || s.staleLoads
        ? [
            { settle: 'fetchFavorites', output: SAVED_ON_SERVER },
            { fail: 'fetchFavorites', error: new Error('offline') },
          ]
        : []),
      ...(s.pending.length || s.staleSaves
        ? [{ settle: 'saveFavorite' }, { fail: 'saveFavorite', error: new Error('refused') }]
        : []),
    ],
    next,
    expect: (s) => ({
      saved: Object.fromEntries(HEARTS.map((id) => [id, shown(s).includes(id)])),
      loading: s.phase === 'loading',
      told: s.told,
    }),
    calls: (before, step, after): EffectCall[] => {
      const calls: EffectCall[] = [];
      if (after.phase === 'loading' && 'send' in step && step.send.type === 'session.member')
        calls.push({ actor: 'fetchFavorites', input: undefined });
      // a save starts when a change waits and none was being saved (or the one being saved answered)
      const saving = before.phase === 'ready' && before.pending.length > 0;
      const answered =
        saving &&
        ('settle' in step || 'fail' in step) &&
        ('settle' in step ? step.settle : step.fail) === 'saveFavorite' &&
        !before.staleSaves;
      if (after.pending.length && (!saving || answered))
        calls.push({ actor: 'saveFavorite', input: after.pending[0] });
      return calls;
    },
    label: (s) =>
      `${s.phase} [${shown(s).join(',')}]${s.pending.length ? ` ${s.pending.length} unsaved` : ''}${s.told.length ? ` (told ${s.told.length})` : ''}`,
    maxDepth: 5,
  };
};
