// "Share" on a prompt's page: a short link is made and copied; if the clipboard refuses, the link
// is shown selected with "Close".
import { click } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const shareScript: BrowserScript = {
  machineId: 'share',
  effects: { createShareLink: 'createShareLink', copyText: 'copyText' },
  // prompt 7 of the demo data, the path's promptId
  start: '/detail/hyperlapse-through-a-manhattan-avenue-at-dusk-7',
  testPath: '5',
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
