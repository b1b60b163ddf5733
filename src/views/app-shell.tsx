import type { ReactNode } from 'react';
import { CheckEmailDialog } from './check-email-dialog.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { Toaster } from './toaster.tsx';
import { VerifyEmailNotice } from './verify-email-notice.tsx';

export function AppShell({ children }: { children: ReactNode }) {
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
