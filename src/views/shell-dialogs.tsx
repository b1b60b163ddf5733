// The shell's dialogs, each shown by its machine (which runs from the start); their views load the
// first time one opens (docs/decisions/006-lazy-page-machines.md), not with the first page.
import { Suspense } from 'react';
import { useSystemSelector } from '../system/react.tsx';
import { lazyView } from './lazy-view.tsx';

const LoginDialogPanel = lazyView(
  () => import('./login-dialog.tsx'),
  (m) => m.LoginDialogPanel,
);
const CheckEmailPanel = lazyView(
  () => import('./check-email-dialog.tsx'),
  (m) => m.CheckEmailPanel,
);
const VerifyEmailNoticePanel = lazyView(
  () => import('./verify-email-notice.tsx'),
  (m) => m.VerifyEmailNoticePanel,
);

export function LoginDialog() {
  const open = useSystemSelector('loginDialog', (snapshot) => !snapshot.matches('closed'));
  return open ? (
    <Suspense fallback={null}>
      <LoginDialogPanel />
    </Suspense>
  ) : null;
}

export function CheckEmailDialog() {
  const visible = useSystemSelector('registrationSuccess', (snapshot) => snapshot.hasTag('visible'));
  return visible ? (
    <Suspense fallback={null}>
      <CheckEmailPanel />
    </Suspense>
  ) : null;
}

export function VerifyEmailNotice() {
  const visible = useSystemSelector('verifyEmailNotice', (snapshot) => snapshot.hasTag('visible'));
  return visible ? (
    <Suspense fallback={null}>
      <VerifyEmailNoticePanel />
    </Suspense>
  ) : null;
}

/** Loads the shell's lazy views ahead of their first use. */
export const preloadShellViews = (): Promise<unknown> =>
  Promise.all([LoginDialogPanel.preload(), CheckEmailPanel.preload(), VerifyEmailNoticePanel.preload()]);
