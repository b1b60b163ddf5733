// The sign-in dialogs, each shown by its machine: this module comes in the sign-in chunk with the
// dialogs' views and their machines (vite.config.ts), at the first sign-in intent
// (docs/decisions/006-lazy-page-machines.md), so a first visit does not load even their selectors.
import * as dialogView from '../../machines/auth/login-dialog.selectors.ts';
import * as checkEmailView from '../../machines/auth/registration-success.selectors.ts';
import * as noticeView from '../../machines/auth/verify-email-notice.selectors.ts';
import { CheckEmailPanel } from '../auth/check-email-dialog.tsx';
import { LoginDialogPanel } from '../auth/login-dialog.tsx';
import { VerifyEmailNoticePanel } from '../auth/verify-email-notice.tsx';
import { useSystemSelector } from '../system/react.tsx';

/** The three dialogs; rendered once the sign-in machines run (src/shell/shell-dialogs.tsx). */
export function SignInDialogViews() {
  return (
    <>
      <LoginDialog />
      <CheckEmailDialog />
      <VerifyEmailNotice />
    </>
  );
}

function LoginDialog() {
  const open = useSystemSelector('loginDialog', dialogView.open);
  return open ? <LoginDialogPanel /> : null;
}

function CheckEmailDialog() {
  const visible = useSystemSelector('registrationSuccess', checkEmailView.visible);
  return visible ? <CheckEmailPanel /> : null;
}

function VerifyEmailNotice() {
  const visible = useSystemSelector('verifyEmailNotice', noticeView.visible);
  return visible ? <VerifyEmailNoticePanel /> : null;
}
