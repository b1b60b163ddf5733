// The login / sign-up dialog: opened from the header's "Log in" (providers) or by a visitor's heart
// (straight to the email form), then what a person clicks and types in it. The sign-in answers are
// the path's own. Opening it in sign-up mode comes from the legacy pages' "switch-to-register"
// window event, a session that logs in elsewhere closes it, and the Google phases come from the
// social sign-in child: those are sent to the actor.
import { check, click, fill, hoverLogIn, loginDialogOf, visibleLazy } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

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
  async act(event, { page, before }) {
    const dialog = loginDialogOf(page);
    // an open dialog the script did not open itself (sent to the actor) first comes through React's
    // lazy reveal
    if (before.matches('open') && event.type !== 'dialog.close') await visibleLazy(page, dialog);
    switch (event.type) {
      case 'dialog.open':
        if (event.mode === 'register') return false;
        if (event.mode === 'login') {
          // the address ticked "Remember me" on an earlier visit (this browser remembers it)
          await page.evaluate(
            (email) =>
              email
                ? localStorage.setItem('remember_email', email)
                : localStorage.removeItem('remember_email'),
            (event.rememberedEmail as string | undefined) ?? null,
          );
          // a visitor's heart on a card
          await click(
            page
              .getByRole('main')
              .getByRole('button', { name: /^Save / })
              .first(),
          );
        } else {
          await click(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
        }
        await visibleLazy(page, dialog);
        return;
      case 'dialog.close':
        // after a sign-in the session has closed it already
        if (await dialog.isVisible()) await click(dialog.getByRole('button', { name: 'Close' }).first());
        return;
      case 'dialog.continueWithEmail':
        await click(dialog.getByRole('button', { name: 'Continue with Email' }));
        return;
      case 'guest.start':
        await click(dialog.getByRole('button', { name: 'Continue as guest' }));
        return;
      case 'social.start':
        await click(dialog.getByRole('button', { name: `Continue with ${event.provider as string}` }));
        return;
      case 'dialog.toRegister':
        await click(dialog.getByRole('button', { name: "Don't have an account? Sign up" }));
        return;
      case 'dialog.toLogin':
        await click(dialog.getByRole('button', { name: 'Already have an account? Log in' }));
        return;
      case 'dialog.back':
        await click(dialog.getByRole('button', { name: 'Back' }));
        return;
      case 'field.change':
        await fill(
          dialog.getByLabel(FIELD_LABELS[event.field as string]!, { exact: true }),
          event.value as string,
        );
        return;
      case 'field.blur':
        // the person leaves the field (its message, if any, shows under it)
        await dialog
          .getByLabel(FIELD_LABELS[event.field as string]!, { exact: true })
          .evaluate((el: HTMLElement) => {
            el.focus();
            el.blur();
          });
        return;
      case 'field.rememberMe':
        await check(dialog.getByRole('checkbox', { name: 'Remember me' }), event.checked as boolean);
        return;
      case 'login.submit': {
        const submit = dialog.getByRole('button', { name: 'Log in', exact: true });
        // "Log in" stays disabled until the form can be sent: no person submits it before
        if (await submit.isDisabled()) return false;
        await click(submit);
        return;
      }
      case 'register.submit':
        await click(dialog.getByRole('button', { name: 'Sign up', exact: true }));
        return;
      default:
        // session.loggedIn (another tab), social.phase (the social sign-in child)
        return false;
    }
  },
};
