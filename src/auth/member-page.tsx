import '../styles/catalog.css';
import '../styles/member.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState } from '../ui/empty-state.tsx';
import { LoginButton } from './login-button.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useSessionView } from './use-session.ts';

/**
 * A signed-in page (requirements §6), projecting the session: a skeleton while it is restored, the
 * visitor's "Log in to see …" view, or the member's own content. The account issues fill the
 * member's side in; until then it is an honest empty state.
 */
export function MemberPage({
  title,
  lead,
  icon,
  signedOutTitle,
  signedOutText,
  children,
}: {
  title: string;
  lead: ReactNode;
  icon: ReactNode;
  signedOutTitle: string;
  signedOutText: ReactNode;
  /** What a logged-in member sees. */
  children: ReactNode;
}) {
  const session = useSessionView();
  return (
    <div className="page" data-state={session}>
      <PageHeader eyebrow="Your account" title={title} lead={lead} />
      {session === 'pending' ? <MemberSkeleton /> : null}
      {session === 'loggedOut' ? (
        <EmptyState
          tone="brand"
          icon={icon}
          title={signedOutTitle}
          actions={
            <>
              <LoginButton />
              <Link to="/" className="btn btn--secondary">
                Browse prompts
              </Link>
            </>
          }
        >
          {signedOutText}
        </EmptyState>
      ) : null}
      {session === 'loggedIn' ? children : null}
    </div>
  );
}

/** Keeps the page's shape while the session is restored, so nothing jumps when it is known. */
export function MemberSkeleton() {
  return (
    <div className="member-skeleton" role="status">
      <span className="visually-hidden">Loading your account…</span>
      <span className="skeleton member-skeleton__icon" aria-hidden="true" />
      <span className="skeleton skeleton--title member-skeleton__title" aria-hidden="true" />
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
    </div>
  );
}
