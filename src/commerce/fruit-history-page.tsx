import '../styles/table.css';
import '../styles/member.css';
import '../styles/history.css';
import '../styles/history-pages.css';
import { Link } from '@tanstack/react-router';
import type { LedgerEntry, LedgerKind } from '../../domain/commerce.ts';
import { FRUIT_HISTORY_MESSAGES } from '../../machines/commerce/fruit-history.ts';
import * as fruitHistoryView from '../../machines/commerce/fruit-history.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import {
  coinsText,
  DateText,
  HistorySection,
  LoadFailed,
  RowsSkeleton,
  totalPagesOf,
} from './history-parts.tsx';
import { PageLinks } from '../ui/page-links.tsx';
import { CoinIcon, TicketIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import { formatCoins, useSessionUser } from '../auth/use-session.ts';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  bonus: 'Bonus',
  purchase: 'Purchase',
  exchange: 'Coupon exchange',
  refund: 'Refund',
  adjustment: 'Adjustment',
  topup: 'FruitCoins bought',
};

/** "+400" / "−30", with a real minus sign. */
export const signedCoins = (amount: number): string =>
  amount > 0 ? `+${formatCoins(amount)}` : amount < 0 ? `−${formatCoins(-amount)}` : '0';

/** /fruit-transactions ("Fruit History", requirements §2): the FruitCoin ledger with its running balance. */
export function FruitHistoryPage() {
  return (
    <MemberPage
      title="Fruit History"
      lead="Every FruitCoin that came into or went out of your balance, and why."
      icon={<CoinIcon size={28} />}
      signedOutTitle="Log in to see your FruitCoin history"
      signedOutText={<p>Log in to see your FruitCoin balance and each credit, unlock and exchange.</p>}
    >
      <Ledger />
    </MemberPage>
  );
}

/** The page of the ledger its route asks for (src/routes/_member/fruit-transactions.tsx). */
function Ledger() {
  const actor = useSystemActor('fruitHistory');
  const state = useSystemSelector('fruitHistory', stateOf);
  const view = useSystemSelector('fruitHistory', fruitHistoryView.status);
  const loading = view === 'loading';
  const failed = view === 'error';
  const error = useSystemSelector('fruitHistory', fruitHistoryView.error);
  const ledger = useSystemSelector('fruitHistory', fruitHistoryView.ledger);
  const user = useSessionUser();
  // the ledger's own balance once it is here (the session is told it too)
  const balance = ledger?.balance ?? user?.fruitCnt ?? 0;

  return (
    <HistorySection label="FruitCoin history" busy={loading} state={state}>
      <div className="history__bar">
        <p className="member-balance">
          <CoinIcon size={20} className="member-balance__icon" />
          <span>
            Balance: <strong>{coinsText(balance)}</strong>
          </span>
        </p>
        <div className="history__links">
          <Link to="/buy-fruitcoins" className="btn btn--primary btn--sm">
            <CoinIcon size={16} /> Buy FruitCoins
          </Link>
          <Link to="/exchange-coupons" className="btn btn--secondary btn--sm">
            <TicketIcon size={16} /> Exchange Fruit Coins
          </Link>
        </div>
      </div>
      {loading ? (
        <RowsSkeleton label="Loading your FruitCoin history…" />
      ) : failed ? (
        <LoadFailed
          title="We couldn't load your FruitCoin history"
          message={error ?? FRUIT_HISTORY_MESSAGES.failed}
          onRetry={() => actor.send({ type: 'fruit.retry' })}
        />
      ) : !ledger || ledger.data.length === 0 ? (
        <EmptyState
          icon={<CoinIcon size={28} />}
          title="No FruitCoin activity yet"
          actions={
            <Link to="/" className="btn btn--secondary">
              Browse prompts
            </Link>
          }
        >
          <p>Each FruitCoin you earn, spend or exchange will be listed here.</p>
        </EmptyState>
      ) : (
        <>
          <div className="ledger-wrap">
            <table className="data-table ledger">
              <caption>
                FruitCoin activity, newest first
                {totalPagesOf(ledger) > 1 ? ` (page ${ledger.page} of ${totalPagesOf(ledger)})` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Activity</th>
                  <th scope="col" className="ledger__num">
                    Amount
                  </th>
                  <th scope="col" className="ledger__num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.map((entry) => (
                  <LedgerRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks current={ledger.page} totalPages={totalPagesOf(ledger)} />
        </>
      )}
    </HistorySection>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const direction = entry.amount > 0 ? 'in' : entry.amount < 0 ? 'out' : 'none';
  return (
    <tr className="ledger__row">
      <td className="ledger__date" data-label="Date">
        <DateText iso={entry.createdAt} withTime />
      </td>
      <td className="ledger__activity" data-label="Activity">
        <span className={`ledger__kind ledger__kind--${entry.kind}`}>{LEDGER_KIND_LABELS[entry.kind]}</span>
        <span className="ledger__reason">
          {entry.orderId === null ? (
            entry.reason
          ) : entry.reason === `Order #${entry.orderId}` ? (
            <Link to="/order-detail/$orderId" params={{ orderId: String(entry.orderId) }}>
              {entry.reason}
            </Link>
          ) : (
            <>
              {entry.reason}
              {' · '}
              <Link to="/order-detail/$orderId" params={{ orderId: String(entry.orderId) }}>
                Order #{entry.orderId}
              </Link>
            </>
          )}
        </span>
      </td>
      <td className={`ledger__num ledger__amount ledger__amount--${direction}`} data-label="Amount">
        {signedCoins(entry.amount)}
      </td>
      <td className="ledger__num ledger__balance" data-label="Balance">
        {formatCoins(entry.balanceAfter)}
      </td>
    </tr>
  );
}
