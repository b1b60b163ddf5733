import '../styles/status-card.css';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CheckCircleIcon, MailIcon } from '../ui/icons.tsx';
import { SUPPORT_EMAIL } from '../ui/site-info.ts';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as verificationView from '../../machines/auth/email-verification.selectors.ts';
import { StatusCard } from '../ui/status-card.tsx';
import { TextField } from '../ui/text-field.tsx';

export const VERIFY_TEXTS = {
  checking: 'Checking your link…',
  verified: 'Your email is verified',
  failedTitle: 'This link did not work',
  sent: 'Verification email sent successfully!',
} as const;

/** /verifyemail-{token}.html: a projection of `emailVerification` (the route starts it). */
export function EmailVerificationPage() {
  const state = useSystemSelector('emailVerification', stateOf);
  const phase = useSystemSelector('emailVerification', verificationView.phase);
  if (phase === 'verified') return <Verified state={state} />;
  if (phase === 'failed') return <Failed state={state} />;
  return (
    <StatusCard icon={<MailIcon size={28} />} title="Verifying your email" state={state} busy>
      <p className="status-line" role="status">
        <Spinner size={18} />
        <span>{VERIFY_TEXTS.checking}</span>
      </p>
    </StatusCard>
  );
}

function Verified({ state }: { state: string }) {
  const actor = useSystemActor('emailVerification');
  const email = useSystemSelector('emailVerification', verificationView.email);
  return (
    <StatusCard
      tone="success"
      icon={<CheckCircleIcon size={30} />}
      title={VERIFY_TEXTS.verified}
      state={state}
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => actor.send({ type: 'verify.login' })}
          >
            Log in
          </button>
          <Link to="/" className="btn btn--secondary">
            Browse prompts
          </Link>
        </>
      }
    >
      <p>
        {email ? (
          <>
            <strong>{email}</strong> is confirmed.
          </>
        ) : (
          'Your address is confirmed.'
        )}{' '}
        You can now log in with your email and password.
      </p>
    </StatusCard>
  );
}

function Failed({ state }: { state: string }) {
  const actor = useSystemActor('emailVerification');
  const message = useSystemSelector('emailVerification', verificationView.message);
  const email = useSystemSelector('emailVerification', verificationView.email);
  const fieldError = useSystemSelector('emailVerification', verificationView.fieldError);
  const busy = useSystemSelector('emailVerification', verificationView.busy);
  const sent = useSystemSelector('emailVerification', verificationView.sent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'resend.submit' });
  };
  return (
    <StatusCard
      tone={sent ? 'success' : 'error'}
      icon={sent ? <MailIcon size={28} /> : <AlertIcon size={30} />}
      title={sent ? 'Check your email' : VERIFY_TEXTS.failedTitle}
      state={state}
      busy={busy}
      actions={
        <Link to="/" className="btn btn--secondary">
          Browse prompts
        </Link>
      }
    >
      {sent ? (
        <p className="status-card__success" role="status">
          {VERIFY_TEXTS.sent}
        </p>
      ) : (
        <>
          {message ? <p>{message}</p> : null}
          <form
            className="verify-form"
            noValidate
            aria-label="Send a new verification link"
            onSubmit={submit}
          >
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              error={fieldError}
              disabled={busy}
              onChange={(value) => actor.send({ type: 'field.change', value })}
            />
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Spinner size={16} /> : null}
              Send a new link
            </button>
          </form>
        </>
      )}
      <p className="status-card__hint">
        Still stuck? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </StatusCard>
  );
}
