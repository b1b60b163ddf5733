import '../styles/page-header.css';
import type { ReactNode } from 'react';

/** The top of an ordinary page: its one h1 and a short lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  icon,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      {icon ? (
        <div className="page-header__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <div className="page-header__text">
        {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
