// The catalog's model paths (generated from promptList, promptDetail and templateFiller themselves)
// replayed against the rendered app. Every step becomes what a person does (opening an address,
// clicking by role and name, typing into a labelled field) or the settling of a fake catalog call,
// and after every step the page must show what the path's expected state holds.
//
// `viewer.changed` is left out here: the app's session speaks first at start-up, so the rendered
// lists always know their viewer; who-is-asking reloads are tested on the actor system
// (tests/machines/app.test.ts) and in tests/views/catalog.test.tsx.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ListQuery, PromptCard, PromptFull, PromptPage } from '../../domain/catalog.ts';
import { nextPageOf } from '../../domain/catalog.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import { promptListMachine } from '../../machines/catalog/prompt-list.ts';
import {
  COPY_MESSAGES,
  copyMessage,
  copyPlan,
  filledText,
  templateFillerMachine,
} from '../../machines/catalog/template-filler.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { fullFixture, pageFixture } from '../support/fixtures.ts';
import { controlledActors, modelPaths, type ModelPath, type Samples } from '../support/model.ts';
import { DETAIL_SLUG_ID, promptDetailPageModel, shownPrompt } from '../models/prompt-detail.ts';
import { pathsOf } from '../models/types.ts';
import { controllable } from './support/controllable.ts';
import { renderApp } from './support/render-app.tsx';

/** Paths a longer one extends are replayed inside it, step by step. */
const longestOnly = (paths: ModelPath[]): ModelPath[] =>
  paths.filter((p) => !paths.some((q) => q !== p && q.description.startsWith(`${p.description} · `)));

/** Start somewhere with no list, detail or template, so every path begins at the machines' start. */
const START = '/terms';

async function startApp(extra: Parameters<typeof fakeEffects>[0]) {
  const app = await renderApp(START, {}, { effects: fakeEffects(extra) });
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  return app;
}

type App = Awaited<ReturnType<typeof startApp>>;

/** Opening an address, as following a link or typing it does. */
async function open(app: App, href: string) {
  await app.router.navigate({ href });
}

// ---------------------------------------------------------------------------------------------
// promptList: the category grid

const listSamples: Samples = {
  'list.load': [
    { type: 'list.load', query: { grade: 0, page: 1 } },
    { type: 'list.load', query: { grade: 1, page: 2 } },
  ],
  'xstate.done.actor.fetchPromptPage': [
    { type: 'xstate.done.actor.fetchPromptPage', output: { ...pageFixture(2, 5), pageSize: 2 } },
    { type: 'xstate.done.actor.fetchPromptPage', output: pageFixture(2) },
  ],
  'xstate.error.actor.fetchPromptPage': [
    { type: 'xstate.error.actor.fetchPromptPage', error: new Error("Can't reach FruitPrompt right now.") },
  ],
};

const LIST_ADDRESS: Record<number, string> = { 0: '/category/free-prompts', 1: '/category/fruit-prompts' };

const listPaths = longestOnly(
  modelPaths(promptListMachine.provide({ actors: controlledActors(['fetchPromptPage']).actors as never }), {
    samples: listSamples,
    skip: ['viewer.changed'],
    serializeState: (s) =>
      `${JSON.stringify(s.value)} ${JSON.stringify(s.context.query)} ${s.context.error ?? ''} ${s.context.page ? `${s.context.page.data.length}/${s.context.page.total}` : ''}`,
  }).filter((p) => p.steps.length <= 6),
);

async function performList(app: App, fetch: ReturnType<typeof listFetcher>, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'list.load': {
      const query = event.query as ListQuery;
      const page = query.page && query.page > 1 ? `?page=${query.page}` : '';
      return open(app, `${LIST_ADDRESS[query.grade ?? 0]}${page}`);
    }
    case 'xstate.done.actor.fetchPromptPage': {
      // the sample's answer as it is, with ids no earlier answer used (cards are keyed by id)
      const output = event.output as PromptPage;
      const offset = 100 * fetch.fn.mock.calls.length;
      return fetch.resolve({ ...output, data: output.data.map((c) => ({ ...c, id: c.id + offset })) });
    }
    case 'xstate.error.actor.fetchPromptPage':
      return fetch.reject(event.error);
    case 'list.retry':
      return app.user.click(screen.getByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectListShows(expected: AnyMachineSnapshot) {
  const context = expected.context as {
    page: PromptPage | null;
    error: string | null;
  };
  if (expected.matches('idle')) {
    expect(screen.queryByText('Loading prompts…')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    return;
  }
  const grid = screen.getByRole('region', { name: 'Prompts' });
  if (expected.hasTag('loading')) {
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getByRole('status')).toHaveTextContent('Loading prompts…');
    return;
  }
  expect(grid).toHaveAttribute('aria-busy', 'false');
  if (expected.hasTag('error')) {
    expect(within(grid).getByRole('alert')).toHaveTextContent(context.error ?? '');
    expect(within(grid).getByRole('button', { name: 'Try again' })).toBeEnabled();
    return;
  }
  const page = context.page!;
  expect(within(grid).getAllByRole('article')).toHaveLength(page.data.length);
  // one way to page: Previous / Next by address, never "Show more"
  expect(within(grid).queryByRole('button', { name: /Show more|Loading more/ })).not.toBeInTheDocument();
  const pagination = within(grid).queryByRole('navigation', { name: 'Pagination' });
  if (page.total > page.pageSize) {
    expect(pagination).toHaveTextContent(`Page ${page.page} of ${Math.ceil(page.total / page.pageSize)}`);
    if (nextPageOf(page) !== null)
      expect(within(pagination!).getByRole('link', { name: 'Next' })).toBeVisible();
  } else expect(pagination).not.toBeInTheDocument();
  expect(within(grid).queryByRole('alert')).not.toBeInTheDocument();
}

const listFetcher = () => controllable<[ListQuery], PromptPage>();

describe('promptList: model paths replayed on a category page', () => {
  it('reaches every state of the list', () => {
    const reached = new Set(listPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ['idle', 'loading', 'ready', 'error'])
      expect(reached).toContain(JSON.stringify(state));
  });

  for (const path of listPaths) {
    it(path.description, async () => {
      const fetch = listFetcher();
      const app = await startApp({ listPrompts: fetch.fn });
      for (const step of path.steps) {
        await performList(app, fetch, step.event);
        expectListShows(step.state);
      }
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// promptDetail: the detail page and its related prompts

// the paths of the detail page's model (tests/models/prompt-detail.ts), the ones `npm run paths` lists
const SLUG_ID = DETAIL_SLUG_ID;
const shown = shownPrompt;
const detailPaths = longestOnly(pathsOf(promptDetailPageModel).filter((p) => p.steps.length <= 6));

interface DetailFakes {
  getPrompt: ReturnType<typeof controllable<[string], PromptLookup>>;
  getRelated: ReturnType<typeof controllable<[number], PromptCard[]>>;
}

async function performDetail(app: App, fakes: DetailFakes, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'detail.load':
      return open(app, `/detail/${event.id as string}`);
    case 'xstate.done.actor.fetchPrompt':
      return fakes.getPrompt.resolve(event.output as PromptLookup);
    case 'xstate.error.actor.fetchPrompt':
      return fakes.getPrompt.reject(event.error);
    case 'xstate.done.actor.fetchRelated':
      return fakes.getRelated.resolve(event.output as PromptCard[]);
    case 'xstate.error.actor.fetchRelated':
      return fakes.getRelated.reject(event.error);
    case 'detail.retry':
      return app.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Try again' }));
    case 'detail.relatedRetry': {
      const related = screen.getByRole('region', { name: 'You may also like' });
      return app.user.click(within(related).getByRole('button', { name: 'Try again' }));
    }
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectDetailShows(expected: AnyMachineSnapshot) {
  const context = expected.context as {
    prompt: PromptFull | null;
    error: string | null;
    related: PromptCard[];
  };
  const main = within(screen.getByRole('main'));
  if (expected.matches('idle')) {
    expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
    return;
  }
  if (expected.matches('notFound')) {
    expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('Prompt Not Found');
    return;
  }
  if (expected.matches('error')) {
    expect(main.getByRole('heading', { name: "We couldn't load this prompt" })).toBeInTheDocument();
    expect(main.getByRole('alert')).toHaveTextContent(context.error ?? '');
    return;
  }
  if (context.prompt === null) {
    // loading a prompt not shown before: the skeleton
    expect(main.getByRole('status')).toHaveTextContent('Loading prompt…');
    return;
  }
  // the prompt is on screen (ready, or reloading the same one)
  expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(context.prompt.title);
  if (!expected.matches('ready')) return;
  const related = screen.queryByRole('region', { name: 'You may also like' });
  if (expected.matches({ ready: 'relatedLoading' })) {
    expect(related).toHaveAttribute('aria-busy', 'true');
  } else if (expected.matches({ ready: 'relatedFailed' })) {
    expect(within(related!).getByText('Related prompts could not be loaded.')).toBeInTheDocument();
    expect(within(related!).getByRole('button', { name: 'Try again' })).toBeEnabled();
  } else {
    expect(related).toHaveAttribute('aria-busy', 'false');
    expect(within(related!).getAllByRole('article')).toHaveLength(context.related.length);
    for (const card of context.related)
      expect(within(related!).getByRole('link', { name: card.title })).toBeInTheDocument();
  }
}

describe('promptDetail: model paths replayed on the detail page', () => {
  it('reaches every state of the detail', () => {
    const reached = new Set(detailPaths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of [
      'idle',
      'loading',
      'notFound',
      'error',
      { ready: 'relatedLoading' },
      { ready: 'relatedShown' },
      { ready: 'relatedFailed' },
    ])
      expect(reached).toContain(JSON.stringify(state));
  });

  for (const path of detailPaths) {
    it(path.description, async () => {
      const fakes: DetailFakes = {
        getPrompt: controllable<[string], PromptLookup>(),
        getRelated: controllable<[number], PromptCard[]>(),
      };
      const app = await startApp({ getPrompt: fakes.getPrompt.fn, getRelated: fakes.getRelated.fn });
      for (const step of path.steps) {
        await performDetail(app, fakes, step.event);
        expectDetailShows(step.state);
      }
      for (const call of fakes.getPrompt.fn.mock.calls) expect(call[0]).toBe(SLUG_ID);
      for (const call of fakes.getRelated.fn.mock.calls) expect(call[0]).toBe(shown.id);
      app.system.stop();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// templateFiller: the variables, the live prompt and "Copy prompt"

const template = 'a portrait of [Variable 1] under [Variable 2] --ar 2:3';
const fillable = fullFixture(3, {
  title: 'Window Light Portrait',
  grade: 0,
  promptDetail: {
    ...fullFixture(3).promptDetail,
    template,
    variables: [
      { index: 0, label: 'Subject', example: 'an old fisherman' },
      { index: 1, label: 'Light', example: 'soft window light' },
    ],
  },
});

const fillerPaths = longestOnly(
  modelPaths(templateFillerMachine.provide({ actors: controlledActors(['copyText']).actors as never }), {
    samples: {
      'template.load': [
        {
          type: 'template.load',
          promptId: fillable.id,
          template,
          variables: fillable.promptDetail.variables,
        },
      ],
      'variable.change': [
        { type: 'variable.change', index: 0, value: 'a red fox' },
        { type: 'variable.change', index: 1, value: 'moonlight' },
      ],
      'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
      'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: new Error('denied') }],
    },
    serializeState: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context.values)}`,
  }).filter((p) => p.steps.length <= 5),
);

const FIELD_BY_INDEX = ['Subject', 'Light'];

async function performFiller(
  app: App,
  copy: ReturnType<typeof controllable<[string], void>>,
  event: AnyEventObject,
) {
  switch (event.type) {
    case 'xstate.init':
      return;
    case 'template.load':
      // the detail page loads the template into the filler when it shows it
      await open(app, `/detail/${fillable.slugId}`);
      await screen.findByRole('group', { name: 'Fill in the variables' });
      return;
    case 'variable.change': {
      const field = screen.getByRole('textbox', { name: new RegExp(FIELD_BY_INDEX[event.index as number]!) });
      await app.user.clear(field);
      await app.user.type(field, event.value as string);
      return;
    }
    case 'template.reset':
      return app.user.click(screen.getByRole('button', { name: 'Reset' }));
    case 'template.copy':
      return app.user.click(screen.getByRole('button', { name: 'Copy prompt' }));
    case 'xstate.done.actor.copyText':
      return copy.resolve(undefined);
    case 'xstate.error.actor.copyText':
      return copy.reject(event.error);
    default:
      throw new Error(`No user action for ${event.type}`);
  }
}

function expectFillerShows(expected: AnyMachineSnapshot, event: AnyEventObject) {
  if (expected.matches('empty')) {
    expect(screen.queryByRole('button', { name: 'Copy prompt' })).not.toBeInTheDocument();
    return;
  }
  const context = expected.context as { values: string[]; template: string; variables: unknown[] };
  FIELD_BY_INDEX.forEach((label, i) =>
    expect(screen.getByRole('textbox', { name: new RegExp(label) })).toHaveValue(context.values[i]),
  );
  expect(screen.getByLabelText('Filled prompt')).toHaveTextContent(filledText(context as never));
  const copyButton = screen.getByRole('button', { name: 'Copy prompt' });
  if (expected.hasTag('busy')) expect(copyButton).toBeDisabled();
  else expect(copyButton).toBeEnabled();
  // an empty field is copied with its example, and the toast counts them ("Copied, with 1 example value")
  if (event.type === 'xstate.done.actor.copyText')
    expect(screen.getByText(copyMessage(copyPlan(context as never)))).toBeInTheDocument();
  if (event.type === 'xstate.error.actor.copyText')
    expect(screen.getByText(COPY_MESSAGES.failed)).toBeInTheDocument();
}

describe('templateFiller: model paths replayed on a free prompt', () => {
  for (const path of fillerPaths) {
    it(path.description, async () => {
      const copy = controllable<[string], void>();
      const app = await startApp({
        // a fresh answer per call, as from the server
        getPrompt: async () => ({ found: true, prompt: structuredClone(fillable) }),
        copyText: copy.fn,
      });
      for (const step of path.steps) {
        await performFiller(app, copy, step.event);
        expectFillerShows(step.state, step.event);
      }
      // what was copied is the filled text at the time of copying
      const copies = path.steps.filter((s) => s.event.type === 'template.copy');
      expect(copy.fn).toHaveBeenCalledTimes(copies.length);
      copies.forEach((step, i) =>
        expect(copy.fn).toHaveBeenNthCalledWith(i + 1, copyPlan(step.state.context as never).text),
      );
      app.system.stop();
    });
  }
});
