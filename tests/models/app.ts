// The root of the actor system: spawns every long-lived actor, loads the sign-in machines with the
// first sign-in intent and the member's machines when a member or a page needs them, and opens the
// login dialog when a page asks for it (the header's "Log in", the "switch-to-register" window event).
import { createAppLogic } from '../../src/app/app-system.ts';
import checkoutLogic from '../../src/commerce/checkout-logic.ts';
import { memberLogic } from '../../src/app/member-logic.ts';
import { signInLogic } from '../../src/auth/sign-in-logic.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import type { MachineModel } from './types.ts';

export const appInput = { callbackUrl: 'http://localhost/auth/callback' };

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  app: 'The storefront: header (logo, categories, search, Log in or the account), the page, the footer and the toasts; a page that needs its own machine (checkout, orders, …) has it attached, and stopped once no page on screen needs it',
  'app.signIn': 'Whether the sign-in code (login dialog, sign-up notices) is loaded',
  'app.signIn.absent':
    'As on a first visit: the sign-in code is not loaded; a pointer on "Log in" starts loading it, a press also asks for the dialog',
  'app.signIn.loading':
    '"Log in" pressed: the button shows busy until the sign-in code arrives, then the dialog opens; if it cannot load, an error toast says so and "Log in" can be pressed again',
  'app.signIn.ready':
    'The sign-in code runs: "Log in" or "switch to register" opens the login dialog at once',
  'app.member': "Whether the member's machines (cart, saved prompts, unread count) are loaded",
  'app.member.absent':
    'A visitor: cards show "Add to cart" and empty hearts without the cart or saved prompts loaded',
  'app.member.loading':
    'A member signed in, a member page opened or a card button pressed: the cart, saved prompts and unread count load; a press waits for them',
  'app.member.ready':
    'The cart, saved prompts and unread count run: "In cart", filled hearts and the unread count show; presses go straight to them',
};

const effects = fakeEffects();

/** A page machine as a route starts it (src/app/app-system.ts `ensure`). */
const checkout = checkoutLogic(effects).checkout;

export const appModel: MachineModel = {
  sees: SEES,
  // the app as src/ starts it, on fake effects
  machine: createAppLogic(effects),
  actors: ['loadSignIn', 'loadMember'],
  input: appInput,
  samples: {
    'loginDialog.open': [{ type: 'loginDialog.open', mode: 'register' }],
    'app.attach': [{ type: 'app.attach', systemId: 'checkout', logic: checkout }],
    'app.detach': [{ type: 'app.detach', systemId: 'checkout' }],
    // an event with no effect on a visitor's inbox, so the replay sees only the root's own states
    'member.deliver': [{ type: 'member.deliver', systemId: 'inbox', event: { type: 'inbox.clear' } }],
    'xstate.done.actor.loadSignIn': [{ type: 'xstate.done.actor.loadSignIn', output: signInLogic(effects) }],
    'xstate.error.actor.loadSignIn': [
      {
        type: 'xstate.error.actor.loadSignIn',
        error: new Error('Failed to fetch dynamically imported module'),
      },
    ],
    'xstate.done.actor.loadMember': [{ type: 'xstate.done.actor.loadMember', output: memberLogic(effects) }],
    'xstate.error.actor.loadMember': [
      {
        type: 'xstate.error.actor.loadMember',
        error: new Error('Failed to fetch dynamically imported module'),
      },
    ],
  },
  // what tells the paths' states apart: the regions, and whether a dialog or a delivery is held
  serialize: (s) =>
    `${JSON.stringify(s.value)} ${s.context.openRequest !== null} ${s.context.deliveries.length > 0}`,
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
