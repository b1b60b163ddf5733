// The identity provider sends the person back to /auth/callback?code=…&state=… (or ?error=…): the
// app exchanges the code for a session. Opening that address is the person's step.
import { navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const authCallbackScript: BrowserScript = {
  machineId: 'authCallback',
  effects: { exchangeCode: 'exchangeCode' },
  start: '/terms',
  testPath: '6',
  async act(event, { page }) {
    switch (event.type) {
      case 'callback.start': {
        const search = new URLSearchParams();
        for (const key of ['code', 'state', 'error'] as const) {
          const value = event[key] as string | null;
          if (value) search.set(key, value);
        }
        await navigate(page, `/auth/callback?${search.toString()}`);
        return;
      }
      default:
        return false;
    }
  },
};
