// The login / sign-up dialog: opened from the header's "Log in" (providers) or by a visitor's heart
// (straight to the email form), then what a person clicks and types in it. The sign-in answers are
// the path's own. Opening it in sign-up mode comes from the legacy pages' "switch-to-register"
// window event, a session that logs in elsewhere closes it, and the Google phases come from the
// social sign-in child: those are sent to the actor.
import { LOGIN_DIALOG, loginDialogDriver } from '../../drivers/login-dialog.ts';
import { byRole, click, main, remember, see } from '../../support/page-driver.ts';
import { hoverLogIn, loginDialogOf, visibleLazy } from '../actions.ts';
import { perform, take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const loginDialogScript: BrowserScript = {
  machineId: 'loginDialog',
  // the sign-in machines load with the first sign-in intent: a pointer on the header's "Log in"
  intent: hoverLogIn,
  effects: { emailLogin: 'emailLogin', emailRegister: 'emailRegister', guestLogin: 'guestLogin' },
  // a category page: its cards' hearts open the dialog in login mode
  start: '/category/free-prompts',
  // the remembered address, a password, a refused login
  // path emailLogin-10 of `npm run paths -- loginDialog`
  testPath:
    'dialog.open {"mode":"login","rememberedEmail":" demo@exampl... → login · field.change {"field":"password","value":"Demo@12345"} → login · login.submit → loggingIn · emailLogin answers {"ok":false,"msg":"Invalid email or password"} → login "Invalid email or password"',
  async act(event, step) {
    const { page, before } = step;
    const dialog = loginDialogOf(page);
    // an open dialog the script did not open itself (sent to the actor) first comes through React's
    // lazy reveal
    if (before.matches('open') && event.type !== 'dialog.close') await visibleLazy(page, dialog);
    switch (event.type) {
      case 'dialog.open':
        if (event.mode !== 'login') break;
        // the address ticked "Remember me" on an earlier visit (this browser remembers it), then a
        // visitor's heart on a card
        await perform(page, [
          remember('remember_email', (event.rememberedEmail as string | undefined) || null),
          click(byRole('button', /^Save /, { within: main, first: true })),
          see(LOGIN_DIALOG),
        ]);
        return;
      case 'login.submit':
        // "Log in" stays disabled until the form can be sent: no person submits it before
        if (await dialog.getByRole('button', { name: 'Log in', exact: true }).isDisabled()) return false;
        break;
    }
    // to the actor: the sign-up form's opening (the legacy pages' window event), session.loggedIn
    // (another tab) and social.phase (the social sign-in child)
    return take(loginDialogDriver, event, step);
  },
};
