// "Verify your email first", over the login dialog after a sign-in with an address not verified
// yet: its "Close". Showing it (signing in with such an address) is each harness's own.
import type { VerifyEmailNoticeState } from '../models/spec/verify-email-notice.ts';
import { button, click, dialog, type PageDriver } from '../support/page-driver.ts';

export const NOTICE = dialog('Verify your email first');

export const verifyEmailNoticeDriver: PageDriver<VerifyEmailNoticeState> = {
  'notice.close': () => [click(button('Close', NOTICE))],
};
