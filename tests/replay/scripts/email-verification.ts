// The link in the verification mail (/verifyemail-{token}.html): opening it checks the token; when
// the link has expired or is not valid, the page offers to send a new link to an address typed in;
// once verified, "Log in" opens the login dialog with the address.
import { click, fill, navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

export const emailVerificationScript: BrowserScript = {
  machineId: 'emailVerification',
  effects: { verifyEmail: 'verifyEmail', resendVerification: 'resendVerification' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'verify.start {"token":"tok-1"} → checking · verifyEmail answers {"status":"verified","email":"new.user@outlook.... → verified "new.user@outlook.com"',
  async act(event, { page }) {
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Send a new verification link' });
    switch (event.type) {
      case 'verify.start': {
        // the path's sample token is shorter than any real one (the route wants 8 or more
        // characters): the same token, padded, so the page takes it
        const href = `/verifyemail-${(event.token as string).padStart(8, '0')}.html`;
        // the same link again: a person opens it from the mail once more
        if (new URL(page.url()).pathname === href) await navigate(page, '/terms');
        await navigate(page, href);
        return;
      }
      case 'field.change':
        await fill(form.getByLabel('Email', { exact: true }), event.value as string);
        return;
      case 'resend.submit':
        await click(form.getByRole('button', { name: 'Send a new link' }));
        return;
      case 'verify.login':
        await click(main.getByRole('button', { name: 'Log in', exact: true }));
        return;
      default:
        return false;
    }
  },
};
