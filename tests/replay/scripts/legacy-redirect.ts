// The old detail address /detail_{id}.html: a person opens it (an old bookmark or mail link); the
// app resolves the id and replaces the address with /detail/{slugId}. "Try again" after a failure.
import { legacyRedirectDriver } from '../../drivers/legacy-redirect.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const legacyRedirectScript: BrowserScript = {
  machineId: 'legacyRedirect',
  effects: { fetchPrompt: 'getPrompt' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'legacy.open {"id":"7","search":"?ref=mail&x=1"} → resolving · fetchPrompt answers {"found":true,"prompt":{"id":7,"promptDetail":{... → redirected → /detail/misty-lake-7?ref=mail&x=1',
  act: (event, step) => take(legacyRedirectDriver, event, step),
};
