import '../styles/dialog.css';
import { useId, type ReactNode } from 'react';
import { AlertIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/**
 * A small modal that asks or tells one thing: an icon, a title, its text, an optional error a
 * person can act on, and the actions. Every confirmation of the account area is one (cancel an
 * order, delete a message, sign out everywhere, delete the account). The machine behind it owns whether it is open (`state`) and
 * what Escape does (`onDismiss`).
 */
export function NoticeDialog({
  state,
  onDismiss,
  icon,
  tone,
  title,
  text,
  error,
  className,
  refocus = true,
  children,
}: {
  state: string;
  onDismiss: () => void;
  icon?: ReactNode;
  /** The icon's colour: the brand (default), a wait, or a danger. */
  tone?: 'pending' | 'danger';
  title: ReactNode;
  text: ReactNode;
  error?: string | null;
  /** Extra classes for the dialog (a page's own look). */
  className?: string;
  /** Focus moves back in when the state changes and focus was lost (Modal's `focusKey`). */
  refocus?: boolean;
  /** The actions, or a form ending in them. */
  children: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      state={state}
      focusKey={refocus ? state : undefined}
      onDismiss={onDismiss}
      size="sm"
      className={`notice-dialog${className ? ` ${className}` : ''}`}
    >
      {icon ? (
        <div
          className={`notice-dialog__icon${tone ? ` notice-dialog__icon--${tone}` : ''}`}
          aria-hidden="true"
        >
          {icon}
        </div>
      ) : null}
      <h2 id={titleId} className="notice-dialog__title">
        {title}
      </h2>
      <div id={textId} className="notice-dialog__text">
        {text}
      </div>
      {error ? (
        <p className="history-alert" role="alert">
          <AlertIcon size={18} /> {error}
        </p>
      ) : null}
      {children}
    </Modal>
  );
}
