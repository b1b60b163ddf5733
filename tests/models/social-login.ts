// Signing in with Google or another provider: the authorize call, the provider's popup, the storage
// poll that hears of the sign-in, and the 20 s timeout.
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { socialLoginMachine, type SocialLoginContext } from '../../machines/auth/social-login.ts';
import type { MachineModel } from './types.ts';

export const socialLoginInput = { provider: 'google', callbackUrl: 'http://localhost:3000/auth/callback' };
export const socialUserData = {
  userId: 'u-1',
  email: 'demo@example.com',
  providerUsername: 'Demo Shopper',
  fruitCnt: 420,
};
export const socialSignedIn = { token: 'h.p.s', userData: socialUserData };

/** Standalone, there is no dialog to report phases to; the popup is driven by the path's events. */
export const socialLoginBase = socialLoginMachine.provide({
  actions: { reportPhase: () => {} },
  actors: { popup: fromCallback(() => () => {}) },
});

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  socialLogin: "Signing in with Google (seen through the login dialog's status line and the popup)",
  'socialLogin.authorizing': 'Dialog status "Connecting to Google, please wait..."',
  'socialLogin.waiting':
    'The provider\'s popup window; dialog status "Please complete authorization in the popup window..."',
  'socialLogin.waiting.idle': 'The popup open, the dialog waiting',
  'socialLogin.waiting.polling': 'The popup open, the dialog waiting',
  'socialLogin.popupClosed': 'The popup is gone; the dialog still waits a moment',
  'socialLogin.timedOut': 'The dialog still waits (after 20 s: "Login timed out. Please try again.")',
  'socialLogin.succeeded': 'Dialog status "Authorization successful, redirecting..."',
  'socialLogin.settledElsewhere': 'Nothing more: the session was signed in elsewhere',
  'socialLogin.failed':
    'The dialog shows the reason ("Login failed, please try again later", pop-up blocked, closed, timed out)',
};

export const socialLoginModel: MachineModel = {
  sees: SEES,
  machine: socialLoginBase,
  actors: ['authorize', 'readStoredSignIn', 'checkLoggedIn'],
  input: socialLoginInput,
  samples: {
    'xstate.done.actor.authorize': [
      {
        type: 'xstate.done.actor.authorize',
        output: { success: true, authUrl: 'http://localhost:3000/dev-idp/authorize?x=1' },
      },
      { type: 'xstate.done.actor.authorize', output: { success: false, msg: 'Provider not available' } },
    ],
    'xstate.error.actor.authorize': [{ type: 'xstate.error.actor.authorize', error: new Error('net') }],
    'popup.message': [{ type: 'popup.message', ...socialSignedIn }],
    'xstate.done.actor.readStoredSignIn': [
      { type: 'xstate.done.actor.readStoredSignIn', output: null },
      { type: 'xstate.done.actor.readStoredSignIn', output: socialSignedIn },
    ],
    'xstate.error.actor.readStoredSignIn': [
      { type: 'xstate.error.actor.readStoredSignIn', error: new Error('storage') },
    ],
    'xstate.done.actor.checkLoggedIn': [
      { type: 'xstate.done.actor.checkLoggedIn', output: true },
      { type: 'xstate.done.actor.checkLoggedIn', output: false },
    ],
    'xstate.error.actor.checkLoggedIn': [{ type: 'xstate.error.actor.checkLoggedIn', error: new Error('x') }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as SocialLoginContext;
    return `${JSON.stringify(s.value)} ${c.error ?? ''} ${c.result ? 'r' : ''}`;
  },
  observe: (c: SocialLoginContext) => ({ error: c.error, result: c.result }),
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
