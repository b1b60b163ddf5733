import type { SearchSchemaInput } from '@tanstack/react-router';
import type { CouponStatus, OrderStatus } from '../../domain/commerce.ts';
import { asInt } from '../platform/search-params.ts';

/** `page` as a shareable address: 2 and up; page 1 is the address without it. */
const pageOf = (value: unknown): number | undefined => {
  const n = asInt(value);
  return n !== undefined && n > 1 ? n : undefined;
};

const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'cancelled'];

export interface OrdersSearch {
  page?: number;
  status?: OrderStatus;
}

/** `/orders?page=2&status=pending`: unknown values are dropped (every key returned, as in search.ts). */
export function validateOrdersSearch(
  raw: { page?: unknown; status?: unknown } & SearchSchemaInput,
): OrdersSearch {
  return { page: pageOf(raw.page), status: ORDER_STATUSES.find((s) => s === raw.status) };
}

export interface PagedSearch {
  page?: number;
}

/** `/fruit-transactions?page=2`. */
export function validatePagedSearch(raw: { page?: unknown } & SearchSchemaInput): PagedSearch {
  return { page: pageOf(raw.page) };
}

export interface CouponsSearch {
  /** The tab; `valid` is the address without it. */
  tab?: Exclude<CouponStatus, 'valid'>;
}

/** `/coupons?tab=used|expired`. */
export function validateCouponsSearch(raw: { tab?: unknown } & SearchSchemaInput): CouponsSearch {
  return { tab: raw.tab === 'used' || raw.tab === 'expired' ? raw.tab : undefined };
}
