// "Share" on a prompt's page: a short link is made and copied; if the clipboard refuses, the link
// is shown selected with "Close".
import { shareDriver } from '../../drivers/share.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const shareScript: BrowserScript = {
  machineId: 'share',
  effects: { createShareLink: 'createShareLink', copyText: 'copyText' },
  // prompt 7 of the demo data, the path's promptId
  start: '/detail/hyperlapse-through-a-manhattan-avenue-at-dusk-7',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'share.request {"promptId":7} → creating #7 · createShareLink answers {"url":"http://localhost:3000/s/Ab12Cd34"} → copying #7 · copyText answers → idle #7 [success]',
  act: (event, step) => take(shareDriver, event, step),
};
