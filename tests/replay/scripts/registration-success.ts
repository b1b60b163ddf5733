// "Check Your Email" after signing up: a person signs up with a new address through the login
// dialog (the real registration), closes the dialog, and its closing animation ends by itself.
import { registrationSuccessDriver } from '../../drivers/registration-success.ts';
import { hoverLogIn, signUpThroughDialog, visibleLazy } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';
import { resendView } from './resend-view.ts';

export const registrationSuccessScript: BrowserScript = {
  machineId: 'registrationSuccess',
  // the sign-in machines load with the first sign-in intent: a pointer on the header's "Log in"
  intent: hoverLogIn,
  effects: {},
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'registration.succeeded {"email":"new.user@outlook.com"} → open new.user@outlook.com resend in 60s · wait 999 ms → open new.user@outlook.com resend in 60s · wait 1 ms → open new.user@outlook.com resend in 59s',
  // the resend button is a child actor: its own state, read from the page
  views: { resend: resendView(false) },
  async act(event, step) {
    const { page } = step;
    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    switch (event.type) {
      case 'registration.succeeded':
        // the path's own address (the scratch database of a run starts without it; an app kept
        // running between replays has it already, and refuses it the second time)
        await signUpThroughDialog(page, event.email as string, 'Replay@12345');
        await visibleLazy(page, dialog);
        return;
      default:
        return take(registrationSuccessDriver, event, step);
    }
  },
};
