// Pieces the member's history pages share: dates, totals, the load-failed card and the loading
// skeleton (paging links are in page-links.tsx).
import '../styles/catalog.css';
import '../styles/history.css';
import type { ReactNode } from 'react';
import { formatCents } from '../../domain/catalog.ts';
import type { OrderStatus, Totals } from '../../domain/commerce.ts';
import { LoadFailed } from '../ui/load-failed.tsx';
import { coinsText } from './order-lines.tsx';

export { coinsText, LoadFailed };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

/** A date as people read it, with the machine-readable instant beside it. */
export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return <time dateTime={iso}>{withTime ? formatDateTime(iso) : formatDate(iso)}</time>;
}

/** What an order cost: its FruitCoins, its money after the coupon, or both. */
export function totalText(totals: Totals): string {
  const parts: string[] = [];
  if (totals.fruit > 0) parts.push(coinsText(totals.fruit));
  if (totals.subtotalCents > 0 || totals.totalCents > 0) parts.push(formatCents(totals.totalCents));
  return parts.length > 0 ? parts.join(' + ') : formatCents(0);
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The pill's tone for a state (history.css): waiting, done or ended. */
export type StatusTone = 'waiting' | 'done' | 'ended';

const ORDER_TONE: Record<OrderStatus, StatusTone> = { pending: 'waiting', paid: 'done', cancelled: 'ended' };

/** A state as a small coloured pill (orders, support requests). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={ORDER_TONE[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}

export const totalPagesOf = (page: { total: number; pageSize: number }): number =>
  Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)));

/** Rows of grey bars in the shape of what is coming, announced once. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="history-skeleton">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="history-skeleton__row" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/** The region of a history page its machine fills, named, busy while it loads. */
export function HistorySection({
  label,
  busy,
  state,
  className,
  children,
}: {
  label: string;
  busy: boolean;
  state: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`history${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-busy={busy}
      data-state={state}
    >
      {children}
    </section>
  );
}
