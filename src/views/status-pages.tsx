import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HourglassIcon, ReceiptIcon } from './icons.tsx';
import { LoginButton } from './login-button.tsx';
import { SUPPORT_EMAIL } from './site-info.ts';
import { useSessionView } from './use-session.ts';

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

/** The card's lines while the session is still being restored: no flash of the visitor's version. */
function PendingLines() {
  return (
    <div className="status-card__pending" role="status">
      <span className="visually-hidden">Loading your account…</span>
      <span className="skeleton skeleton--line" aria-hidden="true" />
      <span className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
    </div>
  );
}

export function PaidOrderPage({ orderId }: { orderId: string }) {
  const session = useSessionView();
  return (
    <StatusCard
      tone="success"
      icon={<ReceiptIcon size={28} />}
      title="Payment details"
      state={session}
      actions={
        session === 'loggedOut' ? (
          <>
            <LoginButton label="Log in to see this order" />
            <Link to="/orders" className="btn btn--secondary">
              My orders
            </Link>
          </>
        ) : session === 'loggedIn' ? (
          <>
            <Link to="/orders" className="btn btn--primary">
              My orders
            </Link>
            <Link to="/" className="btn btn--secondary">
              Browse prompts
            </Link>
          </>
        ) : null
      }
    >
      <p>
        You're back from checkout for order <strong>#{orderId}</strong>. Once we have confirmed the payment,
        the prompts in this order unlock on your account and stay in your orders.
      </p>
      {session === 'pending' ? <PendingLines /> : null}
      {session === 'loggedOut' ? (
        <p className="status-card__hint">
          Log in with the account you paid with to see the order and its prompts.
        </p>
      ) : null}
      {session === 'loggedIn' ? (
        <p className="status-card__hint">
          The payment status of this order is not shown here yet; your orders list is where it will appear.
        </p>
      ) : null}
    </StatusCard>
  );
}

export function PendingOrderPage({ orderId }: { orderId: string }) {
  const session = useSessionView();
  return (
    <StatusCard
      tone="pending"
      icon={<HourglassIcon size={28} />}
      title="Payment pending"
      state={session}
      actions={
        session === 'loggedOut' ? (
          <>
            <LoginButton label="Log in to see this order" />
            <Link to="/cart" className="btn btn--secondary">
              Back to cart
            </Link>
          </>
        ) : session === 'loggedIn' ? (
          <>
            <Link to="/cart" className="btn btn--primary">
              Back to cart
            </Link>
            <Link to="/orders" className="btn btn--secondary">
              My orders
            </Link>
          </>
        ) : null
      }
    >
      <p>
        Order <strong>#{orderId}</strong> has not been paid yet. Nothing has been charged; the prompts stay in
        your cart until you complete checkout.
      </p>
      {session === 'pending' ? <PendingLines /> : null}
      <p className="status-card__hint">
        If you were charged and this page does not change, write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with the order number.
      </p>
    </StatusCard>
  );
}
