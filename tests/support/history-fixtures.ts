// Orders, ledger entries, coupons and exchange offers for the history pages' tests.
import type {
  Coupon,
  ExchangeOffer,
  LedgerEntry,
  LedgerPage,
  OrderDetail,
  OrderPage,
  OrderStatus,
  OrderSummary,
} from '../../domain/commerce.ts';

export function orderSummaryFixture(id: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    status: 'paid',
    createdAt: '2026-05-02T09:30:00.000Z',
    paidAt: '2026-05-02T09:31:00.000Z',
    cancelledAt: null,
    itemCount: 2,
    titles: [`Neon Koi ${id}`, `Paper Moon ${id}`],
    totals: { fruit: 0, subtotalCents: 998, discountCents: 0, totalCents: 998 },
    checkout: { id, orderIds: [id] },
    ...overrides,
  };
}

export function orderPageFixture(
  count: number,
  total = count,
  page = 1,
  status: OrderStatus | null = null,
): OrderPage {
  return {
    data: Array.from({ length: count }, (_, i) =>
      orderSummaryFixture((page - 1) * 10 + i + 1, status ? { status } : {}),
    ),
    total,
    page,
    pageSize: 10,
  };
}

const image = (id: number) => ({ url: `/api/images/prompts/${id}/0.webp`, width: 480, height: 360, alt: '' });

export function orderDetailFixture(id: number, overrides: Partial<OrderDetail> = {}): OrderDetail {
  const pending = overrides.status === 'pending';
  return {
    ...orderSummaryFixture(id),
    ...(pending ? { paidAt: null } : {}),
    titles: ['Neon Koi Pond', 'Paper Moon Festival'],
    items: [
      {
        promptId: 11,
        slugId: 'neon-koi-pond-11',
        title: 'Neon Koi Pond',
        image: image(11),
        grade: 2,
        priceFruit: null,
        priceCents: 499,
      },
      {
        promptId: 12,
        slugId: 'paper-moon-festival-12',
        title: 'Paper Moon Festival',
        image: image(12),
        grade: 2,
        priceFruit: null,
        priceCents: 499,
      },
    ],
    totals: { fruit: 0, subtotalCents: 998, discountCents: 199, totalCents: 799 },
    coupon: { id: 5, code: 'SPRING20', title: '20% off coupon', kind: 'percent', value: 20 },
    payment: {
      method: 'card',
      sessionId: pending ? null : 'cs_test_1',
      paymentUrl: pending ? `/dev-pay/cs_test_${id}` : null,
    },
    otherOrders: [],
    ...overrides,
  };
}

export function ledgerEntryFixture(id: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    amount: 50,
    balanceAfter: 50,
    kind: 'bonus',
    reason: 'Welcome bonus',
    orderId: null,
    createdAt: '2026-05-01T08:00:00.000Z',
    ...overrides,
  };
}

/** Newest first: a purchase after a bonus, as the server lists them. */
export function ledgerPageFixture(overrides: Partial<LedgerPage> = {}): LedgerPage {
  return {
    data: [
      ledgerEntryFixture(3, {
        amount: -30,
        balanceAfter: 470,
        kind: 'purchase',
        reason: 'Order #7',
        orderId: 7,
        createdAt: '2026-05-03T10:00:00.000Z',
      }),
      ledgerEntryFixture(2, {
        amount: 400,
        balanceAfter: 500,
        kind: 'bonus',
        reason: 'Share link bonus',
        createdAt: '2026-05-02T10:00:00.000Z',
      }),
      ledgerEntryFixture(1, { amount: 100, balanceAfter: 100, reason: 'Welcome bonus' }),
    ],
    total: 3,
    page: 1,
    pageSize: 20,
    balance: 470,
    ...overrides,
  };
}

export function couponFixture(id: number, overrides: Partial<Coupon> = {}): Coupon {
  return {
    id,
    code: `SAVE${id}`,
    title: '20% off coupon',
    kind: 'percent',
    value: 20,
    minSpendCents: 0,
    validFrom: '2026-05-01T00:00:00.000Z',
    validUntil: '2026-06-30T23:59:59.000Z',
    status: 'valid',
    usedAt: null,
    orderId: null,
    exchangeOfferId: null,
    ...overrides,
  };
}

export const offersFixture = (): ExchangeOffer[] => [
  {
    id: 1,
    title: '20% off',
    fruitCost: 300,
    couponTitle: '20% off coupon',
    couponKind: 'percent',
    couponValue: 20,
    couponMinSpendCents: 0,
    couponValidDays: 30,
  },
  {
    id: 2,
    title: '$5 off',
    fruitCost: 2000,
    couponTitle: '$5.00 off coupon',
    couponKind: 'amount',
    couponValue: 500,
    couponMinSpendCents: 1000,
    couponValidDays: 60,
  },
];
