import '../styles/commerce.css';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatCents } from '../../domain/catalog.ts';
import type { OrderDetail, OrderSummary, OrderWithItems } from '../../domain/commerce.ts';
import { OrderStatusBadge } from './history-parts.tsx';
import { coinsText, OrderLines } from './order-lines.tsx';

// One "Place order" makes one order per currency (docs/decisions/004-commerce.md): the FruitCoin
// prompts paid from the balance at once, the premium ones on the payment page. These views show the
// orders of one checkout together, so a FruitCoin prompt bought beside a premium one never seems lost.

/** Every order of the checkout an order belongs to, this one included, oldest first. */
export const ordersOfCheckout = (order: OrderDetail): OrderWithItems[] =>
  [order, ...order.otherOrders].sort((a, b) => a.id - b.id);

/** "Checkout #900 · 2 orders". */
export const checkoutTitle = (checkout: OrderSummary['checkout']): string =>
  `Checkout #${checkout.id} · ${checkout.orderIds.length} orders`;

/** "#41 and #42", "#41, #42 and #43". */
export const orderNumbers = (ids: readonly number[]): string => {
  const numbers = ids.map((id) => `#${id}`);
  return numbers.length <= 1
    ? numbers.join('')
    : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1] ?? ''}`;
};

/**
 * What an order paid, or has to pay, in words: "Paid with 20 FruitCoins", "Paid $4.99 by card",
 * "$4.99 to pay by card", "Paid in full with coupon SAVE11", "Cancelled: nothing was charged".
 */
export function paidText(order: Pick<OrderWithItems, 'status' | 'totals' | 'coupon'>): string {
  const { status, totals } = order;
  if (status === 'cancelled') return 'Cancelled: nothing was charged';
  const card = totals.totalCents > 0 ? formatCents(totals.totalCents) : null;
  const fruit = totals.fruit > 0 ? coinsText(totals.fruit) : null;
  if (status === 'pending') {
    const parts = [card ? `${card} to pay by card` : null, fruit ? `${fruit} to pay` : null];
    return parts.filter(Boolean).join(' and ') || 'Waiting for payment';
  }
  if (card === null && fruit === null) {
    return order.coupon && totals.subtotalCents > 0
      ? `Paid in full with coupon ${order.coupon.code}`
      : 'Paid';
  }
  if (card && fruit) return `Paid with ${fruit} and ${card} by card`;
  return card ? `Paid ${card} by card` : `Paid with ${fruit}`;
}

/** One order of a receipt: its number (a link to its page), its state, what it paid and its lines. */
function CheckoutOrder({ order, alone }: { order: OrderWithItems; alone: boolean }) {
  const titleId = useId();
  return (
    <article className="checkout-order" aria-labelledby={titleId}>
      <header className="checkout-order__head">
        <h3 className="checkout-order__title" id={titleId}>
          <Link to="/order-detail/$orderId" params={{ orderId: String(order.id) }}>
            Order #{order.id}
          </Link>
        </h3>
        <OrderStatusBadge status={order.status} />
        <span className="checkout-order__paid">{paidText(order)}</span>
      </header>
      <OrderLines
        items={order.items}
        totals={order.totals}
        coupon={order.coupon}
        status={order.status}
        label={alone ? undefined : `order #${order.id}`}
      />
    </article>
  );
}

/**
 * The payment result pages' receipt: every order of the checkout with its items and what it paid.
 * An order that was its checkout alone shows just its lines, as it always did.
 */
export function CheckoutReceipt({ order }: { order: OrderDetail }) {
  const titleId = useId();
  if (order.otherOrders.length === 0) {
    return (
      <OrderLines items={order.items} totals={order.totals} coupon={order.coupon} status={order.status} />
    );
  }
  return (
    <section className="checkout-orders" aria-labelledby={titleId}>
      <h2 className="checkout-orders__title" id={titleId}>
        {checkoutTitle(order.checkout)}
      </h2>
      <p className="checkout-orders__lead">
        One order per currency: FruitCoin prompts are paid from your balance at once, premium prompts by card.
      </p>
      {ordersOfCheckout(order).map((o) => (
        <CheckoutOrder key={o.id} order={o} alone={false} />
      ))}
    </section>
  );
}

/**
 * The checkout dialog's short receipt: each order with what it paid and its prompts (links to
 * them; a FruitCoin prompt is unlocked already).
 */
export function CheckoutSummary({
  orders,
  onNavigate,
}: {
  orders: OrderWithItems[];
  onNavigate: () => void;
}) {
  return (
    <ul className="checkout-dialog__orders" aria-label="Orders of this checkout">
      {orders.map((order) => (
        <CheckoutSummaryOrder key={order.id} order={order} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function CheckoutSummaryOrder({ order, onNavigate }: { order: OrderWithItems; onNavigate: () => void }) {
  const titleId = useId();
  return (
    <li className="checkout-dialog__order" aria-labelledby={titleId}>
      <p className="checkout-dialog__order-head">
        <strong id={titleId}>Order #{order.id}</strong>
        <span>{paidText(order)}</span>
      </p>
      <ul className="checkout-dialog__order-items">
        {order.items.map((item) => (
          <li key={item.promptId}>
            <Link to="/detail/$slugId" params={{ slugId: item.slugId }} onClick={onNavigate}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
