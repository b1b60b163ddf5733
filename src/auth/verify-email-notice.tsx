import '../styles/dialog.css';
import { useId } from 'react';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { MailIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { ResendButton } from './resend-button.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as noticeView from '../../machines/auth/verify-email-notice.selectors.ts';

/**
 * "Verify your email first" (requirements §2 "Another dialog"): shown over the login dialog when the
 * address has not been verified; a projection of `verifyEmailNotice` and its `resend` child.
 */
export function VerifyEmailNotice() {
  const visible = useSystemSelector('verifyEmailNotice', noticeView.visible);
  return visible ? <VerifyEmailNoticePanel /> : null;
}

export function VerifyEmailNoticePanel() {
  const actor = useSystemActor('verifyEmailNotice');
  const state = useSystemSelector('verifyEmailNotice', stateOf);
  const email = useSystemSelector('verifyEmailNotice', noticeView.email);
  const resend = useSystemSelector('verifyEmailNotice', noticeView.resend);
  const titleId = useId();
  const textId = useId();
  const close = () => actor.send({ type: 'notice.close' });
  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      state={state}
      onDismiss={close}
      size="sm"
      className="notice-dialog"
    >
      <div className="notice-dialog__icon notice-dialog__icon--pending" aria-hidden="true">
        <MailIcon size={30} />
      </div>
      <h2 id={titleId} className="notice-dialog__title">
        Verify your email first
      </h2>
      <p id={textId} className="notice-dialog__text">
        <strong className="notice-dialog__email">{email}</strong> is not verified yet. Open the link in the
        email we sent you, then log in again.
      </p>
      <div className="notice-dialog__footer notice-dialog__footer--plain">
        <p className="notice-dialog__help">No email? We can send you a new link.</p>
        <ResendButton actor={resend} />
      </div>
      <div className="notice-dialog__actions">
        <button type="button" className="btn btn--primary" data-autofocus="" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
