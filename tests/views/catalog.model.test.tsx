// The catalog's independent models (tests/models/spec: prompt-list, prompt-detail; template-filler in
// tests/views/template-filler.model.test.tsx, what they share in tests/views/support/catalog-pages.ts),
// written from docs/requirements.md, replayed on the rendered app. Every step of a model path becomes what a person
// does (following a link, the header search, Back/Forward, a click or typing by role and name) or the
// answer of a fake catalog call with the step's own output; after every step the page, read from the
// DOM, must show what the model expects (tests/views/support/spec-page.ts), and the calls the page
// made must be the ones the model names for that step.
//
// Left to the machine replays (tests/machines/<name>.model.test.ts), because nobody can take them on
// the page:
// - `viewer.changed` (promptList, promptDetail): the session speaks first at start-up, so the rendered
//   machines always know their viewer before a page asks for anything, while the models start before
//   that first word; another member signing in is the session's doing (tests/machines/app.test.ts).
// - promptList: going to an entry a later push dropped from the history (Back cannot reach it), and a
//   second entry of the address shown (a link to the page shown reloads its own entry).
// - promptDetail: "Try again" where the page has no such button (only the error view and the failed
//   related shelf have one).
// Repetitive variations left out to keep the file fast are named where the paths are chosen.
import { act, within } from '@testing-library/react';
import { PRODUCT_NAME, type ListQuery, type PromptFull, type PromptPage } from '../../domain/catalog.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { promptListSpec, QUERIES, type PromptListState, type QueryName } from '../models/spec/prompt-list.ts';
import { promptDetailSpec, type PromptDetailState } from '../models/spec/prompt-detail.ts';
import { controllable, settle } from './support/controllable.ts';
import { describePagePaths, pagePaths } from './support/spec-page.ts';
import { jsdomPerson } from './support/person.ts';
import { promptDetailDriver } from '../drivers/prompt-detail.ts';
import { promptListDriver } from '../drivers/prompt-list.ts';
import {
  REPLAY_TIMEOUT,
  START_TITLE,
  startApp,
  type App,
  follow,
  all,
  one,
  find,
  text,
  main,
  pageHeading,
  namesOf,
  until,
  checkCalls,
  answer,
} from './support/catalog-pages.ts';

const listModel = promptListSpec();

/** The queries' pages: the grid's accessible name and the page's own heading. */
const SEARCHED = QUERIES.search.asked.q;
const LIST_PAGES: Record<QueryName, { grid: string; heading: string }> = {
  home: { grid: 'All prompts', heading: 'Prompts that make AI images ripe on the first try' },
  search: { grid: `Results for “${SEARCHED}”`, heading: `Results for “${SEARCHED}”` },
  recommended: { grid: 'Prompts', heading: 'Recommended' },
};
const ENTRY_QUERY: Record<string, QueryName> = { e1: 'home', e2: 'search', e3: 'recommended', e4: 'home' };

/**
 * The browser's history as a path made it: the model's entries in order and the one shown. Entries
 * a push dropped (going somewhere new from an earlier entry) cannot be reached again.
 */
interface History {
  stack: string[];
  at: number;
  dropped: string[];
}
type Move = 'same' | 'push' | number;
const histories = new WeakMap<PromptListState, History>();
const historyOf = (s: PromptListState): History =>
  s === listModel.initial ? { stack: ['start'], at: 0, dropped: [] } : histories.get(s)!;

function moveTo(h: History, entry: string): { move: Move; history: History } | null {
  if (h.stack[h.at] === entry) return { move: 'same', history: h };
  const index = h.stack.indexOf(entry);
  if (index >= 0) return { move: index - h.at, history: { ...h, at: index } };
  if (h.dropped.includes(entry)) return null;
  // a link to the address shown loads its own entry again: no second entry of it
  if (ENTRY_QUERY[h.stack[h.at]!] === ENTRY_QUERY[entry]) return null;
  return {
    move: 'push',
    history: {
      stack: [...h.stack.slice(0, h.at + 1), entry],
      at: h.at + 1,
      dropped: [...h.dropped, ...h.stack.slice(h.at + 1)],
    },
  };
}

const listCanTake = (step: SpecStep, before: PromptListState, after: PromptListState): boolean => {
  if ('send' in step && step.send.type === 'viewer.changed') return false;
  // "Try again" is only on the error view
  if ('send' in step && step.send.type === 'list.retry' && before.phase !== 'error') return false;
  let history = historyOf(before);
  if ('send' in step && step.send.type === 'list.load') {
    const to = moveTo(history, step.send.entry as string);
    if (!to) return false;
    history = to.history;
  }
  if (after !== before) histories.set(after, history);
  return true;
};

/** A page as the catalog call answers it: full cards around the model's ids, slugs and titles. */
const pageOnWire = (output: unknown): PromptPage => {
  const page = output as PromptPage;
  return { ...page, data: page.data.map((card) => cardFixture(card.id, card)) };
};

interface ListApp extends App {
  fetch: ReturnType<typeof controllable<[ListQuery], PromptPage>>;
}

async function goToQuery(app: ListApp, query: QueryName): Promise<void> {
  if (query === 'search') {
    // the header search, typed as the model sends it (with the spaces it trims)
    const box = find(document.body, 'searchbox', { name: 'Search prompts' });
    await app.hands.clear(box);
    await app.hands.type(box, QUERIES.search.sent.q);
    await app.hands.click(find(document.body, 'button', { name: 'Search' }));
    await settle();
  } else if (query === 'home') {
    await app.hands.click(find(document.body, 'link', { name: `${PRODUCT_NAME} home` }));
    await settle();
  } else await follow(app, '/recommended');
}

async function performList(app: ListApp, step: SpecStep, before: PromptListState, after: PromptListState) {
  const calls = app.fetch.fn.mock.calls.length;
  if ('send' in step) {
    const event = step.send;
    if (event.type === 'list.load') {
      const move = moveTo(historyOf(before), event.entry as string)!.move;
      const query = ENTRY_QUERY[event.entry as string]!;
      if (typeof move === 'number') {
        // Back or Forward
        const href = app.router.state.location.href;
        act(() => app.history.go(move));
        await until(
          () => app.router.state.location.href !== href && app.router.state.status === 'idle',
          `went ${move < 0 ? 'back' : 'forward'}`,
        );
        await settle();
      } else await goToQuery(app, query);
    } else await jsdomPerson(app, { user: app.hands }).take(promptListDriver, event, before);
  } else await answer(app.fetch, step, pageOnWire);
  checkCalls(
    step,
    app.fetch.fn.mock.calls.slice(calls).map(([query]) => query),
    listModel.calls?.(before, step, after) ?? [],
    (call) => call.input,
  );
}

const LIST_GRIDS = Object.values(LIST_PAGES).map((p) => p.grid);

function observeList() {
  const heading = pageHeading();
  // Recommended's lead: the line under its title
  const lead = text(one(main(), 'heading', { level: 1, name: 'Recommended' })?.nextElementSibling);
  const grid = namesOf(main(), 'region').find((r) => LIST_GRIDS.includes(r.name));
  if (!grid) return { heading, grid: null, lead };
  const g = grid.element;
  const suggestions = one(g, 'navigation', { name: 'Suggestions' });
  return {
    heading,
    grid: grid.name,
    busy: g.getAttribute('aria-busy'),
    status: text(one(g, 'status')),
    headings: all(g, 'heading', { level: 2 }).map(text),
    error: text(one(g, 'alert')),
    retry: one(g, 'button', { name: 'Try again' }) !== null,
    cards: all(g, 'article').map((card) => text(one(card, 'link'))),
    count: text(within(g).queryByText(/^\d+ (prompts?|results? for “.*”)$/)),
    suggestions: suggestions && all(suggestions, 'link').map(text),
    lead,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listed = (words: string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const recommendedLead = (mode: string | null, because: string[] | undefined): string =>
  mode === null
    ? 'Finding prompts for you…'
    : mode === 'personal' && because?.length
      ? `Because you bought, saved or viewed prompts tagged ${listed(because)}`
      : mode === 'personal'
        ? 'Picked for you from what you bought, saved and viewed'
        : 'Best sellers for each generator: Midjourney, DALL.E, ChatGPT and Kling in turn';

function listShown(expected: unknown, state: PromptListState) {
  const e = expected as {
    status: 'loading' | 'ready' | 'error';
    page: PromptPage | null;
    error: string | null;
    recommendedMode: string | null;
    recommendedBecause: string[] | undefined;
  };
  if (state.phase === 'idle') return { heading: START_TITLE, grid: null, lead: null };
  const { grid, heading } = LIST_PAGES[state.query!];
  const lead =
    state.query === 'recommended' ? recommendedLead(e.recommendedMode, e.recommendedBecause) : null;
  const page = e.page;
  const empty = page !== null && page.data.length === 0;
  return {
    heading,
    grid,
    busy: String(e.status === 'loading'),
    status: e.status === 'loading' ? 'Loading prompts…' : null,
    headings: [
      grid,
      ...(e.status === 'error' ? ["We couldn't load these prompts"] : []),
      ...(empty ? [state.query === 'search' ? `No results for “${SEARCHED}”` : 'No prompts here yet'] : []),
    ],
    error: e.status === 'error' ? e.error : null,
    retry: e.status === 'error',
    cards: page?.data.map((card) => card.title) ?? [],
    count:
      page && !empty
        ? state.query === 'search'
          ? `${plural(page.total, 'result', 'results')} for “${SEARCHED}”`
          : plural(page.total, 'prompt', 'prompts')
        : null,
    suggestions: empty && page.suggestions?.length ? page.suggestions : null,
    lead,
  };
}

// Left out as repetitive, to keep the file fast (the machine replays take them all): more than one
// load left behind at once; the failure without a reason ("boom") once a page is held (the same
// fallback text); from an error, anything but "Try again" and the page shown again (going elsewhere
// is any new load); leaving a load behind for another query except from home; from a page shown,
// going to a query other than the next of home → search → Recommended → home; and the second home
// entry (e4) unless the first one is in the history (before that it is e1 by another name).
const NEXT_QUERY: Record<QueryName, QueryName> = {
  home: 'search',
  search: 'recommended',
  recommended: 'home',
};
const listPaths = pagePaths(listModel, (step, before, after) => {
  if (after.stale > 1) return false;
  if ('fail' in step && !(step.error instanceof Error) && before.page) return false;
  if ('send' in step && step.send.type === 'list.load') {
    const entry = step.send.entry as string;
    const query = ENTRY_QUERY[entry]!;
    if (before.phase === 'error' && entry !== before.entry) return false;
    if (after.stale > before.stale && before.query !== 'home' && entry !== before.entry) return false;
    if (before.phase === 'ready' && query !== before.query && query !== NEXT_QUERY[before.query!])
      return false;
    if (entry === 'e4' && !historyOf(before).stack.includes('e1')) return false;
  }
  return listCanTake(step, before, after);
});

describePagePaths(
  `promptList on the page against ${listModel.spec}`,
  listModel,
  listPaths,
  {
    start: async () => {
      const fetch = controllable<[ListQuery], PromptPage>();
      const app = await startApp({ listPrompts: fetch.fn });
      return Object.assign(app, { fetch });
    },
    perform: performList,
    observe: observeList,
    shown: listShown,
    stop: (app) => app.system.stop(),
  },
  REPLAY_TIMEOUT,
);

// ---------------------------------------------------------------------------------------------
// promptDetail: the detail page and "You may also like"

const detailModel = promptDetailSpec();

/** A prompt as the catalog call answers it: a full prompt around the model's id, slug and title. */
const promptOnWire = (output: unknown): PromptLookup => {
  const lookup = output as { found: boolean; prompt?: Partial<PromptFull> & { id: number } };
  if (!lookup.found) return { found: false };
  const { id, slugId, title, grade, hasAccess } = lookup.prompt!;
  return { found: true, prompt: fullFixture(id, { slugId, title, grade, hasAccess } as Partial<PromptFull>) };
};
const relatedOnWire = (output: unknown) =>
  (output as { id: number }[]).map((card) => cardFixture(card.id, card as never));

interface DetailApp extends App {
  getPrompt: ReturnType<typeof controllable<[string], PromptLookup>>;
  getRelated: ReturnType<typeof controllable<[number], ReturnType<typeof relatedOnWire>>>;
}

async function performDetail(
  app: DetailApp,
  step: SpecStep,
  before: PromptDetailState,
  after: PromptDetailState,
) {
  const prompts = app.getPrompt.fn.mock.calls.length;
  const related = app.getRelated.fn.mock.calls.length;
  if ('send' in step) {
    await jsdomPerson(app, { user: app.hands }).take(promptDetailDriver, step.send, before);
  } else if (('settle' in step ? step.settle : 'fail' in step ? step.fail : '') === 'fetchPrompt')
    await answer(app.getPrompt, step, promptOnWire);
  else await answer(app.getRelated, step, relatedOnWire);
  const expected = detailModel.calls?.(before, step, after) ?? [];
  checkCalls(
    step,
    [
      ...app.getPrompt.fn.mock.calls.slice(prompts).map(([id]) => ({ fetchPrompt: id })),
      ...app.getRelated.fn.mock.calls.slice(related).map(([id]) => ({ fetchRelated: id })),
    ],
    [
      ...expected.filter((c) => c.actor === 'fetchPrompt'),
      ...expected.filter((c) => c.actor === 'fetchRelated'),
    ],
    (call) => ({ [call.actor]: call.input }),
  );
}

function observeDetail() {
  const page = main();
  const shelf = one(page, 'region', { name: 'You may also like' });
  const outside = (el: HTMLElement) => !shelf?.contains(el);
  return {
    heading: pageHeading(),
    loading: all(page, 'status').filter(outside).map(text),
    error: all(page, 'alert').filter(outside).map(text),
    retry: all(page, 'button', { name: 'Try again' }).filter(outside).length > 0,
    related: shelf && {
      busy: shelf.getAttribute('aria-busy'),
      cards: all(shelf, 'article').map((card) => text(one(card, 'link'))),
      failed: within(shelf).queryByText(/Related prompts could not be loaded\./) !== null,
      retry: one(shelf, 'button', { name: 'Try again' }) !== null,
    },
  };
}

function detailShown(expected: unknown, state: PromptDetailState) {
  const e = expected as {
    status: 'loading' | 'ready' | 'notFound' | 'error';
    prompt: { title: string } | null;
    error: string | null;
    related: { title: string }[];
    relatedPhase: 'loading' | 'shown' | 'failed' | null;
  };
  const nothing = { loading: [], error: [], retry: false, related: null };
  if (state.phase === 'idle') return { heading: START_TITLE, ...nothing };
  if (e.status === 'notFound') return { heading: 'Prompt Not Found', ...nothing };
  if (e.status === 'error')
    return { heading: "We couldn't load this prompt", ...nothing, error: [e.error], retry: true };
  if (!e.prompt) return { heading: null, ...nothing, loading: ['Loading prompt…'] };
  return {
    heading: e.prompt.title,
    ...nothing,
    related: {
      busy: String(e.relatedPhase === 'loading'),
      cards: e.related.map((card) => card.title),
      failed: e.relatedPhase === 'failed',
      retry: e.relatedPhase === 'failed',
    },
  };
}

// Left out as repetitive, to keep the file fast (the machine replays take them all): more than one
// load left behind at once; the failure without a reason ("boom") once a prompt is held or a load was
// left behind (the same fallback text); and from Not Found or an error, opening another prompt (any
// new load).
const detailPaths = pagePaths(detailModel, (step, before, after) => {
  if (after.staleFetches + after.staleRelated > 1) return false;
  if ('fail' in step && !(step.error instanceof Error) && (before.prompt || before.staleFetches))
    return false;
  if (!('send' in step)) return true;
  const { type } = step.send;
  if (type === 'viewer.changed') return false;
  if (type === 'detail.load' && (before.phase === 'error' || before.phase === 'notFound'))
    return step.send.id === before.id;
  if (type === 'detail.retry') return before.phase === 'error';
  if (type === 'detail.relatedRetry') return before.phase === 'ready' && before.related === 'failed';
  return true;
});

describePagePaths(
  `promptDetail on the page against ${detailModel.spec}`,
  detailModel,
  detailPaths,
  {
    start: async () => {
      const getPrompt = controllable<[string], PromptLookup>();
      const getRelated = controllable<[number], ReturnType<typeof relatedOnWire>>();
      const app = await startApp({ getPrompt: getPrompt.fn, getRelated: getRelated.fn });
      return Object.assign(app, { getPrompt, getRelated });
    },
    perform: performDetail,
    observe: observeDetail,
    shown: detailShown,
    stop: (app) => app.system.stop(),
  },
  REPLAY_TIMEOUT,
);

// ---------------------------------------------------------------------------------------------
// templateFiller: the variables, the filled prompt and "Copy prompt" on a free ChatGPT prompt
