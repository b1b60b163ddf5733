// "Share" on a prompt's page: a short link is made and copied; if the clipboard refuses, the link
// is shown selected with "Close".
import { click } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const shareScript: BrowserScript = {
  machineId: 'share',
  effects: { createShareLink: 'createShareLink', copyText: 'copyText' },
  // prompt 7 of the demo data, the path's promptId
  start: '/detail/hyperlapse-through-a-manhattan-avenue-at-dusk-7',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'share.request {"promptId":7} → creating #7 · createShareLink answers {"url":"http://localhost:3000/s/Ab12Cd34"} → copying #7 · copyText answers → idle #7 [success]',
  async act(event, { page }) {
    const main = page.getByRole('main');
    switch (event.type) {
      case 'share.request':
        await click(main.getByRole('button', { name: 'Share', exact: true }));
        return;
      case 'share.dismiss':
        await click(main.getByRole('group', { name: 'Share link' }).getByRole('button', { name: 'Close' }));
        return;
      default:
        return false;
    }
  },
};
