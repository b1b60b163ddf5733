// A category grid: a page of prompts for a query, "Show more", a retry; reloaded for a new viewer.
// Copied from tests/machines/prompt-list.test.ts and tests/views/catalog.model.test.tsx, which are
// to switch to these.
import type { AnyMachineSnapshot } from 'xstate';
import { promptListMachine, type PromptListContext } from '../../machines/prompt-list.ts';
import { pageFixture } from '../support/fixtures.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

const pageAnswers = {
  'list.load': [
    { type: 'list.load', query: { grade: 0 as const, page: 1 } },
    { type: 'list.load', query: { grade: 1 as const, page: 2 } },
  ],
  'xstate.done.actor.fetchPromptPage': [
    { type: 'xstate.done.actor.fetchPromptPage', output: { ...pageFixture(2, 5), pageSize: 2 } },
    { type: 'xstate.done.actor.fetchPromptPage', output: pageFixture(2) },
  ],
  'xstate.error.actor.fetchPromptPage': [
    { type: 'xstate.error.actor.fetchPromptPage', error: new Error("Can't reach FruitPrompt right now.") },
  ],
};

/**
 * The category page's walk. `viewer.changed` is left out: the app's session speaks first at
 * start-up, so the rendered lists always know their viewer.
 */
export const promptListPageModel: MachineModel = {
  machine: withControlledActors(promptListMachine, ['fetchPromptPage']),
  actors: ['fetchPromptPage'],
  samples: pageAnswers,
  skip: ['viewer.changed'],
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PromptListContext;
    return `${JSON.stringify(s.value)} ${JSON.stringify(c.query)} ${c.error ?? ''} ${c.moreError ?? ''} ${c.page ? `${c.page.data.length}/${c.page.total}` : ''}`;
  },
  maxSteps: 6,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  promptList: 'A category, search or home grid of prompt cards',
  'promptList.idle': 'No grid yet',
  'promptList.loading': 'The grid busy: "Loading prompts…"',
  'promptList.ready': 'The prompt cards with "Show more" when there are more (or "No prompts here yet")',
  'promptList.loadingMore': 'The cards and a disabled "Loading more…" button',
  'promptList.error': '"We couldn\'t load these prompts" with the reason and "Try again"',
};

export const promptListModel: MachineModel = {
  sees: SEES,
  machine: promptListMachine,
  actors: ['fetchPromptPage'],
  samples: {
    ...pageAnswers,
    'viewer.changed': [
      { type: 'viewer.changed', viewer: null },
      { type: 'viewer.changed', viewer: 'token-b' },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PromptListContext;
    return `${JSON.stringify(s.value)} ${JSON.stringify(c.query)} ${c.error ? 'err' : ''} ${c.moreError ? 'more-err' : ''} ${c.page ? `${c.page.data.length}/${c.page.total}` : ''} ${String(c.viewer)}`;
  },
  observe: (c: PromptListContext) => ({ error: c.error, shown: c.page?.data.length, viewer: c.viewer }),
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
  page: promptListPageModel,
};
