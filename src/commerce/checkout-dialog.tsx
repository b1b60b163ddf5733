import '../styles/dialog.css';
import '../styles/commerce.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo } from 'react';
import { formatCents } from '../../domain/catalog.ts';
import type { CheckoutOrder } from '../../machines/commerce/checkout.ts';
import { isNotEnoughFruit } from '../../domain/commerce.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AlertIcon, CartIcon, CheckCircleIcon, CoinIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/modal.tsx';
import { CheckoutSummary } from './checkout-orders.tsx';
import { coinsText } from './order-lines.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as checkoutView from '../../machines/commerce/checkout.selectors.ts';

const reviewTitle = (order: CheckoutOrder): string =>
  order.source === 'buyNow'
    ? `Spend ${coinsText(order.fruit)} on “${order.title ?? 'this prompt'}”?`
    : 'Confirm your order';

const confirmLabel = (order: CheckoutOrder): string =>
  order.source === 'buyNow' ? `Spend ${coinsText(order.fruit)}` : 'Place order';

/**
 * The `checkout` actor as a dialog, on the page its checkout started from (`source`): the review
 * ("Spend 20 FruitCoins on …?" / "Confirm your order"), placing, a failure with its reason, the
 * way to the payment page, and what was unlocked. Leaving the page closes what can be closed.
 */
export function CheckoutDialog({ source }: { source: CheckoutOrder['source'] }) {
  const checkout = useSystemActor('checkout');
  const openHere = useMemo(() => checkoutView.openOn(source), [source]);
  const mine = useSystemSelector('checkout', openHere);
  useEffect(() => () => checkout.send({ type: 'checkout.cancel' }), [checkout]);
  return mine ? <CheckoutPanel /> : null;
}

function CheckoutPanel() {
  const checkout = useSystemActor('checkout');
  const state = useSystemSelector('checkout', stateOf);
  const phase = useSystemSelector('checkout', checkoutView.phase);
  const order = useSystemSelector('checkout', checkoutView.order);
  const result = useSystemSelector('checkout', checkoutView.result);
  const error = useSystemSelector('checkout', checkoutView.error);
  const titleId = useId();
  const textId = useId();
  if (!order) return null;
  const close = () => checkout.send({ type: 'checkout.cancel' });
  // the orders this checkout made: one per currency
  const placed = [result?.fruitOrder, result?.cardOrder].filter((o) => o != null);
  const parts: PanelParts = { phase, order, result, error, placed, close };

  const title =
    phase === 'retryable' || phase === 'refused'
      ? 'Your order was not placed'
      : phase === 'redirecting'
        ? 'Off to the payment page'
        : phase === 'done'
          ? order.source === 'buyNow'
            ? 'Prompt unlocked'
            : 'Order complete'
          : reviewTitle(order);
  const icon =
    phase === 'retryable' || phase === 'refused' ? (
      <AlertIcon size={30} />
    ) : phase === 'done' ? (
      <CheckCircleIcon size={30} />
    ) : order.fruit > 0 && order.totalCents === 0 ? (
      <CoinIcon size={30} />
    ) : (
      <CartIcon size={30} />
    );

  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      state={state}
      focusKey={phase}
      onDismiss={close}
      size="sm"
      className="notice-dialog checkout-dialog"
    >
      <div
        className={`notice-dialog__icon checkout-dialog__icon checkout-dialog__icon--${phase}`}
        aria-hidden="true"
      >
        {icon}
      </div>
      <h2 id={titleId} className="notice-dialog__title">
        {title}
      </h2>

      <PanelBody textId={textId} {...parts} />

      <PanelStatus phase={phase} order={order} />

      <PanelActions {...parts} />
    </Modal>
  );
}

/** What the checkout dialog's parts show: the machine's phase, order, result and error, as selected. */
interface PanelParts {
  phase: ReturnType<typeof checkoutView.phase>;
  order: NonNullable<ReturnType<typeof checkoutView.order>>;
  result: ReturnType<typeof checkoutView.result>;
  error: ReturnType<typeof checkoutView.error>;
  /** The orders this checkout made: one per currency. */
  placed: NonNullable<NonNullable<ReturnType<typeof checkoutView.result>>['fruitOrder']>[];
  close: () => void;
}

/** What happened, or what confirming will do: the order to review, the refusal, the orders placed. */
function PanelBody({ textId, phase, order, result, error, placed, close }: PanelParts & { textId: string }) {
  return (
    <div id={textId} className="checkout-dialog__body">
      {phase === 'reviewing' || phase === 'placing' ? <Review order={order} /> : null}
      {phase === 'retryable' || phase === 'refused' ? (
        <p role="alert" className="checkout-dialog__error">
          {error}
        </p>
      ) : null}
      {phase === 'redirecting' ? (
        <>
          {result?.fruitOrder ? (
            <p>
              {coinsText(result.fruitOrder.totals.fruit)} spent: your FruitCoin prompts are unlocked already.
            </p>
          ) : null}
          <p>
            Pay {formatCents(result?.cardOrder?.totals.totalCents ?? order.totalCents)} for your premium
            prompts.
          </p>
          {placed.length > 1 ? <CheckoutSummary orders={placed} onNavigate={close} /> : null}
        </>
      ) : null}
      {phase === 'done' ? (
        <>
          <p>
            {result?.fruitOrder
              ? `${coinsText(result.fruitOrder.totals.fruit)} spent. Your balance is now ${coinsText(result.balance)}.`
              : 'Your order is placed.'}
          </p>
          {placed.length > 1 ? (
            <CheckoutSummary orders={placed} onNavigate={close} />
          ) : result?.fruitOrder && order.source === 'cart' ? (
            <ul className="checkout-dialog__unlocked" aria-label="Unlocked prompts">
              {result.fruitOrder.items.map((item) => (
                <li key={item.promptId}>
                  <Link to="/detail/$slugId" params={{ slugId: item.slugId }} onClick={close}>
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The status line a screen reader announces: placing, redirecting, unlocked. */
function PanelStatus({ phase, order }: Pick<PanelParts, 'phase' | 'order'>) {
  return (
    <p className="checkout-dialog__status" role="status">
      {phase === 'placing' ? (
        <>
          <Spinner size={16} /> Placing your order…
        </>
      ) : phase === 'redirecting' ? (
        <>
          <Spinner size={16} /> Taking you to the payment page…
        </>
      ) : phase === 'done' ? (
        order.source === 'buyNow' ? (
          'The prompt is unlocked on your account.'
        ) : (
          'Your prompts are unlocked on your account.'
        )
      ) : null}
    </p>
  );
}

/** The dialog's buttons for the phase: confirm and cancel, try again, pay, see the orders, close. */
function PanelActions({ phase, order, result, error, placed, close }: PanelParts) {
  const checkout = useSystemActor('checkout');
  const busy = phase === 'placing';
  // refused for want of FruitCoins: the way to get them is the next step
  const short = phase === 'refused' && isNotEnoughFruit(error);
  return (
    <div className="notice-dialog__actions">
      {phase === 'reviewing' || phase === 'placing' ? (
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-autofocus=""
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => {
              if (!busy) checkout.send({ type: 'checkout.confirm' });
            }}
          >
            {confirmLabel(order)}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) close();
            }}
          >
            Cancel
          </button>
        </>
      ) : null}
      {phase === 'retryable' ? (
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus=""
          onClick={() => checkout.send({ type: 'checkout.retry' })}
        >
          Try again
        </button>
      ) : null}
      {phase === 'redirecting' && result?.paymentUrl ? (
        <a className="btn btn--primary" href={result.paymentUrl} data-autofocus="">
          Continue to payment
        </a>
      ) : null}
      {phase === 'done' && placed.length > 1 ? (
        <Link to="/orders" className="btn btn--secondary" onClick={close}>
          View my orders
        </Link>
      ) : phase === 'done' && result?.fruitOrder ? (
        <Link
          to="/order-detail/$orderId"
          params={{ orderId: String(result.fruitOrder.id) }}
          className="btn btn--secondary"
          onClick={close}
        >
          View order #{result.fruitOrder.id}
        </Link>
      ) : null}
      {short ? (
        <Link to="/buy-fruitcoins" className="btn btn--primary" data-autofocus="" onClick={close}>
          Buy FruitCoins
        </Link>
      ) : null}
      {phase === 'retryable' || phase === 'refused' || phase === 'redirecting' || phase === 'done' ? (
        <button
          type="button"
          className={`btn ${(phase === 'done' || phase === 'refused') && !short ? 'btn--primary' : 'btn--secondary'}`}
          data-autofocus={(phase === 'done' || phase === 'refused') && !short ? '' : undefined}
          onClick={close}
        >
          {phase === 'done' ? 'Done' : 'Close'}
        </button>
      ) : null}
    </div>
  );
}

/** What confirming will spend: the FruitCoin part now, the money part on the payment page. */
function Review({ order }: { order: CheckoutOrder }) {
  if (order.source === 'buyNow') {
    return (
      <p>
        Your balance goes from {coinsText(order.balance)} to {coinsText(order.balance - order.fruit)}. The
        prompt unlocks at once and stays on your account.
      </p>
    );
  }
  return (
    <ul className="checkout-dialog__parts">
      {order.fruit > 0 ? (
        <li>
          <CoinIcon size={18} />
          <span>
            <strong>{coinsText(order.fruit)}</strong> from your balance, now
          </span>
        </li>
      ) : null}
      {order.totalCents > 0 ? (
        <li>
          <CartIcon size={18} />
          <span>
            <strong>{formatCents(order.totalCents)}</strong> by card, on the payment page next
          </span>
        </li>
      ) : null}
    </ul>
  );
}
