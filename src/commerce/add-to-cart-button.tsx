import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as cartView from '../../machines/commerce/cart.selectors.ts';
import { useMemberSelector, useMemberSend } from '../system/react.tsx';
import { CartIcon, CheckCircleIcon } from '../ui/first-paint-icons.tsx';
import type { PromptActionProps } from '../ui/prompt-action.ts';

/**
 * "Add to cart", or "In cart" (a link to the cart) once it is there. A visitor's press opens the
 * login dialog (the cart machine does that by itself). On cards the prompt's title completes the
 * accessible name ("Add to cart: Misty Lake"), which starts with the visible text.
 */
export function AddToCartButton({ promptId, title, className = '' }: PromptActionProps) {
  // a visitor's first visit has no cart machine: "Add to cart" until it runs
  const send = useMemberSend('cart');
  const inCartOf = useMemo(() => cartView.inCartOf(promptId), [promptId]);
  const pendingOf = useMemo(() => cartView.pendingChangeOf(promptId), [promptId]);
  const inCart = useMemberSelector('cart', inCartOf, false);
  const pending = useMemberSelector('cart', pendingOf, null);
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
        if (!busy) send({ type: 'cart.add', promptId });
      }}
    >
      <CartIcon size={16} />
      Add to cart
    </button>
  );
}
