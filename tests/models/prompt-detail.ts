// A prompt's detail page: the prompt, then its related prompts; reloaded for a new viewer.
// The page walk is the one tests/views/catalog.model.test.tsx replays against the rendered page.
import type { AnyMachineSnapshot } from 'xstate';
import type { PromptCard } from '../../domain/catalog.ts';
import { promptDetailMachine, type PromptDetailContext } from '../../machines/catalog/prompt-detail.ts';
import { cardFixture, fullFixture, pageFixture } from '../support/fixtures.ts';
import { withControlledActors } from './traversal.ts';
import type { MachineModel } from './types.ts';

// The detail page replay's prompt and related cards (tests/views/catalog.model.test.tsx).
export const DETAIL_SLUG_ID = 'misty-alpine-lake-1-1';
export const shownPrompt = fullFixture(1, { title: 'Misty Alpine Lake' });
export const relatedCards: PromptCard[] = [
  cardFixture(21, { title: 'Alpine Sunrise' }),
  cardFixture(22, { title: 'Foggy Fjord' }),
];

/** The detail page's walk; `viewer.changed` is left out (the session speaks first at start-up). */
export const promptDetailPageModel: MachineModel = {
  machine: withControlledActors(promptDetailMachine, ['fetchPrompt', 'fetchRelated']),
  actors: ['fetchPrompt', 'fetchRelated'],
  samples: {
    'detail.load': [{ type: 'detail.load', id: DETAIL_SLUG_ID }],
    'xstate.done.actor.fetchPrompt': [
      { type: 'xstate.done.actor.fetchPrompt', output: { found: true, prompt: shownPrompt } },
      { type: 'xstate.done.actor.fetchPrompt', output: { found: false } },
    ],
    'xstate.error.actor.fetchPrompt': [
      { type: 'xstate.error.actor.fetchPrompt', error: new Error("Can't reach FruitPrompt right now.") },
    ],
    'xstate.done.actor.fetchRelated': [{ type: 'xstate.done.actor.fetchRelated', output: relatedCards }],
    'xstate.error.actor.fetchRelated': [
      { type: 'xstate.error.actor.fetchRelated', error: new Error('offline') },
    ],
  },
  skip: ['viewer.changed'],
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PromptDetailContext;
    return `${JSON.stringify(s.value)} ${c.prompt ? 'p' : ''} ${c.error ?? ''} ${c.related.length}`;
  },
  maxSteps: 6,
};

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  promptDetail: "A prompt's detail page",
  'promptDetail.idle': 'No prompt yet',
  'promptDetail.loading':
    '"Loading prompt…" skeleton (the prompt shown before stays while it reloads for a new viewer)',
  'promptDetail.ready':
    'The prompt: title, images, generator, price, the template (or "Unlock this prompt"), "You may also like"',
  'promptDetail.ready.relatedLoading': 'The prompt; "You may also like" still loading',
  'promptDetail.ready.relatedShown': 'The prompt and the "You may also like" cards',
  'promptDetail.ready.relatedFailed': 'The prompt; "Related prompts could not be loaded." with "Try again"',
  'promptDetail.notFound': '"Prompt Not Found": this prompt doesn\'t exist or is no longer for sale',
  'promptDetail.error':
    '"We couldn\'t load this prompt" with the reason, "Try again" and "Back to all prompts"',
};

export const promptDetailModel: MachineModel = {
  sees: SEES,
  machine: promptDetailMachine,
  actors: ['fetchPrompt', 'fetchRelated'],
  samples: {
    'detail.load': [{ type: 'detail.load', id: DETAIL_SLUG_ID }],
    'xstate.done.actor.fetchPrompt': [
      { type: 'xstate.done.actor.fetchPrompt', output: { found: true, prompt: fullFixture(1) } },
      { type: 'xstate.done.actor.fetchPrompt', output: { found: false } },
    ],
    'xstate.error.actor.fetchPrompt': [
      { type: 'xstate.error.actor.fetchPrompt', error: new Error('offline') },
    ],
    'xstate.done.actor.fetchRelated': [
      { type: 'xstate.done.actor.fetchRelated', output: pageFixture(2).data.map((c) => ({ ...c, id: 7 })) },
    ],
    'xstate.error.actor.fetchRelated': [
      { type: 'xstate.error.actor.fetchRelated', error: new Error('offline') },
    ],
    'viewer.changed': [
      { type: 'viewer.changed', viewer: null },
      { type: 'viewer.changed', viewer: 'token-b' },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PromptDetailContext;
    return `${JSON.stringify(s.value)} ${c.prompt ? 'p' : ''}${c.error ? 'e' : ''}${c.related.length} ${String(c.viewer)}`;
  },
  observe: (c: PromptDetailContext) => ({
    id: c.prompt?.id,
    error: c.error,
    related: c.related.length,
    viewer: c.viewer,
  }),
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
  page: promptDetailPageModel,
};
