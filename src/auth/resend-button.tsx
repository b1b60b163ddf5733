import '../styles/auth.css';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resendEmailMachine } from '../../machines/auth/resend-email.ts';
import * as resendView from '../../machines/auth/resend-email.selectors.ts';
import { RefreshIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';

export type ResendRef = ActorRefFrom<typeof resendEmailMachine>;

/**
 * "Resend Email" with its cooldown (requirements §2): a projection of a `resendEmail` child actor. The
 * label counts down "Resend in {n}s"; the last result shows in green or red.
 */
export function ResendButton({ actor }: { actor: ResendRef | undefined }) {
  const disabled = useSelector(actor, (snapshot) => (snapshot ? resendView.disabled(snapshot) : true));
  const sending = useSelector(actor, (snapshot) => (snapshot ? resendView.sending(snapshot) : false));
  const secondsLeft = useSelector(actor, (snapshot) => (snapshot ? resendView.secondsLeft(snapshot) : 0));
  const result = useSelector(actor, (snapshot) => (snapshot ? resendView.result(snapshot) : null));
  return (
    <div className="resend">
      <button
        type="button"
        className="btn btn--secondary btn--sm resend__button"
        disabled={disabled}
        aria-busy={sending || undefined}
        onClick={() => actor?.send({ type: 'resend.request' })}
      >
        {sending ? <Spinner size={14} /> : <RefreshIcon size={16} />}
        <span className="resend__label">
          {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Resend Email'}
        </span>
      </button>
      <div className="resend__result" aria-live="polite">
        {result ? (
          <p
            className={`resend__message resend__message--${result.kind}`}
            role={result.kind === 'error' ? 'alert' : undefined}
          >
            {result.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
