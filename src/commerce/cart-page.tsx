import '../styles/catalog.css';
import '../styles/forms.css';
import '../styles/commerce.css';
import '../styles/cart.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef } from 'react';
import { GENERATORS } from '../../domain/catalog.ts';
import { couponTerms, type Cart, type CartItem } from '../../domain/commerce.ts';
import { formatCents } from '../../domain/catalog.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { LoadFailed } from '../ui/load-failed.tsx';
import { CartIcon, CoinIcon, TicketIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { coinsText, OrderLine, TotalsBlock } from './order-lines.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import * as cartView from '../../machines/commerce/cart.selectors.ts';

export const CartPage = () => (
  <MemberPage
    title="Cart"
    lead="Prompts you have picked, ready to check out together."
    icon={<CartIcon size={28} />}
    signedOutTitle="Log in to see your cart"
    signedOutText={
      <p>Your cart is saved with your account, so prompts you add on one device are waiting on the others.</p>
    }
  >
    <CartContents />
  </MemberPage>
);

/** A projection of the `cart` actor, shown once signed in (its route asks for the cart and the coupons). */
function CartContents() {
  const cartActor = useSystemActor('cart');
  const state = useSystemSelector('cart', stateOf);
  const status = useSystemSelector('cart', cartView.status);
  const updating = useSystemSelector('cart', cartView.updating);
  const cart = useSystemSelector('cart', cartView.cart);
  const error = useSystemSelector('cart', cartView.error);

  return (
    <div className="cart" data-state={state} aria-busy={updating || undefined}>
      <p className="visually-hidden" role="status">
        {cart === null && status !== 'error' ? 'Loading your cart…' : updating ? 'Updating your cart…' : ''}
      </p>
      {status === 'error' ? (
        cart === null ? (
          <LoadFailed
            title="We couldn't load your cart"
            message={error}
            onRetry={() => cartActor.send({ type: 'cart.retry' })}
          />
        ) : (
          <div className="cart__alert" role="alert">
            <span>{error}</span>
            <button
              type="button"
              className="btn btn--sm btn--secondary"
              onClick={() => cartActor.send({ type: 'cart.retry' })}
            >
              Try again
            </button>
          </div>
        )
      ) : null}
      {cart === null ? status === 'error' ? null : <CartSkeleton /> : <CartBody cart={cart} />}
      <CheckoutDialog source="cart" />
    </div>
  );
}

function CartBody({ cart }: { cart: Cart }) {
  const count = cart.items.length;
  // a removed line takes its focused button with it: focus goes to the list's heading instead
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousCount = useRef(count);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (count < previousCount.current && lost) headingRef.current?.focus();
    previousCount.current = count;
  }, [count]);
  if (count === 0) {
    return (
      <EmptyState
        icon={<CartIcon size={28} />}
        title="Your cart is empty"
        actions={
          <Link to="/" className="btn btn--primary">
            Browse prompts
          </Link>
        }
      >
        <p>FruitCoin and premium prompts you add to your cart wait here until you check out.</p>
      </EmptyState>
    );
  }
  return (
    <div className="cart__layout">
      <section className="cart__items" aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" className="cart__heading" ref={headingRef} tabIndex={-1}>
          {count === 1 ? '1 prompt' : `${count} prompts`}
        </h2>
        <ul className="order-lines__items" aria-label="Prompts in your cart">
          {cart.items.map((item) => (
            <OrderLine
              key={item.promptId}
              item={item}
              meta={GENERATORS[item.generatorType]}
              actions={<RemoveButton item={item} />}
            />
          ))}
        </ul>
      </section>
      <CartSummary cart={cart} />
    </div>
  );
}

function RemoveButton({ item }: { item: CartItem }) {
  const cartActor = useSystemActor('cart');
  const pendingOf = useMemo(() => cartView.pendingChangeOf(item.promptId), [item.promptId]);
  const pending = useSystemSelector('cart', pendingOf);
  const busy = pending !== null;
  return (
    <button
      type="button"
      className="btn btn--sm btn--quiet"
      aria-label={`Remove ${item.title} from cart`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) cartActor.send({ type: 'cart.remove', promptId: item.promptId });
      }}
    >
      Remove
    </button>
  );
}

function CartSummary({ cart }: { cart: Cart }) {
  const checkout = useSystemActor('checkout');
  const busy = useSystemSelector('cart', cartView.updating);
  const { totals, balance } = cart;
  const short = Math.max(0, totals.fruit - balance);
  const blocked = busy || short > 0;
  const hasMoney = totals.subtotalCents > 0;
  return (
    <aside className="cart__summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className="cart__heading">
        Order summary
      </h2>
      {hasMoney ? <CouponPicker cart={cart} /> : null}
      <TotalsBlock totals={totals} coupon={cart.coupon} label="Cart totals" of="cart" />
      {totals.fruit > 0 ? (
        <p className={`cart__balance${short > 0 ? ' cart__balance--short' : ''}`} id="cart-balance">
          <CoinIcon size={18} />
          {short > 0 ? (
            <span>
              Your balance is <strong>{coinsText(balance)}</strong>: {coinsText(short)} short of the FruitCoin
              part. Buy FruitCoins, or remove a FruitCoin prompt, to check out.
            </span>
          ) : (
            <span>
              Your balance is <strong>{coinsText(balance)}</strong>, enough for the FruitCoin part. Need more?{' '}
              <Link to="/buy-fruitcoins">Buy FruitCoins</Link>
            </span>
          )}
        </p>
      ) : null}
      {short > 0 ? (
        <Link to="/buy-fruitcoins" className="btn btn--primary cart__checkout">
          <CoinIcon size={18} /> Buy FruitCoins
        </Link>
      ) : null}
      <button
        type="button"
        className="btn btn--primary cart__checkout"
        aria-disabled={blocked || undefined}
        aria-describedby={short > 0 ? 'cart-balance' : undefined}
        onClick={() => {
          if (blocked) return;
          checkout.send({
            type: 'checkout.start',
            order: {
              source: 'cart',
              promptIds: cart.items.map((item) => item.promptId),
              couponId: cart.coupon?.id ?? null,
              fruit: totals.fruit,
              totalCents: totals.totalCents,
              balance,
              title: null,
              detailId: null,
            },
          });
        }}
      >
        Check out
      </button>
      <p className="cart__hint">
        {totals.fruit > 0 && hasMoney
          ? 'FruitCoins are spent when you place the order; the premium prompts are paid by card on the next page.'
          : totals.fruit > 0
            ? 'FruitCoins are spent when you place the order, and the prompts unlock at once.'
            : 'Premium prompts are paid by card on the next page.'}
      </p>
    </aside>
  );
}

/** The member's valid coupons, for the money part; the server says what each one takes off, or why not. */
function CouponPicker({ cart }: { cart: Cart }) {
  const cartActor = useSystemActor('cart');
  const selectId = useId();
  const coupons = useSystemSelector('cart', cartView.coupons);
  const couponId = useSystemSelector('cart', cartView.couponId);
  const couponsError = useSystemSelector('cart', cartView.couponsError);
  const phase = useSystemSelector('cart', cartView.couponsStatus);
  return (
    <div className="coupon-picker">
      <label htmlFor={selectId} className="coupon-picker__label">
        <TicketIcon size={18} /> Coupon
      </label>
      <select
        id={selectId}
        className="coupon-picker__select"
        value={couponId === null ? '' : String(couponId)}
        onChange={(e) =>
          cartActor.send(
            e.target.value === ''
              ? { type: 'cart.clearCoupon' }
              : { type: 'cart.applyCoupon', couponId: Number(e.target.value) },
          )
        }
      >
        <option value="">No coupon</option>
        {coupons.map((coupon) => (
          <option key={coupon.id} value={String(coupon.id)}>
            {coupon.code}: {couponTerms(coupon)}
          </option>
        ))}
      </select>
      {phase === 'loading' ? <p className="coupon-picker__note">Loading your coupons…</p> : null}
      {phase === 'failed' ? (
        <p className="coupon-picker__note coupon-picker__note--error" role="alert">
          {couponsError}{' '}
          <button
            type="button"
            className="btn btn--sm btn--secondary"
            onClick={() => cartActor.send({ type: 'cart.couponsRetry' })}
          >
            Reload coupons
          </button>
        </p>
      ) : null}
      {phase === 'loaded' && coupons.length === 0 ? (
        <p className="coupon-picker__note">
          No coupons to use right now. <Link to="/exchange-coupons">Exchange FruitCoins for one</Link>.
        </p>
      ) : null}
      {cart.couponError ? (
        <p className="coupon-picker__note coupon-picker__note--error" role="alert">
          {cart.couponError}
        </p>
      ) : cart.coupon ? (
        <p className="coupon-picker__note coupon-picker__note--ok" role="status">
          {cart.coupon.code} applied: {formatCents(cart.totals.discountCents)} off.
        </p>
      ) : null}
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="cart__layout" aria-hidden="true">
      <div className="cart__items">
        {[0, 1, 2].map((i) => (
          <div key={i} className="order-line order-line--skeleton">
            <span className="skeleton order-line__thumb" />
            <span className="skeleton skeleton--line" />
          </div>
        ))}
      </div>
      <div className="cart__summary">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}
