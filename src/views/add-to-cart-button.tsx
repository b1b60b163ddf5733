import { Link } from '@tanstack/react-router';
import type { PromptCard } from '../../machines/domain/catalog.ts';
import { isInCart, pendingChange } from '../../machines/cart.ts';
import { newRequestId, readReferral } from '../system/checkout-logic.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { CartIcon, CheckCircleIcon, CoinIcon } from './icons.tsx';
import { coinsText } from './order-lines.tsx';
import { useSessionUser } from './use-session.ts';

/**
 * "Add to cart", or "In cart" (a link to the cart) once it is there. A visitor's press opens the
 * login dialog (the cart machine does that by itself). On cards the prompt's title completes the
 * accessible name ("Add to cart: Misty Lake"), which starts with the visible text.
 */
export function AddToCartButton({
  promptId,
  title,
  className = '',
}: {
  promptId: number;
  /** Names the prompt (cards); the detail page leaves it out. */
  title?: string;
  className?: string;
}) {
  const cart = useSystemActor('cart');
  const inCart = useSystemSelector('cart', (s) => isInCart(s.context, promptId));
  const pending = useSystemSelector('cart', (s) => pendingChange(s.context, promptId));
  // the visible text starts the name, so speech input can say what it sees
  const name = (label: string) => (title ? `${label}: ${title}` : undefined);

  if (inCart && pending !== 'remove') {
    return (
      <Link
        to="/cart"
        className={`btn btn--sm btn--secondary cart-btn cart-btn--in ${className}`.trim()}
        aria-label={name('In cart')}
      >
        <CheckCircleIcon size={16} />
        In cart
      </Link>
    );
  }
  const busy = pending !== null;
  return (
    <button
      type="button"
      className={`btn btn--sm btn--secondary cart-btn ${className}`.trim()}
      aria-label={name('Add to cart')}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) cart.send({ type: 'cart.add', promptId });
      }}
    >
      <CartIcon size={16} />
      Add to cart
    </button>
  );
}

/**
 * "Buy now for 20 FruitCoins" on a locked FruitCoin prompt: asks the checkout to confirm the
 * spend first. Short of FruitCoins, it says so instead of letting the server refuse.
 */
export function BuyNowButton({ prompt }: { prompt: Pick<PromptCard, 'id' | 'title' | 'priceFruit'> }) {
  const checkout = useSystemActor('checkout');
  const balance = useSessionUser()?.fruitCnt ?? 0;
  const detailId = useSystemSelector('promptDetail', (s) => s.context.id);
  const busy = useSystemSelector('checkout', (s) => !s.matches('idle'));
  const price = prompt.priceFruit ?? 0;
  const short = balance < price;
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        aria-disabled={short || busy || undefined}
        aria-describedby={short ? `buy-now-short-${prompt.id}` : undefined}
        onClick={() => {
          if (short || busy) return;
          checkout.send({
            type: 'checkout.start',
            order: {
              source: 'buyNow',
              promptIds: [prompt.id],
              couponId: null,
              fruit: price,
              totalCents: 0,
              balance,
              title: prompt.title,
              detailId,
            },
            requestId: newRequestId(),
            referral: readReferral(),
          });
        }}
      >
        <CoinIcon size={16} />
        Buy now for {coinsText(price)}
      </button>
      {short ? (
        <p id={`buy-now-short-${prompt.id}`} className="buy-now__short">
          Your balance is {coinsText(balance)}: {coinsText(price - balance)} short.
        </p>
      ) : null}
    </>
  );
}
