import '../styles/catalog.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import { Link } from '@tanstack/react-router';
import { formatCents } from '../../domain/catalog.ts';
import { COUPON_MESSAGES } from '../../machines/commerce/coupons.ts';
import * as couponsView from '../../machines/commerce/coupons.selectors.ts';
import { couponTerms, type Coupon, type CouponStatus } from '../../domain/commerce.ts';
import type { CouponsSearch } from './history-search.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { DateText, HistorySection, LoadFailed, RowsSkeleton } from './history-parts.tsx';
import { ChipLinks } from '../ui/page-links.tsx';
import { CoinIcon, TicketIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { stateOf } from '../../machines/system/selectors.ts';

const TABS: { tab: CouponStatus; label: string }[] = [
  { tab: 'valid', label: 'Valid' },
  { tab: 'used', label: 'Used' },
  { tab: 'expired', label: 'Expired' },
];

const EMPTY: Record<CouponStatus, { title: string; text: string }> = {
  valid: {
    title: 'No coupons yet',
    text: 'Coupons you receive or exchange for FruitCoins will appear here, ready for your next checkout.',
  },
  used: {
    title: 'No used coupons',
    text: 'Coupons you apply at checkout move here, with the order they went to.',
  },
  expired: { title: 'No expired coupons', text: 'Coupons that pass their end date unused are listed here.' },
};

/** /coupons ("My Coupons", requirements §2): the member's coupons by tab, with their terms and dates. */
export function CouponsPage({ search }: { search: CouponsSearch }) {
  return (
    <MemberPage
      title="My Coupons"
      lead="Discounts you can apply at checkout, with their value and validity."
      icon={<TicketIcon size={28} />}
      signedOutTitle="Log in to see your coupons"
      signedOutText={<p>Log in to see the coupons on your account.</p>}
    >
      <CouponList tab={search.tab ?? 'valid'} />
    </MemberPage>
  );
}

/** The tab's coupons, which its route asks for (src/routes/_member/coupons.tsx); `tab`: the tab shown. */
function CouponList({ tab }: { tab: CouponStatus }) {
  const actor = useSystemActor('coupons');
  const state = useSystemSelector('coupons', stateOf);
  const view = useSystemSelector('coupons', couponsView.status);
  const loading = view === 'loading';
  const failed = view === 'error';
  const error = useSystemSelector('coupons', couponsView.error);
  const coupons = useSystemSelector('coupons', couponsView.coupons);
  const exchangeLink = (
    <Link to="/exchange-coupons" className="btn btn--secondary btn--sm">
      <CoinIcon size={16} /> Exchange Fruit Coins
    </Link>
  );

  return (
    <HistorySection label="Coupons" busy={loading} state={state}>
      <div className="history__bar">
        <ChipLinks
          label="Coupon status"
          choices={TABS.map(({ tab: value, label }) => ({
            key: value,
            label,
            search: { tab: value === 'valid' ? undefined : value },
            current: tab === value,
          }))}
        />
        {exchangeLink}
      </div>
      {loading ? (
        <RowsSkeleton label="Loading your coupons…" rows={2} />
      ) : failed ? (
        <LoadFailed
          title="We couldn't load your coupons"
          message={error ?? COUPON_MESSAGES.failed}
          onRetry={() => actor.send({ type: 'coupons.retry' })}
        />
      ) : coupons.length === 0 ? (
        <EmptyState icon={<TicketIcon size={28} />} title={EMPTY[tab].title}>
          <p>{EMPTY[tab].text}</p>
        </EmptyState>
      ) : (
        <ul className="coupon-list">
          {coupons.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard coupon={coupon} />
            </li>
          ))}
        </ul>
      )}
    </HistorySection>
  );
}

/** "20% off" / "$5.00 off" as the coupon's big figure. */
export const couponFigure = (coupon: Pick<Coupon, 'kind' | 'value'>): string =>
  coupon.kind === 'percent' ? `${coupon.value}%` : formatCents(coupon.value);

export function CouponCard({ coupon }: { coupon: Coupon }) {
  const titleId = `coupon-${coupon.id}`;
  return (
    <article className={`coupon coupon--${coupon.status}`} aria-labelledby={titleId}>
      <div className="coupon__figure" aria-hidden="true">
        <span className="coupon__value">{couponFigure(coupon)}</span>
        <span className="coupon__off">off</span>
      </div>
      <div className="coupon__body">
        <h2 className="coupon__title" id={titleId}>
          {coupon.title}
        </h2>
        <p className="coupon__terms">{couponTerms(coupon)}</p>
        <p className="coupon__code">
          Code <span className="coupon__code-value">{coupon.code}</span>
        </p>
        <p className="coupon__dates">
          {coupon.status === 'used' && coupon.usedAt ? (
            <>
              Used on <DateText iso={coupon.usedAt} />
              {coupon.orderId !== null ? (
                <>
                  {' for '}
                  <Link to="/order-detail/$orderId" params={{ orderId: String(coupon.orderId) }}>
                    Order #{coupon.orderId}
                  </Link>
                </>
              ) : null}
            </>
          ) : coupon.status === 'expired' ? (
            <>
              Expired on <DateText iso={coupon.validUntil} />
            </>
          ) : (
            <>
              Valid <DateText iso={coupon.validFrom} /> to <DateText iso={coupon.validUntil} />
            </>
          )}
        </p>
      </div>
    </article>
  );
}
