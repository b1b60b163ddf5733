// "Verify your email first": logging in with an address not verified yet. The person signs up
// (once: the scratch database keeps the account, its mail unopened), then logs in with it through
// the login dialog (the real sign-in), and closes the notice. Showing it again while it is on
// screen no person can do (the dialog under it is covered): sent to the actor.
import { verifyEmailNoticeDriver } from '../../drivers/verify-email-notice.ts';
import { click, hoverLogIn, loginDialogOf, signUpThroughDialog, visible, visibleLazy } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';
import { resendView } from './resend-view.ts';

const UNVERIFIED = { password: 'Replay@12345' };

export const verifyEmailNoticeScript: BrowserScript = {
  machineId: 'verifyEmailNotice',
  // the sign-in machines load with the first sign-in intent: a pointer on the header's "Log in"
  intent: hoverLogIn,
  effects: {},
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'notice.show {"email":"late@example.com"} → shown for late@example.com · notice.close → hidden (was late@example.com) · wait 60000 ms → hidden (was late@example.com)',
  // the resend button is a child actor: its own state, read from the page
  views: { resend: resendView(true) },
  async act(event, step) {
    const { page, before } = step;
    const notice = page.getByRole('dialog', { name: 'Verify your email first' });
    switch (event.type) {
      case 'notice.show': {
        if (before.matches('visible')) return false;
        // the path's own address (one not verified yet: signed up here, its mail left unopened)
        const email = event.email as string;
        const dialog = loginDialogOf(page);
        const logIn = async () => {
          if (!(await dialog.isVisible()))
            await click(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
          await visibleLazy(page, dialog);
          const withEmail = dialog.getByRole('button', { name: 'Continue with Email' });
          if (await withEmail.isVisible()) await click(withEmail);
          const toLogin = dialog.getByRole('button', { name: 'Already have an account? Log in' });
          if (await toLogin.isVisible()) await click(toLogin);
          await (await visible(dialog.getByLabel('Email', { exact: true }))).fill(email, { force: true });
          await dialog.getByLabel('Password', { exact: true }).fill(UNVERIFIED.password, { force: true });
          await click(dialog.getByRole('button', { name: 'Log in', exact: true }));
        };
        await logIn();
        // no such account yet (a fresh scratch database): sign up first, then log in again
        const alert = await visible(dialog.getByRole('alert'));
        if (!/verify/i.test((await alert.textContent()) ?? '')) {
          await signUpThroughDialog(page, email, UNVERIFIED.password);
          const checkEmail = page.getByRole('dialog', { name: 'Check Your Email' });
          await visibleLazy(page, checkEmail);
          await click(checkEmail.getByRole('button', { name: 'Close' }).first());
          await logIn();
        }
        await visibleLazy(page, notice);
        return;
      }
      default:
        return take(verifyEmailNoticeDriver, event, step);
    }
  },
};
