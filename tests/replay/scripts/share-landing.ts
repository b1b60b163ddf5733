// A shared short link (/s/{id}) or a partner's (/ps/{id}): a person opens it, the app resolves it
// and goes on to the prompt. "Try again" after a failure.
import { shareLandingDriver } from '../../drivers/share-landing.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const shareLandingScript: BrowserScript = {
  machineId: 'shareLanding',
  effects: { resolveShareLink: 'resolveShareLink' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'shareLink.open {"id":"Ab12Cd34","partner":false} → resolving · resolveShareLink answers {"found":true,"slugId":"misty-lake-7","partner"... → landed → /detail/misty-lake-7',
  act: (event, step) => take(shareLandingDriver, event, step),
};
