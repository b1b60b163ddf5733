import '../styles/account.css';
import type { ReactNode } from 'react';
import { HistorySection, LoadFailed, RowsSkeleton } from '../commerce/history-parts.tsx';
import { AlertIcon } from '../ui/icons.tsx';

/**
 * An account page's part that loads first (profile, settings): a skeleton while it loads, what went
 * wrong with a way to try again when the load failed, else the page's cards.
 */
export function AccountSection({
  label,
  busy,
  state,
  status,
  loading,
  failed,
  onRetry,
  children,
}: {
  label: string;
  busy: boolean;
  state: string;
  /** The page's status: idle, loading, error or ready. */
  status: string;
  /** The skeleton's name, for a screen reader. */
  loading: string;
  failed: { title: string; message: string };
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <HistorySection label={label} busy={busy} state={state} className="account">
      {status === 'loading' || status === 'idle' ? (
        <RowsSkeleton label={loading} rows={3} />
      ) : status === 'error' ? (
        <LoadFailed title={failed.title} message={failed.message} onRetry={onRetry} />
      ) : (
        children
      )}
    </HistorySection>
  );
}

/**
 * A card's one action, alone in its row: aria-disabled (it keeps the focus) while the page is busy,
 * aria-busy while it runs.
 */
export function CardAction({
  kind,
  submit = false,
  busy,
  running,
  disabled,
  describedBy,
  onClick,
  children,
}: {
  kind: 'primary' | 'secondary' | 'danger';
  submit?: boolean;
  busy: boolean;
  running?: boolean;
  disabled?: boolean;
  describedBy?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="account-form__actions">
      <button
        type={submit ? 'submit' : 'button'}
        className={`btn btn--${kind} btn--sm`}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-busy={running || undefined}
        aria-describedby={describedBy}
        onClick={onClick}
      >
        {children}
      </button>
    </div>
  );
}

/** What went wrong with a card's change, read out as it appears. */
export function CardAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p className="history-alert" role="alert" id={id}>
      <AlertIcon size={18} /> {children}
    </p>
  );
}
