// The root of the actor system: spawns every long-lived actor, and opens the login dialog when a
// page asks for it (the header's "Log in", the "switch-to-register" window event).
import { createAppLogic } from '../../src/system/app-system.ts';
import { checkoutLogic } from '../../src/system/checkout-logic.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import type { MachineModel } from './types.ts';

export const appInput = { callbackUrl: 'http://localhost/auth/callback' };

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  app: 'The storefront: header (logo, categories, search, Log in or the account), the page, the footer and the toasts',
  'app.running':
    'The storefront; "Log in" or "switch to register" opens the login dialog; a page that needs its own machine (checkout, orders, …) has it attached',
};

/** A page machine as a route attaches it (src/system/app-system.ts attachPageMachines). */
const checkout = checkoutLogic(fakeEffects()).checkout;

export const appModel: MachineModel = {
  sees: SEES,
  // the app as src/ starts it, on fake effects
  machine: createAppLogic(fakeEffects()),
  actors: [],
  input: appInput,
  samples: {
    'loginDialog.open': [{ type: 'loginDialog.open', mode: 'register' }],
    'app.attach': [{ type: 'app.attach', systemId: 'checkout', logic: checkout }],
  },
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
