// The home page's shelves: opening the home page loads them (unless already shown), "Reload
// sections" after a failure. `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { homeSectionsDriver } from '../../drivers/home-sections.ts';
import { changeViewer } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const homeSectionsScript: BrowserScript = {
  machineId: 'homeSections',
  effects: { fetchHomeSections: 'fetchHomeSections' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'home.load → loading · fetchHomeSections answers [{"key":"trending","title":"Trending now","data... → ready (trending) · wait 60000 ms → ready (trending)',
  act: (event, step) =>
    event.type === 'viewer.changed'
      ? changeViewer(step.page, event.viewer as string | null, DEMO_MEMBER)
      : take(homeSectionsDriver, event, step),
};
