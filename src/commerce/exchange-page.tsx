import '../styles/dialog.css';
import '../styles/member.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatCents } from '../../domain/catalog.ts';
import { couponTerms, type ExchangeOffer } from '../../domain/commerce.ts';
import { EXCHANGE_MESSAGES } from '../../machines/commerce/exchange.ts';
import * as exchangeView from '../../machines/commerce/exchange.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { CouponCard } from './coupons-page.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { coinsText, HistorySection, LoadFailed, RowsSkeleton } from './history-parts.tsx';
import { CheckCircleIcon, CoinIcon, TicketIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { stateOf } from '../../machines/system/selectors.ts';

/** "20% off" / "$5.00 off". */
const offText = (offer: Pick<ExchangeOffer, 'couponKind' | 'couponValue'>): string =>
  offer.couponKind === 'percent' ? `${offer.couponValue}% off` : `${formatCents(offer.couponValue)} off`;

const offerTerms = (offer: ExchangeOffer): string =>
  couponTerms({ kind: offer.couponKind, value: offer.couponValue, minSpendCents: offer.couponMinSpendCents });

/** "Spend 300 FruitCoins for a 20% off coupon?" */
export const confirmQuestion = (offer: ExchangeOffer): string =>
  `Spend ${coinsText(offer.fruitCost)} for a ${offText(offer)} coupon?`;

/** /exchange-coupons ("Exchange Fruit Coins", requirements §2): coupons bought with the FruitCoin balance. */
export function ExchangePage() {
  return (
    <MemberPage
      title="Exchange Fruit Coins"
      lead="Turn FruitCoins from your balance into coupons for premium prompts."
      icon={<CoinIcon size={28} />}
      signedOutTitle="Log in to exchange your FruitCoins"
      signedOutText={<p>The exchange offers and your balance are shown once you are logged in.</p>}
    >
      <Exchange />
    </MemberPage>
  );
}

/** The offers and the balance, which its route asks for (src/routes/_member/exchange-coupons.tsx). */
function Exchange() {
  const actor = useSystemActor('exchange');
  const state = useSystemSelector('exchange', stateOf);
  const view = useSystemSelector('exchange', exchangeView.status);
  const error = useSystemSelector('exchange', exchangeView.error);
  const offers = useSystemSelector('exchange', exchangeView.offers);
  const balance = useSystemSelector('exchange', exchangeView.balance);
  const dialog = useSystemSelector('exchange', exchangeView.dialogOpen);
  const exchanged = useSystemSelector('exchange', exchangeView.showsNewCoupon);

  return (
    <HistorySection label="Exchange offers" busy={view === 'loading'} state={state}>
      {view === 'loading' ? (
        <RowsSkeleton label="Loading the exchange offers…" rows={2} />
      ) : view === 'error' ? (
        <LoadFailed
          title="We couldn't load the exchange offers"
          message={error ?? EXCHANGE_MESSAGES.loadFailed}
          onRetry={() => actor.send({ type: 'exchange.retryLoad' })}
        />
      ) : (
        <>
          <div className="history__bar">
            <p className="member-balance">
              <CoinIcon size={20} className="member-balance__icon" />
              <span>
                Balance: <strong>{coinsText(balance)}</strong>
              </span>
            </p>
            <Link to="/coupons" className="btn btn--secondary btn--sm">
              <TicketIcon size={16} /> My Coupons
            </Link>
          </div>
          {exchanged ? <Received /> : null}
          {offers.length === 0 ? (
            <EmptyState icon={<TicketIcon size={28} />} title="No exchange offers right now">
              <p>Coupons you can buy with FruitCoins will be listed here.</p>
            </EmptyState>
          ) : (
            <ul className="offer-grid">
              {offers.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} balance={balance} />
                </li>
              ))}
            </ul>
          )}
          {dialog ? <ExchangeDialog /> : null}
        </>
      )}
    </HistorySection>
  );
}

function OfferCard({ offer, balance }: { offer: ExchangeOffer; balance: number }) {
  const actor = useSystemActor('exchange');
  const titleId = useId();
  const reasonId = useId();
  const short = offer.fruitCost - balance;
  return (
    <article className={`offer${short > 0 ? ' offer--short' : ''}`} aria-labelledby={titleId}>
      <p className="offer__cost">
        <CoinIcon size={18} /> {coinsText(offer.fruitCost)}
      </p>
      <h2 className="offer__title" id={titleId}>
        {offer.title}
      </h2>
      <p className="offer__terms">{offerTerms(offer)}</p>
      <p className="offer__validity">
        Valid for {offer.couponValidDays} {offer.couponValidDays === 1 ? 'day' : 'days'} after the exchange
      </p>
      {short > 0 ? (
        <p className="offer__reason">
          <span id={reasonId}>You need {coinsText(short)} more.</span>{' '}
          <Link to="/buy-fruitcoins">Buy FruitCoins</Link>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary offer__button"
        disabled={short > 0}
        aria-label={`Exchange for ${offer.title}`}
        aria-describedby={short > 0 ? reasonId : undefined}
        onClick={() => actor.send({ type: 'exchange.choose', offerId: offer.id })}
      >
        Exchange
      </button>
    </article>
  );
}

/** The coupon the last exchange gave, where the member is looking. */
function Received() {
  const coupon = useSystemSelector('exchange', exchangeView.received);
  if (!coupon) return null;
  return (
    // a labelled region, not a live one: the toast already says it
    <section className="exchange-received" aria-label="Your new coupon">
      <p className="exchange-received__title">
        <CheckCircleIcon size={20} /> Exchanged! Your new coupon:
      </p>
      <CouponCard coupon={coupon} />
      <Link to="/coupons" className="btn btn--primary">
        See My Coupons
      </Link>
    </section>
  );
}

function ExchangeDialog() {
  const actor = useSystemActor('exchange');
  const state = useSystemSelector('exchange', stateOf);
  const offer = useSystemSelector('exchange', exchangeView.offer);
  const balance = useSystemSelector('exchange', exchangeView.balance);
  const busy = useSystemSelector('exchange', exchangeView.exchanging);
  const failed = useSystemSelector('exchange', exchangeView.exchangeFailed);
  const notEnough = useSystemSelector('exchange', exchangeView.notEnough);
  const refused = useSystemSelector('exchange', exchangeView.showsNotEnough);
  const exchangeError = useSystemSelector('exchange', exchangeView.exchangeError);
  const close = () => actor.send({ type: 'exchange.close' });
  if (!offer) return null;

  if (refused) {
    return (
      <NoticeDialog
        state={state}
        onDismiss={close}
        icon={<CoinIcon size={30} />}
        tone="pending"
        title="Not enough FruitCoins"
        text={
          <>
            <p role="alert">{notEnough ?? EXCHANGE_MESSAGES.notEnough}</p>
            <p>
              Choose an offer your balance of {coinsText(balance)} covers, or earn more: you get FruitCoins
              when someone buys a prompt through a link you shared.
            </p>
          </>
        }
        className="history-dialog"
      >
        <div className="notice-dialog__actions">
          <button type="button" className="btn btn--primary" data-autofocus="" onClick={close}>
            Choose another offer
          </button>
          <Link to="/buy-fruitcoins" className="btn btn--secondary">
            Buy FruitCoins
          </Link>
          <Link to="/fruit-transactions" className="btn btn--secondary">
            See Fruit History
          </Link>
        </div>
      </NoticeDialog>
    );
  }

  return (
    <NoticeDialog
      state={state}
      onDismiss={close}
      icon={<TicketIcon size={30} />}
      title={confirmQuestion(offer)}
      text={
        <p>
          {offerTerms(offer)}, valid for {offer.couponValidDays} days. Your balance goes from{' '}
          {coinsText(balance)} to {coinsText(balance - offer.fruitCost)}.
        </p>
      }
      error={failed ? (exchangeError ?? EXCHANGE_MESSAGES.failed) : null}
      className="history-dialog"
    >
      <div className="notice-dialog__actions">
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus=""
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: failed ? 'exchange.retry' : 'exchange.confirm' })}
        >
          {busy ? 'Exchanging…' : failed ? 'Try again' : `Spend ${coinsText(offer.fruitCost)}`}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={close}>
          Cancel
        </button>
      </div>
    </NoticeDialog>
  );
}
