// One page of the catalog: home, search, category and recommended (requirements §2 pages and route table;
// §2 Header: a search goes out as the trimmed text, §5 "Search submits only non-empty trimmed text").
// The route asks for the page of its query in its history entry. While it loads, the grid shows
// skeleton cards ("Loading prompts…"); then the page, or the reason it failed (or "The prompts could
// not be loaded.") with "Try again". A new query replaces the one in flight (its late answer changes
// nothing). The list already shown, asked for again (another entry of the same address), stays as it
// is. Going back to an entry shows the page it had at once (so the scroll lands where it was) and
// fetches it again quietly: the fresh page replaces it, a failure keeps it. Who is signed in changes
// owned marks and hearts (§4 Prompt access), so when the session says another member (or a visitor)
// is signed in, the query is asked again and no kept page is shown for it; the first word of the
// session or the same member again changes nothing. The Recommended page's lead says how its picks
// were made (personal, with the tags, or popular) once a page of them is held.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

const card = (id: number) => ({ id, slugId: `lake-${id}`, title: `Lake ${id}` });
const pageOf = (ids: number[], extra: object = {}) => ({
  data: ids.map(card),
  total: ids.length,
  page: 1,
  pageSize: 24,
  ...extra,
});

/** The queries the routes ask for, what the catalog is asked, and the two answers it may give. */
export const QUERIES = {
  home: { sent: { page: 1 }, asked: { page: 1 }, pages: [pageOf([1, 2]), pageOf([1, 2, 3])] },
  search: {
    sent: { q: '  misty lake ', page: 1 },
    asked: { q: 'misty lake', page: 1 },
    pages: [pageOf([], { suggestions: ['lake'] }), pageOf([4])],
  },
  recommended: {
    sent: { source: 'recommended' },
    asked: { source: 'recommended' },
    pages: [pageOf([5], { mode: 'personal', because: ['landscape'] }), pageOf([6])],
  },
} as const;
export type QueryName = keyof typeof QUERIES;

/** The loads the routes send: a query in a history entry (e4 is a second entry of home's address). */
const LOADS: { query: QueryName; entry: string }[] = [
  { query: 'home', entry: 'e1' },
  { query: 'search', entry: 'e2' },
  { query: 'recommended', entry: 'e3' },
  { query: 'home', entry: 'e4' },
];

type Held = { query: QueryName; version: 0 | 1 };

export interface PromptListState {
  phase: 'idle' | 'loading' | 'ready' | 'revalidating' | 'error';
  query: QueryName | null;
  entry: string | null;
  /** The page held: shown when ready. */
  page: Held | null;
  error: string | null;
  viewer: string | null | undefined;
  /** The pages the history entries had, newest first. */
  kept: { entry: string; page: Held }[];
  stale: number;
}

export const promptListSpec = (): SpecModel<PromptListState> => {
  const fetching = (s: PromptListState) => s.phase === 'loading' || s.phase === 'revalidating';
  const keep = (s: PromptListState): PromptListState =>
    s.entry === null || s.page === null
      ? s
      : { ...s, kept: [{ entry: s.entry, page: s.page }, ...s.kept.filter((k) => k.entry !== s.entry)] };
  const next = (s: PromptListState, step: SpecStep): PromptListState => {
    const stale = s.stale + (fetching(s) ? 1 : 0);
    if ('send' in step) {
      const e = step.send;
      if (e.type === 'list.load') {
        const query = (Object.keys(QUERIES) as QueryName[]).find((k) => QUERIES[k].sent === e.query)!;
        const entry = e.entry as string;
        if (s.phase === 'ready' && s.query === query) return keep({ ...s, entry });
        const kept = s.kept.find((k) => k.entry === entry && k.page.query === query);
        if (kept) return { ...s, phase: 'revalidating', query, entry, page: kept.page, error: null, stale };
        return { ...s, phase: 'loading', query, entry, error: null, stale };
      }
      if (e.type === 'list.retry') return s.phase === 'error' ? { ...s, phase: 'loading', error: null } : s;
      if (e.type === 'viewer.changed') {
        const viewer = e.viewer as string | null;
        const switched = s.phase !== 'idle' && s.viewer !== undefined && s.viewer !== viewer;
        // issue 18: a member arriving on a visitor's page keeps it shown while theirs is fetched
        const arrived = switched && s.viewer === null && (s.phase === 'ready' || s.phase === 'revalidating');
        if (arrived) return { ...s, viewer, phase: 'revalidating', kept: [], stale };
        return switched ? { ...s, viewer, phase: 'loading', error: null, kept: [], stale } : { ...s, viewer };
      }
      return s;
    }
    if ('wait' in step) return s;
    if (s.stale) return { ...s, stale: s.stale - 1 };
    if (!fetching(s)) return s;
    if ('settle' in step) {
      const version = QUERIES[s.query!].pages.indexOf(step.output as never) as 0 | 1;
      return keep({ ...s, phase: 'ready', page: { query: s.query!, version } });
    }
    if (s.phase === 'revalidating') return { ...s, phase: 'ready' };
    const err = step.error;
    return {
      ...s,
      phase: 'error',
      error: err instanceof Error && err.message ? err.message : 'The prompts could not be loaded.',
    };
  };
  const pageOfHeld = (h: Held | null) => (h ? QUERIES[h.query].pages[h.version] : null);
  return {
    name: 'promptList',
    spec: 'requirements §2 pages (home, search, category, recommended), §5 search text, §4 Prompt access',
    initial: {
      phase: 'idle',
      query: null,
      entry: null,
      page: null,
      error: null,
      viewer: undefined,
      kept: [],
      stale: 0,
    },
    steps: (s) => [
      ...LOADS.map(({ query, entry }) => ({
        send: { type: 'list.load', query: QUERIES[query].sent, entry },
      })),
      { send: { type: 'list.retry' } },
      // the session speaks for a visitor, a member or another member (the same one again too)
      ...[null, 'token-b', 'token-c'].map((viewer) => ({ send: { type: 'viewer.changed', viewer } })),
      ...(fetching(s) || s.stale
        ? [
            {
              settle: 'fetchPromptPage',
              // a fresh answer differs from the page held for this query
              output: QUERIES[s.query!].pages[s.page?.query === s.query && s.page?.version === 0 ? 1 : 0],
            },
            { fail: 'fetchPromptPage', error: new Error('offline') },
            ...(s.phase === 'loading' ? [{ fail: 'fetchPromptPage', error: 'boom' }] : []),
          ]
        : []),
    ],
    next,
    expect: (s) => {
      const status =
        s.phase === 'ready' || s.phase === 'revalidating'
          ? 'ready'
          : s.phase === 'error'
            ? 'error'
            : 'loading';
      const held = pageOfHeld(s.page) as { mode?: string; because?: string[] } | null;
      return {
        status,
        page: status === 'ready' ? pageOfHeld(s.page) : null,
        error: status === 'error' ? s.error : null,
        recommendedMode: s.query === 'recommended' && held ? (held.mode ?? 'popular') : null,
        recommendedBecause: held?.because,
      };
    },
    calls: (before, step, after): EffectCall[] => {
      const started =
        fetching(after) && (!fetching(before) || ('send' in step && after.stale > before.stale));
      return started ? [{ actor: 'fetchPromptPage', input: QUERIES[after.query!].asked }] : [];
    },
    label: (s) =>
      `${s.phase}${s.error ? ` "${s.error}"` : ''}${s.query ? ` ${s.query}@${s.entry}` : ''}${s.page ? ` showing ${s.page.query}#${s.page.version}` : ''}${s.kept.length ? ` kept ${s.kept.map((k) => k.entry).join(',')}` : ''}${s.viewer === undefined ? '' : ` for ${s.viewer ?? 'a visitor'}`}${s.stale ? ` (${s.stale} left behind)` : ''}`,
    maxDepth: 4,
  };
};
