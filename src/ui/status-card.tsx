import '../styles/status-card.css';
import type { ReactNode } from 'react';

/** A centred card for pages that are a step in a flow rather than a destination. */
export function StatusCard({
  icon,
  title,
  children,
  actions,
  tone = 'brand',
  state,
  busy = false,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'success' | 'pending' | 'error';
  /** The projected machine's state value (`data-state`), when the card is a flow's root. */
  state?: string;
  busy?: boolean;
}) {
  return (
    <div className="page page--narrow">
      <section
        className={`status-card status-card--${tone}`}
        data-state={state}
        aria-busy={busy || undefined}
      >
        <div className="status-card__icon" aria-hidden="true">
          {icon}
        </div>
        <h1 className="status-card__title">{title}</h1>
        <div className="status-card__text">{children}</div>
        {actions ? <div className="status-card__actions">{actions}</div> : null}
      </section>
    </div>
  );
}
