/**
 * The cart's, checkout's and history's actors, by systemId: this feature's part of the registry (machines/app/registry.ts says what
 * each source means). A new actor of this feature is one line here.
 */
export const registry = {
  cartCount: 'member',
  cart: 'member',
  checkout: 'checkout',
  paymentResult: 'checkout',
  orderList: 'history',
  orderDetail: 'history',
  fruitHistory: 'history',
  coupons: 'history',
  exchange: 'history',
  buyFruitCoins: 'topup',
} as const;
