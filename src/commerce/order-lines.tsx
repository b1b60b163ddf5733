import '../styles/commerce.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cardImage } from '../../domain/card-image.ts';
import { formatCents, formatPrice, type PromptImage } from '../../domain/catalog.ts';
import {
  couponTerms,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
  type Totals,
} from '../../domain/commerce.ts';
import { coinsText } from './coins-text.ts';

export { coinsText };

/** An item's price as written on cards: "20 FruitCoins" or "$4.99". */
export const itemPrice = (item: Pick<OrderItem, 'grade' | 'priceFruit' | 'priceCents'>): string =>
  formatPrice(item);

/** A prompt's picture as a thumbnail beside its title, which names it (so the picture is decorative). */
export function PromptThumb({ image, className }: { image: PromptImage; className: string }) {
  const thumb = cardImage(image, 'thumb');
  return (
    <img
      className={className}
      src={thumb.src}
      srcSet={thumb.srcSet}
      sizes={thumb.sizes}
      width={image.width}
      height={image.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/** The thumbnail, the title (a link to the prompt) and the price of one bought or picked prompt. */
export function OrderLine({
  item,
  meta,
  actions,
}: {
  item: Pick<OrderItem, 'slugId' | 'title' | 'image' | 'grade' | 'priceFruit' | 'priceCents'>;
  /** A line under the title (the generator, on the cart). */
  meta?: ReactNode;
  /** Controls at the end of the line (Remove, on the cart). */
  actions?: ReactNode;
}) {
  return (
    <li className="order-line">
      <PromptThumb image={item.image} className="order-line__thumb" />
      <div className="order-line__text">
        <Link to="/detail/$slugId" params={{ slugId: item.slugId }} className="order-line__title">
          {item.title}
        </Link>
        {meta ? <span className="order-line__meta">{meta}</span> : null}
      </div>
      <span className={`order-line__price order-line__price--grade-${item.grade}`}>{itemPrice(item)}</span>
      {actions ? <div className="order-line__actions">{actions}</div> : null}
    </li>
  );
}

/** Whose totals: an order in its state, or a cart not yet checked out. */
type TotalsOf = OrderStatus | 'cart';

const FRUIT_LABEL: Record<TotalsOf, string> = {
  paid: 'Paid with FruitCoins',
  pending: 'Paid with FruitCoins',
  cancelled: 'FruitCoins (not spent)',
  cart: 'To pay with FruitCoins',
};

const CARD_LABEL: Record<TotalsOf, string> = {
  paid: 'Paid by card',
  pending: 'To pay by card',
  cancelled: 'Card total (not charged)',
  cart: 'To pay by card',
};

/**
 * The totals of an order or a cart, the two currencies kept apart (docs/decisions/004-commerce.md):
 * the FruitCoin part paid from the balance, the money part before and after the coupon.
 */
export function TotalsBlock({
  totals,
  coupon,
  label = 'Totals',
  of = 'paid',
}: {
  totals: Totals;
  coupon: OrderDetail['coupon'];
  label?: string;
  of?: TotalsOf;
}) {
  const hasMoney = totals.subtotalCents > 0 || totals.totalCents > 0;
  const hasFruit = totals.fruit > 0;
  return (
    <dl className="totals" aria-label={label}>
      {hasFruit ? (
        <div className="totals__row totals__row--fruit">
          <dt>{FRUIT_LABEL[of]}</dt>
          <dd>{coinsText(totals.fruit)}</dd>
        </div>
      ) : null}
      {hasMoney ? (
        <div className="totals__row">
          <dt>Premium subtotal</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
        </div>
      ) : null}
      {coupon ? (
        <div className="totals__row totals__row--discount">
          <dt>
            Coupon <span className="totals__code">{coupon.code}</span>
            <span className="totals__terms">{couponTerms({ ...coupon, minSpendCents: 0 })}</span>
          </dt>
          <dd>−{formatCents(totals.discountCents)}</dd>
        </div>
      ) : null}
      {hasMoney ? (
        <div className="totals__row totals__row--total">
          <dt>{CARD_LABEL[of]}</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
      ) : null}
      {!hasFruit && !hasMoney ? (
        <div className="totals__row totals__row--total">
          <dt>Total</dt>
          <dd>{formatCents(0)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** An order's lines and totals: shared by the payment result pages and the order detail page. */
export function OrderLines({
  items,
  totals,
  coupon,
  status = 'paid',
  label,
}: {
  items: OrderItem[];
  totals: Totals;
  coupon: OrderDetail['coupon'];
  /** The order's state, which the totals' wording follows ("Paid by card", "To pay by card"). */
  status?: OrderStatus;
  /** Whose lines, when several orders are shown together ("order #41": "Items of order #41"). */
  label?: string;
}) {
  return (
    <div className="order-lines">
      <ul className="order-lines__items" aria-label={label ? `Items of ${label}` : 'Items'}>
        {items.map((item) => (
          <OrderLine key={item.promptId} item={item} />
        ))}
      </ul>
      <TotalsBlock
        totals={totals}
        coupon={coupon}
        of={status}
        label={label ? `Totals of ${label}` : undefined}
      />
    </div>
  );
}
