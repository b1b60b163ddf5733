import '../styles/dialog.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { OrderDetail } from '../../domain/commerce.ts';
import { ORDER_DETAIL_MESSAGES } from '../../machines/commerce/order-detail.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { checkoutTitle, paidText } from './checkout-orders.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { DateText, HistorySection, LoadFailed, OrderStatusBadge, RowsSkeleton } from './history-parts.tsx';
import { AlertIcon, ChevronLeftIcon, ReceiptIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { OrderLines } from './order-lines.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as orderView from '../../machines/commerce/order-detail.selectors.ts';

/** /order-detail/{orderId}: one of the member's orders, and for a pending one, Pay now / Cancel. */
export function OrderDetailPage({ orderId }: { orderId: string }) {
  return (
    <MemberPage
      title="Order Details"
      lead={`Order #${orderId}: its items, payment and the prompts it unlocked.`}
      icon={<ReceiptIcon size={28} />}
      signedOutTitle="Log in to see this order"
      signedOutText={
        <p>Orders are private to the account that placed them. Log in with that account to see this one.</p>
      }
    >
      <OrderView orderId={orderId} />
    </MemberPage>
  );
}

const BackToOrders = ({ primary = false }: { primary?: boolean }) => (
  <Link to="/orders" className={`btn ${primary ? 'btn--primary' : 'btn--secondary'}`}>
    {primary ? null : <ChevronLeftIcon size={18} />}
    My Orders
  </Link>
);

/** A projection of `orderDetail`; its route asks for the order. */
function OrderView({ orderId }: { orderId: string }) {
  const actor = useSystemActor('orderDetail');
  const state = useSystemSelector('orderDetail', stateOf);
  const view = useSystemSelector('orderDetail', orderView.status);
  const error = useSystemSelector('orderDetail', orderView.error);
  const order = useSystemSelector('orderDetail', orderView.order);

  return (
    <HistorySection label={`Order #${orderId}`} busy={view === 'loading'} state={state}>
      {view === 'loading' ? (
        <RowsSkeleton label="Loading the order…" rows={2} />
      ) : view === 'notFound' ? (
        <EmptyState
          icon={<ReceiptIcon size={28} />}
          title="Order not found"
          actions={<BackToOrders primary />}
        >
          <p>
            There is no order #{orderId} on your account. The link may be mistyped, or the order may belong to
            another account.
          </p>
        </EmptyState>
      ) : view === 'error' ? (
        <LoadFailed
          title="We couldn't load this order"
          message={error ?? ORDER_DETAIL_MESSAGES.failed}
          onRetry={() => actor.send({ type: 'order.retry' })}
        />
      ) : order ? (
        <OrderCard order={order} />
      ) : null}
    </HistorySection>
  );
}

const PAYMENT_METHOD = {
  fruit: 'FruitCoins from your balance',
  card: 'Card, on the secure payment page',
} as const;

function paymentState(order: OrderDetail): string {
  if (order.status === 'paid') return 'Paid';
  if (order.status === 'cancelled') return 'Cancelled, nothing was charged';
  return 'Waiting for your payment';
}

function OrderCard({ order }: { order: OrderDetail }) {
  const actor = useSystemActor('orderDetail');
  const busy = useSystemSelector('orderDetail', orderView.busy);
  const paying = useSystemSelector('orderDetail', orderView.openingPayment);
  const confirming = useSystemSelector('orderDetail', orderView.cancelDialog);
  const actionError = useSystemSelector('orderDetail', orderView.actionError);
  const titleId = useId();

  return (
    <article className="order-detail" aria-labelledby={titleId}>
      <header className="order-detail__head">
        <h2 className="order-detail__title" id={titleId}>
          Order #{order.id}
        </h2>
        <OrderStatusBadge status={order.status} />
      </header>

      <dl className="order-detail__facts">
        <div>
          <dt>Placed</dt>
          <dd>
            <DateText iso={order.createdAt} withTime />
          </dd>
        </div>
        {order.paidAt ? (
          <div>
            <dt>Paid</dt>
            <dd>
              <DateText iso={order.paidAt} withTime />
            </dd>
          </div>
        ) : null}
        {order.cancelledAt ? (
          <div>
            <dt>Cancelled</dt>
            <dd>
              <DateText iso={order.cancelledAt} withTime />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Payment method</dt>
          <dd>{PAYMENT_METHOD[order.payment.method]}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentState(order)}</dd>
        </div>
        {order.otherOrders.length > 0 ? (
          <div>
            <dt>Checkout</dt>
            <dd>{checkoutTitle(order.checkout)}</dd>
          </div>
        ) : null}
        {order.coupon ? (
          <div>
            <dt>Coupon</dt>
            <dd>
              {order.coupon.title} <span className="order-detail__code">{order.coupon.code}</span>
            </dd>
          </div>
        ) : null}
      </dl>

      {order.otherOrders.map((other) => (
        <p key={other.id} className="order-detail__together">
          Same checkout as{' '}
          <Link to="/order-detail/$orderId" params={{ orderId: String(other.id) }}>
            Order #{other.id}
          </Link>{' '}
          ({paidText(other)})
        </p>
      ))}

      <h3 className="order-detail__subtitle">
        {order.items.length === 1 ? 'The prompt' : `The ${order.items.length} prompts`}
      </h3>
      <OrderLines items={order.items} totals={order.totals} coupon={order.coupon} status={order.status} />

      {order.status === 'paid' ? (
        <p className="order-detail__note">
          The prompts of this order are yours: open one to see and copy its full template.
        </p>
      ) : null}

      {order.status === 'pending' ? (
        <div className="order-detail__actions">
          {actionError ? (
            <p className="history-alert" role="alert">
              <AlertIcon size={18} /> {actionError}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            aria-busy={paying || undefined}
            onClick={() => actor.send({ type: 'order.pay' })}
          >
            {paying ? 'Opening the payment page…' : 'Pay now'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => actor.send({ type: 'order.cancel' })}
          >
            Cancel order
          </button>
        </div>
      ) : null}

      <p className="order-detail__back">
        <BackToOrders />
      </p>

      {confirming ? <CancelDialog order={order} /> : null}
    </article>
  );
}

function CancelDialog({ order }: { order: OrderDetail }) {
  const actor = useSystemActor('orderDetail');
  const state = useSystemSelector('orderDetail', stateOf);
  const cancelling = useSystemSelector('orderDetail', orderView.cancelling);
  const keep = () => actor.send({ type: 'order.cancelKeep' });
  return (
    <NoticeDialog
      state={state}
      onDismiss={keep}
      icon={<ReceiptIcon size={30} />}
      tone="pending"
      title={`Cancel order #${order.id}?`}
      text={
        <p>
          Nothing will be charged. Its prompts go back to your cart
          {order.coupon ? ' and its coupon can be used again' : ''}.
        </p>
      }
      className="history-dialog"
      refocus={false}
    >
      <div className="notice-dialog__actions history-dialog__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={cancelling}
          aria-busy={cancelling || undefined}
          onClick={() => actor.send({ type: 'order.cancelConfirm' })}
        >
          {cancelling ? 'Cancelling…' : 'Yes, cancel order'}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-autofocus=""
          disabled={cancelling}
          onClick={keep}
        >
          Keep order
        </button>
      </div>
    </NoticeDialog>
  );
}
