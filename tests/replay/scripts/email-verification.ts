// The link in the verification mail (/verifyemail-{token}.html): opening it checks the token; when
// the link has expired or is not valid, the page offers to send a new link to an address typed in;
// once verified, "Log in" opens the login dialog with the address.
import { emailVerificationDriver } from '../../drivers/email-verification.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const emailVerificationScript: BrowserScript = {
  machineId: 'emailVerification',
  effects: { verifyEmail: 'verifyEmail', resendVerification: 'resendVerification' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'verify.start {"token":"tok-1"} → checking · verifyEmail answers {"status":"verified","email":"new.user@outlook.... → verified "new.user@outlook.com"',
  act: (event, step) => take(emailVerificationDriver, event, step),
};
