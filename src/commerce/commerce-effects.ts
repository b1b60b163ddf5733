// The buying side's API calls (docs/decisions/004-commerce.md lists them). Every call is the
// signed-in member's own (`/api/my/...`, bearer token); the server computes every number.
import type {
  Cart,
  CheckoutRequest,
  CheckoutResult,
  Coupon,
  CouponStatus,
  ExchangeOffer,
  ExchangeRequest,
  ExchangeResult,
  FruitPack,
  LedgerPage,
  OrderDetail,
  OrderPage,
  OrderStatus,
  TopUpRequest,
  TopUpResult,
} from '../../domain/commerce.ts';
import type { ApiClient } from '../platform/api.ts';
import { createCartEffects } from './cart-effects.ts';

export function createCommerceEffects(api: ApiClient) {
  return {
    // the header's cart count too: only a member's machines ask for it, and they load later
    ...createCartEffects(api),
    /** The cart, priced now; with `couponId`, the coupon's effect on the money part (or why not). */
    fetchCart: async (input: { couponId?: number | null } = {}): Promise<Cart> =>
      (await api.get<{ data: Cart }>('/api/my/cart', { couponId: input.couponId ?? undefined })).data,
    addToCart: async (input: { promptId: number }): Promise<Cart> =>
      (await api.post<{ data: Cart }>('/api/my/cart/add', { promptId: input.promptId })).data,
    removeFromCart: async (input: { promptId: number }): Promise<Cart> =>
      (await api.post<{ data: Cart }>('/api/my/cart/remove', { promptId: input.promptId })).data,

    checkout: async (input: CheckoutRequest): Promise<CheckoutResult> =>
      (await api.post<{ data: CheckoutResult }>('/api/my/orders', input)).data,
    fetchOrders: (
      input: { page?: number; pageSize?: number; status?: OrderStatus } = {},
    ): Promise<OrderPage> =>
      api.get<OrderPage>('/api/my/orders', {
        page: input.page,
        pageSize: input.pageSize,
        status: input.status,
      }),
    fetchOrder: async (input: { orderId: string }): Promise<OrderDetail> =>
      (await api.get<{ data: OrderDetail }>(`/api/my/orders/${encodeURIComponent(input.orderId)}`)).data,
    cancelOrder: async (input: { orderId: string }): Promise<OrderDetail> =>
      (await api.post<{ data: OrderDetail }>(`/api/my/orders/${encodeURIComponent(input.orderId)}/cancel`))
        .data,
    /** A pending order's payment page (a new payment session when the last one was cancelled). */
    payOrder: async (input: { orderId: string }): Promise<{ paymentUrl: string; order: OrderDetail }> =>
      (
        await api.post<{ data: { paymentUrl: string; order: OrderDetail } }>(
          `/api/my/orders/${encodeURIComponent(input.orderId)}/pay`,
        )
      ).data,
    /** The paid page asks the server to settle the order with the payment session (idempotent). */
    confirmOrder: async (input: { orderId: string; sessionId: string }): Promise<OrderDetail> =>
      (
        await api.post<{ data: OrderDetail }>(`/api/my/orders/${encodeURIComponent(input.orderId)}/confirm`, {
          sessionId: input.sessionId,
        })
      ).data,

    fetchLedger: (input: { page?: number; pageSize?: number } = {}): Promise<LedgerPage> =>
      api.get<LedgerPage>('/api/my/fruit/transactions', { page: input.page, pageSize: input.pageSize }),
    fetchCoupons: async (input: { status?: CouponStatus } = {}): Promise<Coupon[]> =>
      (await api.get<{ data: Coupon[] }>('/api/my/coupons', { status: input.status })).data,
    fetchExchangeOffers: (): Promise<{ data: ExchangeOffer[]; balance: number }> =>
      api.get<{ data: ExchangeOffer[]; balance: number }>('/api/my/exchange/offers'),
    exchange: async (input: ExchangeRequest): Promise<ExchangeResult> =>
      (await api.post<{ data: ExchangeResult }>('/api/my/exchange', input)).data,

    /** Buy FruitCoins: the packs on sale (the server's prices) and the balance. */
    fetchFruitPacks: (): Promise<{ data: FruitPack[]; balance: number }> =>
      api.get<{ data: FruitPack[]; balance: number }>('/api/my/fruit/packs'),
    /** A pending top-up of the pack and its payment page; the body names the pack only. */
    buyFruitPack: async (input: TopUpRequest): Promise<TopUpResult> =>
      (
        await api.post<{ data: TopUpResult }>('/api/my/fruit/topups', {
          packId: input.packId,
          requestId: input.requestId,
        })
      ).data,
    /** The page the payment returns to: how it ended (the server credits a paid top-up once). */
    confirmTopUp: async (input: { sessionId: string }): Promise<TopUpResult> =>
      (await api.post<{ data: TopUpResult }>('/api/my/fruit/topups/confirm', { sessionId: input.sessionId }))
        .data,
  };
}

export type CommerceEffects = ReturnType<typeof createCommerceEffects>;
