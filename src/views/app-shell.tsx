import { useEffect, type ReactNode } from 'react';
import { ConnectionBanner } from './connection-banner.tsx';
import { CheckEmailDialog, LoginDialog, preloadShellViews, VerifyEmailNotice } from './shell-dialogs.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { Toaster } from './toaster.tsx';

export function AppShell({ children }: { children: ReactNode }) {
  // After the first paint, not with it (docs/decisions/006-lazy-page-machines.md): the dialogs' views
  // load in the background, so a dialog opens in the same frame as its machine.
  useEffect(() => {
    preloadShellViews().catch(() => {});
  }, []);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <ConnectionBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <LoginDialog />
      <CheckEmailDialog />
      <VerifyEmailNotice />
      <Toaster />
    </>
  );
}
