// promptList against its independent model (tests/models/spec/prompt-list.ts): every path of the
// model, and longer sequences written out here, replayed on the machine by the shared harness, observed
// through its selectors as the pages read them (the page only where the grid shows it, the reason only
// on the error view).
import { describe, expect, it } from 'vitest';
import { promptListMachine } from '../../machines/catalog/prompt-list.ts';
import * as view from '../../machines/catalog/prompt-list.selectors.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { runWithout, writtenPaths } from '../support/model-targets.ts';
import { promptListSpec, QUERIES, type QueryName } from '../models/spec/prompt-list.ts';

type Snapshot = ReturnType<typeof promptListMachine.getInitialSnapshot>;

const load = (query: QueryName, entry: string): SpecStep => ({
  send: { type: 'list.load', query: QUERIES[query].sent, entry },
});
const answer = (query: QueryName, version: 0 | 1): SpecStep => ({
  settle: 'fetchPromptPage',
  output: QUERIES[query].pages[version],
});
const visitor: SpecStep = { send: { type: 'viewer.changed', viewer: null } };
const member: SpecStep = { send: { type: 'viewer.changed', viewer: 'token-b' } };
/** Longer than the model's paths: the page an entry keeps is the one it showed last. */
const SEQUENCES: SpecStep[][] = [
  // a second entry of the list shown keeps that page too
  [load('home', 'e1'), answer('home', 0), load('home', 'e4'), load('search', 'e2'), load('home', 'e4')],
  // the fresh page fetched on the way back is the one kept
  [
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    load('home', 'e1'),
    answer('home', 1),
    load('search', 'e2'),
    load('home', 'e1'),
  ],
  // back to a kept page: it is shown at once and refreshed quietly, by a fresh page or, if that
  // fails, kept as it was
  [
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    answer('search', 0),
    load('home', 'e1'),
    answer('home', 1),
  ],
  [
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    answer('search', 0),
    load('home', 'e1'),
    { fail: 'fetchPromptPage', error: new Error('offline') },
  ],
  // issue 18: a member arriving while a kept page is fetched again starts that fetch over for them,
  // keeping the page shown
  [
    { send: { type: 'viewer.changed', viewer: null } },
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    load('home', 'e1'),
    { send: { type: 'viewer.changed', viewer: 'token-b' } },
    answer('home', 1),
  ],
  [
    { send: { type: 'viewer.changed', viewer: null } },
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    load('home', 'e1'),
    { send: { type: 'viewer.changed', viewer: 'token-b' } },
    { fail: 'fetchPromptPage', error: new Error('offline') },
  ],
  // the member who arrived is the viewer now: signing out reloads, and no visitor's kept page is theirs
  [visitor, load('home', 'e1'), answer('home', 0), member, answer('home', 1), visitor],
  [
    visitor,
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    answer('search', 0),
    member,
    answer('search', 0),
    load('home', 'e1'),
  ],
  [
    visitor,
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    load('home', 'e1'),
    member,
    answer('home', 1),
    visitor,
  ],
  [
    visitor,
    load('search', 'e2'),
    answer('search', 0),
    load('home', 'e1'),
    answer('home', 0),
    load('search', 'e2'),
    member,
    answer('search', 0),
    load('home', 'e1'),
  ],
];

describeModel({
  walks: [walk('', promptListSpec())],
  paths: (_, model) => writtenPaths(model, SEQUENCES),
  target: () => ({
    machine: promptListMachine,
    effects: ['fetchPromptPage'],
    observe: ({ snapshot }) => {
      const s = snapshot as Snapshot;
      const status = view.status(s);
      return {
        status,
        page: status === 'ready' ? view.page(s) : null,
        error: status === 'error' ? view.error(s) : null,
        recommendedMode: view.recommendedMode(s),
        recommendedBecause: view.recommendedBecause(s),
      };
    },
  }),
});

describe('promptList without its fetch provided', () => {
  it('fails like any failed load, naming the missing effect', async () => {
    const { snapshot } = await runWithout(promptListMachine, [
      { type: 'list.load', query: { page: 1 }, entry: 'e1' },
    ]);
    expect(view.status(snapshot as Snapshot)).toBe('error');
    expect(view.error(snapshot as Snapshot)).toBe('fetchPromptPage must be provided');
  });
});
