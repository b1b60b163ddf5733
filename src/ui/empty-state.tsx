import '../styles/catalog.css';
import type { ReactNode } from 'react';

/** A designed placeholder for "nothing here (yet)": an icon, a title, a line and actions. */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  tone = 'neutral',
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error' | 'brand';
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`empty-state empty-state--${tone}`}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}
