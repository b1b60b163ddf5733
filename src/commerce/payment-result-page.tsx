import '../styles/status-card.css';
import '../styles/dialog.css';
import '../styles/commerce.css';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { OrderDetail } from '../../domain/commerce.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CheckCircleIcon, HourglassIcon, ReceiptIcon } from '../ui/icons.tsx';
import { LoginButton } from '../auth/login-button.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { CheckoutReceipt, orderNumbers, ordersOfCheckout } from './checkout-orders.tsx';
import { SUPPORT_EMAIL } from '../ui/site-info.ts';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as paymentView from '../../machines/commerce/payment-result.selectors.ts';
import { StatusCard } from '../ui/status-card.tsx';
import { useSessionView } from '../auth/use-session.ts';

/** `/paiddetail-{orderId}-{sessionId}.html`: the payment page came back saying it was paid. */
export function PaidResultPage({ orderId, sessionId }: { orderId: string; sessionId: string }) {
  return (
    <MemberGate orderId={orderId} title="Payment details">
      <PaymentResult orderId={orderId} sessionId={sessionId} />
    </MemberGate>
  );
}

/** `/pendingdetail-{orderId}.html`: the payment page came back without a payment. */
export function PendingResultPage({ orderId }: { orderId: string }) {
  return (
    <MemberGate orderId={orderId} title="Payment pending">
      <PaymentResult orderId={orderId} sessionId={null} />
    </MemberGate>
  );
}

/** The session's part: the account is restored first, and a visitor is asked to log in. */
function MemberGate({ orderId, title, children }: { orderId: string; title: string; children: ReactNode }) {
  const session = useSessionView();
  if (session === 'loggedIn') return <>{children}</>;
  return (
    <StatusCard
      icon={<ReceiptIcon size={28} />}
      title={title}
      state={session}
      busy={session === 'pending'}
      actions={
        session === 'loggedOut' ? (
          <>
            <LoginButton label="Log in to see this order" />
            <Link to="/" className="btn btn--secondary">
              Browse prompts
            </Link>
          </>
        ) : null
      }
    >
      <p>
        You're back from the payment page for order <strong>#{orderId}</strong>.
      </p>
      {session === 'pending' ? (
        <p role="status">Loading your account…</p>
      ) : (
        <p className="status-card__hint">
          Log in with the account you ordered with to see this order and its payment.
        </p>
      )}
    </StatusCard>
  );
}

/**
 * A projection of `paymentResult`: its route confirms or loads the order, and stops following it when
 * the page is left or the member signs out.
 */
function PaymentResult({ orderId, sessionId }: { orderId: string; sessionId: string | null }) {
  const actor = useSystemActor('paymentResult');
  const state = useSystemSelector('paymentResult', stateOf);
  const phase = useSystemSelector('paymentResult', paymentView.phase);
  // until the actor has heard of this order, what it holds is another page's
  const showsThis = useMemo(() => paymentView.showsOrder(orderId), [orderId]);
  const current = useSystemSelector('paymentResult', showsThis);
  const order = useSystemSelector('paymentResult', paymentView.order);
  const error = useSystemSelector('paymentResult', paymentView.error);
  const actionError = useSystemSelector('paymentResult', paymentView.actionError);
  const paidPage = sessionId !== null;

  if (!current || phase === 'loading' || (!order && phase !== 'failed' && phase !== 'redirecting')) {
    return (
      <StatusCard
        icon={<ReceiptIcon size={28} />}
        title={paidPage ? 'Confirming your payment' : `Order #${orderId}`}
        state={state}
        busy
      >
        <p role="status">
          <Spinner size={16} />{' '}
          {paidPage ? 'Confirming your payment with the server…' : 'Loading your order…'}
        </p>
      </StatusCard>
    );
  }
  if (phase === 'failed') {
    return (
      <StatusCard
        tone="error"
        icon={<AlertIcon size={28} />}
        title={paidPage ? "We couldn't confirm this payment" : "We couldn't load this order"}
        state={state}
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => actor.send({ type: 'payment.retry' })}
            >
              Try again
            </button>
            <Link to="/orders" className="btn btn--secondary">
              My orders
            </Link>
          </>
        }
      >
        <p role="alert">{error}</p>
        <p className="status-card__hint">
          If you were charged and this does not clear up, write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with order #{orderId}.
        </p>
      </StatusCard>
    );
  }
  if (phase === 'paid' && order) {
    const together = order.otherOrders.length > 0;
    const allPaid = ordersOfCheckout(order).every((o) => o.status === 'paid');
    return (
      <StatusCard
        tone="success"
        icon={<CheckCircleIcon size={28} />}
        title="Payment received"
        state={state}
        actions={
          <>
            {together ? (
              <Link to="/orders" className="btn btn--primary">
                My orders
              </Link>
            ) : (
              <Link to="/order-detail/$orderId" params={{ orderId }} className="btn btn--primary">
                View order
              </Link>
            )}
            <Link to="/" className="btn btn--secondary">
              Browse prompts
            </Link>
          </>
        }
      >
        {together && allPaid ? (
          <p role="status">
            Your checkout is paid: orders <strong>{orderNumbers(order.checkout.orderIds)}</strong>. Their
            prompts are unlocked on your account: open one to use it.
          </p>
        ) : (
          <p role="status">
            Order <strong>#{order.id}</strong> is paid. Its prompts are unlocked on your account: open one to
            use it.
          </p>
        )}
        <CheckoutReceipt order={order} />
      </StatusCard>
    );
  }
  if (phase === 'cancelled' && order) {
    return (
      <StatusCard
        tone="error"
        icon={<ReceiptIcon size={28} />}
        title="Order cancelled"
        state={state}
        actions={
          <>
            <Link to="/cart" className="btn btn--primary">
              Go to cart
            </Link>
            <Link to="/orders" className="btn btn--secondary">
              My orders
            </Link>
          </>
        }
      >
        <p role="status">
          Order <strong>#{order.id}</strong> is cancelled and nothing was charged. Its prompts are back in
          your cart, and its coupon can be used again.
        </p>
        <CheckoutReceipt order={order} />
      </StatusCard>
    );
  }
  if (phase === 'redirecting') {
    return (
      <StatusCard icon={<HourglassIcon size={28} />} title="Off to the payment page" state={state} busy>
        <p role="status">
          <Spinner size={16} /> Taking you to the payment page…
        </p>
      </StatusCard>
    );
  }
  return (
    <PendingOrder
      orderId={orderId}
      order={order}
      phase={phase}
      state={state}
      paidPage={paidPage}
      actionError={actionError}
    />
  );
}

const PENDING_STATUS: Partial<Record<paymentView.Phase, string>> = {
  loading: 'Checking the payment…',
  watching: 'Waiting for the payment. This page updates by itself.',
  checking: 'Checking the payment…',
  // the paid page checks by confirming the payment again
  reconfirming: 'Checking the payment…',
  stale: 'We stopped checking by ourselves. Check again when you have paid.',
  cancelling: 'Cancelling the order…',
  paying: 'Opening the payment page…',
  confirmingCancel: 'Waiting for the payment. This page updates by itself.',
};

function PendingOrder({
  orderId,
  order,
  phase,
  state,
  paidPage,
  actionError,
}: {
  orderId: string;
  order: OrderDetail | null;
  phase: paymentView.Phase;
  state: string;
  paidPage: boolean;
  actionError: string | null;
}) {
  const actor = useSystemActor('paymentResult');
  const busy = phase === 'cancelling' || phase === 'paying';
  return (
    <StatusCard
      tone="pending"
      icon={<HourglassIcon size={28} />}
      title="Payment pending"
      state={state}
      busy={busy}
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            aria-disabled={busy || undefined}
            aria-busy={phase === 'paying' || undefined}
            onClick={() => {
              if (!busy) actor.send({ type: 'payment.pay' });
            }}
          >
            Pay now
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={busy || undefined}
            aria-busy={phase === 'cancelling' || undefined}
            onClick={() => {
              if (!busy) actor.send({ type: 'payment.cancel' });
            }}
          >
            Cancel order
          </button>
          {phase === 'stale' ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => actor.send({ type: 'payment.refresh' })}
            >
              Check again
            </button>
          ) : null}
        </>
      }
    >
      <p>
        {paidPage
          ? `The payment of order #${orderId} is not confirmed yet. `
          : `Order #${orderId} has not been paid yet. `}
        Nothing is charged until you pay; pay now or cancel the order to put its prompts back in your cart.
      </p>
      <p className="payment-result__status" role="status">
        {phase === 'checking' || phase === 'reconfirming' || busy ? <Spinner size={16} /> : null}{' '}
        {PENDING_STATUS[phase] ?? ''}
      </p>
      {actionError ? (
        <p className="payment-result__error" role="alert">
          {actionError}
        </p>
      ) : null}
      {order ? <CheckoutReceipt order={order} /> : null}
      {phase === 'confirmingCancel' || phase === 'cancelling' ? (
        <CancelDialog orderId={orderId} busy={phase === 'cancelling'} />
      ) : null}
    </StatusCard>
  );
}

function CancelDialog({ orderId, busy }: { orderId: string; busy: boolean }) {
  const actor = useSystemActor('paymentResult');
  const abort = () => {
    if (!busy) actor.send({ type: 'payment.cancelAbort' });
  };
  return (
    <NoticeDialog
      state={busy ? 'cancelling' : 'confirmingCancel'}
      onDismiss={abort}
      title={`Cancel order #${orderId}?`}
      text={
        <p>Nothing has been charged. Its prompts go back to your cart and its coupon can be used again.</p>
      }
      refocus={false}
    >
      <div className="notice-dialog__actions checkout-dialog__actions">
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => {
            if (!busy) actor.send({ type: 'payment.cancelConfirm' });
          }}
        >
          Yes, cancel the order
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-autofocus=""
          aria-disabled={busy || undefined}
          onClick={abort}
        >
          Keep the order
        </button>
      </div>
    </NoticeDialog>
  );
}
