import '../styles/member.css';
import '../styles/history.css';
import '../styles/fruit-shop.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { BUY_FRUIT_MESSAGES } from '../../machines/commerce/buy-fruitcoins.ts';
import * as buyFruitView from '../../machines/commerce/buy-fruitcoins.selectors.ts';
import { formatCents } from '../../domain/catalog.ts';
import type { FruitPack, FruitTopUp } from '../../domain/commerce.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { coinsText, HistorySection, LoadFailed, RowsSkeleton } from './history-parts.tsx';
import { AlertIcon, CheckCircleIcon, CoinIcon, InfoIcon, ReceiptIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import { formatCoins } from '../auth/use-session.ts';

/** "Buy 550 FruitCoins for $4.99" */
const buyLabel = (pack: Pick<FruitPack, 'coins' | 'priceCents'>): string =>
  `Buy ${coinsText(pack.coins)} for ${formatCents(pack.priceCents)}`;

/** /buy-fruitcoins (issue 15): FruitCoin packs bought with money on the payment page. */
export function BuyFruitCoinsPage() {
  return (
    <MemberPage
      title="Buy FruitCoins"
      lead="FruitCoins unlock FruitCoin prompts and buy coupons for premium ones. Pick a pack, pay on the next page, and the FruitCoins are added at once."
      icon={<CoinIcon size={28} />}
      signedOutTitle="Log in to buy FruitCoins"
      signedOutText={<p>FruitCoins are added to your account's balance: log in to choose a pack.</p>}
    >
      <FruitShop />
    </MemberPage>
  );
}

/** A projection of `buyFruitCoins`: the packs (and the payment's result) its route asks for. */
function FruitShop() {
  const actor = useSystemActor('buyFruitCoins');
  const state = useSystemSelector('buyFruitCoins', stateOf);
  const view = useSystemSelector('buyFruitCoins', buyFruitView.status);
  const error = useSystemSelector('buyFruitCoins', buyFruitView.error);
  const packs = useSystemSelector('buyFruitCoins', buyFruitView.packs);
  const balance = useSystemSelector('buyFruitCoins', buyFruitView.balance);

  return (
    <HistorySection label="Buy FruitCoins" busy={view === 'loading'} state={state} className="fruit-shop">
      {view === 'loading' ? (
        <RowsSkeleton label="Loading the FruitCoin packs…" rows={2} />
      ) : view === 'error' ? (
        <LoadFailed
          title="We couldn't load the FruitCoin packs"
          message={error ?? BUY_FRUIT_MESSAGES.loadFailed}
          onRetry={() => actor.send({ type: 'topup.retry' })}
        />
      ) : (
        <>
          <div className="history__bar">
            <p className="member-balance">
              <CoinIcon size={20} className="member-balance__icon" />
              <span>
                Balance: <strong>{coinsText(balance ?? 0)}</strong>
              </span>
            </p>
            <Link to="/fruit-transactions" className="btn btn--secondary btn--sm">
              <ReceiptIcon size={16} /> Fruit History
            </Link>
          </div>
          <PaymentResult />
          <Purchase />
          <ul className="pack-grid" aria-label="FruitCoin packs">
            {packs.map((pack) => (
              <li key={pack.id}>
                <PackCard pack={pack} />
              </li>
            ))}
          </ul>
          <p className="fruit-shop__note">
            <InfoIcon size={16} />
            <span>
              You pay on the payment page next. The FruitCoins are added as soon as the payment goes through,
              and Fruit History lists each pack you buy.
            </span>
          </p>
        </>
      )}
    </HistorySection>
  );
}

function PackCard({ pack }: { pack: FruitPack }) {
  const actor = useSystemActor('buyFruitCoins');
  const titleId = useId();
  const busy = useSystemSelector('buyFruitCoins', buyFruitView.busy);
  const buyingThis = useMemo(() => buyFruitView.buyingPack(pack.id), [pack.id]);
  const buying = useSystemSelector('buyFruitCoins', buyingThis);
  return (
    <article className={`pack${pack.bonusCoins > 0 ? ' pack--bonus' : ''}`} aria-labelledby={titleId}>
      <p className="pack__name">{pack.title}</p>
      <h2 className="pack__coins" id={titleId}>
        <CoinIcon size={26} className="pack__icon" />
        <span className="pack__amount">{formatCoins(pack.coins)}</span>{' '}
        <span className="pack__unit">{pack.coins === 1 ? 'FruitCoin' : 'FruitCoins'}</span>
      </h2>
      {pack.bonusCoins > 0 ? (
        <p className="pack__bonus">
          <span aria-hidden="true">+{formatCoins(pack.bonusCoins)} bonus</span>
          <span className="visually-hidden">
            Includes {formatCoins(pack.bonusCoins)} bonus {pack.bonusCoins === 1 ? 'FruitCoin' : 'FruitCoins'}
          </span>
        </p>
      ) : null}
      <p className="pack__price">{formatCents(pack.priceCents)}</p>
      <button
        type="button"
        className="btn btn--primary pack__button"
        aria-label={buyLabel(pack)}
        aria-disabled={busy || undefined}
        aria-busy={buying || undefined}
        onClick={() => {
          if (!busy) actor.send({ type: 'topup.buy', packId: pack.id });
        }}
      >
        {buying ? (
          <>
            <Spinner size={16} /> Opening the payment page…
          </>
        ) : (
          `Buy for ${formatCents(pack.priceCents)}`
        )}
      </button>
    </article>
  );
}

/** A purchase under way: why it did not reach the payment page, or on the way there. */
function Purchase() {
  const actor = useSystemActor('buyFruitCoins');
  const phase = useSystemSelector('buyFruitCoins', buyFruitView.purchase);
  const buyError = useSystemSelector('buyFruitCoins', buyFruitView.buyError);
  const paymentUrl = useSystemSelector('buyFruitCoins', buyFruitView.paymentUrl);
  if (phase === null) return null;
  if (phase === 'redirecting') {
    return (
      <BusyResult status="Taking you to the payment page…">
        {paymentUrl ? (
          <a className="btn btn--primary btn--sm" href={paymentUrl}>
            Continue to the payment page
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => actor.send({ type: 'topup.dismiss' })}
        >
          Choose another pack
        </button>
      </BusyResult>
    );
  }
  return (
    <FailedResult title="The payment page did not open" message={buyError ?? BUY_FRUIT_MESSAGES.buyFailed}>
      {phase === 'retryable' ? (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => actor.send({ type: 'topup.retryBuy' })}
        >
          Try again
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => actor.send({ type: 'topup.dismiss' })}
      >
        Close
      </button>
    </FailedResult>
  );
}

/** A step still under way: its status, and what can be done meanwhile (`children`). */
function BusyResult({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <div className="fruit-result fruit-result--busy">
      <p className="fruit-result__status" role="status">
        <Spinner size={18} /> {status}
      </p>
      {children ? <div className="fruit-result__actions">{children}</div> : null}
    </div>
  );
}

/** A step that failed: what failed, why, and the ways on (`children`). */
function FailedResult({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <div className="fruit-result fruit-result--error" role="alert">
      <p className="fruit-result__title">
        <AlertIcon size={20} /> {title}
      </p>
      <p>{message}</p>
      <div className="fruit-result__actions">{children}</div>
    </div>
  );
}

/** How the payment the page came back with ended, above the packs. */
function PaymentResult() {
  const phase = useSystemSelector('buyFruitCoins', buyFruitView.paymentResult);
  const topup = useSystemSelector('buyFruitCoins', buyFruitView.topup);
  const balance = useSystemSelector('buyFruitCoins', buyFruitView.balance);
  const error = useSystemSelector('buyFruitCoins', buyFruitView.error);
  if (phase === null) return null;
  if (phase === 'confirming') {
    return <BusyResult status="Checking your payment…" />;
  }
  if (phase === 'confirmFailed') {
    return <ConfirmFailed message={error ?? BUY_FRUIT_MESSAGES.confirmFailed} />;
  }
  if (!topup) return null;
  return <Result phase={phase} topup={topup} balance={balance ?? 0} />;
}

function ConfirmFailed({ message }: { message: string }) {
  const actor = useSystemActor('buyFruitCoins');
  return (
    <FailedResult title="We couldn't check this payment" message={message}>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => actor.send({ type: 'topup.retry' })}
      >
        Try again
      </button>
    </FailedResult>
  );
}

/** "550 FruitCoins added", "Payment cancelled" or "Payment not finished", with what to do next. */
function Result({
  phase,
  topup,
  balance,
}: {
  phase: 'added' | 'cancelled' | 'unpaid';
  topup: FruitTopUp;
  balance: number;
}) {
  const actor = useSystemActor('buyFruitCoins');
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // the result is what the person came back for: it takes the focus, and the screen reader reads it
  useEffect(() => {
    headingRef.current?.focus();
  }, [phase]);
  const pack = `the ${topup.title} pack (${coinsText(topup.coins)} for ${formatCents(topup.amountCents)})`;
  const title =
    phase === 'added'
      ? `${coinsText(topup.coins)} added`
      : phase === 'cancelled'
        ? 'Payment cancelled'
        : 'Payment not finished';
  return (
    <section className={`fruit-result fruit-result--${phase}`} aria-labelledby={titleId}>
      <h2 className="fruit-result__title" id={titleId} ref={headingRef} tabIndex={-1}>
        {phase === 'added' ? <CheckCircleIcon size={22} /> : <AlertIcon size={22} />}
        {title}
      </h2>
      {phase === 'added' ? (
        <>
          <p>
            Your payment of {formatCents(topup.amountCents)} for the {topup.title} pack went through.
          </p>
          <p className="fruit-result__balance">
            Your balance is now <strong>{coinsText(balance)}</strong>.
          </p>
          <div className="fruit-result__actions">
            <Link to="/fruit-transactions" className="btn btn--primary btn--sm">
              See Fruit History
            </Link>
            <Link to="/cart" className="btn btn--secondary btn--sm">
              Go to your cart
            </Link>
          </div>
        </>
      ) : phase === 'cancelled' ? (
        <>
          <p>Nothing was charged and no FruitCoins were added.</p>
          <p>Try {pack} again, or choose another pack below.</p>
          <div className="fruit-result__actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => actor.send({ type: 'topup.buy', packId: topup.packId })}
            >
              Try again
            </button>
          </div>
        </>
      ) : (
        <>
          <p>The payment for {pack} has not gone through yet, so no FruitCoins were added.</p>
          <div className="fruit-result__actions">
            {topup.paymentUrl ? (
              <a className="btn btn--primary btn--sm" href={topup.paymentUrl}>
                Continue to the payment page
              </a>
            ) : null}
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => actor.send({ type: 'topup.retry' })}
            >
              Check again
            </button>
          </div>
        </>
      )}
    </section>
  );
}
