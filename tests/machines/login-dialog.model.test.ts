// loginDialog against its independent model (tests/models/spec/login-dialog.ts): every path of each
// scenario replayed on the machine by the shared harness (tests/support/spec-replay.ts). The dialog
// follows the session (a sign-in closes it): its own session follower runs against a stand-in session
// that says a member is signed in when the path says so (tests/support/model-targets.ts). Its calls
// are controlled (the social flow included, as one call whose phases the steps report), what it hands
// to the app recorded, and it is observed through its selectors.
import type { SnapshotFrom } from 'xstate';
import { loginDialogMachine } from '../../machines/auth/login-dialog.ts';
import * as view from '../../machines/auth/login-dialog.selectors.ts';
import { followStandInSession } from '../support/model-targets.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { CALLBACK_URL, loginDialogSpec, type Scenario } from '../models/spec/login-dialog.ts';

const SCENARIOS: Scenario[] = [
  'navigation',
  'loginForm',
  'registerForm',
  'emailLogin',
  'register',
  'social',
  'guest',
];

describeModel({
  walks: SCENARIOS.map((scenario) => walk(scenario, loginDialogSpec(scenario))),
  target: () => {
    const done: unknown[] = [];
    return {
      machine: loginDialogMachine.provide({
        actors: { followSession: followStandInSession() },
        actions: {
          signedIn: (_, signedIn) => void done.push({ signedIn }),
          rememberEmail: (_, p) => void done.push({ rememberEmail: p }),
          registered: (_, p) => void done.push({ registered: p }),
          showUnverified: (_, p) => void done.push({ showUnverified: p }),
        },
      }),
      input: { callbackUrl: CALLBACK_URL },
      effects: ['emailLogin', 'emailRegister', 'guestLogin', 'socialLogin'],
      observe: ({ snapshot }) => {
        const s = snapshot as SnapshotFrom<typeof loginDialogMachine>;
        return {
          open: view.open(s),
          mode: view.mode(s),
          busy: view.busy(s),
          status: view.status(s),
          message: view.message(s),
          form: view.form(s),
          errors: Object.fromEntries(Object.entries(view.errors(s)).sort()),
          done,
        };
      },
    };
  },
});
