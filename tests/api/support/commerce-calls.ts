// The calls of the buying side's API tests (tests/api/commerce-*.test.ts), each as the given member: the
// cart, checkout, orders, payment, coupons, the exchange and the ledger, and the payment page's buttons.
import type {
  Cart,
  CheckoutResult,
  Coupon,
  ExchangeResult,
  LedgerPage,
  OrderDetail,
} from '../../../domain/commerce.ts';
import { bearer, get, post } from './auth.ts';
import { server } from './commerce.ts';

// Calls --------------------------------------------------------------------------------------------------

export const auth = (user: { token: string }) => bearer(user.token);
export const cartOf = (user: { token: string }, couponId?: number | string) =>
  get<{ data: Cart }>(
    server,
    `/api/my/cart${couponId === undefined ? '' : `?couponId=${encodeURIComponent(String(couponId))}`}`,
    auth(user),
  );
export const add = (user: { token: string }, promptId: unknown) =>
  post<{ data: Cart }>(server, '/api/my/cart/add', { promptId }, auth(user));
export const remove = (user: { token: string }, promptId: unknown) =>
  post<{ data: Cart }>(server, '/api/my/cart/remove', { promptId }, auth(user));
let requestCount = 0;
export const checkout = (
  user: { token: string },
  promptIds: number[],
  extra: { couponId?: number | null; requestId?: string; referral?: string | null } = {},
) =>
  post<{ data: CheckoutResult }>(
    server,
    '/api/my/orders',
    { promptIds, requestId: extra.requestId ?? `req-${++requestCount}`, ...extra },
    auth(user),
  );
export const order = (user: { token: string }, id: number | string) =>
  get<{ data: OrderDetail }>(server, `/api/my/orders/${id}`, auth(user));
export const cancel = (user: { token: string }, id: number | string) =>
  post<{ data: OrderDetail }>(server, `/api/my/orders/${id}/cancel`, {}, auth(user));
export const pay = (user: { token: string }, id: number | string) =>
  post<{ data: { paymentUrl: string; order: OrderDetail } }>(
    server,
    `/api/my/orders/${id}/pay`,
    {},
    auth(user),
  );
export const confirm = (user: { token: string }, id: number | string, sessionId: string) =>
  post<{ data: OrderDetail }>(server, `/api/my/orders/${id}/confirm`, { sessionId }, auth(user));
export const coupons = (user: { token: string }, status?: string) =>
  get<{ data: Coupon[] }>(server, `/api/my/coupons${status ? `?status=${status}` : ''}`, auth(user));
export const exchange = (user: { token: string }, offerId: unknown, requestId = `ex-${++requestCount}`) =>
  post<{ data: ExchangeResult }>(server, '/api/my/exchange', { offerId, requestId }, auth(user));
export const ledger = (user: { token: string }, query = '') =>
  get<LedgerPage>(server, `/api/my/fruit/transactions${query}`, auth(user));

/** The payment page's buttons: plain form posts, answered 303 (or an HTML page). */
export const devPay = (sessionId: string, action: 'pay' | 'cancel') =>
  server.app.inject({
    method: 'POST',
    url: `/dev-pay/${sessionId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
