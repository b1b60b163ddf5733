// The sign-in provider sends the person back to /auth/callback with its code, state or error.
import type { AuthCallbackState } from '../models/spec/auth-callback.ts';
import { open, type PageDriver } from '../support/page-driver.ts';

export const authCallbackDriver: PageDriver<AuthCallbackState> = {
  'callback.start': (event) => {
    const search = new URLSearchParams();
    for (const key of ['code', 'state', 'error'] as const) {
      const value = event[key] as string | null;
      if (value) search.set(key, value);
    }
    return [open(`/auth/callback?${search.toString()}`, 'again')];
  },
};
