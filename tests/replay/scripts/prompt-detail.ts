// A prompt's page: opening /detail/{slugId} loads the prompt, then its related prompts; "Try again"
// on the page or in "You may also like". `viewer.changed`
// is the session's announcement after the demo member signs in (a token) or out (null); the same
// viewer again no person announces: sent to the actor.
import { DEMO_MEMBER } from '../runner.ts';
import { changeViewer, click, navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const promptDetailScript: BrowserScript = {
  machineId: 'promptDetail',
  effects: { fetchPrompt: 'getPrompt', fetchRelated: 'getRelated' },
  start: '/terms',
  testPath: '97',
  async act(event, { page }) {
    const main = page.getByRole('main');
    switch (event.type) {
      case 'detail.load': {
        const href = `/detail/${event.id as string}`;
        // the same page again: a person reloads it by following its link from elsewhere
        if (new URL(page.url()).pathname === href) await navigate(page, '/terms');
        await navigate(page, href);
        return;
      }
      case 'detail.retry':
        await click(main.getByRole('button', { name: 'Try again' }));
        return;
      case 'detail.relatedRetry':
        await click(
          page.getByRole('region', { name: 'You may also like' }).getByRole('button', { name: 'Try again' }),
        );
        return;
      case 'viewer.changed':
        return changeViewer(page, event.viewer as string | null, DEMO_MEMBER);
      default:
        return false;
    }
  },
};
