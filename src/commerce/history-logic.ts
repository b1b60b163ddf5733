// The member's history side: Orders, an order's detail, Fruit History, My Coupons and Exchange
// Fruit Coins, each machine with its effects (src/commerce/commerce-effects.ts) provided.
import { assign, fromPromise } from 'xstate';
import { couponsMachine } from '../../machines/commerce/coupons.ts';
import { exchangeMachine, EXCHANGE_MESSAGES, type ExchangeAnswer } from '../../machines/commerce/exchange.ts';
import { fruitHistoryMachine } from '../../machines/commerce/fruit-history.ts';
import { orderDetailMachine, type OrderLookup } from '../../machines/commerce/order-detail.ts';
import { orderListMachine } from '../../machines/commerce/order-list.ts';
import { ApiError } from '../platform/api.ts';
import type { CommerceEffects } from './commerce-effects.ts';
import { newRequestId } from './referral.ts';

/** Leaving the SPA for another page (the payment page); tests replace `assign`. */
export const externalPage: { assign: (url: string) => void } = {
  assign: (url) => {
    if (typeof location !== 'undefined') location.assign(url);
  },
};

const isStatus = (error: unknown, status: number): error is ApiError =>
  error instanceof ApiError && error.status === status;

export default function historyLogic(effects: CommerceEffects) {
  return {
    orderList: orderListMachine.provide({
      actors: { fetchOrders: fromPromise(({ input }) => effects.fetchOrders(input)) },
    }),
    orderDetail: orderDetailMachine.provide({
      actors: {
        // another member's order answers 404 as well (docs/decisions/004-commerce.md)
        fetchOrder: fromPromise(async ({ input }): Promise<OrderLookup> => {
          try {
            return { found: true, order: await effects.fetchOrder(input) };
          } catch (error) {
            if (isStatus(error, 404)) return { found: false };
            throw error;
          }
        }),
        payOrder: fromPromise(({ input }) => effects.payOrder(input)),
        cancelOrder: fromPromise(({ input }) => effects.cancelOrder(input)),
      },
      actions: { goToPayment: (_, { url }) => externalPage.assign(url) },
    }),
    fruitHistory: fruitHistoryMachine.provide({
      actors: { fetchLedger: fromPromise(({ input }) => effects.fetchLedger(input)) },
    }),
    coupons: couponsMachine.provide({
      actors: { fetchCoupons: fromPromise(({ input }) => effects.fetchCoupons(input)) },
    }),
    exchange: exchangeMachine.provide({
      actions: { newRequestId: assign({ requestId: () => newRequestId() }) },
      actors: {
        fetchOffers: fromPromise(() => effects.fetchExchangeOffers()),
        exchange: fromPromise(async ({ input }): Promise<ExchangeAnswer> => {
          try {
            const result = await effects.exchange(input);
            return { ok: true, coupon: result.coupon, balance: result.balance };
          } catch (error) {
            if (!isStatus(error, 409)) throw error;
            // 409: not enough FruitCoins. The balance now, from the answer or asked for again.
            const told = error.extend.balance;
            const balance =
              typeof told === 'number'
                ? told
                : await effects.fetchExchangeOffers().then(
                    (offers) => offers.balance,
                    () => null,
                  );
            return { ok: false, message: error.message || EXCHANGE_MESSAGES.notEnough, balance };
          }
        }),
      },
    }),
  };
}
