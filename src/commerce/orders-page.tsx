import '../styles/catalog.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import { Link } from '@tanstack/react-router';
import { Fragment, useId } from 'react';
import type { OrderStatus, OrderSummary } from '../../domain/commerce.ts';
import { ORDER_LIST_MESSAGES } from '../../machines/commerce/order-list.ts';
import * as orderListView from '../../machines/commerce/order-list.selectors.ts';
import type { OrdersSearch } from './history-search.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { checkoutTitle } from './checkout-orders.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import {
  DateText,
  HistorySection,
  LoadFailed,
  OrderStatusBadge,
  RowsSkeleton,
  totalPagesOf,
  totalText,
} from './history-parts.tsx';
import { ChipLinks, EXACT_QUERY, PageLinks } from '../ui/page-links.tsx';
import { ChevronRightIcon, ReceiptIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { stateOf } from '../../machines/system/selectors.ts';

const FILTERS: { status: OrderStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All orders' },
  { status: 'pending', label: 'Awaiting payment' },
  { status: 'paid', label: 'Paid' },
  { status: 'cancelled', label: 'Cancelled' },
];

const EMPTY_BY_STATUS: Record<OrderStatus, string> = {
  pending: 'No orders awaiting payment',
  paid: 'No paid orders',
  cancelled: 'No cancelled orders',
};

/** /orders: the member's orders, newest first, a page at a time (requirements §2). */
export function OrdersPage({ search }: { search: OrdersSearch }) {
  return (
    <MemberPage
      title="My Orders"
      lead="Every purchase, with its payment status and the prompts it unlocked."
      icon={<ReceiptIcon size={28} />}
      signedOutTitle="Log in to see your orders"
      signedOutText={<p>Your orders are kept with your account, with the prompts each one unlocked.</p>}
    >
      <OrderList status={search.status} />
    </MemberPage>
  );
}

/** The orders its route asks for (src/routes/_member/orders.tsx); `status`: the filter shown. */
function OrderList({ status }: { status: OrderStatus | undefined }) {
  const actor = useSystemActor('orderList');
  const state = useSystemSelector('orderList', stateOf);
  const view = useSystemSelector('orderList', orderListView.status);
  const loading = view === 'loading';
  const failed = view === 'error';
  const error = useSystemSelector('orderList', orderListView.error);
  const orders = useSystemSelector('orderList', orderListView.orders);

  return (
    <HistorySection label="Orders" busy={loading} state={state}>
      <ChipLinks
        label="Order status"
        className="history__filters"
        choices={FILTERS.map((filter) => ({
          key: filter.label,
          label: filter.label,
          search: { status: filter.status },
          current: status === filter.status,
        }))}
      />
      {loading ? (
        <RowsSkeleton label="Loading your orders…" />
      ) : failed ? (
        <LoadFailed
          title="We couldn't load your orders"
          message={error ?? ORDER_LIST_MESSAGES.failed}
          onRetry={() => actor.send({ type: 'orders.retry' })}
        />
      ) : !orders || orders.data.length === 0 ? (
        status ? (
          <EmptyState
            icon={<ReceiptIcon size={28} />}
            title={EMPTY_BY_STATUS[status]}
            actions={
              <Link to="." search={{}} activeOptions={EXACT_QUERY} className="btn btn--secondary">
                Show all orders
              </Link>
            }
          >
            <p>None of your orders is in this state.</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<ReceiptIcon size={28} />}
            title="No orders yet"
            actions={
              <Link to="/" className="btn btn--primary">
                Browse prompts
              </Link>
            }
          >
            <p>When you buy prompts, each order appears here with its payment status.</p>
          </EmptyState>
        )
      ) : (
        <>
          <p className="history__count">
            {orders.total} {orders.total === 1 ? 'order' : 'orders'}
            {totalPagesOf(orders) > 1 ? ` · page ${orders.page} of ${totalPagesOf(orders)}` : ''}
          </p>
          <ul className="order-list">
            {checkoutGroups(orders.data).map((group) =>
              group.length > 1 ? (
                <li key={group[0]!.id}>
                  <CheckoutGroup orders={group} />
                </li>
              ) : (
                <li key={group[0]!.id}>
                  <OrderRow order={group[0]!} shown={[]} />
                </li>
              ),
            )}
          </ul>
          <PageLinks current={orders.page} totalPages={totalPagesOf(orders)} />
        </>
      )}
    </HistorySection>
  );
}

/** The page's orders, the neighbours of one checkout together (one order per currency). */
function checkoutGroups(orders: readonly OrderSummary[]): OrderSummary[][] {
  const groups: OrderSummary[][] = [];
  for (const order of orders) {
    const last = groups.at(-1);
    if (last?.[0]?.checkout.id === order.checkout.id) last.push(order);
    else groups.push([order]);
  }
  return groups;
}

/** "Checkout #900 · 2 orders": the orders one "Place order" made, in one frame. */
function CheckoutGroup({ orders }: { orders: OrderSummary[] }) {
  const titleId = useId();
  const first = orders[0]!;
  const shown = orders.map((o) => o.id);
  return (
    <div className="order-group" role="group" aria-labelledby={titleId}>
      <p className="order-group__title" id={titleId}>
        {checkoutTitle(first.checkout)}
      </p>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} shown={shown} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `shown`: the orders of its checkout on the page beside it; the others are named with a link. */
function OrderRow({ order, shown }: { order: OrderSummary; shown: number[] }) {
  const more = order.itemCount - order.titles.length;
  const elsewhere = order.checkout.orderIds.filter((id) => id !== order.id && !shown.includes(id));
  return (
    <article className="order-row" aria-labelledby={`order-${order.id}`}>
      <div className="order-row__main">
        <h2 className="order-row__title" id={`order-${order.id}`}>
          <Link
            to="/order-detail/$orderId"
            params={{ orderId: String(order.id) }}
            className="order-row__link"
          >
            Order #{order.id}
          </Link>
        </h2>
        <p className="order-row__items">
          {order.titles.join(', ')}
          {more > 0 ? ` and ${more} more` : ''}
        </p>
        <p className="order-row__meta">
          <DateText iso={order.createdAt} /> · {order.itemCount}{' '}
          {order.itemCount === 1 ? 'prompt' : 'prompts'}
        </p>
        {elsewhere.length > 0 ? (
          <p className="order-row__checkout">
            Same checkout as{' '}
            {elsewhere.map((id, i) => (
              <Fragment key={id}>
                {i > 0 ? ', ' : null}
                <Link to="/order-detail/$orderId" params={{ orderId: String(id) }}>
                  Order #{id}
                </Link>
              </Fragment>
            ))}
          </p>
        ) : null}
      </div>
      <div className="order-row__side">
        <OrderStatusBadge status={order.status} />
        <span className="order-row__total">{totalText(order.totals)}</span>
        <ChevronRightIcon size={18} className="order-row__chevron" />
      </div>
    </article>
  );
}
