// The prompt detail page, /detail/{slugId} (requirements §2 route table; §7 GET /api/prompts/detail: a
// prompt that does not exist is an answer, "Prompt Not Found", not an error). While it loads, the
// page shows a skeleton, or the prompt already shown when the same one reloads; another prompt
// starts blank. A failed load shows its reason (or "The prompt could not be loaded.") with "Try
// again". Once shown, "You may also like" loads on its own: skeletons, the cards, or "Related
// prompts could not be loaded." with its own "Try again" (the prompt stays). Who may see the full
// template depends on who is signed in (requirements §4 Prompt access, §6), so when the session says
// another member is signed in (or signed out) the shown prompt is reloaded; the first word of the
// session, or the same member again, changes nothing. Answers to loads left behind change nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

const promptOf = (id: number, slugId: string) => ({
  id,
  slugId,
  title: `Prompt ${id}`,
  grade: 0,
  hasAccess: 1,
});
export const DETAIL_PROMPTS: Record<string, ReturnType<typeof promptOf>> = {
  'misty-lake-7': promptOf(7, 'misty-lake-7'),
  'quiet-harbour-12': promptOf(12, 'quiet-harbour-12'),
};
const card = (id: number) => ({ id, slugId: `lake-${id}`, title: `Lake ${id}` });
export const RELATED = [card(3), card(4)];

export interface PromptDetailState {
  phase: 'idle' | 'loading' | 'ready' | 'notFound' | 'error';
  related: 'loading' | 'shown' | 'failed';
  id: string | null;
  /** The slugId of the prompt held (shown unless the page shows Not Found or the error). */
  prompt: string | null;
  /** The related prompts held. */
  cards: 'none' | 'some';
  viewer: string | null | undefined;
  error: string | null;
  staleFetches: number;
  staleRelated: number;
}

export const promptDetailSpec = (): SpecModel<PromptDetailState> => {
  const load = (s: PromptDetailState): PromptDetailState => ({
    ...s,
    phase: 'loading',
    error: null,
    staleFetches: s.staleFetches + (s.phase === 'loading' ? 1 : 0),
    staleRelated: s.staleRelated + (s.phase === 'ready' && s.related === 'loading' ? 1 : 0),
  });
  const next = (s: PromptDetailState, step: SpecStep): PromptDetailState => {
    if ('send' in step) {
      const e = step.send;
      if (e.type === 'detail.load') {
        const id = e.id as string;
        const same = s.prompt !== null && s.id === id;
        return { ...load(s), id, ...(same ? {} : { prompt: null, cards: 'none' }) };
      }
      if (e.type === 'viewer.changed') {
        const viewer = e.viewer as string | null;
        const switched = s.id !== null && s.viewer !== undefined && s.viewer !== viewer;
        return switched ? { ...load(s), viewer } : { ...s, viewer };
      }
      if (e.type === 'detail.retry') return s.phase === 'error' ? load(s) : s;
      if (e.type === 'detail.relatedRetry')
        return s.phase === 'ready' && s.related === 'failed' ? { ...s, related: 'loading' } : s;
      return s;
    }
    if ('wait' in step) return s;
    const actor = 'settle' in step ? step.settle : step.fail;
    if (actor === 'fetchPrompt') {
      if (s.staleFetches) return { ...s, staleFetches: s.staleFetches - 1 };
      if (s.phase !== 'loading') return s;
      if ('fail' in step) {
        const err = step.error;
        return {
          ...s,
          phase: 'error',
          error: err instanceof Error && err.message ? err.message : 'The prompt could not be loaded.',
        };
      }
      const answer = step.output as { found: boolean; prompt?: { slugId: string } };
      return answer.found
        ? { ...s, phase: 'ready', related: 'loading', prompt: answer.prompt!.slugId }
        : { ...s, phase: 'notFound', prompt: null };
    }
    if (s.staleRelated) return { ...s, staleRelated: s.staleRelated - 1 };
    if (s.phase !== 'ready' || s.related !== 'loading') return s;
    return 'settle' in step ? { ...s, related: 'shown', cards: 'some' } : { ...s, related: 'failed' };
  };
  return {
    name: 'promptDetail',
    spec: 'requirements §2 /detail/{slugId}, §7 GET /api/prompts/detail, §4 Prompt access (reload for another member)',
    initial: {
      phase: 'idle',
      related: 'loading',
      id: null,
      prompt: null,
      cards: 'none',
      viewer: undefined,
      error: null,
      staleFetches: 0,
      staleRelated: 0,
    },
    steps: (s) => [
      { send: { type: 'detail.load', id: 'misty-lake-7' } },
      ...(s.id ? [{ send: { type: 'detail.load', id: 'quiet-harbour-12' } }] : []),
      { send: { type: 'detail.retry' } },
      { send: { type: 'detail.relatedRetry' } },
      { send: { type: 'viewer.changed', viewer: 'token-b' } },
      ...(s.viewer !== undefined ? [{ send: { type: 'viewer.changed', viewer: null } }] : []),
      ...(s.phase === 'loading' || s.staleFetches
        ? [
            { settle: 'fetchPrompt', output: { found: true, prompt: DETAIL_PROMPTS[s.id!] } },
            { settle: 'fetchPrompt', output: { found: false } },
            { fail: 'fetchPrompt', error: new Error('offline') },
            { fail: 'fetchPrompt', error: 'boom' },
          ]
        : []),
      ...((s.phase === 'ready' && s.related === 'loading') || s.staleRelated
        ? [
            { settle: 'fetchRelated', output: RELATED },
            { fail: 'fetchRelated', error: new Error('offline') },
          ]
        : []),
    ],
    next,
    expect: (s) => {
      // the page: Not Found, the error, or the prompt (or its skeleton) with the related shelf
      const status = s.phase === 'idle' ? 'loading' : s.phase;
      const shows = (status === 'loading' || status === 'ready') && s.prompt !== null;
      return {
        status,
        id: s.id,
        prompt: shows ? DETAIL_PROMPTS[s.prompt!] : null,
        error: status === 'error' ? s.error : null,
        related: shows && s.cards === 'some' ? RELATED : [],
        relatedPhase: shows ? (s.phase === 'ready' ? s.related : 'loading') : null,
      };
    },
    calls: (before, step, after): EffectCall[] => {
      const calls: EffectCall[] = [];
      const fresh = 'send' in step;
      if (
        after.phase === 'loading' &&
        (before.phase !== 'loading' || (fresh && after.staleFetches > before.staleFetches))
      )
        calls.push({ actor: 'fetchPrompt', input: after.id });
      if (
        after.phase === 'ready' &&
        after.related === 'loading' &&
        (before.phase !== 'ready' || before.related !== 'loading')
      )
        calls.push({ actor: 'fetchRelated', input: DETAIL_PROMPTS[after.prompt!]!.id });
      return calls;
    },
    label: (s) =>
      `${s.phase}${s.phase === 'ready' ? `.${s.related}` : ''}${s.error ? ` "${s.error}"` : ''}${s.id ? ` ${s.id}` : ''}${s.prompt && s.phase !== 'ready' ? ' (shown kept)' : ''}${s.viewer === undefined ? '' : ` for ${s.viewer ?? 'a visitor'}`}${s.staleFetches + s.staleRelated ? ` (${s.staleFetches + s.staleRelated} left behind)` : ''}`,
    maxDepth: 4,
  };
};
