// The pages a sign-in link opens: /verifyemail-{token}.html and the identity provider's callback
// (/auth/callback, /social-callback), each machine with its effects provided; attached by their routes
// (docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import { tell } from '../../machines/system/tell.ts';
import { authCallbackMachine } from '../../machines/auth/auth-callback.ts';
import { emailVerificationMachine } from '../../machines/auth/email-verification.ts';
import { handOverSignIn } from './popup.ts';
import { SESSION_KEYS, safeStorage } from '../platform/storage-keys.ts';
import type { AuthEffects } from './auth-effects.ts';

export default function signInLinkLogic(effects: AuthEffects) {
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
        openLogin: tell('app', (_, p: { email: string }) => ({
          type: 'loginDialog.open',
          mode: 'login',
          email: p.email,
        })),
      },
    }),
  };
}
