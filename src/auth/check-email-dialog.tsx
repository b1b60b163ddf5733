import '../styles/dialog.css';
import '../styles/auth.css';
import { useId } from 'react';
import { mailLinkFor } from '../../domain/mail-providers.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { CloseIcon, ExternalIcon, MailIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { ResendButton } from './resend-button.tsx';
import { SUPPORT_EMAIL } from '../ui/site-info.ts';
import { stateOf } from '../../machines/system/selectors.ts';
import * as checkEmailView from '../../machines/auth/registration-success.selectors.ts';

const STEPS = ['Open your inbox', 'Click the verification link', 'Return here to sign in'] as const;

/**
 * "Check Your Email" after a registration (requirements §2): a projection of `registrationSuccess` and
 * its invoked `resend` child. Dismissing plays a fade/scale-out and reports its end.
 */
export function CheckEmailDialog() {
  const visible = useSystemSelector('registrationSuccess', checkEmailView.visible);
  return visible ? <CheckEmailPanel /> : null;
}

export function CheckEmailPanel() {
  const actor = useSystemActor('registrationSuccess');
  const state = useSystemSelector('registrationSuccess', stateOf);
  const closing = useSystemSelector('registrationSuccess', checkEmailView.closing);
  const email = useSystemSelector('registrationSuccess', checkEmailView.email);
  const resend = useSystemSelector('registrationSuccess', checkEmailView.resend);
  const titleId = useId();
  const textId = useId();
  const link = mailLinkFor(email);
  const dismiss = () => actor.send({ type: 'dialog.dismiss' });

  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      state={state}
      closing={closing}
      onClosed={() => actor.send({ type: 'animation.end' })}
      onDismiss={dismiss}
      size="sm"
      className="notice-dialog"
    >
      <button type="button" className="modal__close" aria-label="Close" onClick={dismiss}>
        <CloseIcon size={20} />
      </button>
      <div className="notice-dialog__icon" aria-hidden="true">
        <MailIcon size={30} />
      </div>
      <h2 id={titleId} className="notice-dialog__title">
        Check Your Email
      </h2>
      <p id={textId} className="notice-dialog__text">
        We sent a verification link to <strong className="notice-dialog__email">{email}</strong>
      </p>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <div className="notice-dialog__actions">
        {link.kind === 'none' ? (
          <button type="button" className="btn btn--secondary" disabled>
            Check Your Email Client
          </button>
        ) : (
          <a
            className="btn btn--primary"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            data-autofocus=""
          >
            Open {link.name}
            <ExternalIcon size={16} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        <button type="button" className="btn btn--secondary" onClick={dismiss}>
          I&apos;ll check later
        </button>
      </div>
      <div className="notice-dialog__footer">
        <ResendButton actor={resend} />
        <p className="notice-dialog__help">
          Can&apos;t find it? Check your spam folder or contact support (
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>).
        </p>
      </div>
    </Modal>
  );
}
