import '../styles/not-found.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** "Page Not Found" (requirements §2): the root's not-found screen, also used for a missing prompt. */
export function NotFoundView({
  title = 'Page Not Found',
  children,
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p className="not-found__text">
        {children ??
          "The page you're looking for isn't here. It may have moved, or the link may be mistyped."}
      </p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Back to home
        </Link>
        <Link to="/support" className="btn btn--secondary">
          Contact support
        </Link>
      </div>
    </div>
  );
}
