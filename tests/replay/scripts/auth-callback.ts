// The identity provider sends the person back to /auth/callback?code=…&state=… (or ?error=…): the
// app exchanges the code for a session. Opening that address is the person's step.
import { authCallbackDriver } from '../../drivers/auth-callback.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const authCallbackScript: BrowserScript = {
  machineId: 'authCallback',
  effects: { exchangeCode: 'exchangeCode' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'callback.start {"code":"c0de","state":"s7ate","error":null} → exchanging · exchangeCode answers {"ok":false,"msg":"This sign-in link has expire... → failed "This sign-in link has expired." · wait 20000 ms → failed "This sign-in link has expired."',
  act: (event, step) => take(authCallbackDriver, event, step),
};
