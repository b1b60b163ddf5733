import '../styles/detail.css';
import { Link } from '@tanstack/react-router';
import type { PromptCard } from '../../domain/catalog.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { CoinIcon } from '../ui/icons.tsx';
import { coinsText } from './coins-text.ts';
import { useSessionUser } from '../auth/use-session.ts';
import * as checkoutView from '../../machines/commerce/checkout.selectors.ts';
import * as detailView from '../../machines/catalog/prompt-detail.selectors.ts';

/**
 * "Buy now for 20 FruitCoins" on a locked FruitCoin prompt: asks the checkout to confirm the
 * spend first. Short of FruitCoins, it says so instead of letting the server refuse, and leads to Buy
 * FruitCoins.
 */
export function BuyNowButton({ prompt }: { prompt: Pick<PromptCard, 'id' | 'title' | 'priceFruit'> }) {
  const checkout = useSystemActor('checkout');
  const balance = useSessionUser()?.fruitCnt ?? 0;
  const detailId = useSystemSelector('promptDetail', detailView.id);
  const busy = useSystemSelector('checkout', checkoutView.open);
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
          });
        }}
      >
        <CoinIcon size={16} />
        Buy now for {coinsText(price)}
      </button>
      {short ? (
        <p className="buy-now__short">
          <span id={`buy-now-short-${prompt.id}`}>
            Your balance is {coinsText(balance)}: {coinsText(price - balance)} short.
          </span>{' '}
          <Link to="/buy-fruitcoins">Buy FruitCoins</Link>
        </p>
      ) : null}
    </>
  );
}
