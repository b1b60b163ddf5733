// The root of the actor system: spawns every long-lived actor, loads the sign-in machines with the
// first sign-in intent, and opens the login dialog when a page asks for it (the header's "Log in", the
// "switch-to-register" window event).
import { createAppLogic } from '../../src/system/app-system.ts';
import { checkoutLogic } from '../../src/system/checkout-logic.ts';
import { signInLogic } from '../../src/system/sign-in-logic.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import type { MachineModel } from './types.ts';

export const appInput = { callbackUrl: 'http://localhost/auth/callback' };

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  app: 'The storefront: header (logo, categories, search, Log in or the account), the page, the footer and the toasts; a page that needs its own machine (checkout, orders, …) has it attached',
  'app.signInAbsent':
    'The storefront as on a first visit: the sign-in code is not loaded; a pointer on "Log in" starts loading it, a press also asks for the dialog',
  'app.signInLoading':
    '"Log in" pressed: the button shows busy until the sign-in code arrives, then the dialog opens; if it cannot load, an error toast says so and "Log in" can be pressed again',
  'app.signInReady': 'The sign-in code runs: "Log in" or "switch to register" opens the login dialog at once',
};

const effects = fakeEffects();

/** A page machine as a route attaches it (src/system/app-system.ts attachPageMachines). */
const checkout = checkoutLogic(effects).checkout;

export const appModel: MachineModel = {
  sees: SEES,
  // the app as src/ starts it, on fake effects
  machine: createAppLogic(effects),
  actors: ['loadSignIn'],
  input: appInput,
  samples: {
    'loginDialog.open': [{ type: 'loginDialog.open', mode: 'register' }],
    'app.attach': [{ type: 'app.attach', systemId: 'checkout', logic: checkout }],
    'xstate.done.actor.loadSignIn': [{ type: 'xstate.done.actor.loadSignIn', output: signInLogic(effects) }],
    'xstate.error.actor.loadSignIn': [
      {
        type: 'xstate.error.actor.loadSignIn',
        error: new Error('Failed to fetch dynamically imported module'),
      },
    ],
  },
  // the open request is what tells the states' paths apart (the context holds nothing else that changes)
  serialize: (s) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context.openRequest)}`,
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
