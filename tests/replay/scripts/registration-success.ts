// "Check Your Email" after signing up: a person signs up with a new address through the login
// dialog (the real registration), closes the dialog, and its closing animation ends by itself.
import { click, hoverLogIn, signUpThroughDialog, visibleLazy } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const registrationSuccessScript: BrowserScript = {
  machineId: 'registrationSuccess',
  // the sign-in machines load with the first sign-in intent: a pointer on the header's "Log in"
  intent: hoverLogIn,
  effects: {},
  start: '/terms',
  testPath: '4',
  async act(event, { page }) {
    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    switch (event.type) {
      case 'registration.succeeded':
        // a new address each time: the scratch database keeps the earlier ones
        await signUpThroughDialog(page, `replay.${Date.now()}@example.com`, 'Replay@12345');
        await visibleLazy(page, dialog);
        return;
      case 'dialog.dismiss':
        await click(dialog.getByRole('button', { name: 'Close' }).first());
        return;
      case 'animation.end':
        // the closing animation ends by itself (CSS, in real time): the person only waits
        return;
      default:
        return false;
    }
  },
};
