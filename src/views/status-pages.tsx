import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../machines/domain/catalog.ts';
import { HourglassIcon, LinkIcon, MailIcon, ReceiptIcon, UserIcon } from './icons.tsx';
import { LoginButton } from './login-button.tsx';
import { SUPPORT_EMAIL } from './site-info.ts';

/** A centred card for pages that are a step in a flow rather than a destination. */
function StatusCard({
  icon,
  title,
  children,
  actions,
  tone = 'brand',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'success' | 'pending';
}) {
  return (
    <div className="page page--narrow">
      <section className={`status-card status-card--${tone}`}>
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

export function ShareRedirectPage({ kind, code }: { kind: 'user' | 'partner'; code: string }) {
  return (
    <StatusCard
      icon={<LinkIcon size={28} />}
      title="Opening shared prompt…"
      actions={
        <Link to="/" className="btn btn--secondary">
          Browse all prompts
        </Link>
      }
    >
      <p>
        {kind === 'partner' ? 'A FruitPrompt partner' : 'Someone'} shared a prompt with you. This short link (
        <code>{code}</code>) takes you straight to that prompt's page.
      </p>
      <p className="status-card__hint">
        If nothing happens, the link may have expired; you can still browse the whole catalog.
      </p>
    </StatusCard>
  );
}

export function AuthCallbackPage() {
  return (
    <StatusCard icon={<UserIcon size={28} />} title="Completing sign-in…">
      <p>
        This window hands your sign-in back to {PRODUCT_NAME} and then closes itself. If it stays open, you
        can close it and return to the store: you'll be signed in there.
      </p>
    </StatusCard>
  );
}

export function VerifyEmailPage() {
  return (
    <StatusCard
      icon={<MailIcon size={28} />}
      title="Verify your email"
      actions={
        <>
          <LoginButton />
          <Link to="/" className="btn btn--secondary">
            Browse prompts
          </Link>
        </>
      }
    >
      <p>
        You opened the verification link we emailed you after you signed up. It confirms that the address
        belongs to you; once confirmed, you can log in with your email and password.
      </p>
      <p className="status-card__hint">
        Links expire after a while. If yours has, log in and ask for a new one, or write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </StatusCard>
  );
}

export function PaidOrderPage({ orderId }: { orderId: string }) {
  return (
    <StatusCard
      tone="success"
      icon={<ReceiptIcon size={28} />}
      title="Payment details"
      actions={
        <>
          <LoginButton label="Log in to see this order" />
          <Link to="/orders" className="btn btn--secondary">
            My orders
          </Link>
        </>
      }
    >
      <p>
        You're back from checkout for order <strong>#{orderId}</strong>. Once we have confirmed the payment,
        the prompts in this order unlock on your account and stay in your orders.
      </p>
      <p className="status-card__hint">
        Log in with the account you paid with to see the order and its prompts.
      </p>
    </StatusCard>
  );
}

export function PendingOrderPage({ orderId }: { orderId: string }) {
  return (
    <StatusCard
      tone="pending"
      icon={<HourglassIcon size={28} />}
      title="Payment pending"
      actions={
        <>
          <LoginButton label="Log in to see this order" />
          <Link to="/cart" className="btn btn--secondary">
            Back to cart
          </Link>
        </>
      }
    >
      <p>
        Order <strong>#{orderId}</strong> has not been paid yet. Nothing has been charged; the prompts stay in
        your cart until you complete checkout.
      </p>
      <p className="status-card__hint">
        If you were charged and this page does not change, write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with the order number.
      </p>
    </StatusCard>
  );
}
