// The home page's shelves (Trending now, …): loaded once, again for another viewer.
// A copy of the inline model in tests/machines/catalog-flows.test.ts, which is to switch to this one.
import { homeSectionsMachine } from '../../machines/catalog/home-sections.ts';
import { cardFixture } from '../support/fixtures.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  homeSections: 'The shelves on the home page (Trending now, …)',
  'homeSections.idle': 'Home page without shelves',
  'homeSections.loading': 'No shelves yet (the ones shown before stay while they reload)',
  'homeSections.ready': 'Each shelf: its title, "See all" and a row of prompt cards',
  'homeSections.error': '"Some sections could not be loaded." with "Reload sections"',
};

export const homeSectionsModel: MachineModel = {
  sees: SEES,
  machine: homeSectionsMachine,
  actors: ['fetchHomeSections'],
  samples: {
    'xstate.done.actor.fetchHomeSections': [
      {
        type: 'xstate.done.actor.fetchHomeSections',
        output: [{ key: 'trending', title: 'Trending now', data: [cardFixture(1)] }],
      },
    ],
    'xstate.error.actor.fetchHomeSections': [
      { type: 'xstate.error.actor.fetchHomeSections', error: new Error('x') },
    ],
    'viewer.changed': [
      { type: 'viewer.changed', viewer: null },
      { type: 'viewer.changed', viewer: 'token-b' },
    ],
  },
};
