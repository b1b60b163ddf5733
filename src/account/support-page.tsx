import '../styles/catalog.css';
import '../styles/forms.css';
import '../styles/support.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { SUPPORT_LIMITS, type SupportRequest, type SupportStatus } from '../../domain/account.ts';
import { countedLength, SUPPORT_TEXT, type SupportField } from '../../machines/account/support.ts';
import * as supportView from '../../machines/account/support.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import {
  DateText,
  LoadFailed,
  RowsSkeleton,
  StatusBadge,
  type StatusTone,
} from '../commerce/history-parts.tsx';
import { AlertIcon, CheckCircleIcon, LifebuoyIcon, MailIcon } from '../ui/icons.tsx';
import { MemberSkeleton } from '../auth/member-page.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { SUPPORT_EMAIL } from '../ui/site-info.ts';
import { stateOf } from '../../machines/system/selectors.ts';
import { useSessionView } from '../auth/use-session.ts';

/** Answers to what people ask most, before they write to us. */
export const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'What is the difference between Free, FruitCoin and Premium prompts?',
    a: 'Free prompts are open to everyone. FruitCoin prompts are unlocked with coins from your FruitCoin balance. Premium prompts are bought once with money. Unlocked and bought prompts stay on your account.',
  },
  {
    q: 'How do I get FruitCoins?',
    a: (
      <>
        FruitCoins are credited to your account, for example as a welcome bonus or through promotions. Every
        change is listed in <Link to="/fruit-transactions">Fruit History</Link>. FruitCoins have no cash value
        and cannot be transferred, but you can <Link to="/exchange-coupons">exchange them for coupons</Link>.
      </>
    ),
  },
  {
    q: 'Where do I find the prompts I bought?',
    a: (
      <>
        Bought and unlocked prompts stay unlocked on the account you used: log in with it and open the prompt,
        or find it through <Link to="/orders">My Orders</Link>. Each paid order lists the prompts it unlocked.
      </>
    ),
  },
  {
    q: 'I paid, but the prompt is still locked.',
    a: 'Payments are usually confirmed within a minute. If your order still shows as pending after that, send us the order number from the Orders page and we will sort it out or refund you.',
  },
  {
    q: 'Can I get a refund?',
    a: (
      <>
        Yes, if you were charged but the prompt did not unlock, were charged twice, or the prompt is
        materially different from its description. Ask within 14 days with the order number. The{' '}
        <Link to="/terms">Terms of Service</Link> explain the details.
      </>
    ),
  },
  {
    q: 'I can’t log in.',
    a: 'Use the same way you signed up: “Continue with Google” for a Google account, or your email and password. Passwords are at least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&. A guest account lives in the browser it was made in. Still stuck? Write to us with the email you signed up with.',
  },
  {
    q: 'I never received the verification email.',
    a: 'Check your spam or promotions folder first. From the sign-up confirmation you can resend the email once a minute. If it still does not arrive, write to us from the same address.',
  },
  {
    q: 'My result does not look like the example images.',
    a: 'AI generators change over time and vary between runs. Try the variables suggested on the prompt page, a few seeds, and the generator version named in the description. If it still misses, tell us which prompt and what you got.',
  },
];

/**
 * /support: answers first, then the contact form, and for a member their past requests. Who is looking
 * decides the email field and whether there are past requests to show: the route tells the page's
 * machine (src/routes/support.tsx).
 */
export function SupportPage() {
  const session = useSessionView();

  return (
    <div className="page support-page">
      <PageHeader
        eyebrow="Help"
        title="Customer Support"
        lead={`Questions about a prompt, a payment or your account? The ${PRODUCT_NAME} team answers every message, usually within one working day.`}
      >
        <a className="support-jump" href="#contact-title">
          Write to us
        </a>
      </PageHeader>
      <div className="support-layout">
        <section className="faq" aria-labelledby="faq-title">
          <h2 id="faq-title" className="section-title">
            Frequently asked questions
          </h2>
          {FAQ.map((item) => (
            <details key={item.q} className="faq__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
          <p className="support-aside">
            <LifebuoyIcon size={18} className="support-aside__icon" />
            <span>
              Refunds, FruitCoin and what we store about you, in plain words: the{' '}
              <Link to="/terms">Terms of Service</Link> and the <Link to="/privacy">Privacy Policy</Link>.
            </span>
          </p>
        </section>
        <section className="support-contact" aria-labelledby="contact-title">
          <h2 id="contact-title" className="section-title">
            Contact us
          </h2>
          {session === 'pending' ? <MemberSkeleton /> : <ContactForm />}
          <p className="support-aside">
            <MailIcon size={18} className="support-aside__icon" />
            <span>
              Prefer email? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </span>
          </p>
        </section>
      </div>
      {session === 'loggedIn' ? <PastRequests /> : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The contact form

function ContactForm() {
  const sent = useSystemSelector('support', supportView.sent);
  return sent ? <SentConfirmation /> : <RequestForm />;
}

function RequestForm() {
  const actor = useSystemActor('support');
  const state = useSystemSelector('support', stateOf);
  const member = useSystemSelector('support', supportView.member);
  const accountEmail = useSystemSelector('support', supportView.accountEmail);
  const lookingUp = useSystemSelector('support', supportView.lookingUp);
  const form = useSystemSelector('support', supportView.form);
  const errors = useSystemSelector('support', supportView.errors);
  const firstError = useSystemSelector('support', supportView.firstError);
  const busy = useSystemSelector('support', supportView.busy);
  const sendNotice = useSystemSelector('support', supportView.sendNotice);
  const limited = sendNotice === 'limited';
  const failed = sendNotice === 'failed';
  const notice = useSystemSelector('support', supportView.noticeText);
  const formRef = useRef<HTMLFormElement>(null);

  // After a check that failed, the first field it names takes the focus: once per check (sending or
  // sending again), when the page shows what the check said.
  const [checks, setChecks] = useState(0);
  const focusedFor = useRef(0);
  useEffect(() => {
    if (focusedFor.current === checks) return;
    focusedFor.current = checks;
    if (firstError) formRef.current?.querySelector<HTMLElement>(`[name="${firstError}"]`)?.focus();
  }, [checks, firstError]);
  const focusFirstError = () => setChecks((n) => n + 1);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'support.submit' });
    focusFirstError();
  };
  const change = (field: SupportField) => (value: string) =>
    actor.send({ type: 'support.change', field, value });
  const blur = (field: SupportField) => () => actor.send({ type: 'support.blur', field });
  /** A field's name, its error, and what typing in it and leaving it send; locked while sending. */
  const bound = (name: SupportField) => ({
    name,
    error: errors[name],
    disabled: busy,
    onChange: change(name),
    onBlur: blur(name),
  });

  return (
    <form
      ref={formRef}
      className="support-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-title"
      data-state={state}
    >
      <p className="support-form__lead">
        Tell us what happened: the order number or the prompt’s link helps.{' '}
        {accountEmail !== null ? 'Subject and message are required.' : 'All fields are required.'}
      </p>
      {limited || failed ? (
        <div className="support-form__notice" role="alert">
          <AlertIcon size={18} className="support-form__notice-icon" />
          <div>
            <p>{notice}</p>
            {failed ? (
              <>
                <p>Your text is kept: nothing is lost.</p>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() => {
                    actor.send({ type: 'support.retry' });
                    focusFirstError();
                  }}
                >
                  Try again
                </button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      <Field
        label="Your email"
        {...bound('email')}
        type="email"
        autoComplete="email"
        required={accountEmail === null}
        readOnly={accountEmail !== null}
        value={accountEmail ?? form.email}
        hint={
          !member
            ? 'We answer at this address.'
            : accountEmail !== null
              ? 'The email on your account. Our answer also arrives in Messages.'
              : lookingUp
                ? 'Looking up the email on your account…'
                : 'We answer at this address, and in Messages.'
        }
      />
      <Field
        label="Subject"
        {...bound('subject')}
        required
        value={form.subject}
        hint={`${SUPPORT_LIMITS.subjectMin} to ${SUPPORT_LIMITS.subjectMax} characters.`}
      />
      <Field
        label="Message"
        {...bound('message')}
        multiline
        required
        value={form.message}
        hint={`At least ${SUPPORT_LIMITS.messageMin} characters.`}
        counter={<MessageCounter text={form.message} />}
      />
      <div className="support-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? 'Sending your message…' : ''}
      </p>
    </form>
  );
}

/** "123 / 2000"; near and over the limit it is also said aloud (not at every keystroke). */
function MessageCounter({ text }: { text: string }) {
  const n = countedLength(text);
  const left = SUPPORT_LIMITS.messageMax - n;
  const spoken =
    left < 0 ? `${-left} characters over the limit` : left <= 100 ? `${left} characters left` : '';
  return (
    <>
      <span className="field__counter" data-over={left < 0 || undefined}>
        {n} / {SUPPORT_LIMITS.messageMax}
        <span className="visually-hidden"> characters</span>
      </span>
      <span className="visually-hidden" aria-live="polite">
        {spoken}
      </span>
    </>
  );
}

/** A labelled input or textarea with a hint, a counter and its error (aria-invalid, aria-describedby). */
function Field({
  label,
  name,
  type = 'text',
  multiline = false,
  required = false,
  readOnly = false,
  value,
  error,
  hint,
  counter,
  disabled,
  autoComplete,
  onChange,
  onBlur,
}: {
  label: string;
  name: SupportField;
  type?: 'text' | 'email';
  multiline?: boolean;
  required?: boolean;
  /** Shown, not edited (a member's email). */
  readOnly?: boolean;
  value: string;
  error: string | undefined;
  hint?: string;
  counter?: ReactNode;
  disabled: boolean;
  autoComplete?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, counter ? counterId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name,
    className: multiline ? 'field__input field__input--multiline' : 'field__input',
    value,
    disabled: disabled && !readOnly,
    readOnly,
    'aria-required': required || undefined,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy || undefined,
    onBlur,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={7} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint || counter ? (
        <div className="field__footer">
          {hint ? (
            <p id={hintId} className="field__hint">
              {hint}
            </p>
          ) : null}
          {counter ? (
            <p id={counterId} className="field__hint field__counter-wrap">
              {counter}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SentConfirmation() {
  const actor = useSystemActor('support');
  const sent = useSystemSelector('support', supportView.sentRequest);
  const member = useSystemSelector('support', supportView.member);
  const typedEmail = useSystemSelector('support', supportView.typedEmail);
  const accountEmail = useSystemSelector('support', supportView.accountEmail);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the confirmation replaces the form: focus goes to what it says
  useEffect(() => headingRef.current?.focus(), []);
  const email = accountEmail ?? typedEmail;
  return (
    <div className="support-sent" data-state="sent">
      <CheckCircleIcon size={32} className="support-sent__icon" />
      <h3 className="support-sent__title" tabIndex={-1} ref={headingRef}>
        Request #{sent?.id} received
      </h3>
      <p>
        Thank you! Your request number is <strong>#{sent?.id}</strong>
        {sent ? ` (“${sent.subject}”)` : ''}. We usually answer within one working day
        {email ? (
          <>
            {' '}
            at <strong>{email}</strong>
          </>
        ) : null}
        {member ? ', and the answer also arrives in Messages' : ''}.
      </p>
      <div className="support-sent__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => actor.send({ type: 'support.newRequest' })}
        >
          Send another request
        </button>
        {member ? (
          <Link to="/messages" className="btn btn--secondary">
            Open Messages
          </Link>
        ) : null}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// A member's past requests

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Waiting for an answer',
  answered: 'Answered',
  closed: 'Closed',
};

function PastRequests() {
  const actor = useSystemActor('support');
  const view = useSystemSelector('support', supportView.requestsStatus);
  const loading = view === 'loading';
  const failed = view === 'error';
  const error = useSystemSelector('support', supportView.requestsError);
  const requests = useSystemSelector('support', supportView.requests);
  const state = useSystemSelector('support', stateOf);
  return (
    <section
      className="support-requests"
      aria-labelledby="requests-title"
      aria-busy={loading}
      data-state={state}
    >
      <h2 id="requests-title" className="section-title">
        Your requests
      </h2>
      {loading ? (
        <RowsSkeleton label="Loading your requests…" rows={2} />
      ) : failed ? (
        <LoadFailed
          title="We couldn't load your requests"
          message={error ?? SUPPORT_TEXT.requestsFailed}
          onRetry={() => actor.send({ type: 'support.requestsRetry' })}
        />
      ) : requests.length === 0 ? (
        <p className="support-requests__empty">
          You have not written to us yet. Your requests and our answers will be listed here.
        </p>
      ) : (
        <ul className="support-requests__list">
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SUPPORT_TONE: Record<SupportRequest['status'], StatusTone> = {
  open: 'waiting',
  answered: 'done',
  closed: 'ended',
};

function RequestCard({ request }: { request: SupportRequest }) {
  const titleId = useId();
  return (
    <article className="support-request" aria-labelledby={titleId}>
      <div className="support-request__head">
        <h3 id={titleId} className="support-request__title">
          #{request.id} {request.subject}
        </h3>
        <StatusBadge tone={SUPPORT_TONE[request.status]}>{SUPPORT_STATUS_LABELS[request.status]}</StatusBadge>
      </div>
      <p className="support-request__meta">
        Sent <DateText iso={request.createdAt} withTime />
      </p>
      <details className="support-request__message">
        <summary>Your message</summary>
        <p>{request.message}</p>
      </details>
      {request.reply ? (
        <div className="support-request__reply">
          <p className="support-request__reply-label">
            Our answer
            {request.repliedAt ? (
              <>
                {' · '}
                <DateText iso={request.repliedAt} withTime />
              </>
            ) : null}
          </p>
          <p className="support-request__reply-text">{request.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
