// "Check Your Email" after a sign-up: its "Close"; the closing animation ends by itself (CSS, in
// real time: the person only waits). Signing up is each harness's own.
import type { RegistrationSuccessState } from '../models/spec/registration-success.ts';
import { byRole, click, dialog, type PageDriver } from '../support/page-driver.ts';

export const CHECK_EMAIL = dialog('Check Your Email');

export const registrationSuccessDriver: PageDriver<RegistrationSuccessState> = {
  'dialog.dismiss': () => [click(byRole('button', 'Close', { within: CHECK_EMAIL, first: true }))],
  'animation.end': () => [],
};
