// The pages a sign-in link opens: /verifyemail-{token}.html and the identity provider's callback
// (/auth/callback, /social-callback), each machine with its effects provided; attached by their routes
// (docs/decisions/006-lazy-page-machines.md).
import { fromPromise, sendTo } from 'xstate';
import { authCallbackMachine } from '../../machines/auth-callback.ts';
import { emailVerificationMachine } from '../../machines/email-verification.ts';
import { APP_SYSTEM_ID } from '../../machines/domain/system-ids.ts';
import { handOverSignIn } from '../effects/popup.ts';
import { SESSION_KEYS, safeStorage } from '../effects/storage-keys.ts';
import type { AppEffects } from './app-effects.ts';

export function signInLinkLogic(effects: AppEffects) {
  return {
    authCallback: authCallbackMachine.provide({
      actors: { exchangeCode: fromPromise(({ input }) => effects.exchangeCode(input)) },
      actions: {
        handOver: (_, signedIn) =>
          handOverSignIn(signedIn, safeStorage('session').get(SESSION_KEYS.authRedirectUrl)),
      },
    }),
    emailVerification: emailVerificationMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => effects.verifyEmail(input)),
        resendVerification: fromPromise(({ input }) => effects.resendVerification(input)),
      },
      actions: {
        // through the root, which loads the sign-in machines first if they do not run yet
        openLogin: sendTo(
          ({ system }) => system.get(APP_SYSTEM_ID),
          (_, p: { email: string }) => ({ type: 'loginDialog.open', mode: 'login', email: p.email }) as const,
        ),
      },
    }),
  };
}
