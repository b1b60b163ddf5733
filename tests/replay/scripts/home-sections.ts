// The home page's shelves: opening the home page loads them (unless already shown), "Reload
// sections" after a failure. `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { changeViewer, click, navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const homeSectionsScript: BrowserScript = {
  machineId: 'homeSections',
  effects: { fetchHomeSections: 'fetchHomeSections' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'home.load → loading · fetchHomeSections answers [{"key":"trending","title":"Trending now","data... → ready (trending) · wait 60000 ms → ready (trending)',
  async act(event, { page }) {
    switch (event.type) {
      case 'home.load':
        // coming (back) home: from another page
        if (new URL(page.url()).pathname === '/') await navigate(page, '/terms');
        await navigate(page, '/');
        return;
      case 'home.retry':
        await click(page.getByRole('main').getByRole('button', { name: 'Reload sections' }));
        return;
      case 'viewer.changed':
        return changeViewer(page, event.viewer as string | null, DEMO_MEMBER);
      default:
        return false;
    }
  },
};
