// The shell's sign-in dialogs, each shown by its machine. Machines and views load together with the
// first sign-in intent (machines/app/app.ts `loadSignIn`, docs/decisions/006-lazy-page-machines.md), not
// with the first page; until then there is nothing to show.
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import * as appView from '../../machines/app/app.selectors.ts';
import * as dialogView from '../../machines/auth/login-dialog.selectors.ts';
import * as checkEmailView from '../../machines/auth/registration-success.selectors.ts';
import * as noticeView from '../../machines/auth/verify-email-notice.selectors.ts';
import { useAppSystem, useSystemSelector } from '../system/react.tsx';
import { lazyView } from '../ui/lazy-view.tsx';

const LoginDialogPanel = lazyView(
  () => import('../auth/login-dialog.tsx'),
  (m) => m.LoginDialogPanel,
);
const CheckEmailPanel = lazyView(
  () => import('../auth/check-email-dialog.tsx'),
  (m) => m.CheckEmailPanel,
);
const VerifyEmailNoticePanel = lazyView(
  () => import('../auth/verify-email-notice.tsx'),
  (m) => m.VerifyEmailNoticePanel,
);

/** The sign-in dialogs, once their machines run. */
export function SignInDialogs() {
  const system = useAppSystem();
  const ready = useSelector(system, appView.signInReady);
  return ready ? (
    <>
      <LoginDialog />
      <CheckEmailDialog />
      <VerifyEmailNotice />
    </>
  ) : null;
}

function LoginDialog() {
  const open = useSystemSelector('loginDialog', dialogView.open);
  return open ? (
    <Suspense fallback={null}>
      <LoginDialogPanel />
    </Suspense>
  ) : null;
}

function CheckEmailDialog() {
  const visible = useSystemSelector('registrationSuccess', checkEmailView.visible);
  return visible ? (
    <Suspense fallback={null}>
      <CheckEmailPanel />
    </Suspense>
  ) : null;
}

function VerifyEmailNotice() {
  const visible = useSystemSelector('verifyEmailNotice', noticeView.visible);
  return visible ? (
    <Suspense fallback={null}>
      <VerifyEmailNoticePanel />
    </Suspense>
  ) : null;
}

/** Loads the sign-in dialogs' views (with their machines: src/main.tsx hands it to the system). */
export const preloadShellViews = (): Promise<unknown> =>
  Promise.all([LoginDialogPanel.preload(), CheckEmailPanel.preload(), VerifyEmailNoticePanel.preload()]);
