// A category grid: a page of prompts for a query, paged by address, a retry; reloaded for a new
// viewer; Back to an entry shows the page it had while it is fetched again.
// Copied from tests/machines/prompt-list.test.ts and tests/views/catalog.model.test.tsx, which are
// to switch to these.
import type { AnyMachineSnapshot } from 'xstate';
import { promptListMachine, type PromptListContext } from '../../machines/catalog/prompt-list.ts';
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
    return `${JSON.stringify(s.value)} ${JSON.stringify(c.query)} ${c.error ?? ''} ${c.page ? `${c.page.data.length}/${c.page.total}` : ''}`;
  },
  maxSteps: 6,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  promptList: 'A category, search or home grid of prompt cards',
  'promptList.idle': 'No grid yet',
  'promptList.loading': 'The grid busy: "Loading prompts…"',
  'promptList.ready':
    'The prompt cards with Previous / "Page N of M" / Next when there are more (or "No prompts here yet")',
  'promptList.revalidating': 'Back on a page: the cards it had, at once, while they are fetched again',
  'promptList.error': '"We couldn\'t load these prompts" with the reason and "Try again"',
};

export const promptListModel: MachineModel = {
  sees: SEES,
  machine: promptListMachine,
  actors: ['fetchPromptPage'],
  samples: {
    ...pageAnswers,
    // two history entries: a person goes back and forth between them
    'list.load': [
      { type: 'list.load', query: { grade: 0 as const, page: 1 }, entry: 'a' },
      { type: 'list.load', query: { grade: 1 as const, page: 2 }, entry: 'b' },
    ],
    'viewer.changed': [
      { type: 'viewer.changed', viewer: null },
      { type: 'viewer.changed', viewer: 'token-b' },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PromptListContext;
    const kept = c.kept.map((k) => `${k.entry}:${k.page.data.length}`).join(',');
    return `${JSON.stringify(s.value)} ${JSON.stringify(c.query)} ${c.entry ?? ''} ${c.error ? 'err' : ''} ${c.page ? `${c.page.data.length}/${c.page.total}` : ''} ${String(c.viewer)} [${kept}]`;
  },
  observe: (c: PromptListContext) => ({ error: c.error, shown: c.page?.data.length, viewer: c.viewer }),
  maxSteps: 7,
  page: promptListPageModel,
};
