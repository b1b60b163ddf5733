// The history machines' models (sample events and state serializations), shared by their replays
// on live actors (tests/machines/history-flows.test.ts) and on the rendered pages
// (tests/views/history-*.model.test.tsx), so both walk the same paths.
import { assign } from 'xstate';
import { couponsMachine, type CouponsContext } from '../../machines/commerce/coupons.ts';
import {
  exchangeMachine,
  type ExchangeAnswer,
  type ExchangeContext,
} from '../../machines/commerce/exchange.ts';
import { fruitHistoryMachine, type FruitHistoryContext } from '../../machines/commerce/fruit-history.ts';
import {
  orderDetailMachine,
  type OrderDetailContext,
  type OrderLookup,
} from '../../machines/commerce/order-detail.ts';
import { orderListMachine, type OrderListContext } from '../../machines/commerce/order-list.ts';
import {
  couponFixture,
  ledgerPageFixture,
  offersFixture,
  orderDetailFixture,
  orderPageFixture,
} from './history-fixtures.ts';
import { fail, stateKey as value, type PathModel } from './model.ts';

export type HistoryModel = PathModel;

export const pendingOrder = orderDetailFixture(42, { status: 'pending' });
export const paidOrder = orderDetailFixture(42);
export const cancelledOrder = orderDetailFixture(42, {
  status: 'cancelled',
  cancelledAt: '2026-05-02T10:00:00.000Z',
  payment: { method: 'card', sessionId: null, paymentUrl: null },
});

export const orderListModel: HistoryModel = {
  machine: orderListMachine,
  actors: ['fetchOrders'],
  samples: {
    'orders.load': [
      { type: 'orders.load', query: { page: 1 } },
      { type: 'orders.load', query: { page: 2, status: 'pending' } },
    ],
    'xstate.done.actor.fetchOrders': [
      { type: 'xstate.done.actor.fetchOrders', output: orderPageFixture(2, 12) },
      { type: 'xstate.done.actor.fetchOrders', output: orderPageFixture(0) },
    ],
    'xstate.error.actor.fetchOrders': [
      { type: 'xstate.error.actor.fetchOrders', error: fail("Can't reach FruitPrompt right now.") },
    ],
  },
  serialize: (s) => {
    const c = s.context as OrderListContext;
    return `${value(s)} ${JSON.stringify(c.query)} ${c.error ?? ''} ${c.page ? `${c.page.data.length}/${c.page.total}` : ''}`;
  },
  observe: (c: OrderListContext) => c,
  maxSteps: 6,
};

export const orderDetailModel: HistoryModel = {
  machine: orderDetailMachine,
  actors: ['fetchOrder', 'payOrder', 'cancelOrder'],
  samples: {
    'order.load': [{ type: 'order.load', orderId: '42' }],
    'xstate.done.actor.fetchOrder': [
      {
        type: 'xstate.done.actor.fetchOrder',
        output: { found: true, order: pendingOrder } satisfies OrderLookup,
      },
      {
        type: 'xstate.done.actor.fetchOrder',
        output: { found: true, order: paidOrder } satisfies OrderLookup,
      },
      { type: 'xstate.done.actor.fetchOrder', output: { found: false } satisfies OrderLookup },
    ],
    'xstate.error.actor.fetchOrder': [
      { type: 'xstate.error.actor.fetchOrder', error: fail("Can't reach FruitPrompt right now.") },
    ],
    'xstate.done.actor.payOrder': [
      {
        type: 'xstate.done.actor.payOrder',
        output: { paymentUrl: '/dev-pay/cs_test_42', order: pendingOrder },
      },
    ],
    'xstate.error.actor.payOrder': [
      { type: 'xstate.error.actor.payOrder', error: fail('The payment page is not available right now.') },
    ],
    'xstate.done.actor.cancelOrder': [{ type: 'xstate.done.actor.cancelOrder', output: cancelledOrder }],
    'xstate.error.actor.cancelOrder': [
      { type: 'xstate.error.actor.cancelOrder', error: fail('Only a pending order can be cancelled.') },
    ],
  },
  serialize: (s) => {
    const c = s.context as OrderDetailContext;
    return `${value(s)} ${c.orderId ?? ''} ${c.order?.status ?? ''} ${c.error ?? ''} ${c.actionError ?? ''}`;
  },
  observe: (c: OrderDetailContext) => c,
  maxSteps: 6,
};

export const fruitHistoryModel: HistoryModel = {
  machine: fruitHistoryMachine,
  actors: ['fetchLedger'],
  samples: {
    'fruit.load': [
      { type: 'fruit.load', page: 1 },
      { type: 'fruit.load', page: 2 },
    ],
    'xstate.done.actor.fetchLedger': [
      { type: 'xstate.done.actor.fetchLedger', output: ledgerPageFixture({ total: 23 }) },
      {
        type: 'xstate.done.actor.fetchLedger',
        output: ledgerPageFixture({ data: [], total: 0, balance: 0 }),
      },
    ],
    'xstate.error.actor.fetchLedger': [
      { type: 'xstate.error.actor.fetchLedger', error: fail("Can't reach FruitPrompt right now.") },
    ],
  },
  serialize: (s) => {
    const c = s.context as FruitHistoryContext;
    return `${value(s)} ${c.page} ${c.ledger ? `${c.ledger.data.length}/${c.ledger.total}` : ''} ${c.error ?? ''}`;
  },
  observe: (c: FruitHistoryContext) => c,
  maxSteps: 6,
};

export const couponSamples = {
  valid: [
    couponFixture(1),
    couponFixture(2, { kind: 'amount', value: 500, minSpendCents: 1000, title: '$5.00 off coupon' }),
  ],
  used: [couponFixture(3, { status: 'used', usedAt: '2026-05-04T12:00:00.000Z', orderId: 7 })],
};

export const couponsModel: HistoryModel = {
  machine: couponsMachine,
  actors: ['fetchCoupons'],
  samples: {
    'coupons.load': [
      { type: 'coupons.load', tab: 'valid' },
      { type: 'coupons.load', tab: 'used' },
    ],
    'xstate.done.actor.fetchCoupons': [
      { type: 'xstate.done.actor.fetchCoupons', output: couponSamples.valid },
      { type: 'xstate.done.actor.fetchCoupons', output: [] },
    ],
    'xstate.error.actor.fetchCoupons': [
      { type: 'xstate.error.actor.fetchCoupons', error: fail("Can't reach FruitPrompt right now.") },
    ],
  },
  serialize: (s) => {
    const c = s.context as CouponsContext;
    return `${value(s)} ${c.tab} ${c.coupons.map((x) => x.id).join(',')} ${c.error ?? ''}`;
  },
  observe: (c: CouponsContext) => c,
  maxSteps: 6,
};

export const exchangedCoupon = couponFixture(9, {
  exchangeOfferId: 1,
  validUntil: '2026-06-02T23:59:59.000Z',
});

export const exchangeModel: HistoryModel = {
  // its request id drawn as src/commerce/history-logic.ts draws it (the machine declares the action)
  machine: exchangeMachine.provide({
    actions: { newRequestId: assign({ requestId: () => crypto.randomUUID() }) },
  }),
  actors: ['fetchOffers', 'exchange'],
  samples: {
    'exchange.choose': [
      { type: 'exchange.choose', offerId: 1 },
      { type: 'exchange.choose', offerId: 2 },
    ],
    'xstate.done.actor.fetchOffers': [
      { type: 'xstate.done.actor.fetchOffers', output: { data: offersFixture(), balance: 650 } },
    ],
    'xstate.error.actor.fetchOffers': [
      { type: 'xstate.error.actor.fetchOffers', error: fail("Can't reach FruitPrompt right now.") },
    ],
    'xstate.done.actor.exchange': [
      {
        type: 'xstate.done.actor.exchange',
        output: { ok: true, coupon: exchangedCoupon, balance: 350 } satisfies ExchangeAnswer,
      },
      {
        type: 'xstate.done.actor.exchange',
        output: { ok: false, message: 'Not enough FruitCoins.', balance: 120 } satisfies ExchangeAnswer,
      },
      {
        type: 'xstate.done.actor.exchange',
        output: { ok: false, message: 'Not enough FruitCoins.', balance: null } satisfies ExchangeAnswer,
      },
    ],
    'xstate.error.actor.exchange': [
      { type: 'xstate.error.actor.exchange', error: fail("Can't reach FruitPrompt right now.") },
    ],
  },
  serialize: (s) => {
    const c = s.context as ExchangeContext;
    return [
      value(s),
      c.offers.length,
      c.balance,
      c.chosenId ?? '',
      c.received?.id ?? '',
      c.requestId ? 'r' : '',
      c.error ?? '',
      c.exchangeError ?? '',
      c.notEnough ?? '',
    ].join(' ');
  },
  // the requestId is random: only whether there is one
  observe: ({ requestId, ...rest }: ExchangeContext) => ({ ...rest, requestId: requestId !== null }),
  maxSteps: 8,
};

export const historyModels: HistoryModel[] = [
  orderListModel,
  orderDetailModel,
  fruitHistoryModel,
  couponsModel,
  exchangeModel,
];
