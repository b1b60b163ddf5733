// The sign-in machines (the login dialog with its social-login child, the "Check Your Email" dialog and
// the unverified-email notice), each with src/'s effects provided. Loaded with the first sign-in intent,
// not with the first page (machines/app/app.ts `loadSignIn`, docs/decisions/006-lazy-page-machines.md).
import { fromPromise, type AnyActorRef } from 'xstate';
import { tell } from '../../machines/system/tell.ts';
import type { SignInMachines } from '../../machines/app/app.ts';
import type { SignedIn } from '../../domain/session-user.ts';
import { loginDialogMachine } from '../../machines/auth/login-dialog.ts';
import { registrationSuccessMachine } from '../../machines/auth/registration-success.ts';
import { resendEmailMachine } from '../../machines/auth/resend-email.ts';
import { socialLoginMachine } from '../../machines/auth/social-login.ts';
import { verifyEmailNoticeMachine } from '../../machines/auth/verify-email-notice.ts';
import { popupActor, readStoredSignIn, SOCIAL_SUCCESS_MESSAGE } from './popup.ts';
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { AuthEffects } from './auth-effects.ts';
import { botCheckMachine } from '../../machines/bot-check/bot-check.ts';
import { createBotCheckEffects, takeBotProof, type BotCheckEffects } from '../bot-check/bot-check-effects.ts';
import type { ApiClient } from '../platform/api.ts';

const local = safeStorage('local');

const sessionToken = (system: { get: (id: string) => AnyActorRef | undefined }): string | null =>
  lookup(system, 'session')?.getSnapshot().context.token ?? null;

export function signInLogic(
  effects: AuthEffects & { popup?: typeof popupActor; api: ApiClient; botCheck?: BotCheckEffects },
): SignInMachines {
  // the bot check's calls are made here, with the sign-in machines, so the first page carries none
  const botCheck = effects.botCheck ?? createBotCheckEffects(effects.api);
  const resendEmail = resendEmailMachine.provide({
    actors: { resendVerification: fromPromise(({ input }) => effects.resendVerification(input)) },
  });
  return {
    loginDialog: loginDialogMachine.provide({
      actors: {
        emailLogin: fromPromise(({ input }) => effects.emailLogin(input)),
        // registration and guest sign-in each take a solved bot check first (issue 37)
        emailRegister: fromPromise(async ({ input, system }) =>
          effects.emailRegister({ ...input, botCheck: await takeBotProof(system) }),
        ),
        guestLogin: fromPromise(async ({ system }) =>
          effects.guestLogin({ botCheck: await takeBotProof(system) }),
        ),
        socialLogin: socialLoginMachine.provide({
          actors: {
            authorize: fromPromise(({ input }) => effects.authorize(input)),
            popup: effects.popup ?? popupActor,
            readStoredSignIn: fromPromise(({ system }) => readStoredSignIn(sessionToken(system))),
            checkLoggedIn: fromPromise(async ({ system }) => sessionToken(system) !== null),
          },
          actions: {
            completeSignIn: (_, signedIn) => {
              window.dispatchEvent(
                new CustomEvent(SOCIAL_SUCCESS_MESSAGE, { detail: { token: signedIn.token } }),
              );
            },
          },
        }),
      },
      actions: {
        signedIn: tell('session', (_, p: SignedIn) => ({
          type: 'session.signedIn',
          token: p.token,
          userData: p.userData,
          now: Date.now(),
        })),
        rememberEmail: (_, p) =>
          p.remember ? local.set(LOCAL_KEYS.rememberEmail, p.email) : local.remove(LOCAL_KEYS.rememberEmail),
        registered: tell('registrationSuccess', (_, p: { email: string }) => ({
          type: 'registration.succeeded',
          email: p.email,
        })),
        showUnverified: tell('verifyEmailNotice', (_, p: { email: string }) => ({
          type: 'notice.show',
          email: p.email,
        })),
      },
    }),
    registrationSuccess: registrationSuccessMachine.provide({ actors: { resendEmail } }),
    verifyEmailNotice: verifyEmailNoticeMachine.provide({ actors: { resendEmail } }),
    botCheck: botCheckMachine.provide({
      actors: {
        fetchChallenge: fromPromise(() => botCheck.fetchBotChallenge()),
        solve: fromPromise(({ input }) => botCheck.solveBotChallenge(input.challenge)),
      },
    }),
  };
}
