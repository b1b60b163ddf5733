import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';
import { LoginButton } from './login-button.tsx';

/**
 * A signed-in page as a visitor sees it: its title, what will be here, and a way to log in.
 * The account issues fill these pages in.
 */
export function MemberPage({
  title,
  lead,
  icon,
  emptyTitle,
  children,
}: {
  title: string;
  lead: string;
  icon: ReactNode;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <PageHeader eyebrow="Your account" title={title} lead={lead} />
      <EmptyState
        tone="brand"
        icon={icon}
        title={emptyTitle}
        actions={
          <>
            <LoginButton />
            <Link to="/" className="btn btn--secondary">
              Browse prompts
            </Link>
          </>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
