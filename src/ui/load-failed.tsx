import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { AlertIcon } from './first-paint-icons.tsx';

/** A load that failed: why, "Try again", and any other way on (`more`, after it). */
export function LoadFailed({
  title,
  message,
  onRetry,
  more,
}: {
  title: string;
  message: ReactNode;
  onRetry: () => void;
  more?: ReactNode;
}) {
  return (
    <EmptyState
      tone="error"
      icon={<AlertIcon size={28} />}
      title={title}
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            Try again
          </button>
          {more}
        </>
      }
    >
      <p role="alert">{message}</p>
    </EmptyState>
  );
}
