// the not-found page's few rules ride in the shell's stylesheet: one render-blocking request less on
// the pages that can answer "not found" (a prompt, a category)
import '../styles/not-found.css';
import type { ReactNode } from 'react';
import { ConnectionBanner } from './connection-banner.tsx';
import { SignInDialogs } from './shell-dialogs.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { Toaster } from './toaster.tsx';

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
      <SignInDialogs />
      <Toaster />
    </>
  );
}
