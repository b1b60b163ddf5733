// My Prompts (/my-prompts, issue 40 "My prompts"; docs/requirements.md §6 member pages), written as it
// should behave, not read off the machine. The page asks the server for the member's library: the prompts
// they own and the free prompts they saved. Until it arrives it shows its skeleton (also before the first
// load), never an earlier answer; then the prompts, possibly none, or the error view with the server's
// words (else "Your prompts could not be loaded.") and "Try again". Opening the page again drops a load
// under way: its late answer changes nothing. "Copy prompt" copies one listed prompt's filled-in
// template, one copy at a time; the toast says it was copied, or that copying is blocked. A copy of a
// prompt that is not listed does nothing; opening the page again drops a copy under way.
import type { PromptCard } from '../../domain/catalog.ts';
import type { EffectCall, ReplayTarget, SpecModel, SpecStep } from '../../tests/support/spec-model.ts';
import { walk } from '../../tests/support/spec-replay.ts';
import { myPromptsMachine } from './my-prompts.ts';
import * as view from './my-prompts.selectors.ts';

interface Entry {
  prompt: PromptCard;
  source: 'order' | 'grant' | 'saved';
  orderId: number | null;
  since: string;
  template: string;
}
interface Library {
  data: Entry[];
  total: number;
}

export interface MyPromptsState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  library: Library | null;
  error: string | null;
  /** The prompt being copied. */
  copying: number | null;
  /** Loads and copies that were dropped and have not answered yet (their answers change nothing). */
  staleLoads: number;
  staleCopies: number;
  /** The toasts asked for so far. */
  toasts: string[];
}

export const FAILED = 'Your prompts could not be loaded.';
export const COPIED = 'Prompt copied. Paste it into your generator.';
export const COPY_BLOCKED =
  'Copying is blocked in this browser. Select the prompt text and copy it yourself.';
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

const card = (id: number, grade: 0 | 1 | 2): PromptCard => ({
  id,
  sortId: id,
  slug: `prompt-${id}`,
  slugId: `prompt-${id}-${id}`,
  title: `Prompt ${id}`,
  excerpt: 'An example.',
  type: '1',
  generatorType: 1,
  grade,
  priceFruit: grade === 1 ? 30 : null,
  priceCents: grade === 2 ? 499 : null,
  tags: [],
  image: { url: `/api/images/prompts/${id}/0.webp`, width: 480, height: 360, alt: `Prompt ${id}` },
  hasAccess: 1,
  views: 0,
  sales: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  saved: grade === 0,
});

/** Sample answers: a bought, a granted and a saved prompt (of 4: one more than listed), and none. */
export const SOME: Library = {
  data: [
    {
      prompt: card(7, 2),
      source: 'order',
      orderId: 31,
      since: '2026-03-02T00:00:00.000Z',
      template: 'A red fox',
    },
    {
      prompt: card(5, 1),
      source: 'grant',
      orderId: null,
      since: '2026-03-01T00:00:00.000Z',
      template: 'A blue owl',
    },
    {
      prompt: card(3, 0),
      source: 'saved',
      orderId: null,
      since: '2026-02-01T00:00:00.000Z',
      template: 'A calm sea',
    },
  ],
  total: 4,
};
export const NONE: Library = { data: [], total: 0 };

const listed = (s: MyPromptsState, id: number): Entry | undefined =>
  s.library?.data.find((entry) => entry.prompt.id === id);

const next = (s: MyPromptsState, step: SpecStep): MyPromptsState => {
  if ('send' in step) {
    const event = step.send;
    if (event.type === 'myPrompts.load')
      return {
        ...s,
        phase: 'loading',
        library: null,
        error: null,
        copying: null,
        staleLoads: s.staleLoads + (s.phase === 'loading' ? 1 : 0),
        staleCopies: s.staleCopies + (s.copying === null ? 0 : 1),
      };
    if (event.type === 'myPrompts.retry' && s.phase === 'error')
      return { ...s, phase: 'loading', error: null };
    if (
      event.type === 'myPrompts.copy' &&
      s.phase === 'ready' &&
      s.copying === null &&
      listed(s, event.promptId)
    )
      return { ...s, copying: event.promptId as number };
    return s;
  }
  if ('wait' in step) return s;
  if (('settle' in step ? step.settle : step.fail) === 'copyText') {
    // the oldest copy answers first: a dropped copy's answer changes nothing
    if (s.staleCopies > 0) return { ...s, staleCopies: s.staleCopies - 1 };
    if (s.copying === null) return s;
    return { ...s, copying: null, toasts: [...s.toasts, 'settle' in step ? COPIED : COPY_BLOCKED] };
  }
  if (s.staleLoads > 0) return { ...s, staleLoads: s.staleLoads - 1 };
  if (s.phase !== 'loading') return s;
  if ('settle' in step) return { ...s, phase: 'ready', library: step.output as Library };
  const error = step.error;
  return { ...s, phase: 'error', error: error instanceof Error && error.message ? error.message : FAILED };
};

const calls = (before: MyPromptsState, step: SpecStep, after: MyPromptsState): EffectCall[] => {
  if (!('send' in step)) return [];
  if (after.phase === 'loading' && (step.send.type === 'myPrompts.load' || before.phase === 'error'))
    return [{ actor: 'fetchLibrary', input: undefined }];
  if (after.copying !== null && before.copying === null)
    return [{ actor: 'copyText', input: { text: listed(after, after.copying)!.template } }];
  return [];
};

const shelf = (s: MyPromptsState, keep: (source: Entry['source']) => boolean) =>
  (s.library?.data ?? []).filter((entry) => keep(entry.source));

export const myPromptsSpec = (): SpecModel<MyPromptsState> => ({
  name: 'myPrompts',
  spec: 'issue 40 (My prompts: what a member owns and saved, with the filled-in template at hand)',
  initial: {
    phase: 'idle',
    library: null,
    error: null,
    copying: null,
    staleLoads: 0,
    staleCopies: 0,
    toasts: [],
  },
  steps: (s) => [
    { send: { type: 'myPrompts.load' } },
    { send: { type: 'myPrompts.retry' } },
    { send: { type: 'myPrompts.copy', promptId: 5 } },
    { send: { type: 'myPrompts.copy', promptId: 404 } },
    ...(s.phase === 'loading' || s.staleLoads > 0
      ? [
          { settle: 'fetchLibrary', output: SOME },
          { settle: 'fetchLibrary', output: NONE },
          { fail: 'fetchLibrary', error: new Error(SERVER_DOWN) },
          { fail: 'fetchLibrary', error: new Error('') },
        ]
      : []),
    ...(s.copying !== null || s.staleCopies > 0 ? [{ settle: 'copyText' }, { fail: 'copyText' }] : []),
  ],
  next,
  calls,
  // what the page shows: the skeleton, the prompts by tab with their counts, the error view, the toasts
  expect: (s) => ({
    tags: [s.phase === 'idle' ? [] : [s.phase], s.copying === null ? [] : ['copying']].flat(),
    status: s.phase === 'idle' ? 'loading' : s.phase,
    error: s.error,
    all: shelf(s, () => true).map((entry) => entry.prompt.id),
    bought: shelf(s, (source) => source !== 'saved').map((entry) => entry.prompt.id),
    saved: shelf(s, (source) => source === 'saved').map((entry) => entry.prompt.id),
    counts: {
      all: shelf(s, () => true).length,
      bought: shelf(s, (source) => source !== 'saved').length,
      saved: shelf(s, (source) => source === 'saved').length,
    },
    unlisted: s.library ? s.library.total - s.library.data.length : 0,
    copying: s.copying,
    toasts: s.toasts,
  }),
  label: (s) =>
    `${s.phase}${s.phase === 'ready' ? ` (${s.library!.data.length} prompts)` : ''}${
      s.phase === 'error' ? ` "${s.error}"` : ''
    }${s.copying === null ? '' : ` copying ${s.copying}`}${s.staleLoads ? ` +${s.staleLoads} dropped` : ''}${
      s.staleCopies ? ` +${s.staleCopies} dropped copies` : ''
    }${s.toasts.length ? ` ${s.toasts.length} toasts` : ''}`,
  maxDepth: 4,
});

/** The model's walks, as the path catalogue lists them (`npm run paths -- myPrompts`). */
export const walks = [walk('', myPromptsSpec())];

/** What a person sees in each state of the machine (the path catalogue shows it beside each path). */
export const sees: Record<string, string> = {
  myPrompts: 'The "My Prompts" page with its All / Bought / Saved tabs',
  'myPrompts.idle': '"My Prompts" not opened yet: placeholder rows',
  'myPrompts.loading': 'Placeholder rows while "Loading your prompts…"',
  'myPrompts.ready':
    'The tab\'s prompts, each with its filled-in template and "Copy prompt" (or an empty shelf)',
  'myPrompts.ready.browsing': 'The prompts, each "Copy prompt" button ready',
  'myPrompts.ready.copying': '"Copying…" on the prompt being copied; then a toast says it was copied',
  'myPrompts.error': '"We couldn\'t load your prompts" with the reason and "Try again"',
};

const TAGS = ['loading', 'ready', 'error', 'copying'] as const;

/** How the model meets the machine: its calls held, a toast listener beside it, what the page shows. */
export const target = (): ReplayTarget => ({
  machine: myPromptsMachine,
  effects: ['fetchLibrary', 'copyText'],
  listeners: ['toast'],
  observe: ({ snapshot, heard }) => {
    const s = snapshot as never;
    const shelves = view.shelves(s);
    const ids = (shelf: view.Shelf) => shelves[shelf].map((entry) => entry.prompt.id);
    return {
      tags: TAGS.filter((tag) => snapshot.hasTag(tag)),
      status: view.status(s),
      error: view.error(s),
      all: ids('all'),
      bought: ids('bought'),
      saved: ids('saved'),
      counts: { all: shelves.all.length, bought: shelves.bought.length, saved: shelves.saved.length },
      unlisted: view.unlisted(s),
      copying: view.copying(s),
      toasts: heard.filter((h) => h.to === 'toast').map((h) => h.event.message as string),
    };
  },
});
