// The catalog's independent models (tests/models/spec: prompt-list, prompt-detail, template-filler),
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
// - templateFiller: typing into a field the form does not have (no "Variable 3" field, no fields before
//   a template is shown or for a template without variables), "Reset" or "Copy prompt" before a
//   template is shown and "Reset" for a template without variables (no such buttons).
// Repetitive variations left out to keep the file fast are named where the paths are chosen.
import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { PRODUCT_NAME, type ListQuery, type PromptFull, type PromptPage } from '../../domain/catalog.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';
import { specStepLabel, type EffectCall, type SpecStep } from '../support/spec-model.ts';
import { promptListSpec, QUERIES, type PromptListState, type QueryName } from '../models/spec/prompt-list.ts';
import { promptDetailSpec, type PromptDetailState } from '../models/spec/prompt-detail.ts';
import {
  PROMPTS,
  templateFillerSpec,
  type PromptName,
  type TemplateFillerState,
} from '../models/spec/template-filler.ts';
import { controllable, settle } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';
import { pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';
import { jsdomPerson } from './support/person.ts';
import { promptDetailDriver } from '../drivers/prompt-detail.ts';
import { promptListDriver } from '../drivers/prompt-list.ts';
import { templateFillerDriver } from '../drivers/template-filler.ts';

/** A replay renders the whole app; the first one also loads the pages' code (slow on a busy machine). */
const REPLAY_TIMEOUT = 20_000;

/** Start somewhere with no list, prompt or template, so every path begins where its model does. */
const START = '/terms';
const START_TITLE = 'Terms of Service';

async function startApp(effects: Partial<AppEffects>, clock?: SimulatedClock) {
  const app = await renderApp(
    START,
    {},
    // no shelves on the home page: the grid is what these replays read
    { effects: fakeEffects({ fetchHomeSections: async () => [], ...effects }), ...(clock ? { clock } : {}) },
  );
  await screen.findByRole('heading', { level: 1, name: START_TITLE });
  return Object.assign(app, { hands: hands() });
}
type App = Awaited<ReturnType<typeof startApp>>;

/** Following a link to `href` (to the page shown, it loads that page again in its own entry). */
async function follow(app: App, href: string): Promise<void> {
  await act(() => app.router.navigate({ href }));
  await settle();
}

// Reading the page by role and name. jsdom has no style sheets, so what a person cannot perceive is
// what `hidden` or `aria-hidden` takes away: checking that once per element (rather than Testing
// Library's style walk for every element of every query) keeps the replays fast.
const perceivable = (el: Element): boolean => el.closest('[aria-hidden="true"], [hidden]') === null;
type Name = string | RegExp;
const all = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) =>
  within(container)
    .queryAllByRole(role, { ...options, hidden: true })
    .filter(perceivable);
const one = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) =>
  all(container, role, options)[0] ?? null;
/** The element a person would reach for (it must be there). */
const find = (container: HTMLElement, role: string, options: { name?: Name; level?: number } = {}) => {
  const found = one(container, role, options);
  if (!found) throw new Error(`The page has no ${role} named ${String(options.name ?? '')}`);
  return found;
};
const text = (el: Element | null | undefined): string | null => el?.textContent ?? null;
const main = (): HTMLElement => screen.getByRole('main');

/** The page's title: its level-1 heading, or the level-2 heading of a page that has none (an error view). */
const pageHeading = (): string | null =>
  text(one(main(), 'heading', { level: 1 }) ?? one(main(), 'heading', { level: 2 }));

/** The elements of a role with their accessible names (Testing Library computes them). */
function namesOf(container: HTMLElement, role: string): { element: HTMLElement; name: string }[] {
  const found: { element: HTMLElement; name: string }[] = [];
  within(container).queryAllByRole(role, {
    hidden: true,
    name: (name, element) => {
      if (perceivable(element)) found.push({ element: element as HTMLElement, name });
      return true;
    },
  });
  return found;
}

/** A person's hands, without the pauses and style checks a browser does not need here. */
const hands = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Lets the app run until `done` holds (the router and the machines answer within a few turns). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 50; turn++) {
    if (done()) return;
    await settle();
  }
  throw new Error(`The page never ${what}`);
}

/**
 * The calls of a fake made during a step, against the effects the model says the step starts (same
 * number, and each input found in what the page sent: the page adds what the model does not name,
 * such as the page size).
 */
function checkCalls(
  step: SpecStep,
  made: unknown[],
  expected: EffectCall[],
  sent: (call: EffectCall) => unknown,
): void {
  const wanted = expected.map(sent);
  const agrees =
    made.length === wanted.length &&
    made.every((m, i) => {
      const w = wanted[i];
      if (typeof w !== 'object' || w === null) return m === w;
      return Object.entries(w).every(
        ([k, v]) => JSON.stringify((m as Record<string, unknown>)[k]) === JSON.stringify(v),
      );
    });
  if (!agrees)
    throw new Error(
      `After ${specStepLabel(step)}: expected the page to call ${JSON.stringify(wanted)} but it called ${JSON.stringify(made)}`,
    );
}

/** Answers and failures of a fake call, as the step says. */
async function answer<A extends unknown[], R>(
  fake: ReturnType<typeof controllable<A, R>>,
  step: SpecStep,
  output: (value: unknown) => R,
): Promise<void> {
  if ('settle' in step) await fake.resolve(output(step.output));
  else if ('fail' in step) await fake.reject(step.error ?? new Error(`${step.fail} failed`));
}

// ---------------------------------------------------------------------------------------------
// promptList: home, the search page and Recommended

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

describe(`promptList on the page against ${listModel.spec}`, () => {
  for (const path of listPaths) {
    it(
      path.title,
      async () => {
        await replaySpecPathOnPage(
          listModel,
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
          path,
        );
      },
      REPLAY_TIMEOUT,
    );
  }
});

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

describe(`promptDetail on the page against ${detailModel.spec}`, () => {
  for (const path of detailPaths) {
    it(
      path.title,
      async () => {
        await replaySpecPathOnPage(
          detailModel,
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
          path,
        );
      },
      REPLAY_TIMEOUT,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// templateFiller: the variables, the filled prompt and "Copy prompt" on a free ChatGPT prompt

const fillerModel = templateFillerSpec();

/** Each model prompt on its own detail page; lakeEdited is lake's page after an edit on the server. */
const FILLER_PAGES: Record<PromptName, { slugId: string; title: string }> = {
  lake: { slugId: 'misty-lake-7', title: 'Misty Lake' },
  lakeEdited: { slugId: 'misty-lake-7', title: 'Misty Lake, edited' },
  portrait: { slugId: 'a-portrait-8', title: 'A Portrait' },
};
const nameOf = (event: { [key: string]: unknown }): PromptName =>
  (Object.keys(PROMPTS) as PromptName[]).find(
    (k) => PROMPTS[k].promptId === event.promptId && PROMPTS[k].template === event.template,
  )!;

/** A free ChatGPT prompt (its "Open in ChatGPT" link carries what "Copy prompt" copies). */
const fillerPrompt = (name: PromptName): PromptFull => {
  const { promptId, template, variables } = PROMPTS[name];
  const { slugId, title } = FILLER_PAGES[name];
  const base = fullFixture(promptId);
  return {
    ...base,
    slugId,
    title,
    generatorType: 3,
    grade: 0,
    hasAccess: 1,
    promptDetail: { ...base.promptDetail, slugId, template, variables: variables.map((v) => ({ ...v })) },
  };
};

interface FillerApp extends App {
  copy: ReturnType<typeof controllable<[string], void>>;
  serve: (name: PromptName) => void;
  getPrompt: ReturnType<typeof vi.fn>;
}

async function performFiller(
  app: FillerApp,
  step: SpecStep,
  before: TemplateFillerState,
  after: TemplateFillerState,
) {
  const copies = app.copy.fn.mock.calls.length;
  if ('send' in step) {
    const event = step.send;
    const name = event.type === 'template.load' ? nameOf(event) : null;
    // the detail page loads its template into the filler once the prompt is shown
    if (name) app.serve(name);
    const asked = app.getPrompt.mock.calls.length;
    await jsdomPerson(app, { user: app.hands }).take(templateFillerDriver, event, before);
    if (name) {
      await until(
        () =>
          app.getPrompt.mock.calls.length > asked &&
          pageHeading() === FILLER_PAGES[name].title &&
          one(main(), 'button', { name: 'Copy prompt' }) !== null,
        `showed ${FILLER_PAGES[name].title} with its template`,
      );
      await settle();
    }
  } else await answer(app.copy, step, () => undefined);
  checkCalls(
    step,
    app.copy.fn.mock.calls.slice(copies).map(([text]) => text),
    fillerModel.calls?.(before, step, after) ?? [],
    (call) => (call.input as { text: string }).text,
  );
}

function observeFiller() {
  const toaster = one(document.body, 'region', { name: 'Notifications' })!;
  const toasts = all(toaster, 'paragraph').map(text);
  const page = main();
  const copyButton = one(page, 'button', { name: 'Copy prompt' });
  if (!copyButton) return { heading: pageHeading(), filler: null, toasts };
  const group = one(page, 'group', { name: 'Fill in the variables' });
  const fields = group ? namesOf(group, 'textbox') : [];
  const open = one(page, 'link', { name: 'Open in ChatGPT' })!.getAttribute('href')!;
  return {
    heading: pageHeading(),
    filler: {
      variables: fields.map(({ element, name }) => ({
        index: Number(/^Variable (\d+): /.exec(name)?.[1]) - 1,
        label: name.replace(/^Variable \d+: /, ''),
        example: element.getAttribute('placeholder'),
      })),
      values: fields.map(({ element }) => (element as HTMLInputElement).value),
      text: text(within(page).getByLabelText('Filled prompt')),
      copying: copyButton.hasAttribute('disabled'),
      examplesUsed:
        within(page).queryByText(
          'Fields left empty are copied with the example shown in them. Type your own to replace it.',
        ) !== null,
      copiedText: new URL(open).searchParams.get('q'),
    },
    toasts,
  };
}

function fillerShown(expected: unknown, state: TemplateFillerState) {
  const e = expected as {
    variables: { index: number; label: string; example: string }[];
    values: string[];
    text: string;
    copying: boolean;
    examplesUsed: number;
    copiedText: string;
    toasts: { kind: string; message: string }[];
  };
  // a toast's kind is its colour and icon; what the page says is its message
  const toasts = e.toasts.map((t) => t.message);
  if (state.prompt === null) return { heading: START_TITLE, filler: null, toasts };
  return {
    heading: FILLER_PAGES[state.prompt].title,
    filler: {
      variables: e.variables.map(({ index, label, example }) => ({ index, label, example })),
      values: e.values,
      text: e.text,
      copying: e.copying,
      examplesUsed: e.examplesUsed > 0,
      copiedText: e.copiedText,
    },
    toasts,
  };
}

const fillerCanTake = (step: SpecStep, before: TemplateFillerState): boolean => {
  if (!('send' in step)) return true;
  const event = step.send;
  const fields = before.prompt ? PROMPTS[before.prompt].variables.length : 0;
  if (event.type === 'variable.change') return (event.index as number) < fields;
  if (event.type === 'template.reset') return fields > 0;
  if (event.type === 'template.copy') return before.prompt !== null;
  return true;
};

// Left out as repetitive, to keep the file fast (the machine replays take every path of the model):
// paths longer than three steps, except for the copy's answer as a fourth step (the toast after
// typing, and the answer of a copy left behind); typing that changes nothing; the blocked clipboard
// once something was typed (its message does not depend on what was typed); and while copying,
// typing, Reset and Copy on the portrait (the lake shows them).
let fillerDepth = 0;
const fillerPaths = pagePaths(fillerModel, (step, before, after) => {
  if (!fillerCanTake(step, before)) return false;
  // the steps of a path are asked in order, each path from the model's start (where no step a
  // person can take leaves the model as it was)
  fillerDepth = before === fillerModel.initial ? 1 : fillerDepth + 1;
  if (fillerDepth > 4 || (fillerDepth === 4 && 'send' in step)) return false;
  if ('fail' in step && before.values.some((value) => value !== '')) return false;
  if ('send' in step && step.send.type !== 'template.load') {
    if (before.phase === 'editing' && JSON.stringify(after) === JSON.stringify(before)) return false;
    if (before.phase === 'copying' && before.prompt !== 'lake') return false;
  }
  return true;
});

describe(`templateFiller on the page against ${fillerModel.spec}`, () => {
  for (const path of fillerPaths) {
    it(
      path.title,
      async () => {
        await replaySpecPathOnPage(
          fillerModel,
          {
            start: async () => {
              const copy = controllable<[string], void>();
              const served: Record<number, PromptName> = { 7: 'lake', 8: 'portrait' };
              const getPrompt = vi.fn(async (slugId: string): Promise<PromptLookup> => {
                const id = Number(/(\d+)$/.exec(slugId)?.[1]);
                return served[id] ? { found: true, prompt: fillerPrompt(served[id]) } : { found: false };
              });
              // toasts stay until the model says time passed (it never does): no 2 s race
              const app = await startApp({ getPrompt, copyText: copy.fn }, new SimulatedClock());
              const serve = (name: PromptName) => void (served[PROMPTS[name].promptId] = name);
              return Object.assign(app, { copy, serve, getPrompt });
            },
            perform: performFiller,
            observe: observeFiller,
            shown: fillerShown,
            stop: (app) => app.system.stop(),
          },
          path,
        );
      },
      REPLAY_TIMEOUT,
    );
  }
});
